"""The opening draw (Mexicana's extra cards for the side's first player to meld), played through the engine
on a Classic entry that names one."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.reachable import check_reachable
from rules_engine.games.canasta.state import read_state
from rules_engine.games.canasta.variants import CLASSIC
from rules_engine.parsing import HiddenHand

from .helpers import OPPONENTS_MELD, meld, meld_turn, position

DRAWN = 13
WITH_DRAW = build_config(replace(CLASSIC, opening_draw=DRAWN), ())
CLASSIC_CFG = build_config(CLASSIC, ())
HAND = ["AH", "AS", "AD", "KH", "KS", "KD", "9C", "8C", "3C", "3S", "10C", "9C"]   # eleven dealt and one drawn
REST = HAND[6:]
ACES, KINGS = ["AD", "AH", "AS"], ["KD", "KH", "KS"]


def _play(cfg, raw: dict, *moves: dict):
    state = read_state(cfg, raw, [])
    check_reachable(cfg, state)
    events: list[dict] = []
    for move in moves:
        state, found = apply(cfg, state, read_move(move, 4))
        events += found
    return state, events


def _unopened(**fields) -> dict:
    return position([list(HAND), {"count": 11}, {"count": 11}, {"count": 11}], discard=["5C", "6D"],
                    melds=[[], [OPPONENTS_MELD]], melded_before=[False, True, False, False], turn=meld_turn(),
                    **fields)


def test_canasta_opening_draw_the_player_completing_the_initial_meld_takes_the_cards():
    raw = position([list(HAND), ["4C"] * 2 + ["5D"] * 2 + ["6H"] * 2 + ["JC"] * 2 + ["8D"] * 2 + ["9D"],
                    ["4D"] * 2 + ["5H"] * 2 + ["6S"] * 2 + ["JD"] * 2 + ["8H"] * 2 + ["9H"],
                    ["4H"] * 2 + ["5S"] * 2 + ["6C"] * 2 + ["8S"] * 2 + ["9S"] * 2 + ["10C"]],
                   discard=["5C", "6D"], melds=[[], [OPPONENTS_MELD]], melded_before=[False, True, False, False],
                   turn=meld_turn())
    stock = list(raw["stock"])
    state, events = _play(WITH_DRAW, raw, {"type": "meld", "melds": [{"cards": ACES}, {"cards": KINGS}]})
    assert state.hands[0] == REST + stock[:DRAWN]
    assert state.stock == stock[DRAWN:]
    assert events[-1] == {"type": "opening_draw", "seat": 0, "cards": DRAWN, "rules": ["canasta.opening.draw"]}
    assert (state.turn.seat, state.turn.phase) == (0, "meld")
    plain, _ = _play(CLASSIC_CFG, raw, {"type": "meld", "melds": [{"cards": ACES}, {"cards": KINGS}]})
    assert plain.hands[0] == REST and plain.stock == stock


def test_canasta_opening_draw_comes_when_the_steps_reach_the_minimum():
    raw = _unopened(score=[1500, 0])       # 90 needed: the aces (60) are a step, the kings (30) complete it
    state, events = _play(WITH_DRAW, raw, {"type": "meld", "melds": [{"cards": ACES}]})
    assert "opening_draw" not in [e["type"] for e in events] and state.hands[0] == HAND[3:]
    state, events = apply(WITH_DRAW, state, read_move({"type": "meld", "melds": [{"cards": KINGS}]}, 4))
    assert [e["type"] for e in events] == ["melded", "opening_draw"]
    assert state.hands[0] == HiddenHand(len(REST) + DRAWN)   # the stock is a count: so is the hand that drew from it
    assert state.stock.count == raw["stock"]["count"] - DRAWN


def test_canasta_opening_draw_only_the_sides_first_player_to_meld():
    raw = position([["AH", "AS", "AD", "9C", "8C"], {"count": 11}, {"count": 11}, {"count": 11}],
                   discard=["5C", "6D"], melds=[[meld(["KH", "KS", "KD"])], [OPPONENTS_MELD]],
                   melded_before=[False, True, True, False], turn=meld_turn())
    state, events = _play(WITH_DRAW, raw, {"type": "meld", "melds": [{"cards": ACES}]})
    assert [e["type"] for e in events] == ["melded"] and state.hands[0] == ["9C", "8C"]


def test_canasta_opening_draw_red_threes_among_the_cards_are_laid_out_and_replaced():
    hands = [list(HAND), ["4C"] * 2 + ["5D"] * 2 + ["6H"] * 2 + ["JC"] * 2 + ["8D"] * 2 + ["9D"],
             ["4D"] * 2 + ["5H"] * 2 + ["6S"] * 2 + ["JD"] * 2 + ["8H"] * 2 + ["9H"],
             ["4H"] * 2 + ["5S"] * 2 + ["6C"] * 2 + ["8S"] * 2 + ["9S"] * 2 + ["10C"]]
    top = ["3H", "QC", "QD", "QH", "QS", "JH", "JS", "10D", "10H", "10S", "4S", "4S", "3D", "7H", "7H"]
    raw = position(hands, discard=["5C", "6D"], melds=[[], [OPPONENTS_MELD]], stock_top=top,
                   melded_before=[False, True, False, False], turn=meld_turn())
    state, events = _play(WITH_DRAW, raw, {"type": "meld", "melds": [{"cards": ACES}, {"cards": KINGS}]})
    assert state.red_threes[0] == ["3H", "3D"]
    assert state.hands[0] == REST + [c for c in top[:DRAWN] if c not in ("3H", "3D")] + ["7H", "7H"]
    assert [e["type"] for e in events] == ["melded", "opening_draw", "red_threes"]
    assert "canasta.opening.draw" in events[-1]["rules"]


def test_canasta_opening_draw_taking_the_pile_to_open():
    raw = position([["QH", "QS", "AH", "AS", "AD", "9C", "8C"], {"count": 11}, {"count": 11}, {"count": 11}],
                   discard=["5C", "QD"], melds=[[], [OPPONENTS_MELD]], melded_before=[False, True, False, False],
                   turn={"seat": 0, "phase": "draw"}, dealt=None)
    move = {"type": "take_pile", "cards": ["QH", "QS"], "melds": [{"cards": ["AH", "AS", "AD"]}]}
    state, events = _play(WITH_DRAW, raw, move)
    assert [e["type"] for e in events] == ["took_pile", "opening_draw"]
    assert state.hands[0] == HiddenHand(2 + 1 + DRAWN)      # 9C, 8C, the 5C under the top card, the draw


# -- the cards of the opening draw named, from a stock given as a count ("drawn") ------------------------------
NAMED = ["QC", "QD", "QH", "QS", "JH", "JS", "10D", "10H", "10S", "4S", "4S", "7H", "7H"]


def _move(**fields) -> dict:
    return read_move({"type": "meld", "melds": [{"cards": ACES}, {"cards": KINGS}], **fields}, 4,
                     opening_draw=True)


def test_canasta_opening_draw_named_cards_keep_the_players_hand_shown():
    raw = _unopened()
    state = read_state(WITH_DRAW, raw, [])
    after, events = apply(WITH_DRAW, state, _move(drawn=NAMED))
    assert after.hands[0] == REST + NAMED
    assert after.stock == HiddenHand(raw["stock"]["count"] - DRAWN)
    assert events[-1]["type"] == "opening_draw"


def test_canasta_opening_draw_named_bonus_cards_are_laid_out_and_replaced():
    raw = _unopened()
    state = read_state(WITH_DRAW, raw, [])
    after, events = apply(WITH_DRAW, state, _move(drawn=["3H"] + NAMED))
    assert after.red_threes[0] == ["3H"] and after.hands[0] == REST + NAMED
    assert after.stock == HiddenHand(raw["stock"]["count"] - DRAWN - 1)
    assert events[-1]["cards"] == ["3H"] and events[-1]["replaced"] == 1


def test_canasta_opening_draw_a_hidden_hand_names_only_its_bonus_cards():
    raw = position([{"count": 12}, {"count": 11}, {"count": 11}, {"count": 11}], discard=["5C", "6D"],
                   melds=[[], [OPPONENTS_MELD]], melded_before=[False, True, False, False], turn=meld_turn())
    state = read_state(WITH_DRAW, raw, [])
    after, _ = apply(WITH_DRAW, state, _move(drawn=[None, "3D"] + [None] * 12))
    assert after.red_threes[0] == ["3D"] and after.hands[0] == HiddenHand(12 - 6 + DRAWN)


@pytest.mark.parametrize("drawn, pointer", [
    (NAMED[:12], ("move", "drawn")),                              # one short
    (NAMED + ["9S"], ("move", "drawn", 13)),                      # one too many
    ([None] + NAMED[1:], ("move", "drawn", 0)),                   # a shown hand names every card
    (["KH", "KH"] + NAMED[2:], ("move", "drawn", 1)),             # one KH melded, one left to draw
], ids=["short", "too-many", "null-for-a-shown-hand", "card-not-left"])
def test_canasta_opening_draw_named_cards_refused_with_a_pointer(drawn, pointer):
    state = read_state(WITH_DRAW, _unopened(), [])
    with pytest.raises(InvalidRequest) as refused:
        apply(WITH_DRAW, state, _move(drawn=drawn))
    assert tuple(refused.value.problems[0].pointer) == pointer


def test_canasta_opening_draw_names_checked_against_a_shown_stock():
    raw = position([list(HAND), ["4C"] * 2 + ["5D"] * 2 + ["6H"] * 2 + ["JC"] * 2 + ["8D"] * 2 + ["9D"],
                    ["4D"] * 2 + ["5H"] * 2 + ["6S"] * 2 + ["JD"] * 2 + ["8H"] * 2 + ["9H"],
                    ["4H"] * 2 + ["5S"] * 2 + ["6C"] * 2 + ["8S"] * 2 + ["9S"] * 2 + ["10C"]],
                   discard=["5C", "6D"], melds=[[], [OPPONENTS_MELD]], melded_before=[False, True, False, False],
                   turn=meld_turn())
    state = read_state(WITH_DRAW, raw, [])
    after, _ = apply(WITH_DRAW, state, _move(drawn=list(raw["stock"][:DRAWN])))
    assert after.hands[0] == REST + raw["stock"][:DRAWN]
    with pytest.raises(InvalidRequest) as refused:
        apply(WITH_DRAW, state, _move(drawn=NAMED))
    assert tuple(refused.value.problems[0].pointer) == ("move", "drawn")


def test_canasta_opening_draw_drawn_is_unknown_where_no_opening_draw_is_played():
    with pytest.raises(InvalidRequest) as refused:
        read_move({"type": "meld", "melds": [{"cards": ACES}], "drawn": NAMED}, 4)
    assert tuple(refused.value.problems[0].pointer) == ("move", "drawn")
