"""Whole hands of Hand and Foot played through the API by a player that aims to go out: it keeps its wild cards
for a wild pile until the side has one, its hand is down to six cards or it holds four wild cards, puts down as
many cards as it can, discards its black threes first, asks to go out whenever it may and answers yes. The 270
cards stay whole at every step (hands, feet, stock, pile, melds, red threes), every listed move is accepted, every
position reached is read by /explain, /validate-game and /score, every hand ends, the score's lines add up, and at
least half of the hands end by going out (canasta.going-out.by-kind), not by the stock."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules_engine.games.canasta.variants import ENTRIES
from tests.api.samba_family import answer, shown_cards

VARIANT = "hand-and-foot"
pytestmark = pytest.mark.skipif(not ENTRIES[VARIANT].playable, reason="Hand and Foot's play is not released yet")
DECK = Counter(ENTRIES[VARIANT].deck.copies())
WILD = ("2C", "2D", "2H", "2S", "JK")
SEEDS = tuple(range(16))
MOST_MOVES = 2000


def _sent(move: dict) -> dict:
    return {key: value for key, value in move.items() if key not in ("code", "rules", "opening")}


def _cards(move: dict) -> list[str]:
    return list(move.get("cards", [])) + [card for meld in move.get("melds", []) for card in meld["cards"]]


def _aiming_out(rng: random.Random, state: dict, moves: list[dict]) -> dict:
    """The move of a player who aims to go out (the module's docstring)."""
    of = {kind: [m for m in moves if m["type"] == kind] for kind in {m["type"] for m in moves}}
    if "answer_go_out" in of:
        return next(m for m in of["answer_go_out"] if m["yes"])
    if "ask_go_out" in of:
        return of["ask_go_out"][0]
    side = state["turn"]["seat"] % 2
    melds = state["melds"][side]
    wild_pile = any(len(m["cards"]) >= 7 and all(card in WILD for card in m["cards"]) for m in melds)

    hand = state["hands"][state["turn"]["seat"]]
    near_the_foot = len(hand) <= 6 or sum(card in WILD for card in hand) >= 4

    def keeps_wild_cards(move: dict) -> bool:
        cards = _cards(move)
        wilds = [card for card in cards if card in WILD]
        onto_wilds = move["type"] == "lay_off" and all(card in WILD for card in melds[move["meld"]]["cards"])
        return (wild_pile or near_the_foot or not wilds
                or len(wilds) == len(cards) and (move["type"] == "meld" or onto_wilds))

    melding = [m for m in of.get("lay_off", []) + of.get("meld", []) if keeps_wild_cards(m)]
    if melding:
        return max(melding, key=lambda m: (len(_cards(m)), rng.random()))
    if "take_pile" in of:
        return of["take_pile"][0]
    if "draw" in of:
        return of["draw"][0]
    held = Counter(state["hands"][state["turn"]["seat"]])
    # Black threes first (no meld takes them before going out), then the card held fewest times.
    return min(of["discard"], key=lambda m: (m["card"] not in ("3C", "3S"), held[m["card"]], m["card"] in WILD,
                                             rng.random()))


def _play(client, seed: int) -> dict:
    rng = random.Random(seed)
    state = answer(client, "/deal", VARIANT, seed=seed)["state"]
    for _ in range(MOST_MOVES):
        assert shown_cards(state) == DECK
        listed = answer(client, "/legal-moves", VARIANT, state)
        if listed["to_act"] is None:
            return state
        assert listed["moves"], "a position with a seat to act always has a legal move"
        batch = [{"path": path, "body": {"game": "canasta", "variant": VARIANT, "state": state, "move": _sent(m)}}
                 for m in listed["moves"] for path in ("/validate-move", "/apply-move")]
        batch += [{"path": path, "body": {"game": "canasta", "variant": VARIANT, "state": state,
                                          **({"moves": []} if path == "/validate-game" else {})}}
                  for path in ("/explain", "/validate-game", "/score")]
        answers = client.post("/batch", json={"requests": batch}).get_json()["responses"]
        assert [a["status"] for a in answers[-3:]] == [200, 200, 200], answers[-3:]
        refused = [(m["code"], judged["body"]) for m, judged, applied in
                   zip(listed["moves"], answers[:-3:2], answers[1:-3:2])
                   if judged["status"] != 200 or judged["body"]["legal"] is not True or applied["status"] != 200]
        assert not refused, refused
        state = answer(client, "/apply-move", VARIANT, state, _sent(_aiming_out(rng, state, listed["moves"])))["state"]
    raise AssertionError(f"the hand did not end within {MOST_MOVES} moves")


@pytest.mark.slow
def test_canasta_going_out_by_kind_hand_and_foot_random_hands_aiming_out_go_out_half_the_time(client):
    endings = []
    for seed in SEEDS:
        state = _play(client, seed)
        score = answer(client, "/score", VARIANT, state)
        for team, total in enumerate(score["teams"]):
            assert sum(line["points"] for line in score["lines"] if line["team"] == team) == total
        if state["turn"]["ending"] == "went_out":
            side = state["turn"]["seat"] % 2
            piles = [m["cards"] for m in state["melds"][side] if len(m["cards"]) == 7]
            kinds = Counter("wild" if all(c in WILD for c in p) else "dirty" if any(c in WILD for c in p) else "clean"
                            for p in piles)
            assert kinds["clean"] >= 2 and kinds["dirty"] >= 2 and kinds["wild"] >= 1, kinds
            assert all(state["played_from_foot"][seat] for seat in (side, side + 2))
        endings.append(state["turn"]["ending"])
    assert endings.count("went_out") * 2 >= len(SEEDS), endings
