"""Requests to the service for the Canadian Salad rule tests: one call per endpoint, and random play."""

from __future__ import annotations

import random
from collections.abc import Iterator

GAME = "canadian-salad"


def post(client, path: str, state: dict, move: dict | None = None, **options) -> dict:
    """POST a Canadian Salad request and answer its JSON body, checking it is a 200."""
    answer = client.post(path, json=request(state, move, **options))
    assert answer.status_code == 200, (path, answer.get_json())
    return answer.get_json()


def request(state: dict, move: dict | None = None, **options) -> dict:
    """The envelope a client sends."""
    body = {"game": GAME, "state": state, "options": options}
    if move is not None:
        body["move"] = move
    return body


def positions(client, state: dict, rng: random.Random, **options) -> Iterator[tuple[dict, dict]]:
    """Every position of a hand played with random legal moves: (state, its /legal-moves answer), the last one over."""
    while True:
        listed = post(client, "/legal-moves", state, **options)
        yield state, listed
        if listed["to_act"] is None:
            return
        move = rng.choice(listed["moves"])
        state = post(client, "/apply-move", state, {"type": "play", "card": move["card"]}, **options)["state"]


def played_out(client, state: dict, rng: random.Random, **options) -> dict:
    """The final state of a hand played with random legal moves."""
    for state, _ in positions(client, state, rng, **options):
        pass
    return state


def hidden_but(state: dict, seat: int) -> dict:
    """The state as `seat` sees it: every other hand shown only as its number of cards."""
    hands = [hand if i == seat else {"count": len(hand)} for i, hand in enumerate(state["hands"])]
    return {**state, "hands": hands}
