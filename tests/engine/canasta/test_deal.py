"""Dealing: 108 cards, 11 each, red threes out and replaced, the upcard."""

from __future__ import annotations


import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import DECK, GAME, dealt_cards


def dealt(seed: int, **setup) -> dict:
    return answers.deal({"game": GAME, "players": 4, "seed": seed, "setup": setup})


@pytest.mark.parametrize("seed", range(12))
def test_canasta_deal_cards_and_hands(seed):
    answer = dealt(seed)
    state = answer["state"]
    assert dealt_cards(state) == DECK
    assert [len(h) for h in state["hands"]] == [11] * 4
    assert not any(c in ("3H", "3D") for h in state["hands"] for c in h)
    assert answer["to_act"] == 1 and answer["phase"] == "draw"


def test_canasta_deal_is_reproducible_from_its_seed():
    assert dealt(5) == dealt(5)
    assert dealt(5)["state"] != dealt(6)["state"]


def test_canasta_red_threes_lay_out_after_the_deal():
    seeds = [s for s in range(60) if any(dealt(s)["state"]["red_threes"])]
    assert seeds
    state = dealt(seeds[0])["state"]
    assert [len(h) for h in state["hands"]] == [11] * 4
    assert all(c in ("3H", "3D") for side in state["red_threes"] for c in side)


def test_canasta_deal_upcard_frozen_when_wild_or_red_three():
    for seed in range(300):
        pile = dealt(seed)["state"]["discard"]
        top = pile[-1]
        assert top != "JK" and not top.startswith("2") and top not in ("3H", "3D")
        if len(pile) > 1:
            assert all(c == "JK" or c.startswith("2") or c in ("3H", "3D") for c in pile[:-1])
            moves = answers.legal_moves({"game": GAME, "state": dealt(seed)["state"]})
            assert moves["pile"]["frozen"] is True
            return
    pytest.fail("no deal turned a wild card or red three up")


def test_canasta_deal_setup():
    answer = dealt(3, dealer=2, score=[1500, -20])
    assert answer["to_act"] == 3 and answer["state"]["score"] == [1500, -20]
    with pytest.raises(InvalidRequest):
        dealt(3, dealer=4)
    with pytest.raises(InvalidRequest):
        dealt(3, hand_number=2)
    with pytest.raises(InvalidRequest):
        answers.deal({"game": GAME, "players": 3, "seed": 1})


def test_canasta_deal_round_trips():
    state = dealt(9)["state"]
    again = answers.apply_move({"game": GAME, "state": state, "move": {"type": "draw"}})["state"]
    assert answers.legal_moves({"game": GAME, "state": again})["to_act"] == 1
