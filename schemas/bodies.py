"""The request bodies of the POST endpoints as the spec shows them: one shape per game.

Each body is a oneOf of strict envelopes, one per game (and per table size, where a field's
range depends on it), each naming its game, variants, options, state, move and set-up exactly as
the engine reads them. The service reads a body through the plain envelope it carries
(`Body.envelope`), so documenting every game costs a request nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from itertools import groupby

from marshmallow import Schema, fields, validate

from rules_engine.game import Game, Variant
from rules_engine.registry import GAMES
from rules_engine.rules import Option

from .fields import OneOf, Seed, const, integer, seat, shape
from .games import canadian_salad, canasta, euchre, salsifis
from rules_engine.replay import MAX_LOG_HANDS, MAX_LOG_MOVES

from .requests import (APPLY_MOVE_REQUEST, APPLY_VIEW_DOC, DEAL_LEGAL_MOVES_DOC, DEAL_REQUEST, DEAL_VIEW_DOC,
                       LOG_VIEW_DOC, EXPLAIN_REQUEST, HANDS_DOC,
                       INCLUDE_LEGAL_MOVES_DOC, MELD_REQUEST, MOVE_REQUEST, MOVES_DOC, SEED_DOC, STATE_REQUEST,
                       VALIDATE_GAME_REQUEST, ruleset_field)


class Body(dict):
    """A documented request body (an OpenAPI schema object) that is read through a plain envelope."""

    def __init__(self, members: list, envelope: Schema, description: str) -> None:
        super().__init__(oneOf=members, description=description)
        self.envelope = envelope


def _name(slug: str) -> str:
    return "".join(part.title() for part in slug.split("-"))


# What each game's schemas need: its states, moves and deal set-ups by variant and player count.
SHAPES = {
    "canadian-salad": {"state": lambda variant, n: canadian_salad.state(n),
                       "move": lambda variant, n: fields.Nested(canadian_salad.move(), required=True),
                       "setup": lambda variant, n: canadian_salad.setup(n)},
    "salsifis": {"state": lambda variant, n, **case: salsifis.state(n, **case), "move": lambda variant, n: salsifis.move(),
                 "setup": lambda variant, n: salsifis.setup(n)},
    "euchre": {"state": lambda variant, n: euchre.state(), "move": lambda variant, n: euchre.move(),
               "setup": lambda variant, n: euchre.setup()},
    "canasta": {"state": canasta.state, "move": lambda variant, n: canasta.move(n), "setup": canasta.setup},
}


def _option_field(option: Option) -> fields.Field:
    offered = f" Offered in: {', '.join(option.variants)}." if option.variants else ""
    metadata = {"description": f"{option.summary} Default: {json.dumps(option.default)}. Rule: {option.rule}.{offered}"}
    kind = {bool: fields.Boolean, int: fields.Integer, str: fields.String}[type(option.default)]
    if option.choices:
        return kind(validate=validate.OneOf(list(option.choices)), metadata=metadata)
    if kind is fields.Integer:
        return integer(option.minimum, option.maximum, metadata=metadata)
    return kind(metadata=metadata)


@dataclass(frozen=True)
class Case:
    """Option values under which some fields of a game's state have other ranges, and those ranges."""

    suffix: str
    choices: tuple[tuple[str, tuple], ...] = ()  # option name -> the values this case covers
    state: tuple[tuple[str, object], ...] = ()  # keyword arguments of the game's state schemas
    options_name: str = ""  # the name of its options schema, when it narrows them


# Salsifis's four-cards reading gives five players four turns, so turn and lone streaks stop at 4.
CASES = {
    "salsifis": (Case("", (("five_players", ("short-last-turn", "packets-of-two")),),
                      options_name="SalsifisFiveTurnOptions"),
                 Case("FourCards", (("five_players", ("four-cards",)),), (("five_player_turns", 4),),
                      options_name="SalsifisFourCardsOptions")),
}
PLAIN = (Case(""),)


def options(slug: str, case: Case | None = None, variants: tuple[str, ...] = ()) -> type[Schema]:
    """The options a game offers in these variants, each with its allowed values (those of one case, when given)."""
    game = GAMES[slug]
    offered = tuple(option.name for option in _offered(game, variants))
    usual = offered == tuple(option.name for option in _offered(game, (game.default_variant,)))
    return _options(slug, case if case and case.choices else None, offered, "" if usual else "".join(map(_name, variants)))


def _offered(game: Game, variants: tuple[str, ...]) -> list[Option]:
    """The options offered in any of these variants (all of the game's, when none is named): a body naming one of
    them takes its options, each saying where it is offered; the engine refuses one its variant does not offer."""
    return [o for o in game.options if not o.variants or not variants or set(variants) & set(o.variants)]


