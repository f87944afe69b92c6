"""Request envelopes: the fields every POST shares; states and moves are read by the engine."""

from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from rules_engine.replay import MAX_LOG_HANDS, MAX_LOG_MOVES

from .fields import FreeObject, Seed

DEAL_LEGAL_MOVES_DOC = ("true: the answer's legal_moves is /legal-moves' answer for the deal, so the first move needs "
                        "no other request. Omitted means false.")
SEED_DOC = ("The same seed always gives the same deal; an integer, or a string of its decimal digits (\"42\" is 42). "
            "Omitted means a random seed, which the answer gives: at most 2^53 - 1, so that a JavaScript client sends "
            "it back exactly.")
DEAL_VIEW_DOC = ("A seat: the answer's state is what that seat may see (the other hands, the stock or heap, cards "
                 "put down face down, as counts or null), ready for that seat's client. Omitted: the full position.")
APPLY_VIEW_DOC = ("A seat: the answer's state and events are what that seat may see, and move (with moves, where the "
                  "seat's view needs more than one step, as Salsifis' reveal followed by its lay_out) is the move as "
                  "that seat saw it, which its client applies to its own viewed position to reach the answer's "
                  "state. The request's state is the full position.")
LOG_VIEW_DOC = ("A seat: every position of the answer is what that seat may see, and moves lists the log's moves as "
                "that seat saw them. The log itself is the full table's.")
RULESET_DOC = ("A ruleset id from an earlier answer: the request is answered only while those are still the rules "
               "in force, and otherwise refused with 409 naming the current ruleset.")


def ruleset_field(**kwargs) -> fields.String:
    """The optional `ruleset` a request was computed under (a plain string: the size limits bound its length)."""
    return fields.String(metadata={"description": RULESET_DOC}, **kwargs)


GAME_SLUG = {"metadata": {"description": "A game slug from GET /games.", "example": "canadian-salad"}}


class Envelope(Schema):
    """The fields that name a game and its rules."""

    class Meta:
        unknown = RAISE

    game = fields.String(required=True, **GAME_SLUG)
    variant = fields.String(metadata={"description": "A variant of the game; omitted means the game's default."})
    options = FreeObject(metadata={"description": (
        "House rules and interpretations by name; see GET /games/{game}, where each option's accepts says "
        "what it takes. A numeric value may come as a JSON number or a string of its digits (\"deck\": 24 "
        "is \"24\"); the answer's options give it in the option's own type. true and false are never 1 or 0.")})
    ruleset = ruleset_field()


class DealRequest(Envelope):
    """Ask for a starting position."""

    players = fields.Integer(strict=True, metadata={"description": "How many players; omitted means the variant's usual count."})
    seed = Seed(metadata={"description": SEED_DOC})
    setup = FreeObject(metadata={"description": "Game-specific deal parameters (hand number, dealer, game score)."})
    include_legal_moves = fields.Boolean(metadata={"description": DEAL_LEGAL_MOVES_DOC})
    view = fields.Integer(strict=True, metadata={"description": DEAL_VIEW_DOC})


class StateRequest(Envelope):
    """A position to judge."""

    state = FreeObject(required=True, metadata={"description": "The position, in the game's state shape."})


class MoveRequest(StateRequest):
    """A position and a move to judge or make."""

    move = FreeObject(required=True, metadata={"description": "A move: {\"type\": ..., fields}."})


INCLUDE_LEGAL_MOVES_DOC = ("true: the answer's legal_moves is /legal-moves' answer for the new position, or null "
                           "when the seat to act keeps its hand hidden and its moves depend on its cards (its bids "
                           "do not). Omitted means false.")


class ApplyMoveRequest(MoveRequest):
    """A position and a move to make."""

    include_legal_moves = fields.Boolean(metadata={"description": INCLUDE_LEGAL_MOVES_DOC})
    view = fields.Integer(strict=True, metadata={"description": APPLY_VIEW_DOC})


HANDS_DOC = ("Several hands of one game in order, each with its own deal (seed, setup) and moves; each hand must "
             "end before the next is dealt.")
MOVES_DOC = "The moves of the log, in order, each as /apply-move takes it (a move copied from /legal-moves too)."


class ValidateGameRequest(Envelope):
    """A log of moves to replay from a deal (seed, players, setup) or from a starting state, or several hands."""

    players = fields.Integer(strict=True)
    seed = Seed(metadata={"description": SEED_DOC})
    setup = FreeObject()
    state = FreeObject()
    moves = fields.List(FreeObject(), validate=validate.Length(max=MAX_LOG_MOVES), metadata={"description": MOVES_DOC})
    hands = fields.List(FreeObject(), validate=validate.Length(max=MAX_LOG_HANDS), metadata={"description": HANDS_DOC})
    view = fields.Integer(strict=True, metadata={"description": LOG_VIEW_DOC})


class ExplainRequest(Schema):
    """A rule id, or a position with an optional move."""

    class Meta:
        unknown = RAISE

    game = fields.String(validate=validate.Length(max=64), **GAME_SLUG)
    variant = fields.String(validate=validate.Length(max=64))
    options = FreeObject()
    rule_id = fields.String(validate=validate.Length(max=128),
                            metadata={"description": "A rule to explain, e.g. canadian-salad.play.follow-suit."})
    ruleset = ruleset_field()
    state = FreeObject()
    move = FreeObject()

    @validates_schema
    def _one_question(self, data: dict, **kwargs) -> None:
        if "rule_id" not in data and "state" not in data:
            raise ValidationError("Give a rule_id, or a game and a state (with an optional move).", "state")
        if "state" in data and "game" not in data:
            raise ValidationError("Required with a state.", "game")
        if "move" in data and "state" not in data:
            raise ValidationError("A move is explained in a position: give the state too.", "state")


class MeldRequest(Envelope):
    """A meld, or several melds making an opening, to judge."""

    meld = FreeObject(metadata={"description": "One meld: {\"cards\": [...]}."})
    melds = fields.List(FreeObject(), validate=validate.Length(max=64),
                        metadata={"description": "Several melds judged together as an opening."})
    context = FreeObject(metadata={"description": "team_score, initial, existing, going_out."})


DEAL_REQUEST = DealRequest()
STATE_REQUEST = StateRequest()
MOVE_REQUEST = MoveRequest()
APPLY_MOVE_REQUEST = ApplyMoveRequest()
VALIDATE_GAME_REQUEST = ValidateGameRequest()
EXPLAIN_REQUEST = ExplainRequest()
MELD_REQUEST = MeldRequest()


class FormatQuery(Schema):
    """How a rule is rendered; overrides the Accept header."""

    class Meta:
        unknown = RAISE

    format = fields.String(validate=validate.OneOf(["json", "html", "markdown"]),
                           metadata={"description": "json (default), html (a fragment) or markdown."})


FORMAT_QUERY = FormatQuery()
