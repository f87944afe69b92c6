"""The interface every game implements, so the service treats all games alike."""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path

from .errors import NotSupported, UnknownName, invalid
from .rules import Option, RuleBook, resolve_options
from .records import record

# Bumped when shared machinery changes behaviour in a way file digests would not show.
ENGINE_VERSION = "1"
_CORE_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Variant:
    """A named version of a game with its own player range."""

    slug: str
    title: str
    min_players: int
    max_players: int
    summary: str = ""
    default_players: int | None = None
    playable: bool = True             # False: the static rules are known, play answers 501


@record
class Ruleset:
    """A game, one of its variants and the options in force: everything a verdict depends on."""

    game: str
    variant: str
    options: dict
    id: str


@record
class Violation:
    """A rule that a move or position breaks, and why, in plain words."""

    rule: str
    message: str

    def as_dict(self) -> dict:
        """Return the violation as plain JSON-ready data."""
        return {"rule": self.rule, "message": self.message}


class Note(Violation):
    """How a rule applied to a move, in a sentence a referee can read out (the move need not break it)."""


@dataclass
class Turn:
    """Who acts next and in which phase; to_act is None when the hand is over."""

    to_act: int | None
    phase: str


@dataclass
class Outcome:
    """The result of applying a move: the new state and what happened."""

    state: object
    events: list[dict] = field(default_factory=list)