@cache
def _options(slug: str, case: Case | None, offered: tuple[str, ...], named: str) -> type[Schema]:
    """One schema per set of options offered: variants offering the default variant's share its name."""
    game = GAMES[slug]
    attributes = {option.name: _option_field(option) for option in game.options if option.name in offered}
    for name, values in (case.choices if case else ()):
        attributes[name] = type(attributes[name])(validate=validate.OneOf(list(values)), required=len(values) == 1,
                                                  metadata=attributes[name].metadata)
    return shape(case.options_name if case else f"{_name(slug)}{named}Options",
                 f"House rules and interpretations of {game.title}; see GET /games/{slug}.", attributes)


def _groups(game: Game, playable: bool = True) -> list[tuple[Variant, ...]]:
    """The game's variants (those whose play is built, unless playable is False), grouped by the players they allow."""
    key = lambda v: (v.min_players, v.max_players)  # noqa: E731
    variants = [v for v in game.variants if v.playable or not playable]
    return [tuple(group) for _, group in groupby(sorted(variants, key=key), key=key)]


def _envelope(game: Game, group: tuple[Variant, ...], case: Case | None = None,
              playable: bool = True) -> tuple[str, dict]:
    """The name part and the fields that say which game, variants and options a body is about."""
    default = game.default_variant in {v.slug for v in group}
    suffix = "" if len(_groups(game, playable)) == 1 else f"{group[0].min_players}Player"
    if group[0].min_players != group[0].max_players and suffix:
        suffix = f"{group[0].min_players}To{group[0].max_players}Player"
    if not playable:  # one member per variant
        suffix = _name(group[0].slug)
    slugs = [v.slug for v in group]
    variant_doc = {"description": "Omitted means the game's default variant." if default else
                   "Required: these variants are not the default."}
    return f"{_name(game.slug)}{suffix}{case.suffix if case else ''}", {
        "game": const(game.slug, required=True),
        "variant": fields.String(validate=validate.OneOf(slugs), required=not default, metadata=variant_doc),
        "options": fields.Nested(options(game.slug, case, tuple(slugs)), required=bool(case and case.suffix)),
        "ruleset": ruleset_field(),
    }


def _states(game: Game, group: tuple[Variant, ...], case: Case, **kwargs) -> fields.Field:
    variant = group[0].slug
    shapes = [fields.Nested(SHAPES[game.slug]["state"](variant, n, **dict(case.state)))
              for n in range(group[0].min_players, group[0].max_players + 1)]
    if len(shapes) == 1:
        return fields.Nested(shapes[0].nested, **kwargs)
    return OneOf(*shapes, **kwargs)


@cache
def _members(kind: str, slugs: tuple[str, ...] = tuple(GAMES)) -> list[type[Schema]]:
    """The envelopes of one kind of body, built once: the spec names each class once."""
    found = []
    # Play needs a variant whose play is built (others answer 501); a meld is judged in every variant,
    # each with the options it offers.
    playable = kind != "meld"
    for game in (GAMES[slug] for slug in slugs):
        groups = [(v,) for v in game.variants] if kind == "meld" else _groups(game)
        for group in groups:
            if kind in ("deal", "meld", "dealt-log"):  # no state to read under the options
                found.extend(_MEMBERS[kind](game, group, *_envelope(game, group, playable=playable)))
                continue
            for case in CASES.get(game.slug, PLAIN):
                name, envelope = _envelope(game, group, case)
                found.extend(_MEMBERS[kind](game, group, name, envelope, case))
    return found


def _state_members(game: Game, group, name: str, envelope: dict, case: Case) -> list:
    states = _states(game, group, case, required=True)
    return [shape(f"{name}StateRequest", f"A {game.title} position.", {**envelope, "state": states})]


def _move_members(game: Game, group, name: str, envelope: dict, case: Case) -> list:
    move = SHAPES[game.slug]["move"](group[0].slug, group[0].max_players)
    return [shape(f"{name}MoveRequest", f"A {game.title} position and a move.",
                  {**envelope, "state": _states(game, group, case, required=True), "move": move})]


def _apply_members(game: Game, group, name: str, envelope: dict, case: Case) -> list:
    move = SHAPES[game.slug]["move"](group[0].slug, group[0].max_players)
    return [shape(f"{name}ApplyMoveRequest", f"A {game.title} position and a move to make.", {
        **envelope, "state": _states(game, group, case, required=True), "move": move,
        "include_legal_moves": fields.Boolean(metadata={"description": INCLUDE_LEGAL_MOVES_DOC}),
        "view": seat(group[0].max_players, metadata={"description": APPLY_VIEW_DOC})})]


def _explain_members(game: Game, group, name: str, envelope: dict, case: Case) -> list:
    move = SHAPES[game.slug]["move"](group[0].slug, group[0].max_players)
    move.required = False
    return [shape(f"{name}ExplainRequest", f"A {game.title} position, with an optional move to explain.", {
        **envelope, "state": _states(game, group, case, required=True), "move": move, "rule_id": _rule_id()})]


