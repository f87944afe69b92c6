"""Dealing and playing: who acts, what is legal, what a move does, and why."""

from __future__ import annotations


from rules_engine import answers, replay
from rules_engine.registry import RULES, get_game
from schemas.answers import (ApplyMoveAnswer, DealAnswer, ExplainAnswer, LegalMovesAnswer, ValidateGameAnswer,
                             ValidateMoveAnswer)
from schemas.bodies import apply_body, deal_body, explain_body, move_body, state_body, validate_game_body

from . import examples
from .answering import cached_answer
from .blueprint import Blueprint

blp = Blueprint("play", __name__, description="Deal, list legal moves, judge and apply moves, explain.")


@blp.route("/deal", methods=["POST"])
@blp.arguments(deal_body(), examples=examples.requests("deal"))
@blp.response(200, DealAnswer(), examples=examples.responses("deal"))
@blp.errors(400, 404, 409, 413, 422)
def deal(body: dict):
    """A valid starting state for `players` and an integer `seed` (same seed, same deal; omitted: a random one,
    answered in `seed`)."""
    # A random seed is chosen before the cache is asked, so a random deal is stored under its own seed.
    return cached_answer("deal", answers.seeded(body), answers.deal)


@blp.route("/legal-moves", methods=["POST"])
@blp.arguments(state_body(), examples=examples.requests("legal-moves"))
@blp.response(200, LegalMovesAnswer(), examples=examples.responses("legal-moves"))
@blp.errors(400, 404, 409, 413, 422)
def legal_moves(body: dict):
    """Who acts, in which phase, and every legal move, each citing rule ids."""
    return cached_answer("legal-moves", body, answers.legal_moves)


@blp.route("/validate-move", methods=["POST"])
@blp.arguments(move_body(), examples=examples.requests("validate-move"))
@blp.response(200, ValidateMoveAnswer(), examples=examples.responses("validate-move"))
@blp.errors(400, 404, 409, 413, 422)
def validate_move(body: dict):
    """Referee: is `move` legal here? If not, which rules it breaks and why."""
    return cached_answer("validate-move", body, answers.validate_move)


@blp.route("/apply-move", methods=["POST"])
@blp.arguments(apply_body(), examples=examples.requests("apply-move"))
@blp.response(200, ApplyMoveAnswer(), examples=examples.responses("apply-move"))
@blp.errors(400, 404, 409, 413, 422)
def apply_move(body: dict):
    """The state after `move`, and the events it caused (with `include_legal_moves`, the next legal moves too); an
    illegal move answers 422."""
    return cached_answer("apply-move", body, answers.apply_move)


@blp.route("/validate-game", methods=["POST"])
@blp.arguments(validate_game_body(), examples=examples.requests("validate-game"))
@blp.response(200, ValidateGameAnswer(), examples=examples.responses("validate-game"))
@blp.errors(400, 404, 409, 413, 422)
def validate_game(body: dict):
    """Referee a whole hand: replay `moves` from a deal or a state; the first illegal move, with the rules it breaks
    and the position before it, or where the log leaves the hand (its score when over)."""
    return cached_answer("validate-game", body, replay.validate_game)


@blp.route("/explain", methods=["POST"])
@blp.arguments(explain_body(), examples={
    "rule": {"summary": "A rule by id", "value": {"rule_id": "canadian-salad.play.follow-suit"}},
    **examples.requests("explain")})
@blp.response(200, ExplainAnswer(), examples=examples.responses("explain"))
@blp.errors(400, 404, 409, 413, 422)
def explain(body: dict):
    """The rule(s) that decide a situation: a `rule_id`, or a `state` with an optional `move`."""
    if "state" not in body:
        game = RULES.get(body["rule_id"])[0]
        return cached_answer("explain", body, answers.explain, ruleset=get_game(game).ruleset().id)
    return cached_answer("explain", body, answers.explain)
