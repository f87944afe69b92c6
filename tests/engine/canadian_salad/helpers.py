"""Positions for Canadian Salad tests, built by the engine's own deal and moves."""

from __future__ import annotations

from rules_engine import answers

GAME = "canadian-salad"


def body(state: dict, move: dict | None = None, **options) -> dict:
    """A request body as a client would send it."""
    request = {"game": GAME, "state": state, "options": options}
    if move is not None:
        request["move"] = move
    return request


def dealt(players: int = 4, seed: int = 1, **setup) -> dict:
    """A freshly dealt state."""
    return answers.deal({"game": GAME, "players": players, "seed": seed, "setup": setup})["state"]


def play(state: dict, card: str, **options) -> dict:
    """The state after playing a card."""
    return answers.apply_move(body(state, {"type": "play", "card": card}, **options))["state"]


def play_out(state: dict, choose=lambda moves: moves[0], **options) -> dict:
    """Play legal moves until the hand is over."""
    while True:
        listed = answers.legal_moves(body(state, **options))
        if listed["to_act"] is None:
            return state
        state = play(state, choose(listed["moves"])["card"], **options)


def fixed_state(hands: list, tricks: list | None = None, current: dict | None = None, **fields) -> dict:
    """A four-player state from explicit hands (13 cards each when no trick is played)."""
    state = {"players": 4, "hand_number": 1, "dealer": 3, "hands": hands, "tricks": tricks or []}
    if current is not None:
        state["current_trick"] = current
    state.update(fields)
    return state
