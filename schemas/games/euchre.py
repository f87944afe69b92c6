"""Euchre: the state (bidding, the dealer's exchange, the play), the moves and the deal set-up."""

from __future__ import annotations

from functools import cache

from marshmallow import Schema, fields, validate

from rules_engine.games.euchre.bidding import MAX_BIDS

from ..fields import SUIT_PATTERN, OneOf, card, const, echoed, hand, integer, per_entry, seat, shape
from .tricks import trick_fields

PLAYERS = 4
SEAT_GIVEN = {"description": "The seat making the move; checked when given."}


def _suit(**kwargs) -> fields.String:
    return fields.String(validate=validate.Regexp(SUIT_PATTERN), metadata={"example": "H"}, **kwargs)


def _alone() -> fields.Boolean:
    return fields.Boolean(allow_none=True, metadata={"description": "Going alone; default false."})


# The fields of each move type, beside "type" and "seat"; a recorded bid has the same fields.
_MOVE_FIELDS = {
    "pass": {},
    "order_up": {"alone": _alone},
    "call": {"suit": lambda: _suit(required=True), "alone": _alone},
    "discard": {"card": lambda: card(metadata={"description": "The card put out of play. Required when the dealer's "
                                                              "hand is shown; a hidden hand's discard, made face "
                                                              "down, may leave it out."})},
    "play": {"card": lambda: card(required=True)},
    "defend_alone": {},
}
BID_TYPES = ("pass", "order_up", "call", "defend_alone")


def _title(kind: str) -> str:
    return "".join(part.title() for part in kind.split("_"))


@cache
def move_type(kind: str) -> type[Schema]:
    """One type of move."""
    return shape(f"Euchre{_title(kind)}Move", f"A Euchre {kind.replace('_', ' ')} move.", {
        "type": const(kind, required=True),
        "seat": seat(PLAYERS, allow_none=True, metadata=SEAT_GIVEN),
        **{name: make() for name, make in _MOVE_FIELDS[kind].items()},
        **echoed(),
    })


@cache
def bid_type(kind: str) -> type[Schema]:
    """One recorded bid."""
    return shape(f"Euchre{_title(kind)}Bid", f"A recorded {kind.replace('_', ' ')} bid.", {
        "type": const(kind, required=True),
        "seat": seat(PLAYERS, allow_none=True, metadata=SEAT_GIVEN),
        **{name: make() for name, make in _MOVE_FIELDS[kind].items()},
    })


def move() -> OneOf:
    """Any Euchre move."""
    return OneOf(*[fields.Nested(move_type(kind)) for kind in _MOVE_FIELDS], required=True)


def _score() -> fields.List:
    return per_entry(integer(0), 2, allow_none=True,
                     metadata={"description": "The game score per team before this hand, each below the target."})


@cache
def _face_down() -> type[Schema]:
    return shape("EuchreFaceDownDiscard", "The dealer's discard, made face down: one card, unseen.", {
        "count": integer(1, 1, required=True)})


@cache
def state(players: int = PLAYERS) -> type[Schema]:
    """A position of one hand."""
    return shape("EuchreState", "A Euchre position: the upcard, the bidding, the dealer's discard and the play.", {
        "dealer": seat(PLAYERS, required=True),
        "upcard": card(required=True),
        "hands": per_entry(hand(6), PLAYERS, required=True,
                           metadata={"description": "Five cards each; the dealer holds six between taking "
                                                    "the upcard and discarding."}),
        "bidding": fields.List(OneOf(*[fields.Nested(bid_type(kind)) for kind in BID_TYPES]),
                               validate=validate.Length(max=MAX_BIDS), allow_none=True),
        "dealer_discard": OneOf(card(), fields.Nested(_face_down()), allow_none=True, metadata={
            "description": "The card the dealer put out of play after taking the upcard; {\"count\": 1} when it "
                           "was discarded face down, unseen by the player the state is for."}),
        **trick_fields(PLAYERS, 5),  # five cards dealt to each hand
        "score": _score(),
    })


@cache
def setup(players: int = PLAYERS) -> type[Schema]:
    """What a deal may fix beforehand."""
    return shape("EuchreSetup", "Who deals, the game score so far, and how the cards are dealt.", {
        "dealer": seat(PLAYERS),
        "score": _score(),
        "batches": fields.String(validate=validate.OneOf(["3-2", "2-3"])),
    })
