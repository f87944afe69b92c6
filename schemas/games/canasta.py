"""Canasta: the state of a hand in every phase, the moves and the deal set-up, for each table size.

docs/canasta-state.md shows a complete state for every phase.
"""

from __future__ import annotations

from functools import cache

from marshmallow import Schema, fields, validate

from rules_engine.games.canasta.moves import MAX_MELDS_PER_MOVE
from rules_engine.games.canasta.state import MAX_STARTED, PENALTY_FIELDS
from rules_engine.games.canasta.game_length import MAX_ROUNDS, by_rounds
from rules_engine.games.canasta.variants import ENTRIES, TABLE

from ..fields import AnyOf, OneOf, card, cards, const, echoed, hand, integer, per_entry, seat, shape

SCORE_LIMIT = 10**7
# No list in a position or move holds more cards than the largest deck of the variants served.
CARD_LIMIT = max(entry.deck.size for entry in TABLE.values())
# /validate-meld judges melds of every variant with one shape: a meld holds no more than the smallest deck.
MELD_CARD_LIMIT = min(entry.deck.size for entry in ENTRIES.values())


def sides_for(variant: str, players: int) -> int:
    """How many sides play in a variant at this table size."""
    return TABLE[variant].sides_for(players)


def _meld_kind() -> fields.String:
    return fields.String(validate=validate.OneOf(["set", "sequence", "wild"]), metadata={
        "description": "\"set\"; \"sequence\" for cards of one suit in a run, where the variant has them (Samba, "
                       "Bolivia, Brazilian); \"wild\" for wild cards alone, where the variant has such melds. "
                       "Checked when given; a kind the variant lacks is refused with the rule that says so."})


# Whether a variant served names its wild cards ("as"); the field is in the spec only once one does, since
# every other variant refuses it as an unknown field.
NOMINATING = any(entry.sequences is not None and entry.sequences.nominated for entry in TABLE.values())


def _named(what: str) -> dict:
    if not NOMINATING:
        return {}
    return {"as": cards(CARD_LIMIT, metadata={
        "description": f"Only where the variant names wild cards (its sequences are nominated; refused as an "
                       f"unknown field elsewhere): the natural card each wild card {what} stands for, one for each, "
                       "in the order the wild cards are listed in `cards`. A set's are of its rank; a sequence's "
                       "of its suit, in the places its run leaves free. A sequence holding wild cards without "
                       "them is accepted only where one placing fits, and is given them."})}


@cache
def _table_meld() -> type[Schema]:
    return shape("CanastaTableMeld", "A meld on the table: its cards, and its rank (checked when given).", {
        "cards": cards(CARD_LIMIT, required=True),
        "rank": fields.Raw(metadata={"description": "The meld's rank, e.g. \"K\"; checked when given."}),
        "kind": _meld_kind(),
        **_named("in the meld"),
    })


@cache
def _penalties() -> type[Schema]:
    return shape("CanastaPenalties", "Penalties a side has incurred in this hand.", {
        name: integer(0, 1000) for name in PENALTY_FIELDS})


@cache
def _turn(players: int, phase: str) -> type[Schema]:
    doc = {"draw": "A turn before the draw.", "over": "The hand is over: how it ended.",
           "meld": "A turn after the draw (meld), or waiting for the partner's answer to the going-out "
                   "question (answer)."}[phase]
    attributes: dict = {"seat": seat(players, required=True)}
    if phase == "draw":
        attributes["phase"] = const("draw", required=True)
    elif phase == "over":
        attributes.update({
            "phase": const("over", required=True),
            "ending": fields.String(required=True, validate=validate.OneOf(["went_out", "stock_exhausted"])),
            "concealed": fields.Boolean(metadata={"description": "Went out concealed; only with went_out."}),
        })
    else:
        attributes.update({
            "phase": fields.String(required=True, validate=validate.OneOf(["meld", "answer"])),
            "drew": fields.String(validate=validate.OneOf(["stock", "pile"])),
            "melded": fields.Boolean(),
            "started": fields.List(AnyOf(fields.String(), integer(0, MAX_STARTED)), validate=validate.Length(
                max=MAX_STARTED), metadata={"description": "The melds the seat started this turn: each by its rank, "
                                            "or by its index among the side's melds where the side may hold "
                                            "several melds of a rank."}),
            "extended": fields.Boolean(),
            "question": fields.String(validate=validate.OneOf(["asked", "yes", "no"]), allow_none=True),
        })
    return shape(f"Canasta{players}Player{phase.title()}Turn", doc, attributes)


def _rounds(variant: str) -> dict:
    """The deal's number, where the variant counts deals (a game of fixed deals, or openings by deal)."""
    table = TABLE[variant]
    if not by_rounds(table):
        return {}
    return {"round": integer(1, table.game_rounds or MAX_ROUNDS,
                             metadata={"description": "The deal's number within the game; 1 when left out."})}


