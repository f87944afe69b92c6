"""Hostile input: every malformed state or move is refused with a pointer, never a crash."""

from __future__ import annotations

import copy

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import GAME, hearts_play_state


def changed(**fields) -> dict:
    state = hearts_play_state()
    for key, value in fields.items():
        if value is DROP:
            state.pop(key)
        else:
            state[key] = value
    return state


DROP = object()
GOOD = hearts_play_state()

STATES = [
    ("not an object", [1, 2], ("state",)),
    ("unknown field", changed(trump="H"), ("state", "trump")),
    ("dealer missing", changed(dealer=DROP), ("state", "dealer")),
    ("dealer a string", changed(dealer="0"), ("state", "dealer")),
    ("dealer a bool", changed(dealer=True), ("state", "dealer")),
    ("dealer out of range", changed(dealer=-1), ("state", "dealer")),
    ("upcard missing", changed(upcard=DROP), ("state", "upcard")),
    ("upcard not a card", changed(upcard="1H"), ("state", "upcard")),
    ("upcard a number", changed(upcard=9), ("state", "upcard")),
    ("hands not a list", changed(hands="AH KH"), ("state", "hands")),
    ("three hands", changed(hands=GOOD["hands"][:3]), ("state", "hands")),
    ("huge hand", changed(hands=[["AH"] * 10_000] + GOOD["hands"][1:]), ("state", "hands", 0)),
    ("hidden hand with junk", changed(hands=[{"count": 5, "x": 1}] + GOOD["hands"][1:]), ("state", "hands", 0)),
    ("hidden hand negative", changed(hands=[{"count": -1}] + GOOD["hands"][1:]), ("state", "hands", 0, "count")),
    ("card is nested junk", changed(hands=[[["AH"]], *GOOD["hands"][1:]]), ("state", "hands", 0)),
    ("bidding not a list", changed(bidding={"seat": 1}), ("state", "bidding")),
    ("bid not an object", changed(bidding=["pass"]), ("state", "bidding", 0)),
    ("bid unknown type", changed(bidding=[{"seat": 1, "type": "bet"}]), ("state", "bidding", 0, "type")),
    ("bid alone not bool", changed(bidding=[{"seat": 1, "type": "order_up", "alone": "yes"}]),
     ("state", "bidding", 0, "alone")),
    ("bid from the wrong seat", changed(bidding=[{"seat": 3, "type": "order_up"}]), ("state", "bidding", 0, "seat")),
    ("call without suit", changed(bidding=[{"seat": 1, "type": "call"}]),
     ("state", "bidding", 0)),
    ("call with a bad suit", changed(bidding=[{"type": "pass"}] * 4 + [{"type": "call", "suit": "X"}]),
     ("state", "bidding", 4, "suit")),
    ("too many bids", changed(bidding=[{"type": "pass"}] * 50), ("state", "bidding")),
    ("pass with alone", changed(bidding=[{"type": "pass", "alone": True}]), ("state", "bidding", 0, "alone")),
    ("discard not a card", changed(dealer_discard=["8S"]), ("state", "dealer_discard")),
    ("tricks not a list", changed(tricks={"leader": 1}), ("state", "tricks")),
    ("trick leader junk", changed(tricks=[{"leader": "1", "cards": ["AH", "JD", "10H", "9H"]}]),
     ("state", "tricks", 0, "leader")),
    ("too many tricks", changed(tricks=[{"leader": 1, "cards": []}] * 9), ("state", "tricks")),
    ("current trick not an object", changed(current_trick=["AH"]), ("state", "current_trick")),
    ("current trick full", changed(current_trick={"leader": 1, "cards": ["AH", "JD", "10H", "9H"]}),
     ("state", "current_trick", "cards")),
    ("score of three", changed(score=[1, 2, 3]), ("state", "score")),
    ("score negative", changed(score=[-1, 2]), ("state", "score", 0)),
    ("score a float", changed(score=[1.5, 2]), ("state", "score", 0)),
]


@pytest.mark.parametrize("name,state,pointer", STATES, ids=[s[0] for s in STATES])
def test_euchre_malformed_state_is_refused_with_a_pointer(name, state, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves({"game": GAME, "state": copy.deepcopy(state)})
    assert caught.value.problems[0].pointer[:len(pointer)] == pointer


MOVES = [
    ("not an object", "play:AH", ("move",)),
    ("no type", {"card": "AH"}, ("move", "type")),
    ("unknown type", {"type": "bet"}, ("move", "type")),
    ("type not a string", {"type": ["play"]}, ("move", "type")),
    ("play without card", {"type": "play"}, ("move", "card")),
    ("card not a card", {"type": "play", "card": "ZZ"}, ("move", "card")),
    ("card a dict", {"type": "play", "card": {"code": "AH"}}, ("move", "card")),
    ("unknown field", {"type": "play", "card": "AH", "face": "up"}, ("move", "face")),
    ("alone on a play", {"type": "play", "card": "AH", "alone": True}, ("move", "alone")),
    ("seat out of range", {"type": "play", "card": "AH", "seat": 4}, ("move", "seat")),
    ("seat a float", {"type": "play", "card": "AH", "seat": 1.0}, ("move", "seat")),
    ("call without suit", {"type": "call"}, ("move", "suit")),
    ("call with a number suit", {"type": "call", "suit": 3}, ("move", "suit")),
    ("order up alone not bool", {"type": "order_up", "alone": 1}, ("move", "alone")),
]


@pytest.mark.parametrize("name,move,pointer", MOVES, ids=[m[0] for m in MOVES])
def test_euchre_malformed_move_is_refused_with_a_pointer(name, move, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.validate_move({"game": GAME, "state": hearts_play_state(), "move": move})
    assert caught.value.problems[0].pointer == pointer


@pytest.mark.parametrize("options,pointer", [
    ({"deck": 25}, ("options", "deck")),
    ({"deck": "36"}, ("options", "deck")),
    ({"target": 100}, ("options", "target")),
    ({"stick_the_dealer": "yes"}, ("options", "stick_the_dealer")),
    ({"dealer_exchange_when_partner_alone": "sometimes"}, ("options", "dealer_exchange_when_partner_alone")),
    ({"jokers": 1}, ("options", "jokers")),
])
def test_euchre_malformed_options_are_refused_with_a_pointer(options, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves({"game": GAME, "options": options, "state": hearts_play_state()})
    assert caught.value.problems[0].pointer == pointer
