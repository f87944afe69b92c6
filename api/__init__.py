"""cardref answers, for any position of the card games it knows, who acts, which moves are legal,
whether a move or meld is legal and which rule forbids it, what a finished hand scores line by line,
and what a rule says.

Every POST takes an envelope `{"game", "variant", "options", "state", "move"}` and every answer
names the `ruleset` it was judged under. Errors are JSON `{"code", "status", "message", "errors"}`
with `errors` pointing at the offending field; an illegal move is a normal answer of
/validate-move, and a 422 of /apply-move.

A client that holds one hand sends the cards it cannot see as `{"count": n}`. A move of a seat
whose hand is hidden is judged by what the position shows and applied with its cards leaving the
count; `unverified` lists the rules only the hidden cards could decide (`[]`: all were checked).
"""

from flask import Flask

from schemas.fields import one_of_attributes

from . import batch, games, health, play, scoring

BLUEPRINTS = (games.blp, play.blp, scoring.blp, batch.blp, health.blp)


def register_blueprints(api) -> None:
    """Register every blueprint of the service on a flask-smorest Api."""
    api.ma_plugin.converter.add_attribute_function(one_of_attributes)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)


__all__ = ["BLUEPRINTS", "register_blueprints", "Flask"]