def _lone(variant: str, players: int) -> dict:
    """The lone seat, where the partnership forms in play (Three-hand's lone hand)."""
    if TABLE[variant].seating != "lone_hand":
        return {}
    return {"lone": seat(players, allow_none=True, metadata={
        "description": "The seat playing alone against the other two as partners: the first to take the pile, or "
                       "one going out before anybody has; null until then."})}


@cache
def state(variant: str, players: int) -> type[Schema]:
    """A position for a table of `players`."""
    sides = sides_for(variant, players)
    rounds = _rounds(variant)
    lone = _lone(variant, players)
    return shape(f"Canasta{players}Player{'Rounds' if rounds else ''}{'LoneHand' if lone else ''}State",
                 f"A Canasta position with {players} players and {sides} sides.", {
        **rounds,
        **lone,
        "players": const(players),
        "dealer": seat(players, required=True),
        "hands": per_entry(hand(CARD_LIMIT), players, required=True),
        "stock": hand(CARD_LIMIT, required=True, metadata={"description": "Next card first."}),
        "discard": cards(CARD_LIMIT, required=True, metadata={"description": "Bottom first, top last."}),
        "melds": per_entry(fields.List(fields.Nested(_table_meld())), sides),
        "red_threes": per_entry(cards(12), sides),
        "melded_before": per_entry(fields.Boolean(), players),
        "turn": OneOf(*[fields.Nested(_turn(players, phase)) for phase in ("draw", "meld", "over")], required=True),
        "score": per_entry(integer(-SCORE_LIMIT, SCORE_LIMIT), sides, allow_none=True),
        "penalties": per_entry(fields.Nested(_penalties()), sides, allow_none=True),
    })


@cache
def _move_meld() -> type[Schema]:
    return shape("CanastaMoveMeld", "A meld put down: its cards.", {
        "cards": cards(CARD_LIMIT, required=True),
        "rank": fields.Raw(metadata={"description": "Ignored: the cards decide the rank."}),
        "kind": _meld_kind(),
        **_named("in the meld"),
    })


def _melds(minimum: int = 0, **kwargs) -> fields.List:
    return fields.List(fields.Nested(_move_meld()), validate=validate.Length(min=minimum or None,
                                                                             max=MAX_MELDS_PER_MOVE), **kwargs)


# The empty values besides null and [] that also mean "no further melds".
_EMPTY = (fields.Boolean(validate=validate.OneOf([False])), fields.Integer(strict=True, validate=validate.OneOf([0])),
          fields.String(validate=validate.OneOf([""])), fields.Dict(metadata={"maxProperties": 0}))

def _drawn() -> dict:
    """The cards taken from the stock when the move completes the side's initial meld, where a variant says so."""
    return {"drawn": fields.List(card(allow_none=True), validate=validate.Length(max=CARD_LIMIT), allow_none=True,
                                 metadata={
        "description": "Only where the player completing the side's initial meld then takes cards from the stock "
                       "(Mexicana; refused elsewhere), and only on the move that completes it: the cards taken, in "
                       "order, red threes and their replacements included. With a hidden stock a seat whose hand is "
                       "shown names every card (its hand stays shown; left out, it becomes a count); a hidden seat "
                       "names only the red threes it lays out, null for the rest. With a shown stock, optional and "
                       "checked."})}


_MOVE_FIELDS = {
    "draw": lambda players: {"cards": fields.List(card(allow_none=True), validate=validate.Length(max=CARD_LIMIT),
                                          allow_none=True, metadata={
        "description": "With a hidden stock: the cards drawn, in order, red threes and their replacements "
                       "included. For a seat whose hand is hidden, null stands for each card nobody else sees; "
                       "leave `cards` out when it laid out no red three."})},
    "take_pile": lambda players: {"cards": cards(CARD_LIMIT), "meld": integer(0, 1000, allow_none=True, metadata={
        "description": "Where a side may hold several melds of a rank: the index of the side's meld the top "
                       "card joins."}), "melds": AnyOf(
        _melds(), *_EMPTY, allow_none=True,
        metadata={"description": "Further melds put down with the pile; an empty value means none."}), **_drawn()},
    "meld": lambda players: {"melds": _melds(1, required=True), **_drawn()},
    "lay_off": lambda players: {"meld": integer(0, 1000, required=True), "cards": cards(CARD_LIMIT, 1, required=True),
                        "owner": seat(players, allow_none=True, metadata={
                            "description": "Whose melds `meld` indexes, where the seating lets a seat add to melds "
                                           "another owns (a partner's); the seat's own side when left out."}),
                        **_named("added"), **_drawn()},
    "merge": lambda players: {"melds": fields.List(integer(0, 1000), required=True, validate=validate.Length(2, 2), metadata={
        "description": "The indices of the side's two melds of one rank put together: two different melds.",
        "uniqueItems": True})},
    "discard": lambda players: {"card": card(required=True)},
    "ask_go_out": lambda players: {},
    "answer_go_out": lambda players: {"yes": fields.Boolean(required=True)},
}