def _deal_members(game: Game, group, name: str, envelope: dict, log: bool = False) -> list:
    found = []
    variant = group[0]
    several = variant.min_players != variant.max_players
    for n in range(variant.min_players, variant.max_players + 1):
        players = const(n, required=n != variant.default_players,
                        metadata={"description": "Omitted means the variant's usual count."
                                  if n == variant.default_players else "How many players."})
        deal = {**envelope, "players": players,
                "seed": Seed(required=log, metadata={"description": SEED_DOC}),
                "setup": fields.Nested(SHAPES[game.slug]["setup"](variant.slug, n))}
        count = f"{n if several else ''}{'Player' if several else ''}"
        if log:
            viewer = seat(n, metadata={"description": LOG_VIEW_DOC})
            found.append(shape(f"{name}{count}DealtLogRequest", f"A {game.title} log of moves from a deal for {n} "
                                                                 "players.", {**deal, "moves": _log(game, group),
                                                                              "view": viewer}))
            hand = shape(f"{name}{count}HandLog", f"One hand of a {game.title} log: its deal and moves.", {
                "seed": deal["seed"], "setup": deal["setup"], "moves": _log(game, group)})
            found.append(shape(f"{name}{count}HandsLogRequest", f"A {game.title} log of several hands for {n} "
                                                                 "players.", {
                **envelope, "players": players, "view": viewer,
                "hands": fields.List(fields.Nested(hand), required=True, metadata={"description": HANDS_DOC},
                                     validate=validate.Length(min=1, max=MAX_LOG_HANDS))}))
        else:
            found.append(shape(f"{name}{count}DealRequest", f"A {game.title} deal for {n} players.", {
                **deal, "include_legal_moves": fields.Boolean(metadata={"description": DEAL_LEGAL_MOVES_DOC}),
                "view": seat(n, metadata={"description": DEAL_VIEW_DOC})}))
    return found


def _log(game: Game, group) -> fields.List:
    move = SHAPES[game.slug]["move"](group[0].slug, group[0].max_players)
    return fields.List(move, required=True, validate=validate.Length(max=MAX_LOG_MOVES),
                       metadata={"description": MOVES_DOC})


def _state_log_members(game: Game, group, name: str, envelope: dict, case: Case) -> list:
    return [shape(f"{name}StateLogRequest", f"A {game.title} log of moves from a position.", {
        **envelope, "state": _states(game, group, case, required=True), "moves": _log(game, group),
        "view": seat(group[0].max_players, metadata={"description": LOG_VIEW_DOC})})]


def _meld_members(game: Game, group, name: str, envelope: dict) -> list:
    context = fields.Nested(canasta.meld_context())
    return [shape(f"{name}MeldRequest", "One meld, or an addition to a meld on the table, to judge.",
                  {**envelope, "meld": canasta.meld(), "context": context}),
            shape(f"{name}MeldsRequest", "Several melds judged together, as an opening.",
                  {**envelope, "melds": canasta.melds(), "context": context})]


_MEMBERS = {"dealt-log": lambda *args: _deal_members(*args, log=True), "state-log": _state_log_members,
            "state": _state_members, "move": _move_members, "apply": _apply_members, "explain": _explain_members, "deal": _deal_members,
            "meld": _meld_members}


def _rule_id(**kwargs) -> fields.String:
    return fields.String(validate=validate.Length(max=128), metadata={"example": "canadian-salad.play.follow-suit"},
                         **kwargs)


@cache
def _rule_explain() -> type[Schema]:
    return shape("RuleExplainRequest", "A rule to explain, by id.", {
        "rule_id": _rule_id(required=True),
        "game": fields.String(validate=validate.Length(max=64)),
        "variant": fields.String(validate=validate.Length(max=64)),
        "options": fields.Dict(),
        "ruleset": ruleset_field(),
    })


def state_body() -> Body:
    """A position to judge."""
    return Body(list(_members("state")), STATE_REQUEST, "A position, in its game's state shape.")


def move_body() -> Body:
    """A position and a move."""
    return Body(list(_members("move")), MOVE_REQUEST, "A position and a move, in their game's shapes.")


def apply_body() -> Body:
    """A position and a move to make, optionally asking for the next legal moves."""
    return Body(list(_members("apply")), APPLY_MOVE_REQUEST,
                "A position and a move, in their game's shapes, and whether to answer the next legal moves.")


def validate_game_body() -> Body:
    """A log of moves, from a deal or from a position."""
    return Body([*_members("dealt-log"), *_members("state-log")], VALIDATE_GAME_REQUEST,
                "A log of moves in order, from the deal a seed makes or from a starting state.")


def deal_body() -> Body:
    """A deal to make."""
    return Body(list(_members("deal")), DEAL_REQUEST, "A game, a player count and a seed.")


def explain_body() -> Body:
    """A rule, or a position with an optional move."""
    return Body([_rule_explain(), *_members("explain")], EXPLAIN_REQUEST,
                "A rule_id, or a game's position with an optional move.")


def meld_body() -> Body:
    """A meld or several melds to judge."""
    return Body(list(_members("meld", tuple(slug for slug, game in GAMES.items() if game.has_melds))), MELD_REQUEST,
                "A rummy game's meld, or several melds judged together as an opening.")
