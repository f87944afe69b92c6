"""Every game the engine knows, found by slug, and every rule, found by id."""

from __future__ import annotations

import importlib
import pkgutil

from . import games as _games_package
from .errors import UnknownName
from .game import Game
from .rules import RuleIndex


def _discover() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for module in pkgutil.iter_modules(_games_package.__path__):
        game = getattr(importlib.import_module(f"{_games_package.__name__}.{module.name}"), "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game
    order = ("canadian-salad", "salsifis", "euchre", "canasta")
    return dict(sorted(found.items(), key=lambda item: (order.index(item[0]) if item[0] in order else 99, item[0])))


GAMES: dict[str, Game] = _discover()
RULES = RuleIndex([game.rulebook for game in GAMES.values()])


def get_game(slug: object) -> Game:
    """Return a game by slug, in any case ("Euchre" is euchre), or raise UnknownName."""
    game = (GAMES.get(slug) or GAMES.get(slug.lower())) if type(slug) is str else None
    if game is None:
        raise UnknownName("game", str(slug), list(GAMES))
    return game
