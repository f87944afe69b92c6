"""canasta.going-out.ask-partner in Samba, Bolivia and Brazilian Canasta: after a partner's yes, a move that melds
cards from the hand is legal exactly when the full going-out search finds a way out from what it leaves.

The listing answers most such moves from the position's own ways out instead of searching once per move
(going_out_steps); these tests hold every verdict to the full search, on random hands of 30 to 80 cards rich in
runs and wild cards, so that the listing after a yes is, move for move, the one the full search gives."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from bench.yes_positions import DECK, FAMILY, RANKS, yes_position
from rules_engine import answers, work
from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.config import config_for
from rules_engine.games.canasta.meld_kinds import judge_new, judge_onto
from rules_engine.games.canasta.melds import Meld, judge
from rules_engine.games.canasta.position import Position, without
from rules_engine.registry import get_game

GAME = get_game("canasta")
ASK = "canasta.going-out.ask-partner"


def yes_body(variant: str, seed: int, size: int) -> dict | None:
    """A random position after a "yes" (bench/yes_positions.py), or None where the rules do not reach it."""
    body = yes_position(variant, seed, size)
    try:
        GAME.read_state(GAME.ruleset(variant), body["state"])
    except InvalidRequest:
        return None
    return body


def verdict_on(rs, state, move: dict) -> list:
    """The rules /validate-move finds the move breaking: the game's own judge, on the position read once and with
    nothing remembered from the listing, so that the verdict is reached as a fresh request reaches it (without
    listing every move again for the answer's `allowed`)."""
    raw = {key: value for key, value in move.items() if key not in answers.LISTING_FIELDS}
    return GAME.judge_move(rs, replace(state, memo={}), GAME.read_move(rs, raw))[0]


def candidates(position: Position) -> list[dict]:
    """Moves melding cards from the hand: sets of each rank with up to two wild cards, melds of wild cards alone,
    sequences of each stretch of a suit, and additions to each of the side's melds."""
    cfg = position.cfg
    naturals, wilds, _ = position.split()
    found = []
    for rank, cards in naturals.items():
        for n in range(2, len(cards) + 1):
            for k in range(0, min(2, len(wilds)) + 1):
                if n + k >= 3:
                    found.append({"type": "meld", "melds": [{"cards": cards[:n] + wilds[:k]}]})
    for k in range(3, len(wilds) + 1):
        found.append({"type": "meld", "melds": [{"cards": wilds[:k]}]})
    held = set(position.hand)
    order = [rank for rank in RANKS]
    for suit in "CDHS":
        for first in range(len(order)):
            for length in range(3, 8):
                run = [rank + suit for rank in order[first:first + length]]
                if len(run) == length and held.issuperset(run):
                    found.append({"type": "meld", "melds": [{"cards": run, "kind": "sequence"}]})
    for index, meld in enumerate(position.melds):
        if meld.suit:
            low, high = cfg.rank_of[meld.cards[0]], cfg.rank_of[meld.cards[-1]]
            below = [rank + meld.suit for rank in order[:order.index(low)]][::-1]
            above = [rank + meld.suit for rank in order[order.index(high) + 1:]]
            for chain in (below, above):
                taken = []
                for card in chain:
                    if card not in held:
                        break
                    taken.append(card)
                    found.append({"type": "lay_off", "meld": index, "cards": sorted(taken, key=order_key)})
            continue
        cards = naturals.get(meld.rank, [])
        for n in range(1, len(cards) + 1):
            found.append({"type": "lay_off", "meld": index, "cards": cards[:n]})
        for k in range(1, min(2, len(wilds)) + 1):
            found.append({"type": "lay_off", "meld": index, "cards": wilds[:k]})
    return found


def order_key(card: str) -> int:
    return RANKS.index(card[:-1])


def after(position: Position, move: dict) -> tuple[list[str], list[Meld]]:
    """The hand and side melds the move leaves, built as the checks build them."""
    cfg = position.cfg
    cards = move["cards"] if move["type"] == "lay_off" else move["melds"][0]["cards"]
    if move["type"] == "meld":
        judged = judge_new(cfg, cards, False, move["melds"][0].get("kind"))
        return (without(position.hand, cards),
                list(position.melds) + [Meld(judged.rank, list(cards), judged.naturals, judged.wilds, judged.suit)])
    onto = position.melds[move["meld"]]
    judged = judge_onto(cfg, cards, False, onto) if onto.suit else judge(cfg, cards, going_out=False, onto=onto)
    grown = Meld(onto.rank, onto.cards + cards, judged.naturals, judged.wilds, onto.suit)
    melds = list(position.melds)
    melds[move["meld"]] = grown
    return without(position.hand, cards), melds


# Each verdict is held to the full search, which takes minutes on some hands of 60 to 80 cards (bench/yes_against.py
# compares whole listings on 48 positions up to 80 cards): hands of 30 and 45 cards, and one of 80.
CASES = [(variant, seed, size) for variant in FAMILY for seed, size in ((0, 30), (1, 45))] + [("samba", 3, 80)]
SAMPLED = 8                   # candidate moves compared per position


@pytest.mark.slow
@pytest.mark.parametrize("variant,seed,size", CASES)
def test_canasta_going_out_ask_partner_yes_samba_family_verdicts_match_the_full_search(variant, seed, size):
    body = None
    while body is None:          # the first position of this seed onward that the rules reach
        body = yes_body(variant, seed, size)
        seed += 1000
    rs = GAME.ruleset(variant)
    cfg = config_for(rs)
    state = GAME.read_state(rs, body["state"])
    position = Position(cfg, state)
    with work.metered(None):  # the listing of the full search, however many steps it takes
        listed = answers.legal_moves(body)["moves"]
    assert listed
    for move in listed:       # one check decides listing and refusal
        assert "unverified" not in move
        assert verdict_on(rs, state, move) == []
    compared = 0
    rng = random.Random(seed)
    moves = candidates(position)
    for move in rng.sample(moves, min(SAMPLED, len(moves))):
        violations = verdict_on(rs, state, move)
        hand, melds = after(position, move)
        if len(hand) <= 1 or any(v.rule != ASK for v in violations):
            continue           # refused for another reason first, or going out itself
        possible = Position(cfg, state).going_out_plan(hand, melds) is not None
        assert (not violations) is possible, (move, [v.as_dict() for v in violations])
        compared += 1
    assert compared


def _bolivia_body(hand: list[str], own: list[dict]) -> dict:
    """Seat 0 of Bolivia, its side opened with `own`, having drawn from the stock; every other card hidden. Side 1's
    three sevens count less than the 150 Bolivia asks by default: the body plays Samba's minimums by score."""
    left = Counter(DECK)
    theirs = [["7C", "7D", "7S"]]
    for cards in [hand, *[m["cards"] for m in own], *theirs, ["9C", "4D"]]:
        left.subtract(cards)
    state = {"players": 4, "dealer": 3, "hands": [hand, {"count": 11}, {"count": 11}, {"count": 11}],
             "stock": {"count": sum(left.values()) - 33}, "discard": ["9C", "4D"],
             "melds": [own, [{"cards": m} for m in theirs]], "red_threes": [[], []],
             "melded_before": [True, True, False, False],
             "turn": {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
                      "question": None}}
    return {"game": "canasta", "variant": "bolivia", "options": {"bolivia_opening": "tiers"}, "state": state}


def test_canasta_melds_all_wild_six_wild_cards_on_the_table_grow_into_a_bolivia_to_go_out():
    # Bolivia: seven wild cards make a bolivia, and six on the table are an incomplete one that a seventh completes.
    # With a samba down, the seventh wild card makes the canasta going out still needs: the player may ask.
    samba = {"kind": "sequence", "cards": ["4C", "5C", "6C", "7C", "8C", "9C", "10C"]}
    six = {"kind": "wild", "cards": ["2D", "2D", "2H", "2H", "2S", "2S"]}
    body = _bolivia_body(["2C", "5H", "5S", "5D", "9D"], [samba, six])
    verdict = answers.validate_move({**body, "move": {"type": "ask_go_out"}})
    assert verdict["legal"] is True, verdict["violations"]
    # Without the seventh wild card no canasta beside the samba can be made: nothing to ask.
    body = _bolivia_body(["5C", "5H", "5S", "5D", "9D"], [samba, six])
    verdict = answers.validate_move({**body, "move": {"type": "ask_go_out"}})
    assert [v["rule"] for v in verdict["violations"]] == [ASK]
