"""Realistic positions for every game, made by dealing and playing random legal moves."""

from __future__ import annotations

import random

from rules_engine import answers
from rules_engine.registry import GAMES


def positions(game: str, count: int, seed: int = 0, players: int | None = None) -> list[dict]:
    """`count` request bodies of positions where someone is to act, spread over whole hands."""
    chooser = random.Random(seed)
    variant = GAMES[game].variants[0]
    found: list[dict] = []
    deal_seed = seed
    while len(found) < count:
        deal_seed += 1
        seats = players or variant.default_players or variant.min_players
        state = answers.deal({"game": game, "players": seats, "seed": deal_seed})["state"]
        path = []
        while True:
            listed = answers.legal_moves({"game": game, "state": state})
            if listed["to_act"] is None or not listed["moves"]:
                break
            path.append(state)
            move = chooser.choice(listed["moves"])
            state = answers.apply_move({"game": game, "state": state, "move": move})["state"]
        chooser.shuffle(path)
        found.extend({"game": game, "state": s} for s in path[: max(1, count // 8)])
    return found[:count]


def finished(game: str, count: int, seed: int = 0) -> list[dict]:
    """`count` request bodies of positions where the hand is over, for /score."""
    chooser = random.Random(seed)
    variant = GAMES[game].variants[0]
    found = []
    for deal_seed in range(seed, seed + count):
        seats = variant.default_players or variant.min_players
        state = answers.deal({"game": game, "players": seats, "seed": deal_seed})["state"]
        while True:
            listed = answers.legal_moves({"game": game, "state": state})
            if listed["to_act"] is None or not listed["moves"]:
                break
            state = answers.apply_move({"game": game, "state": state, "move": chooser.choice(listed["moves"])})["state"]
        found.append({"game": game, "state": state})
    return found
