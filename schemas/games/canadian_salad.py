"""Canadian Salad: the state, the move and the deal set-up, for each player count."""

from __future__ import annotations

from functools import cache

from marshmallow import Schema, fields

from rules_engine.games.canadian_salad.game import hand_size_for

from ..fields import card, const, echoed, hand, integer, per_entry, seat, shape
from .tricks import trick_fields


def _score(players: int) -> fields.List:
    return per_entry(integer(0, 10**6), players, allow_none=True,
                     metadata={"description": "Penalty points of the earlier hands, per seat."})


@cache
def state(players: int) -> type[Schema]:
    """A position of a hand for `players` players."""
    return shape(f"CanadianSalad{players}PlayerState", f"A Canadian Salad position with {players} players.", {
        "players": const(players, required=True),
        "hand_number": integer(1, 6, metadata={"description": "Which of the six hands (contracts); default 1."}),
        "dealer": seat(players, required=True),
        "hands": per_entry(hand(hand_size_for(players)), players, required=True),
        **trick_fields(players, hand_size_for(players)),
        "score": _score(players),
    })


@cache
def move() -> type[Schema]:
    """Playing a card."""
    return shape("CanadianSaladMove", "Play a card to the current trick.", {
        "type": const("play", required=True),
        "card": card(required=True),
        "seat": integer(0, 5, allow_none=True, metadata={"description": "Checked when given."}),
        **echoed(),
    })


@cache
def setup(players: int) -> type[Schema]:
    """What a deal may fix beforehand."""
    return shape(f"CanadianSalad{players}PlayerSetup", "Which hand to deal, who deals, the score so far.", {
        "hand_number": integer(1, 6),
        "dealer": seat(players),
        "score": _score(players),
    })
