"""Errors the engine raises; each carries what a client needs to fix the request."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field

Pointer = tuple  # a path into the request body, e.g. ("state", "hands", 1)


@dataclass(frozen=True)
class FieldProblem:
    """One thing wrong with one field of the request."""

    pointer: Pointer
    message: str
    rule: str | None = None


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


@dataclass
class InvalidRequest(EngineError):
    """The request does not describe a position or move the engine can read or a real game can reach."""

    problems: list[FieldProblem] = field(default_factory=list)

    def __str__(self) -> str:
        return "; ".join(p.message for p in self.problems)


class UnknownName(EngineError):
    """A game, variant or rule id that does not exist."""

    def __init__(self, kind: str, name: str, known: list[str] | None = None, among: Iterable[str] = ()):
        self.kind, self.name, self.known = kind, name, known or []
        self.nearest = nearest(name, self.known or among)
        super().__init__(f"unknown {kind} {name!r}")


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The known name closest to a misspelt one, if any is close (case aside)."""
    names = list(known)
    lowered = {candidate.lower(): candidate for candidate in names}
    found = difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[found[0]] if found else None


class HandFinished(EngineError):
    """A move was asked for on a hand that is already over."""


class NotSupported(EngineError):
    """The game has no such notion (melds in a trick-taking game)."""

    def __init__(self, message: str, pointer: Pointer = ("game",)):
        self.pointer = pointer
        super().__init__(message)


def invalid(pointer: Pointer, message: str, rule: str | None = None) -> InvalidRequest:
    """Build an InvalidRequest about a single field."""
    return InvalidRequest([FieldProblem(tuple(pointer), message, rule)])


class NotBuilt(EngineError):
    """A variant whose static rules are known but whose play the engine does not run yet."""

    def __init__(self, message: str, pointer: Pointer = ("variant",)):
        self.pointer = pointer
        super().__init__(message)


class IllegalMove(EngineError):
    """A move the rules forbid in the given position; carries the violations."""

    def __init__(self, violations: list):
        self.violations = violations
        super().__init__("; ".join(v.message for v in violations))


class RulesChanged(EngineError):
    """A request computed under a ruleset that is no longer the current one."""

    def __init__(self, sent: str, current: str):
        self.sent, self.current = sent, current
        super().__init__(f"the rules have changed since ruleset {sent!r}; the current ruleset is {current!r}")
