"""canasta.going-out.ask-partner in Samba, Bolivia and Brazilian Canasta: after a partner's yes, a move that melds
cards from the hand is legal exactly when the full going-out search finds a way out from what it leaves.

The listing answers most such moves from the position's own ways out instead of searching once per move
(going_out_steps); these tests hold every verdict to the full search, on random hands of 30 to 80 cards rich in
runs and wild cards, so that the listing after a yes is, move for move, the one the full search gives."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from bench.yes_positions import DECK, FAMILY, RANKS, yes_position
from rules_engine import answers, work
from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.config import config_for
from rules_engine.games.canasta.going_out_steps import StepsOut
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


# Bolivia after a yes, from random play: going out needs an escalera, and the only one within reach is the side's
# diamonds 6 to 10 grown by the hand's 4 and 5 of diamonds; every set step is held by a way out beside that growth.
GROWN_STATE = {
    "players": 4, "dealer": 0,
    "hands": [["8D", "AS", "4D", "JC", "6D", "5H", "7C", "JS", "KH"],
              ["AH", "5C", "4S", "2S", "9D", "JD", "QS", "AH", "4S"],
              ["7S", "3C", "7H", "JH", "QH", "8S", "9S", "3S", "QC", "8S", "5D", "7H", "JC", "3C", "KH", "AD", "8H",
               "4D", "4H", "3S", "8C", "JH", "7D", "3S", "10C", "KS", "5S", "QD"],
              ["QH", "JD"]],
    "stock": ["JD", "10C", "5D", "4H", "6C", "10H", "9H", "2C", "QS", "AH", "8S", "9S", "JS", "10D", "2C", "5H", "JS",
              "2D", "QC", "JH", "10S", "2C", "3C", "AC", "JC", "3H", "QC", "JK", "4C", "5H", "JK", "5C"],
    "discard": ["10H", "8H", "9D"],
    "melds": [[{"rank": "Q", "cards": ["QS", "QD", "QD", "QH"]},
               {"rank": "4", "cards": ["4C", "4C", "2H", "2S", "4D", "4H", "4S"]},
               {"rank": "A", "cards": ["AD", "AS", "AS", "JK"]},
               {"kind": "sequence", "cards": ["6D", "7D", "8D", "9D", "10D"]},
               {"rank": "10", "cards": ["10C", "10H", "10S", "10D", "10S"]},
               {"kind": "sequence", "cards": ["5S", "6S", "7S"]},
               {"rank": "K", "cards": ["KD", "KC", "KC"]},
               {"rank": "9", "cards": ["9C", "9C", "9H"]},
               {"rank": "9", "cards": ["9C", "9H", "9S"]}],
              [{"rank": "6", "cards": ["6D", "6C", "6S", "2D", "2D", "6H", "6H", "6S", "6H", "6C"]},
               {"rank": "7", "cards": ["7D", "7S", "JK", "2H", "7C", "7C", "7H"]},
               {"rank": "A", "cards": ["AC", "AC", "2H", "2S", "AD"]},
               {"rank": "K", "cards": ["KD", "KD", "KH", "JK", "JK", "KS", "KC", "KS"]},
               {"rank": "5", "cards": ["5S", "5C", "5D"]},
               {"rank": "8", "cards": ["8H", "8C", "8C", "8D"]}]],
    "red_threes": [["3D"], ["3D", "3H", "3D", "3H"]], "melded_before": [True, True, True, True],
    "turn": {"seat": 2, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
             "question": "yes"}}


def test_canasta_going_out_ask_partner_yes_a_sequence_grown_to_an_escalera_holds_the_steps_beside_it():
    rs = GAME.ruleset("bolivia")
    cfg = config_for(rs)
    state = GAME.read_state(rs, GROWN_STATE)
    position = Position(cfg, state)
    steps = StepsOut(cfg, position.hand, position.melds, position.needed, len(state.red_threes[position.side]))
    growing = [{"type": "lay_off", "meld": 3, "cards": ["5D"]}, {"type": "lay_off", "meld": 3, "cards": ["4D", "5D"]}]
    beside = [{"type": "meld", "melds": [{"cards": ["QC", "QD", "QH"]}]},
              {"type": "lay_off", "meld": 1, "cards": ["4H"]}, {"type": "lay_off", "meld": 6, "cards": ["KH", "KS"]}]
    for move in growing + beside:
        assert steps.holds(*after(position, move)) is True, move
        assert Position(cfg, state).going_out_plan(*after(position, move)) is not None, move
    # Diamonds 4 and 5 melded as a set of fours would leave no escalera within reach: the families never hold it.
    fours = after(position, {"type": "lay_off", "meld": 1, "cards": ["4D"]})
    assert Position(cfg, state).going_out_plan(*fours) is None


def test_canasta_going_out_ask_partner_yes_a_sequence_grown_to_an_escalera_every_verdict_matches_the_full_search():
    rs = GAME.ruleset("bolivia")
    cfg = config_for(rs)
    state = GAME.read_state(rs, GROWN_STATE)
    position = Position(cfg, state)
    listing = answers.legal_moves({"game": "canasta", "variant": "bolivia", "state": GROWN_STATE})
    assert {"lay_off:3:4D,5D", "lay_off:1:4H"} <= {m["code"] for m in listing["moves"]}
    assert "work" not in listing and not listing["unverified"]
    refused, accepted = fresh_verdicts(rs, state, position)
    assert len(refused) + len(accepted) >= 20


def fresh_verdicts(rs, state, position: Position) -> tuple[list[dict], list[dict]]:
    """The candidate steps a fresh verdict refuses for going out alone, and those it accepts, each verdict held to
    the full search (steps refused for another rule first, and steps that go out, are left aside)."""
    cfg = position.cfg
    refused, accepted = [], []
    for move in candidates(position):
        violations = verdict_on(rs, state, move)
        hand, melds = after(position, move)
        if len(hand) <= 1 or any(v.rule != ASK for v in violations):
            continue
        possible = Position(cfg, state).going_out_plan(hand, melds) is not None
        assert (not violations) is possible, (move, [v.as_dict() for v in violations])
        (refused if violations else accepted).append(move)
    return refused, accepted


# Brazilian after a yes, from random play: going out needs the spades grown to a samba and the one joker on the
# eights, so most steps into the queens, sevens or sixes, and the joker laid anywhere else, leave no way out.
WILD_CARD_WANTED = json.loads((Path(__file__).parent / "positions" / "brazilian_yes_wild_card_wanted.json").read_text())


def _meld_of(move: dict):
    """The meld a step puts cards into: a side meld's index, or the new meld's rank or suit."""
    if move["type"] == "lay_off":
        return move["meld"]
    cards = move["melds"][0]["cards"]
    return ("sequence", cards[0][-1]) if move["melds"][0].get("kind") else ("set", cards[0][:-1])


def _cards(move: dict) -> Counter:
    return Counter(move["cards"] if move["type"] == "lay_off" else move["melds"][0]["cards"])


def test_canasta_going_out_ask_partner_yes_a_refused_step_refuses_every_larger_step_into_its_meld():
    rs = GAME.ruleset("brazilian")
    cfg = config_for(rs)
    state = GAME.read_state(rs, WILD_CARD_WANTED["state"])
    refused, accepted = fresh_verdicts(rs, state, Position(cfg, state))
    assert len(refused) >= 10 and len(accepted) >= 3
    # What the listing reads from a refused step: every step with its cards and more, into the same meld, is
    # refused too (its way out would be one of the smaller step's, the rest laid off first).
    for small in refused:
        for large in accepted:
            assert not (_meld_of(small) == _meld_of(large) and not _cards(small) - _cards(large)), (small, large)
    # The listing offers, per meld, the largest step a fresh verdict accepts.
    listing = answers.legal_moves(WILD_CARD_WANTED)
    assert "work" not in listing and not listing["unverified"]
    listed = [move for move in listing["moves"] if move["type"] in ("meld", "lay_off")]
    for move in listed:
        assert verdict_on(rs, state, move) == []
        larger = [other for other in accepted if _meld_of(other) == _meld_of(move) and _cards(other) > _cards(move)]
        assert not larger, (move, larger)
    # And none is missing: every step a fresh verdict accepts lies within a listed step into the same meld (the
    # listing reads refusals from smaller steps and from sets alike to the search; neither may refuse too much).
    for move in accepted:
        assert any(_meld_of(other) == _meld_of(move) and not _cards(move) - _cards(other) for other in listed), move
    assert {"meld:QC,QC,QH,QH,QH,QS", "lay_off:6:KS", "meld:6D,6H,6S", "meld:8D,8H,JK"} <= {
        move["code"] for move in listed}
