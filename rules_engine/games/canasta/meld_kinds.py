"""The kinds of meld, one rules object each: which variants have it, how it is judged, the rule it cites.

The referee's set judge (melds.judge) is also what the listing and the searches are built on; the
sequence judge serves the variants that have runs. A kind a variant lacks is refused where it is named.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .config import Config
from .melds import Judged, judge
from .sequences import judge_sequence
from .variants import VariantRules


@dataclass(frozen=True)
class MeldKind:
    """One kind of meld and the rules object that decides it."""

    name: str
    rule: str
    refused_by: str                   # the rule that says so where a variant lacks the kind
    offered: Callable[[VariantRules], bool]
    judge: Callable[[Config, list[str], bool, list[str] | None], Judged]


def _set(cfg: Config, cards: list[str], going_out: bool, named: list[str] | None) -> Judged:
    return judge(cfg, cards, going_out=going_out)


def _sequence(cfg: Config, cards: list[str], going_out: bool, named: list[str] | None) -> Judged:
    return judge_sequence(cfg, cards, named)


SET = MeldKind("set", "canasta.melds.set", "canasta.melds.set", lambda entry: True, _set)
SEQUENCE = MeldKind("sequence", "canasta.melds.sequence", "canasta.melds.set", lambda entry: entry.sequences is not None, _sequence)
# Wild cards alone are judged by the set judge, which knows an entry's all_wild.
WILD = MeldKind("wild", "canasta.melds.all-wild", "canasta.melds.no-wild-melds", lambda entry: entry.sets.all_wild, _set)
MELD_KINDS: dict[str, MeldKind] = {kind.name: kind for kind in (SET, SEQUENCE, WILD)}


def kinds_of(entry: VariantRules) -> list[str]:
    """The meld kinds a variant has, in a fixed order."""
    return [name for name, kind in MELD_KINDS.items() if kind.offered(entry)]
