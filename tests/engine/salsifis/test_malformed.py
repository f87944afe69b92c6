"""Hostile input: malformed states and moves are refused with a pointer, never with a crash."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.errors import EngineError, InvalidRequest

from .helpers import body, dealt, place

BASE = dealt(3, seed=21)
PLACED = place(BASE, 0, BASE["hands"][0][0], 0)


def changed(state: dict, path: tuple, value) -> dict:
    state = copy.deepcopy(state)
    target = state
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return state


DELETE = object()

BAD_STATES = [
    ("not an object", ["players", 3], ("state",)),
    ("unknown field", dict(BASE, extra=1), ("state", "extra")),
    ("players missing", changed(BASE, ("players",), DELETE), ("state", "players")),
    ("players a string", changed(BASE, ("players",), "3"), ("state", "players")),
    ("players a bool", changed(BASE, ("players",), True), ("state", "players")),
    ("six players", changed(BASE, ("players",), 6), ("state", "players")),
    ("turn zero", changed(BASE, ("turn",), 0), ("state", "turn")),
    ("turn huge", changed(BASE, ("turn",), 10**30), ("state", "turn")),
    ("dealer negative", changed(BASE, ("dealer",), -1), ("state", "dealer")),
    ("hands not a list", changed(BASE, ("hands",), {"0": []}), ("state", "hands")),
    ("one hand short", changed(BASE, ("hands",), BASE["hands"][:2]), ("state", "hands")),
    ("bad card code", changed(BASE, ("hands", 1, 0), "ZZ"), ("state", "hands", 1)),
    ("card a number", changed(BASE, ("hands", 1, 0), 7), ("state", "hands", 1)),
    ("hidden hand junk", changed(BASE, ("hands", 1), {"count": 5, "cards": []}), ("state", "hands", 1)),
    ("hidden hand negative", changed(BASE, ("hands", 1), {"count": -5}), ("state", "hands", 1, "count")),
    ("huge hand", changed(BASE, ("hands", 1), ["AS"] * 10_000), ("state", "hands", 1)),
    ("three packets", changed(BASE, ("packets",), [[], [], []]), ("state", "packets")),
    ("packet nested junk", changed(BASE, ("packets", 0), [["AS"]]), ("state", "packets", 0)),
    ("packet too small", changed(BASE, ("packets", 0), BASE["packets"][0][:2]), ("state", "packets", 0)),
    ("placements not a list", changed(BASE, ("placements",), {}), ("state", "placements")),
    ("placement junk", changed(PLACED, ("placements", 0), "AS"), ("state", "placements", 0)),
    ("placement seat twice", changed(PLACED, ("placements",), PLACED["placements"] * 2), ("state", "placements", 1, "seat")),
    ("placement packet 2", changed(PLACED, ("placements", 0, "packet"), 2), ("state", "placements", 0, "packet")),
    ("placement unknown field", changed(PLACED, ("placements", 0, "face"), "down"), ("state", "placements", 0, "face")),
    ("won wrong length", changed(BASE, ("won",), [[]]), ("state", "won")),
    ("shared one seat", changed(BASE, ("shared",), [{"seats": [0], "cards": ["AS"]}]), ("state", "shared", 0, "seats")),
    ("shared seats junk", changed(BASE, ("shared",), [{"seats": "01", "cards": []}]), ("state", "shared", 0, "seats")),
    ("penalty not in tens", changed(BASE, ("penalties", 0), 5), ("state", "penalties", 0)),
    ("penalty before any reveal", changed(BASE, ("penalties", 0), 10), ("state", "penalties", 0)),
    ("penalty a float", changed(BASE, ("penalties", 0), 10.0), ("state", "penalties", 0)),
    ("streak before any reveal", changed(BASE, ("alone_streak", 1), 1), ("state", "alone_streak", 1)),
    ("discards impossible", changed(BASE, ("discarded",), ["AS"]), ("state", "discarded")),
    ("heap a string", changed(BASE, ("heap",), "AS"), ("state", "heap")),
]


@pytest.mark.parametrize("name,state,pointer", BAD_STATES, ids=[case[0] for case in BAD_STATES])
def test_salsifis_malformed_states_are_refused_with_a_pointer(name, state, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].pointer == pointer


BAD_MOVES = [
    ("not an object", "place", ("move",)),
    ("unknown type", {"type": "bet"}, ("move", "type")),
    ("place card not a code", {"type": "place", "card": "1X", "packet": 0}, ("move", "card")),
    ("place without packet", {"type": "place", "card": "AS"}, ("move", "packet")),
    ("packet out of range", {"type": "place", "card": "AS", "packet": 5}, ("move", "packet")),
    ("packet a string", {"type": "place", "card": "AS", "packet": "0"}, ("move", "packet")),
    ("seat negative", {"type": "place", "card": "AS", "packet": 0, "seat": -1}, ("move", "seat")),
    ("place unknown field", {"type": "place", "card": "AS", "packet": 0, "calls": []}, ("move", "calls")),
    ("calls not a list", {"type": "resolve", "calls": "salsifis"}, ("move", "calls")),
    ("call not an object", {"type": "resolve", "calls": ["salsifis soup"]}, ("move", "calls", 0)),
    ("call without seat", {"type": "resolve", "calls": [{"soup": True}]}, ("move", "calls", 0, "seat")),
    ("call soup not a bool", {"type": "resolve", "calls": [{"seat": 0, "soup": "yes", "names": ["QS"]}]},
     ("move", "calls", 0, "soup")),
    ("call with no form", {"type": "resolve", "calls": [{"seat": 0}]}, ("move", "calls", 0)),
    ("soup false", {"type": "resolve", "calls": [{"seat": 0, "soup": False}]}, ("move", "calls", 0, "soup")),
    ("names junk", {"type": "resolve", "calls": [{"seat": 0, "names": [["QS"]]}]}, ("move", "calls", 0, "names")),
    ("text not a formula", {"type": "resolve", "calls": [{"seat": 0, "text": "soup salsifis please"}]},
     ("move", "calls", 0, "text")),
    ("text a number", {"type": "resolve", "calls": [{"seat": 0, "text": 7}]}, ("move", "calls", 0, "text")),
    ("first call simultaneous", {"type": "resolve", "calls": [{"seat": 0, "soup": True, "simultaneous": True}]},
     ("move", "calls", 0, "simultaneous")),
    ("too many calls", {"type": "resolve", "calls": [{"seat": 0, "soup": True}] * 1000}, ("move", "calls")),
    ("call unknown field", {"type": "resolve", "calls": [{"seat": 0, "soup": True, "packet": 1}]},
     ("move", "calls", 0, "packet")),
]


@pytest.mark.parametrize("name,move,pointer", BAD_MOVES, ids=[case[0] for case in BAD_MOVES])
def test_salsifis_malformed_moves_are_refused_with_a_pointer(name, move, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.validate_move(body(PLACED, move))
    assert caught.value.problems[0].pointer == pointer


@pytest.mark.parametrize("options,pointer", [
    ({"flee_limit": 9}, ("options", "flee_limit")),
    ({"five_players": "six-cards"}, ("options", "five_players")),
    ({"shared_points": True}, ("options", "shared_points")),
    ({"nonsense": 1}, ("options", "nonsense")),
])
def test_salsifis_malformed_options_are_refused(options, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(BASE, **options))
    assert caught.value.problems[0].pointer == pointer


JUNK = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=True) | st.text(max_size=5)
    | st.sampled_from(["AS", "10H", "QS", "count", "salsifis soup"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["seat", "card", "packet", "count", "cards", "seats", "names", "soup", "text", "calls"]),
        inner, max_size=4),
    max_leaves=20)
FIELDS = sorted(BASE)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(FIELDS), junk=JUNK, move=JUNK)
def test_salsifis_junk_never_crashes(field, junk, move):
    state = dict(PLACED, **{field: junk})
    for call in (lambda: answers.legal_moves(body(state)),
                 lambda: answers.validate_move(body(PLACED, {"type": "resolve", "calls": move})),
                 lambda: answers.validate_move(body(PLACED, move if isinstance(move, dict) else {"type": move})),
                 lambda: answers.score(body(state))):
        try:
            call()
        except EngineError:
            pass


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(field=st.sampled_from(["hands", "packets", "won", "penalties", "alone_streak", "placements"]),
       index=st.integers(0, 2), junk=JUNK)
def test_salsifis_nested_junk_never_crashes(field, index, junk):
    state = copy.deepcopy(PLACED)
    if index < len(state[field]):
        state[field][index] = junk
    try:
        answers.legal_moves(body(state))
        answers.score(body(state))
    except EngineError:
        pass
