"""Rules and options as data: every verdict the engine gives cites one of these by id."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from .errors import UnknownName, invalid


@dataclass(frozen=True)
class Source:
    """A published source a rule follows, by title and, where one exists, URL.

    READING stands for the points the sources leave open, which the rule settles and explains;
    CONVENTION for how positions and answers are written down, which no card game source covers.
    In a note, a source reads as its title.
    """

    title: str
    url: str | None = None

    def __str__(self) -> str:
        return self.title

    def as_dict(self) -> dict:
        """Return the source as plain JSON-ready data."""
        return {"title": self.title, "url": self.url}


READING = Source("cardref's reading")
CONVENTION = Source("cardref's convention for positions and answers")


@dataclass(frozen=True)
class Rule:
    """One rule of a game, written in the project's own words, with its sources.

    `source` is one Source, a tuple of them, or a plain title; `sources` holds them as a tuple.
    """

    id: str
    title: str
    text: str
    source: Source | str | tuple[Source | str, ...]
    options: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()  # empty: the rule holds in every variant
    # What the service does with the rule (fields, endpoints, refusals): for programmers, never in a rule book page.
    api_note: str = ""
    sources: tuple[Source, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        given = self.source if isinstance(self.source, tuple) else (self.source,)
        object.__setattr__(self, "sources", tuple(s if isinstance(s, Source) else Source(s) for s in given))

    def as_dict(self) -> dict:
        """Return the rule as plain JSON-ready data; `source` names every source in one line."""
        return {
            "id": self.id, "title": self.title, "text": self.text,
            "source": "; ".join(s.title for s in self.sources), "sources": [s.as_dict() for s in self.sources],
            "options": list(self.options), "notes": list(self.notes), "variants": list(self.variants),
            "api_note": self.api_note,
        }


@dataclass(frozen=True)
class Option:
    """A house rule or interpretation that a request may switch, with its default and its rule."""

    name: str
    default: object
    rule: str
    summary: str
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    variants: tuple[str, ...] = ()  # empty: offered in every variant

    def canonical(self, value: object) -> object:
        """The value in this option's own type when it is plainly the same value, else the value unchanged.

        JSON has one kind of number, and clients send a numeric choice both ways: a string option
        whose choices are numbers ("24") takes the number 24 (or 24.0), and an integer option takes
        "10" (digits only, written as the integer prints) or 10.0. Booleans never convert: true is
        not 1 and false is not "false", so a yes/no option takes only true or false.
        """
        kind = type(self.default)
        if kind is bool or type(value) is bool or type(value) is kind:
            return value
        if kind is str and type(value) in (int, float):
            whole = _whole(value)
            return value if whole is None else str(whole)
        if kind is int:
            if type(value) is float:
                whole = _whole(value)
                return value if whole is None else whole
            if type(value) is str and _DIGITS.fullmatch(value) and str(int(value)) == value:
                return int(value)
        return value

    def check(self, value: object) -> str | None:
        """Say why a value (in canonical form) is not allowed for this option, or None when it is."""
        kind = type(self.default)
        if self.choices:
            if type(value) is not kind or value not in self.choices:
                return f"must be one of {', '.join(map(_show, self.choices))} ({_KIND_NAMES[kind]})"
            return None
        if kind is int:
            low, high = self.minimum, self.maximum
            if type(value) is not int or low is not None and value < low or high is not None and value > high:
                return "must be an integer" + ("" if low is None else f" from {low} to {high}")
            return None
        if type(value) is not kind:
            return f"must be a {_KIND_NAMES[kind][:-1]}"
        return None

    @property
    def accepts(self) -> str:
        """In words, the JSON values this option takes, other spellings of the same value included."""
        kind = type(self.default)
        values = f"one of {', '.join(map(_show, self.choices))}" if self.choices else None
        if kind is bool:
            return "true or false only; 1, 0 and strings are refused"
        if kind is int:
            values = values or f"an integer from {self.minimum} to {self.maximum}"
            return (f"{values}; the same integer written as a string (\"{self.default}\") or with a zero "
                    f"fraction ({self.default}.0) is taken as that integer")
        numeric = [choice for choice in self.choices if _DIGITS.fullmatch(choice)]
        if numeric:
            return f"{values}; a JSON number naming a choice ({numeric[-1]}) is taken as that choice"
        return values or "a string"

    def as_dict(self) -> dict:
        """Return the option as plain JSON-ready data."""
        described = {"name": self.name, "default": self.default, "rule": self.rule, "summary": self.summary}
        if self.choices:
            described["choices"] = list(self.choices)
        if self.minimum is not None:
            described["minimum"], described["maximum"] = self.minimum, self.maximum
        if self.variants:
            described["variants"] = list(self.variants)
        described["accepts"] = self.accepts
        return described


_DIGITS = re.compile(r"-?[0-9]+")
_KIND_NAMES = {bool: "booleans", int: "integers", str: "strings"}


def _whole(number: int | float) -> int | None:
    """The integer a JSON number stands for, or None when it has a fraction (or is not finite)."""
    if type(number) is int:
        return number
    return int(number) if math.isfinite(number) and number.is_integer() else None


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@dataclass(frozen=True)
class Section:
    """A titled group of rules in a game's rule book."""

    title: str
    rules: tuple[Rule, ...]


