"""Tricks, as Canadian Salad and Euchre record them."""

from __future__ import annotations

from functools import cache

from marshmallow import Schema, fields, validate

from ..fields import cards, nullable, seat, shape


@cache
def done_trick(players: int) -> type[Schema]:
    """A finished trick: who led it, its cards in the order played, and (checked when given) who won it."""
    return shape(f"Trick{players}Seats", "A finished trick: its leader, its cards in playing order, its winner.", {
        "leader": seat(players, required=True),
        "cards": cards(players),
        "winner": seat(players, allow_none=True, metadata={"description": "Checked when given."}),
    })


@cache
def current_trick(players: int) -> type[Schema]:
    """The trick under way."""
    return shape(f"CurrentTrick{players}Seats", "The trick under way: its leader and the cards played so far.", {
        "leader": seat(players, required=True),
        "cards": cards(players),
    })


def trick_fields(players: int, most_tricks: int) -> dict:
    """The tricks played (at most one per card dealt to a hand) and the trick under way."""
    return {
        "tricks": fields.List(fields.Nested(done_trick(players)), validate=validate.Length(max=most_tricks),
                              metadata={"description": "Finished tricks, first first."}),
        "current_trick": nullable(current_trick(players)),
    }
