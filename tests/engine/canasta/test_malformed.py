"""Hostile input: every malformed state, move or meld request is an InvalidRequest with a pointer."""

from __future__ import annotations

import copy

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import GAME, meld, position


def good_state() -> dict:
    return position([["QH", "QS", "4H", "9D"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C", "QD"],
                    melds=[[meld(["KD", "KC", "KS"])], []], melded_before=[True, False, False, False])


def changed(path: tuple, value) -> dict:
    state = good_state()
    target = state
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return state


MALFORMED_STATES = [
    ("not an object", ["state"], ()),
    ("unknown field", {**good_state(), "trump": "H"}, ("state", "trump")),
    ("hands not a list", changed(("hands",), "QH"), ("state", "hands")),
    ("three hands", changed(("hands",), [["QH"], {"count": 1}, {"count": 1}]), ("state", "hands")),
    ("bad card", changed(("hands", 0), ["QH", "ZZ"]), ("state", "hands", 0)),
    ("card not a string", changed(("hands", 0), ["QH", 7]), ("state", "hands", 0)),
    ("negative count", changed(("hands", 1), {"count": -3}), ("state", "hands", 1, "count")),
    ("huge count", changed(("hands", 1), {"count": 10**9}), ("state", "hands", 1, "count")),
    ("hidden hand extra key", changed(("hands", 1), {"count": 3, "cards": []}), ("state", "hands", 1)),
    ("stock wrong type", changed(("stock",), "many"), ("state", "stock")),
    ("discard nested junk", changed(("discard",), [["8C"]]), ("state", "discard")),
    ("melds per side", changed(("melds",), [[]]), ("state", "melds")),
    ("meld without cards", changed(("melds", 0, 0), {"rank": "K"}), ("state", "melds", 0, 0, "cards")),
    ("meld with wrong rank", changed(("melds", 0, 0), {"rank": "Q", "cards": ["KD", "KC", "KS"]}),
     ("state", "melds", 0, 0, "rank")),
    ("turn missing", {k: v for k, v in good_state().items() if k != "turn"}, ("state", "turn")),
    ("turn phase unknown", changed(("turn",), {"seat": 0, "phase": "bidding"}), ("state", "turn", "phase")),
    ("turn seat out of range", changed(("turn",), {"seat": 7, "phase": "draw"}), ("state", "turn", "seat")),
    ("draw turn with extra", changed(("turn",), {"seat": 0, "phase": "draw", "melded": True}),
     ("state", "turn", "melded")),
    ("melded_before not bools", changed(("melded_before",), [1, 0, 0, 0]), ("state", "melded_before", 0)),
    ("score wrong length", changed(("score",), [0]), ("state", "score")),
    ("score not integers", changed(("score",), ["0", 0]), ("state", "score", 0)),
    ("penalties unknown field", changed(("penalties",), [{"bribes": 1}, {}]), ("state", "penalties", 0, "bribes")),
    ("dealer negative", changed(("dealer",), -1), ("state", "dealer")),
    ("players wrong", changed(("players",), 5), ("state", "players")),
]


@pytest.mark.parametrize("name,state,pointer", MALFORMED_STATES, ids=[c[0] for c in MALFORMED_STATES])
def test_canasta_malformed_state_is_refused_with_a_pointer(name, state, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves({"game": GAME, "state": state})
    assert caught.value.problems[0].pointer[:len(pointer)] == pointer


MALFORMED_MOVES = [
    ("not an object", "draw", ("move",)),
    ("no type", {"card": "QH"}, ("move", "type")),
    ("unknown type", {"type": "knock"}, ("move", "type")),
    ("unknown field", {"type": "draw", "card": "QH"}, ("move", "card")),
    ("meld without melds", {"type": "meld"}, ("move", "melds")),
    ("meld empty", {"type": "meld", "melds": []}, ("move", "melds")),
    ("meld not objects", {"type": "meld", "melds": [["QH", "QS", "QD"]]}, ("move", "melds", 0)),
    ("meld bad card", {"type": "meld", "melds": [{"cards": ["QH", None]}]}, ("move", "melds", 0, "cards")),
    ("too many melds", {"type": "meld", "melds": [{"cards": ["QH"]}] * 100}, ("move", "melds")),
    ("lay_off index wrong type", {"type": "lay_off", "meld": "0", "cards": ["KH"]}, ("move", "meld")),
    ("lay_off negative index", {"type": "lay_off", "meld": -1, "cards": ["KH"]}, ("move", "meld")),
    ("lay_off no cards", {"type": "lay_off", "meld": 0, "cards": []}, ("move", "cards")),
    ("discard without card", {"type": "discard"}, ("move", "card")),
    ("discard a list", {"type": "discard", "card": ["QH"]}, ("move", "card")),
    ("answer not boolean", {"type": "answer_go_out", "yes": "yes"}, ("move", "yes")),
    ("take_pile cards not a list", {"type": "take_pile", "cards": "QH,QS"}, ("move", "cards")),
    ("seat out of range", {"type": "draw", "seat": 9}, ("move", "seat")),
    ("draw with junk cards", {"type": "draw", "cards": [{"card": "QH"}]}, ("move", "cards")),
]


@pytest.mark.parametrize("name,move,pointer", MALFORMED_MOVES, ids=[c[0] for c in MALFORMED_MOVES])
def test_canasta_malformed_move_is_refused_with_a_pointer(name, move, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.validate_move({"game": GAME, "state": good_state(), "move": copy.deepcopy(move)})
    assert caught.value.problems[0].pointer[:len(pointer)] == pointer


MALFORMED_MELDS = [
    ({"meld": "QH QS QD"}, ("meld",)),
    ({"meld": {"cards": ["QH", "QS", "XX"]}}, ("meld", "cards")),
    ({"melds": "all"}, ("melds",)),
    ({"melds": [{"cards": ["QH", "QS", "QD"]}], "context": {"team_score": "lots"}}, ("context", "team_score")),
    ({"melds": [{"cards": ["QH", "QS", "QD"]}], "context": {"initial": 1}}, ("context", "initial")),
    ({"meld": {"cards": ["QH", "QS", "QD"]}, "context": {"existing": [{"cards": ["KH", "QS", "2C"]}]}},
     ("context", "existing", 0, "cards")),
    ({"meld": {"cards": ["QH", "QS", "QD"]}, "context": {"weather": "fine"}}, ("context", "weather")),
    ({}, ("meld",)),
]


@pytest.mark.parametrize("request_body,pointer", MALFORMED_MELDS)
def test_canasta_malformed_meld_request_is_refused_with_a_pointer(request_body, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.validate_meld({"game": GAME, **request_body})
    assert caught.value.problems[0].pointer[:len(pointer)] == pointer


def test_canasta_unknown_option_value_is_refused():
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves({"game": GAME, "state": good_state(), "options": {"wild_limit": "none"}})
    assert caught.value.problems[0].pointer == ("options", "wild_limit")
