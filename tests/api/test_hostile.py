"""Hostile and impossible requests for every game, made by generic mutations of its own example.

Each is answered 4xx with errors pointing into the body, never 5xx, never a stack trace, and
nothing is cached.
"""

from __future__ import annotations

import copy

import pytest

from rules_engine.cards import CANONICAL
from rules_engine.registry import GAMES

from .every_game import mid_hand_state

DEEP = []
for _ in range(300):
    DEEP = [DEEP]


def card_lists(node, path=()):
    """Paths of every non-empty list of card codes inside a JSON value."""
    if isinstance(node, list) and node and all(isinstance(c, str) and c in CANONICAL for c in node):
        yield path
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from card_lists(item, path + (index,))
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from card_lists(item, path + (key,))


def int_fields(node, path=()):
    """Paths of every integer inside a JSON value."""
    if type(node) is int:
        yield path
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from int_fields(item, path + (index,))
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from int_fields(item, path + (key,))


def put(document, path, value):
    """A copy of the document with the value at path replaced."""
    changed = copy.deepcopy(document)
    node = changed
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return changed


def cases_for(game: str) -> list[tuple[str, str, dict]]:
    state = mid_hand_state(game, seed=9, moves=2)
    move = GAMES[game].examples()["move"]
    base = {"game": game, "state": state}
    lists = list(card_lists(state))
    ints = list(int_fields(state))
    first_list = lists[0]
    cases = [
        ("state is a list", "/legal-moves", {**base, "state": [state]}),
        ("state is missing", "/legal-moves", {"game": game}),
        ("state is null", "/legal-moves", {**base, "state": None}),
        ("unknown state field", "/legal-moves", {**base, "state": {**state, "x_unknown": 1}}),
        ("deep nesting in the state", "/legal-moves", {**base, "state": put(state, first_list, DEEP)}),
        ("unknown card code", "/legal-moves", {**base, "state": put(state, first_list + (0,), "ZZ")}),
        ("unicode look-alike card code", "/legal-moves", {**base, "state": put(state, first_list + (0,), "Q\u0405")}),
        ("fullwidth card code", "/legal-moves", {**base, "state": put(state, first_list + (0,), "\uff31S")}),
        ("card as a number", "/legal-moves", {**base, "state": put(state, first_list + (0,), 12)}),
        ("card as an empty string", "/legal-moves", {**base, "state": put(state, first_list + (0,), "")}),
        ("card as an object", "/legal-moves", {**base, "state": put(state, first_list + (0,), {"card": "AS"})}),
        ("huge card list", "/legal-moves", {**base, "state": put(state, first_list, ["AS"] * 20000)}),
        ("one card beyond its copies everywhere", "/legal-moves",
         {**base, "state": _all_lists(state, lists, lambda cards: ["AS"] * len(cards))}),
        ("unknown option", "/legal-moves", {**base, "options": {"no_such_option": True}}),
        ("options is a list", "/legal-moves", {**base, "options": ["x"]}),
        ("unknown variant", "/legal-moves", {**base, "variant": "no-such-variant"}),
        ("variant as a number", "/legal-moves", {**base, "variant": 3}),
        ("game as a list", "/legal-moves", {**base, "game": [game]}),
        ("move is missing", "/validate-move", base),
        ("move is a string", "/validate-move", {**base, "move": "play"}),
        ("move of an unknown type", "/validate-move", {**base, "move": {"type": "teleport"}}),
        ("move with an unknown field", "/apply-move", {**base, "move": {**move, "x_unknown": 1}}),
        ("move type as a number", "/apply-move", {**base, "move": {**move, "type": 7}}),
        ("deal with negative players", "/deal", {"game": game, "players": -1, "seed": 1}),
        ("deal with a huge seed", "/deal", {"game": game, "seed": 2**80}),
        ("deal with a float seed", "/deal", {"game": game, "seed": 1.5}),
        ("explain an unknown rule", "/explain", {"rule_id": f"{game}.no.such.rule"}),
        ("explain with a move but no state", "/explain", {"game": game, "move": move}),
    ]
    for option in GAMES[game].options[:2]:
        cases.append((f"option {option.name} of the wrong type", "/legal-moves", {**base, "options": {option.name: {"x": [1]}}}))
    for path in ints[:4]:
        cases.append((f"negative {'.'.join(map(str, path))}", "/legal-moves", {**base, "state": put(state, path, -1)}))
        cases.append((f"huge {'.'.join(map(str, path))}", "/legal-moves", {**base, "state": put(state, path, 10**30)}))
        cases.append((f"text for {'.'.join(map(str, path))}", "/legal-moves", {**base, "state": put(state, path, "1")}))
    for key in list(state)[:6]:
        cases.append((f"nested junk for {key}", "/legal-moves", {**base, "state": {**state, key: {"a": [[{"b": None}]]}}}))
    return cases


def _all_lists(state, lists, change):
    changed = state
    for path in lists:
        node = changed
        for part in path:
            node = node[part]
        changed = put(changed, path, change(node))
    return changed


CASES = [(game, *case) for game in GAMES for case in cases_for(game)]


def test_catalogue_holds_at_least_fifty_requests():
    assert len(CASES) >= 50


@pytest.mark.parametrize("game,name,endpoint,body", CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_hostile_request_is_a_clear_4xx(client, app, game, name, endpoint, body):
    answer = client.post(endpoint, json=body)
    text = answer.get_data(as_text=True)
    assert 400 <= answer.status_code < 500, text
    payload = answer.get_json()
    assert payload["code"] == answer.status_code and payload["message"]
    assert "Traceback" not in text and "File \"" not in text
    assert payload.get("errors", {}).get("json"), payload
    assert app.extensions["cardref.cache"]._items == {}


def test_body_over_the_limit_is_413_for_every_game(client):
    for game in GAMES:
        answer = client.post("/legal-moves", json={"game": game, "state": {"hands": [["AS"] * 60000]}})
        assert answer.status_code == 413
        assert answer.get_json()["errors"]["json"]["_schema"]
