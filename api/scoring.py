"""Scores and melds: what a hand is worth, and whether melds stand."""

from __future__ import annotations


from rules_engine import answers
from schemas.answers import MeldAnswer, ScoreAnswer
from schemas.bodies import meld_body, state_body

from . import examples
from .answering import cached_answer
from .blueprint import Blueprint

blp = Blueprint("scoring", __name__, description="Score a hand line by line; judge melds in rummy games.")


@blp.route("/score", methods=["POST"])
@blp.arguments(state_body(), examples=examples.requests("score"))
@blp.response(200, ScoreAnswer(), examples=examples.responses("score"))
@blp.errors(400, 404, 409, 413, 422)
def score(body: dict):
    """The points of a hand per seat and team, line by line, each line citing a rule."""
    return cached_answer("score", body, answers.score)


@blp.route("/validate-meld", methods=["POST"])
@blp.arguments(meld_body(), examples=examples.requests("validate-meld"))
@blp.response(200, MeldAnswer(), examples=examples.responses("validate-meld"))
@blp.errors(400, 404, 409, 413, 422)
def validate_meld(body: dict):
    """Rummy games: is this meld (or set of melds) valid, what kind, how many points."""
    return cached_answer("validate-meld", body, answers.validate_meld)
