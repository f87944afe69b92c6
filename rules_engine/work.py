"""Counted work: the steps one answer may spend on searches, so that no request costs unbounded time.

A search whose cost has no proven polynomial bound spends steps from the meter of the answer it
serves (one step: one state of a search made or looked at, or a few dozen integer operations of a
table walk). Steps are counted, not timed, so an answer depends on the position alone and never on
how busy the machine is. When the meter runs dry the search stops with OutOfWork; the caller turns
the question it could not settle into an unverified rule (the move stays listed or accepted, with
the rule named), never into a guess either way.

Without a meter (the engine used as a library, outside `metered`), searches run unbounded.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Callable, Iterator

# The steps of one answer: well above what any position of random play needs (docs/counted-work.md: at most 14,061
# over every random game measured), and in CPU time some 150 typical requests at worst.
ANSWER_STEPS = 25_000
# What each further part of a many-part answer adds to the steps its parts share: each item of a batch beyond
# the first, each move of a log. A part never spends more than a single answer (ANSWER_STEPS).
SHARED_STEPS = ANSWER_STEPS // 100


def shared_steps(parts: int) -> int:
    """The steps `parts` parts of one answer share."""
    return ANSWER_STEPS + max(0, parts - 1) * SHARED_STEPS


class OutOfWork(Exception):
    """The answer's steps are spent: the search that raised it settled nothing."""


class Capped(Exception):
    """A part of a search given fewer steps than the answer has (`capped`) spent them: it settled nothing, and the
    answer goes on with the steps it has left."""


class Meter:
    """The steps an answer has left, and whether a search ran out of them."""

    __slots__ = ("limit", "left", "ran_out", "shared", "done", "stop")

    def __init__(self, limit: int, shared: bool = False):
        self.limit = limit
        self.left = limit
        self.ran_out = False
        self.shared = shared      # the steps are one part's share of a many-part answer (a batch's item)
        # What the answer's searches have worked out and may ask again, by what it depends on: paid for once, so
        # the same request always spends the same steps (it is never kept beyond the answer).
        self.done: dict = {}
        self.stop = 0             # the steps left at which a capped part of a search ends (Capped)

    def spend(self, steps: int) -> None:
        """Take `steps` from the meter; OutOfWork once it is empty, Capped once a capped part has spent its own."""
        self.left -= steps
        if self.left < self.stop:
            if self.left >= 0:
                raise Capped
            self.left = 0
            self.ran_out = True
            raise OutOfWork

    @property
    def spent(self) -> int:
        """Steps used so far."""
        return self.limit - self.left

    def report(self) -> dict:
        """What an answer says of its work: the steps it could spend, used, and whether a search ran out."""
        return {"steps": self.limit, "spent": self.spent, "ran_out": self.ran_out}


class _Unmetered:
    """The meter outside `metered`: every step is free."""

    __slots__ = ()
    ran_out = shared = False
    done = None                   # nothing is kept: a search outside an answer works everything out afresh

    def spend(self, steps: int) -> None:
        """Nothing is counted."""


UNMETERED = _Unmetered()
_current: ContextVar = ContextVar("cardref.work_meter", default=UNMETERED)


def meter() -> Meter | _Unmetered:
    """The meter of the answer being made (read once per search: spending is then a method call)."""
    return _current.get()


UNBOUNDED = 2**62        # the steps of `metered(None)`: more than any search could take


@contextmanager
def metered(steps: int | None = ANSWER_STEPS, shared: bool = False) -> Iterator[Meter]:
    """Run the block with `steps` to spend on searches (None: unbounded; `shared`: a part's share of a many-part
    answer's steps). Inside another metered block, the outer meter goes on counting: an answer made of answers
    (a batch item, a move applied and then the next listing) spends from one meter."""
    outer = _current.get()
    if outer is not UNMETERED:
        yield outer
        return
    current = Meter(UNBOUNDED if steps is None else steps, shared)
    token = _current.set(current)
    try:
        yield current
    finally:
        _current.reset(token)


@contextmanager
def capped(steps: int) -> Iterator[None]:
    """Run the block with at most `steps` of the answer's steps (all it has left, where that is fewer): past them
    the block ends with Capped, and the answer goes on with what is left. Outside an answer, `steps` alone."""
    current = _current.get()
    if current is UNMETERED:
        token = _current.set(Meter(steps))
        try:
            yield
        except OutOfWork:
            raise Capped from None
        finally:
            _current.reset(token)
        return
    before = current.stop
    current.stop = max(before, current.left - steps)
    try:
        yield
    finally:
        current.stop = before


def answered_within(operation: Callable[[dict], dict], steps: Callable[[dict], int] = lambda body: ANSWER_STEPS
                     ) -> Callable[[dict], dict]:
    """An answering function run under a meter of `steps(body)` steps (or its caller's meter); where a search ran
    out of them the answer says so in `work`, beside the rules it left unverified."""
    @wraps(operation)
    def answer(body: dict) -> dict:
        with metered(steps(body)) as current:
            found = operation(body)
        if current.ran_out:
            found["work"] = current.report()
        return found
    return answer