@dataclass
class RuleBook:
    """The ordered rules of one game, all variants together."""

    game: str
    sections: tuple[Section, ...]
    by_id: dict[str, Rule] = field(init=False)

    def __post_init__(self) -> None:
        self.by_id = {}
        for section in self.sections:
            for rule in section.rules:
                if rule.id in self.by_id:
                    raise ValueError(f"rule id {rule.id} is defined twice")
                if not rule.id.startswith(self.game + "."):
                    raise ValueError(f"rule id {rule.id} does not belong to {self.game}")
                self.by_id[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        return self.by_id[rule_id]

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self.by_id


def resolve_options(declared: tuple[Option, ...], given: object, variant: str) -> dict:
    """Check the request's options against the declarations and fill in the defaults."""
    if given is None:
        given = {}
    if type(given) is not dict:
        raise invalid(("options",), "must be an object of option names and values")
    offered = {o.name: o for o in declared if not o.variants or variant in o.variants}
    canonical: dict = {}
    for name, value in given.items():
        option = offered.get(name)
        if option is None:
            known = ", ".join(sorted(offered)) or "none"
            raise invalid(("options", name), f"unknown option for this game and variant (known: {known})")
        value = option.canonical(value)
        problem = option.check(value)
        if problem:
            raise invalid(("options", name), problem, option.rule)
        canonical[name] = value
    return {name: canonical.get(name, option.default) for name, option in offered.items()}


class RuleIndex:
    """Every rule of every game, looked up by id."""

    def __init__(self, books: list[RuleBook]):
        self._rules: dict[str, tuple[str, Rule]] = {}
        for book in books:
            self.add(book)

    def add(self, book: RuleBook) -> None:
        """Publish the rules of one more book, such as a table's house rules; ids must be new."""
        taken = [rule_id for rule_id in book.by_id if rule_id in self._rules]
        if taken:
            raise ValueError(f"rule ids already published: {', '.join(taken)}")
        for rule_id, rule in book.by_id.items():
            self._rules[rule_id] = (book.game, rule)

    def remove(self, game: str) -> None:
        """Withdraw every rule of a book added for `game`."""
        self._rules = {rule_id: entry for rule_id, entry in self._rules.items() if entry[0] != game}

    def get(self, rule_id: str) -> tuple[str, Rule]:
        """Return (game slug, rule) for an id, or raise UnknownName."""
        try:
            return self._rules[rule_id]
        except KeyError:
            raise UnknownName("rule", str(rule_id), among=self._rules) from None

    def __len__(self) -> int:
        return len(self._rules)
