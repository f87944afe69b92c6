"""Requests built for every registered game from its own deal and examples, with no per-game code."""

from __future__ import annotations

import random

from rules_engine import answers
from rules_engine.registry import GAMES


def default_players(game: str) -> int:
    """The usual player count of a game's default variant."""
    variant = GAMES[game].variants[0]
    return variant.default_players or variant.min_players


def play_random_hand(post, game: str, seed: int, players: int | None = None, variant: str | None = None,
                     options: dict | None = None, check_every_move: bool = True, limit: int = 2000):
    """Play one hand through `post(endpoint, body) -> (status, json)` with random legal moves.

    Checks on the way that every listed move is accepted by /validate-move and that /apply-move
    takes it; returns the final state and the number of moves made.
    """
    chooser = random.Random(seed)
    envelope = {"game": game, "options": options or {}}
    if variant:
        envelope["variant"] = variant
    status, dealt = post("/deal", {**envelope, "players": players or default_players(game), "seed": seed})
    assert status == 200, dealt
    state = dealt["state"]
    for made in range(limit):
        status, listed = post("/legal-moves", {**envelope, "state": state})
        assert status == 200, listed
        if listed["to_act"] is None:
            assert listed["moves"] == []
            return state, made
        assert listed["moves"], f"{game}: seat {listed['to_act']} is to act but has no legal move"
        codes = [m["code"] for m in listed["moves"]]
        assert len(codes) == len(set(codes)), "move codes must be unique"
        for move in (listed["moves"] if check_every_move else chooser.sample(listed["moves"], min(3, len(listed["moves"])))):
            assert move["rules"] and all(rule.startswith(game + ".") for rule in move["rules"])
            status, verdict = post("/validate-move", {**envelope, "state": state, "move": move})
            assert status == 200 and verdict["legal"] is True, (move, verdict)
        move = chooser.choice(listed["moves"])
        status, applied = post("/apply-move", {**envelope, "state": state, "move": move})
        assert status == 200, (move, applied)
        state = applied["state"]
    raise AssertionError(f"{game}: the hand did not end within {limit} moves")


def example_bodies(game: str) -> dict:
    """The game's own example request parts (state, move, setup, ...)."""
    return GAMES[game].examples()


def mid_hand_state(game: str, seed: int = 5, moves: int = 3) -> dict:
    """A state a few random legal moves into a fresh deal."""
    chooser = random.Random(seed)
    state = answers.deal({"game": game, "players": default_players(game), "seed": seed})["state"]
    for _ in range(moves):
        listed = answers.legal_moves({"game": game, "state": state})
        if listed["to_act"] is None:
            break
        state = answers.apply_move({"game": game, "state": state, "move": chooser.choice(listed["moves"])})["state"]
    return state
