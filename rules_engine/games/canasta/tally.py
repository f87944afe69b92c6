"""What the exact searches count of the canastas a way makes, coded as one small integer per state.

A search over counts stays exact only if each state keeps what the verdict can depend on: how many
canastas in all, and how many of each kind going out asks for, each capped where more cannot change
the verdict (one more than the most allowed, where a variant caps them). Such a tally is one integer
in mixed radix, so it joins the other counts of a state at no cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache


@dataclass(frozen=True)
class Tally:
    """The canastas going out needs and the counting that decides it: a count, counts by kind, a most."""

    canastas: int                     # canastas going out needs in all (0: the tally counts nothing)
    kinds: tuple[str, ...] = ()
    wanted: tuple[int, ...] = ()      # canastas of each kind in `kinds` it needs
    most: int | None = None           # no more canastas than this

    @cached_property
    def _caps(self) -> tuple[int, ...]:
        total = self.canastas if self.most is None else max(self.canastas, self.most + 1)
        return (total, *self.wanted)

    @cached_property
    def size(self) -> int:
        """How many codes there are: 0 .. size - 1."""
        found = 1
        for cap in self._caps:
            found *= cap + 1
        return found

    def _code(self, counts: tuple[int, ...]) -> int:
        code = 0
        for count, cap in zip(reversed(counts), reversed(self._caps)):
            code = code * (cap + 1) + min(count, cap)
        return code

    def counts(self, code: int) -> tuple[int, ...]:
        """The capped counts a code stands for: canastas in all, then of each kind asked for."""
        found = []
        for cap in self._caps:
            code, count = divmod(code, cap + 1)
            found.append(count)
        return tuple(found)

    @cached_property
    def marks(self) -> dict[str | None, int]:
        """mark(), as a table: the searches look it up in their innermost loops."""
        marks: dict[str | None, int] = {None: 0}
        for kind in ("natural", "mixed", "wild", "sequence", *self.kinds):
            marks[kind] = self._code((1, *(int(kind == wanted) for wanted in self.kinds)))
        return marks

    def mark(self, kind: str | None) -> int:
        """The code of one meld that is a canasta of this kind (None: not a canasta)."""
        return self.marks[kind]

    @cached_property
    def joined(self) -> list[list[int]]:
        """joined[a][b]: the code of the canastas of two codes together."""
        every = [self.counts(code) for code in range(self.size)]
        return [[self._code(tuple(x + y for x, y in zip(a, b))) for b in every] for a in every]

    @cached_property
    def _met(self) -> list[bool]:
        met = []
        for code in range(self.size):
            total, *have = self.counts(code)
            met.append(total >= self.canastas and (self.most is None or total <= self.most)
                       and all(n >= wanted for n, wanted in zip(have, self.wanted)))
        return met

    def meets(self, code: int) -> bool:
        """Whether canastas of this code are what going out needs (a table lookup: the searches ask it per state)."""
        return self._met[code]


@lru_cache(maxsize=256)
def tally_for(canastas: int, by_kind: tuple[tuple[str, int], ...] = (), most: int | None = None) -> Tally:
    """The tally for going out that needs `canastas`, the counts `by_kind` and at most `most` (built once)."""
    return Tally(canastas, tuple(kind for kind, _ in by_kind), tuple(n for _, n in by_kind), most)