@cache
def move_type(players: int, kind: str) -> type[Schema]:
    """One type of move at a table of `players`."""
    title = "".join(part.title() for part in kind.split("_"))
    return shape(f"Canasta{players}Player{title}Move", f"A Canasta {kind.replace('_', ' ')} move.", {
        "type": const(kind, required=True),
        **_MOVE_FIELDS[kind](players),
        "seat": seat(players, allow_none=True, metadata={"description": "Checked when given."}),
        "opening": fields.Raw(metadata={"description": "Copied from a /legal-moves answer; ignored."}),
        **echoed(),
    })


def move(players: int) -> OneOf:
    """Any Canasta move at a table of `players`."""
    return OneOf(*[fields.Nested(move_type(players, kind)) for kind in _MOVE_FIELDS], required=True)


@cache
def setup(variant: str, players: int) -> type[Schema]:
    """What a deal may fix beforehand."""
    sides = sides_for(variant, players)
    rounds = _rounds(variant)
    return shape(f"Canasta{players}Player{'Rounds' if rounds else ''}Setup",
                 "Who deals, the game score so far, and penalties carried in.", {
        **rounds,
        "dealer": seat(players),
        "score": per_entry(integer(-SCORE_LIMIT, SCORE_LIMIT), sides, allow_none=True),
        "penalties": per_entry(fields.Nested(_deal_penalties()), sides, allow_none=True),
    })


@cache
def _deal_penalties() -> type[Schema]:
    return shape("CanastaDealPenalties", "Failed openings a side carries into the hand.",
                 {"failed_openings": integer(0, 1000)})


@cache
def meld_context() -> type[Schema]:
    """What /validate-meld judges a meld against."""
    return shape("CanastaMeldContext", "The side's situation: its score, whether this is its initial meld, "
                 "its melds on the table, whether it is going out.", {
                     "team_score": integer(-SCORE_LIMIT, SCORE_LIMIT),
                     "initial": fields.Boolean(),
                     "existing": fields.List(fields.Nested(_meld_in_list()), allow_none=True),
                     "going_out": fields.Boolean(),
                     "failed_openings": integer(0, 1000),
                     "concealed": fields.Boolean(),
                 })


@cache
def _meld_request() -> type[Schema]:
    return shape("CanastaMeld", "A meld: its cards, and the rank it is aimed at when they are all wild.", {
        "cards": cards(MELD_CARD_LIMIT, required=True),
        "rank": fields.String(allow_none=True, metadata={"description": "e.g. \"K\" or \"10\"."}),
        "onto": _onto(),
    })


def _onto() -> fields.Integer:
    return integer(0, 1000, allow_none=True, metadata={
        "description": "The index in context.existing of the meld these cards add to; without it the cards' rank "
                       "finds it where a side holds one meld of each rank."})


# A card that gives a meld its rank: a natural card or a black three (not a wild card or a red three).
RANKED_CARD = r"^(?:(?:[4-9]|10|[TtJjQqKkAa])[CcDdHhSs]|3[CcSs])$"


@cache
def _ranked_meld() -> type[Schema]:
    return shape("CanastaRankedMeld", "A meld with a natural card or a black three: those cards decide its "
                 "rank, and rank is not read.", {
                     "cards": fields.List(card(), validate=validate.Length(max=MELD_CARD_LIMIT), required=True,
                                          metadata={"not": {"items": {"not": {"pattern": RANKED_CARD}}}}),
                     "rank": fields.Raw(metadata={"description": "Not read."}),
                     "onto": _onto(),
                 })


def meld() -> AnyOf:
    """One meld to judge: its rank, when given, is read only when no card decides it."""
    return AnyOf(fields.Nested(_meld_request()), fields.Nested(_ranked_meld()), required=True)


@cache
def _meld_in_list() -> type[Schema]:
    return shape("CanastaListedMeld", "A meld in a list: its cards decide its rank.", {
        "cards": cards(MELD_CARD_LIMIT, required=True),
        "rank": fields.Raw(metadata={"description": "Ignored: the cards decide the rank."}),
        "kind": _meld_kind(),
    })


def melds() -> fields.List:
    """Several melds judged together."""
    return fields.List(fields.Nested(_meld_in_list()), validate=validate.Length(min=1, max=64), required=True)