class Game(ABC):
    """A card game: its parameters, rules and options, and the operations on its states."""

    slug: str
    title: str
    summary: str
    variants: tuple[Variant, ...]
    options: tuple[Option, ...] = ()
    phases: tuple[str, ...] = ()
    move_types: dict[str, str] = {}
    rulebook: RuleBook
    has_melds = False

    def __init__(self) -> None:
        self._variants = {v.slug: v for v in self.variants}
        self._ruleset_ids: dict[str, str] = {}
        self._resolved: dict[tuple, Ruleset] = {}

    # -- parameters -------------------------------------------------------------------------
    @property
    def default_variant(self) -> str:
        """The variant used when a request names none."""
        return self.variants[0].slug

    def variant(self, slug: str) -> Variant:
        """Return a variant by slug, in any case, or raise UnknownName."""
        try:
            return self._variants[slug]
        except KeyError:
            if type(slug) is str and slug.lower() in self._variants:
                return self._variants[slug.lower()]
            raise UnknownName("variant", str(slug), list(self._variants)) from None

    def ruleset(self, variant: object = None, options: object = None) -> Ruleset:
        """Resolve the variant and options of a request into a Ruleset, remembering combinations seen.

        Apps send the same options every turn; checking them again is a measurable share of an
        answer. Requests with unhashable values are simply not remembered, and every caller gets
        its own options dict, so none can alter a remembered one.
        """
        try:
            # Types belong in the key: True == 1 == 1.0 would otherwise share an entry. A dict's key has an
            # odd length (the variant, each item, each value's type), any other options' key two entries.
            if type(options) is dict:
                key = (variant, *options.items(), *map(type, options.values()))
            else:
                key = (variant, options)
            found = self._resolved[key]
        except (KeyError, TypeError):
            found = self._check_ruleset(variant, options)
            if len(self._resolved) < 4096:
                try:
                    self._resolved[key] = found
                except TypeError:
                    pass
        return Ruleset(found.game, found.variant, dict(found.options), found.id)

    def _check_ruleset(self, variant: object, options: object) -> Ruleset:
        if variant is None:
            variant = self.default_variant
        if type(variant) is not str:
            raise invalid(("variant",), "must be a string")
        variant = self.variant(variant).slug
        resolved = resolve_options(self.options, options, variant)
        return Ruleset(self.slug, variant, resolved, self.ruleset_id(variant))

    def ruleset_id(self, variant: str) -> str:
        """An id that changes whenever any rule text or engine code of this game changes."""
        if variant not in self._ruleset_ids:
            digest = hashlib.sha256(ENGINE_VERSION.encode())
            rules = [r.as_dict() for s in self.rulebook.sections for r in s.rules]
            digest.update(json.dumps(rules, sort_keys=True).encode())
            digest.update(json.dumps([o.as_dict() for o in self.options], sort_keys=True).encode())
            for path in sorted(self.source_files()):
                digest.update(path.name.encode())
                digest.update(path.read_bytes())
            self._ruleset_ids[variant] = f"{self.slug}.{variant}.{digest.hexdigest()[:12]}"
        return self._ruleset_ids[variant]

    def source_files(self) -> list[Path]:
        """The files whose contents decide this game's behaviour."""
        package = Path(__import__(type(self).__module__, fromlist=["_"]).__file__).resolve().parent
        return list(_CORE_DIR.glob("*.py")) + list(package.glob("*.py"))

    def players_for(self, rs: Ruleset, players: object) -> int:
        """Check a player count against the variant's range."""
        v = self.variant(rs.variant)
        if players is None:
            if v.default_players is None:
                raise invalid(("players",), f"required: {v.title} is played by {self.player_range(rs)}")
            return v.default_players
        if type(players) is not int or not v.min_players <= players <= v.max_players:
            raise invalid(("players",), f"{v.title} is played by {self.player_range(rs)}")
        return players

    def player_range(self, rs: Ruleset) -> str:
        """How many play the variant, in words: "exactly 4 players", "3 to 6 players"."""
        v = self.variant(rs.variant)
        if v.min_players == v.max_players:
            return f"exactly {v.min_players} players"
        return f"{v.min_players} to {v.max_players} players"

    # -- operations -------------------------------------------------------------------------
    @abstractmethod
    def deal(self, rs: Ruleset, players: int, seed: int, setup: dict) -> object:
        """A starting state for the player count, the same for the same seed."""

    @abstractmethod
    def read_state(self, rs: Ruleset, raw: object) -> object:
        """Parse and check a submitted position; raise InvalidRequest with pointers."""

    @abstractmethod
    def dump_state(self, rs: Ruleset, state: object) -> dict:
        """The JSON form of a state, in the shape the contract documents."""

    @abstractmethod
    def turn(self, rs: Ruleset, state: object) -> Turn:
        """Who acts next and in which phase."""

    @abstractmethod
    def read_move(self, rs: Ruleset, raw: object) -> dict:
        """Parse a move into its canonical form; raise InvalidRequest on a malformed move."""

    @abstractmethod
    def legal_moves(self, rs: Ruleset, state: object) -> list[dict]:
        """Every legal move of the seat to act, each with a code and the rules that allow it."""

    @abstractmethod
    def check_move(self, rs: Ruleset, state: object, move: dict) -> list[Violation]:
        """Every rule the move breaks in this position; empty when it is legal."""

    @abstractmethod
    def apply_move(self, rs: Ruleset, state: object, move: dict) -> Outcome:
        """The position after a legal move and the events it caused."""

    @abstractmethod
    def score(self, rs: Ruleset, state: object) -> dict:
        """The points of the hand, line by line, each line citing a rule."""

    def judge_move(self, rs: Ruleset, state: object, move: dict) -> tuple[list[Violation], list[Note]]:
        """The rules the move breaks, and notes on how its verdict was reached; no notes by default."""
        return self.check_move(rs, state, move), []

    def unverified(self, rs: Ruleset, state: object, move: dict | None = None) -> list[str]:
        """The rules a verdict on `move` (without one: the listing for the seat to act) could not check because
        the cards they need are hidden; none by default."""
        return []

    def deck_size(self, variant: str) -> int | None:
        """How many cards the variant's pack holds, where its play is not built to deal one; else None."""
        return None

    def legal_notes(self, rs: Ruleset, state: object) -> dict:
        """Facts /legal-moves adds beside the moves, such as a constraint tying them together; none by default."""
        return {}

    def situation_rules(self, rs: Ruleset, state: object) -> list[str]:
        """The rule ids that decide what may happen next in this position."""
        return []

    # For a rule a hidden hand's move leaves unverified that the rest of the hand settles: how the client learns
    # whether it held (rule id -> words). A rule missing here is one nothing later in the hand shows.
    settled_later: dict[str, str] = {}

    def view_state(self, rs: Ruleset, state: dict, seat: int) -> dict:
        """A dumped position as `seat` sees it: the other hands (and whatever else lies face down) as counts."""
        raise NotSupported(f"{self.title} has no seat's view yet", ("view",))

    def view_moves(self, rs: Ruleset, before: dict, move: dict, after: dict, seat: int) -> list[dict]:
        """The move that led from `before` to `after` (dumped, full) as `seat`'s client applies it to its view:
        what the seat saw of it, usually one move, more where the seat's view needs a step the full table does not."""
        return [move]

    def view_events(self, rs: Ruleset, events: list[dict], seat: int) -> list[dict]:
        """The events of a move as `seat` learns of them: cards it does not see left out (null)."""
        return events

    def new_game_setup(self, rs: Ruleset, players: int) -> dict:
        """The setup of a game's first hand where a log of several hands names none: the game scores at zero."""
        return {}

    def next_setup(self, rs: Ruleset, state: object, score: dict | None) -> dict[str, tuple[object, str]]:
        """What the next hand's setup follows from this finished hand and its /score answer: {field: (value, the
        rule that carries it)}; nothing where a hand is a game of its own."""
        return {}

    def validate_meld(self, rs: Ruleset, meld: object, melds: object, context: object) -> dict:
        """Judge a meld or an opening; games without melds refuse."""
        raise NotSupported(f"{self.title} has no melds; /validate-meld is for rummy games such as canasta")

    def examples(self) -> dict:
        """Complete example requests for the documentation, by endpoint name."""
        return {}

    def describe(self, full: bool = False) -> dict:
        """The game's parameters as plain data, for /games and /games/{game}."""
        described = {
            "game": self.slug, "title": self.title, "summary": self.summary,
            "default_variant": self.default_variant,
            "variants": [
                {"variant": v.slug, "title": v.title, "min_players": v.min_players,
                 "max_players": v.max_players, "default_players": v.default_players, "summary": v.summary,
                 "playable": v.playable, "ruleset": self.ruleset_id(v.slug),
                 "options": [o.name for o in self.options if not o.variants or v.slug in o.variants]}
                for v in self.variants
            ],
            "options": [o.as_dict() for o in self.options],
            "move_types": [{"type": t, "summary": s} for t, s in self.move_types.items()],
            "has_melds": self.has_melds,
        }
        if full:
            described["phases"] = list(self.phases)
            described["sections"] = [
                {"title": s.title, "rules": [r.id for r in s.rules]} for s in self.rulebook.sections
            ]
        return described
