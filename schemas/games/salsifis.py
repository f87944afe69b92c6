"""Salsifis: the state, the three moves and the deal set-up, for each player count."""

from __future__ import annotations

from functools import cache

from marshmallow import Schema, fields, validate

from rules_engine.games.salsifis.moves import MAX_CALLS, MAX_TEXT
from rules_engine.games.salsifis.state import MAX_PENALTY, PILE_LIMIT

from ..fields import AnyOf, OneOf, card, cards, const, echoed, hand, integer, per_entry, seat, shape

TURNS = 5
MAX_SEATS = 5


@cache
def placement(players: int) -> type[Schema]:
    """A card put face down by a packet this turn."""
    return shape(f"Salsifis{players}PlayerPlacement", "A seat's card, face down by packet 0 or 1.", {
        "seat": seat(players, required=True),
        "packet": integer(0, 1, required=True),
        "card": card(allow_none=True, metadata={"description": "null while the card is not disclosed."}),
    })


@cache
def share(players: int) -> type[Schema]:
    """A stake shared by several seats."""
    return shape(f"Salsifis{players}PlayerShare", "A stake whose points several seats share.", {
        "seats": fields.List(seat(players), required=True),
        "cards": cards(PILE_LIMIT, required=True),
    })


def _per_seat(field: fields.Field, players: int, description: str) -> fields.List:
    return per_entry(field, players, allow_none=True, metadata={"description": description})


def state(players: int, five_player_turns: int = TURNS) -> type[Schema]:
    """A position for `players` players (five play `five_player_turns` turns under the option in force)."""
    return _state(players, five_player_turns if players == 5 else TURNS)


@cache
def _state(players: int, turns: int) -> type[Schema]:
    name = f"Salsifis{players}Player{'' if turns == TURNS else f'{turns}Turn'}State"
    return shape(name, f"A Salsifis position with {players} players and {turns} turns.", {
        "players": const(players, required=True),
        "turn": integer(1, turns, required=True),
        "dealer": seat(players),
        "hands": per_entry(hand(PILE_LIMIT), players, required=True),
        "packets": OneOf(fields.List(cards(PILE_LIMIT), validate=validate.Length(equal=0)),
                         fields.List(cards(PILE_LIMIT), validate=validate.Length(equal=2)), required=True,
                         metadata={"description": "This turn's two face-up packets; none once the game is over. While "
                                                  "the heap still holds this turn's cards (phase lay_out), each holds "
                                                  "only cards carried over, usually none."}),
        "heap": hand(PILE_LIMIT, allow_none=True, metadata={"description": (
            "The face-down cards of the later turns, top card first, or {\"count\": n} as a player sees it. It "
            "holds this turn's packets too until they are laid out (phase lay_out).")}),
        "placements": fields.List(fields.Nested(placement(players)), allow_none=True),
        "won": _per_seat(hand(PILE_LIMIT), players, "The cards each seat has won."),
        "shared": fields.List(fields.Nested(share(players)), allow_none=True),
        "discarded": hand(PILE_LIMIT, allow_none=True),
        "penalties": _per_seat(integer(0, MAX_PENALTY), players, "Formula penalties per seat."),
        "alone_streak": _per_seat(integer(0, turns, allow_none=True), players,
                                  "Lone turns in a row per seat; null where unknown (left out: every seat's)."),
    })


NULL_ONLY = {"enum": [None], "description": "Left out, or null, in this form of formula."}


@cache
def _call(kind: str) -> type[Schema]:
    """A formula in one of its three forms; the other forms' fields are left out or null."""
    said = {
        "names": fields.List(card(), validate=validate.Length(max=10), required=kind == "names",
                             allow_none=kind != "names", metadata={"description": "The cards named, in order."}),
        "soup": fields.Boolean(validate=validate.OneOf([True]), required=kind == "soup", allow_none=kind != "soup",
                               metadata={"description": "true: the formula was \"salsifis soup\"."}),
        "text": fields.String(validate=validate.Length(max=MAX_TEXT), required=kind == "text",
                              allow_none=kind != "text",
                              metadata={"description": "The formula as said, e.g. \"King of Clubs, salsifis\"."}),
    }
    for other in ("names", "soup"):
        if other != kind:
            said[other] = fields.Raw(allow_none=True, metadata=NULL_ONLY)
    return shape(f"Salsifis{kind.title()}Call", f"A formula said at the reveal, given by its {kind}.", {
        "seat": integer(0, MAX_SEATS - 1, required=True),
        **said,
        "simultaneous": fields.Boolean(metadata={"description": "Said at the same moment as the formula before it."}),
    })


@cache
def place() -> type[Schema]:
    """Putting a card face down by a packet."""
    return shape("SalsifisPlaceMove", "Put a card face down by packet 0 or 1.", {
        "type": const("place", required=True),
        "card": card(allow_none=True, metadata={"description": (
            "The card put down. Required when the seat's hand is shown; a seat whose hand is hidden may put its card "
            "down unseen (left out or null), and a card named for it leaves its count.")}),
        "packet": integer(0, 1, required=True),
        "seat": integer(0, MAX_SEATS - 1, allow_none=True,
                        metadata={"description": "Any seat may place; omitted means the seat to act."}),
        **echoed(),
    })


@cache
def resolve() -> type[Schema]:
    """The reveal."""
    return shape("SalsifisResolveMove", "Reveal the placed cards, with the formulas said, in order.", {
        "type": const("resolve", required=True),
        "calls": fields.List(AnyOf(*[fields.Nested(_call(kind)) for kind in ("names", "soup", "text")]),
                             validate=validate.Length(max=MAX_CALLS)),
        "revealed": fields.List(fields.Nested(revealed()), validate=validate.Length(max=MAX_SEATS), allow_none=True,
                                metadata={"description": "The cards turned over that the state shows face down "
                                                         "(card null): one per such placement."}),
        **echoed(),
    })


@cache
def revealed() -> type[Schema]:
    """A card turned over at the reveal."""
    return shape("SalsifisRevealedCard", "The card a seat had face down, seen at the reveal.", {
        "seat": integer(0, MAX_SEATS - 1, required=True),
        "card": card(required=True),
    })


@cache
def lay_out() -> type[Schema]:
    """Laying out a turn's packets."""
    return shape("SalsifisLayOutMove", (
        "The dealer lays out the turn's packets from the heap: the move of phase lay_out, whose to_act is the "
        "dealer. It comes only where the heap is hidden ({\"count\": n}), after the reveal that ended the turn "
        "before: the client names the cards it sees laid (a chance step), which leave the heap's count. From a "
        "shown heap the reveal lays the packets out itself."), {
        "type": const("lay_out", required=True),
        "packets": fields.List(cards(PILE_LIMIT), validate=validate.Length(equal=2), allow_none=True, metadata={
            "description": "The cards laid from the heap by packet 0 and packet 1 (three and three, other sizes "
                           "under the five-player readings); required when the heap is hidden, else its top "
                           "cards."}),
        **echoed(),
    })


def move() -> OneOf:
    """Any Salsifis move."""
    return OneOf(fields.Nested(place()), fields.Nested(resolve()), fields.Nested(lay_out()), required=True)


@cache
def setup(players: int) -> type[Schema]:
    """What a deal may fix beforehand."""
    return shape(f"Salsifis{players}PlayerSetup", "Who deals.", {"dealer": seat(players)})
