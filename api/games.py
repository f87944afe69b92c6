"""Games and rules: what the service knows, for apps and documentation sites."""

from __future__ import annotations

import orjson
from flask import request

from rules_engine import answers
from rules_engine.registry import GAMES, get_game
from schemas.answers import GamesAnswer, GameSummary, RuleAnswer, RuleBookAnswer
from schemas.requests import FORMAT_QUERY

from . import examples
from .answering import json_response
from .rendering import chosen_format, render, rule_html, rule_markdown, rulebook_html, rulebook_markdown
from .blueprint import Blueprint

blp = Blueprint("games", __name__, description="Games, their variants and options, and their rules.")

RENDERED = {200: {"content": {"text/html": {"schema": {"type": "string"}},
                              "text/markdown": {"schema": {"type": "string"}}}}}


@blp.route("/games")
@blp.response(200, GamesAnswer(), **examples.listing("games"))
@blp.errors()
def list_games():
    """Every game and variant: players allowed, options with defaults, move types."""
    return json_response(orjson.dumps({"games": [game.describe() for game in GAMES.values()]}))


@blp.route("/games/<game>")
@blp.response(200, GameSummary(), **examples.listing("game"))
@blp.errors(404)
def show_game(game: str):
    """One game in full, with its options and phases."""
    return json_response(orjson.dumps(get_game(game).describe(full=True)))


@blp.route("/games/<game>/rules")
@blp.arguments(FORMAT_QUERY, location="query", as_kwargs=True)
@blp.response(200, RuleBookAnswer(), **examples.listing("rulebook"))
@blp.errors(404, 422)
@blp.doc(responses=RENDERED)
def show_rulebook(game: str, format: str | None = None):
    """The rule book of a game, all variants: JSON sections of rules, or by Accept or ?format= a complete
    HTML page or a Markdown document with a table of contents and each rule under an anchor named by its id."""
    return render(request, chosen_format(request, format), answers.rulebook(game), rulebook_html, rulebook_markdown)


@blp.route("/rules/<rule_id>")
@blp.arguments(FORMAT_QUERY, location="query", as_kwargs=True)
@blp.response(200, RuleAnswer(), **examples.listing("rule"))
@blp.errors(404, 422)
@blp.doc(responses=RENDERED)
def show_rule(rule_id: str, format: str | None = None):
    """One rule with its options and sources: JSON by default, an HTML fragment or Markdown by Accept or ?format=."""
    return render(request, chosen_format(request, format), answers.rule(rule_id), rule_html, rule_markdown)
