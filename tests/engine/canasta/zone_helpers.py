"""Positions with zones beside the hands (feet, kitties) for Canasta entries played through the engine."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.checks import judge_seen
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.reachable import check_reachable
from rules_engine.games.canasta.state import dump_state, read_state

from .helpers import DECK

ZONE = 11         # the cards of a hand, foot or kitty filled by AUTO
AUTO = "auto"     # a hand, foot or kitty of `ZONE` cards taken from what the deck has left


def zones_position(hands: list, *, melds: list, turn: dict, feet: list | None = None, kitties: list | None = None,
                   discard: list[str] | None = None, melded_before: list[bool] | None = None,
                   red_threes: list | None = None, **fields) -> dict:
    """A four-seat position: hands, feet and kitties given, AUTO or {"count": n}; the stock holds the rest
    (a count when anything is hidden); `melds` are card lists per side."""
    discard = discard if discard is not None else ["5C", "8H"]
    red_threes = red_threes or [[], []]
    zones = hands + (feet or []) + (kitties or [])
    shown = Counter(discard)
    for zone in zones:
        if type(zone) is list:
            shown.update(zone)
    for side in melds:
        for cards in side:
            shown.update(cards)
    for threes in red_threes:
        shown.update(threes)
    assert not shown - DECK, f"more copies than the deck holds: {shown - DECK}"
    pool = sorted((DECK - shown).elements(), key=lambda c: (c in ("3D", "3H"), c))

    def fill(zone):
        if zone != AUTO:
            return zone
        taken, pool[:] = pool[:ZONE], pool[ZONE:]
        return taken

    state = {"players": 4, "dealer": 3, "hands": [fill(h) for h in hands]}
    if feet is not None:
        state["feet"] = [fill(f) for f in feet]
    if kitties is not None:
        state["kitties"] = [fill(k) for k in kitties]
    hidden = sum(z["count"] for z in state["hands"] + state.get("feet", []) + state.get("kitties", [])
                 if type(z) is dict)
    state.update({"stock": {"count": len(pool) - hidden} if hidden else pool, "discard": discard,
                  "melds": [[{"cards": cards} for cards in side] for side in melds], "red_threes": red_threes,
                  "melded_before": melded_before or [True, True, False, False], "turn": turn})
    state.update(fields)
    return state


def read(cfg, raw: dict):
    """A position read and checked as the service reads it."""
    state = read_state(cfg, raw, [])
    check_reachable(cfg, state)
    return state


def verdict(cfg, raw: dict, move: dict) -> tuple[list[str], list[str]]:
    """The rules a move breaks, and those left unverified."""
    violations, _, unverified = judge_seen(cfg, read(cfg, raw), read_move(move, 4))
    return [v.rule for v in violations], unverified


def play(cfg, raw: dict, move: dict):
    """The position and events after a move."""
    return apply(cfg, read(cfg, raw), read_move(move, 4))


def refusal(cfg, raw: dict) -> tuple[tuple, str | None]:
    """Where and by which rule a position is refused."""
    with pytest.raises(InvalidRequest) as caught:
        read(cfg, raw)
    problem = caught.value.problems[0]
    return problem.pointer, problem.rule


def play_out(cfg, seed: int, rng, steps: int, counted: tuple[str, ...]):
    """A hand dealt with `seed` and played by random legal moves (melding first) until it is over or `steps` moves
    are made, each position asserted to read back as written: the last state, and how many events of the
    `counted` types came."""
    state, _ = deal(cfg, 4, seed, {})
    events_seen = 0
    for _ in range(steps):
        moves, _ = legal_moves(cfg, state)
        if not moves:
            break
        melding = [m for m in moves if m["type"] not in ("discard", "draw")]
        move = rng.choice(melding or moves)
        state, events = apply(cfg, state, read_move({k: v for k, v in move.items()
                                                     if k not in ("code", "rules", "opening")}, 4))
        events_seen += sum(event["type"] in counted for event in events)
        dumped = dump_state(state)
        assert dump_state(read(cfg, dumped)) == dumped
        if state.over:
            break
    return state, events_seen
