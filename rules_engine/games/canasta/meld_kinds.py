"""The kinds of meld, one rules object each: which variants have it, how it is judged, the rule it cites.

The referee's set judge (melds.judge) is also what the listing and the searches are built on; the
sequence judge serves the variants that have runs. A kind a variant lacks is refused where it is named.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .config import Config
from .melds import Judged, Meld, judge, set_fits, set_wilds
from .sequences import judge_sequence, judge_sequence_onto
from .variants import VariantRules


@dataclass(frozen=True)
class MeldKind:
    """One kind of meld and the rules object that decides it."""

    name: str
    rule: str
    refused_by: str                   # the rule that says so where a variant lacks the kind
    offered: Callable[[VariantRules], bool]
    judge: Callable[[Config, list[str], bool, list[str] | None], Judged]
    extend: Callable[[Config, list[str], bool, Meld], Judged]     # cards added to a table meld of the kind
    # Whether a meld of the kind with this many natural and wild cards is valid, where counts decide it:
    # what the searches ask, so that they follow the judge's rule rather than a copy of it.
    fits: Callable[[Config, int, int], bool] | None = None
    # The same rule as a range: the fewest and most wild cards beside this many natural cards.
    wild_range: Callable[[Config, int], tuple[int, int]] | None = None


def _set(cfg: Config, cards: list[str], going_out: bool, named: list[str] | None) -> Judged:
    return judge(cfg, cards, going_out=going_out)


def _sequence(cfg: Config, cards: list[str], going_out: bool, named: list[str] | None) -> Judged:
    return judge_sequence(cfg, cards, named)


def _onto_set(cfg: Config, cards: list[str], going_out: bool, onto: Meld) -> Judged:
    return judge(cfg, cards, going_out=going_out, onto=onto)


def _onto_sequence(cfg: Config, cards: list[str], going_out: bool, onto: Meld) -> Judged:
    return judge_sequence_onto(cfg, cards, onto)


SET = MeldKind("set", "canasta.melds.set", "canasta.melds.set", lambda entry: True, _set, _onto_set, set_fits,
               set_wilds)
SEQUENCE = MeldKind("sequence", "canasta.melds.sequence", "canasta.melds.set",
                    lambda entry: entry.sequences is not None, _sequence, _onto_sequence)
# Wild cards alone are judged by the set judge, which knows an entry's all_wild.
WILD = MeldKind("wild", "canasta.melds.all-wild", "canasta.melds.no-wild-melds", lambda entry: entry.sets.all_wild,
                _set, _onto_set)
MELD_KINDS: dict[str, MeldKind] = {kind.name: kind for kind in (SET, SEQUENCE, WILD)}


def kinds_of(entry: VariantRules) -> list[str]:
    """The meld kinds a variant has, in a fixed order."""
    return [name for name, kind in MELD_KINDS.items() if kind.offered(entry)]


def judge_new(cfg: Config, cards: list[str], going_out: bool, kind: str | None = None) -> Judged:
    """Judge cards as a new meld of the kind named, or, where none is named, as a set and, where the variant
    has sequences and the set fails, as a sequence: natural cards of several ranks can only be meant as one."""
    if kind == "sequence":
        return SEQUENCE.judge(cfg, cards, going_out, None)
    judged = judge(cfg, cards, going_out=going_out)
    if kind is None and judged.violations and cfg.table.sequences is not None:
        run = SEQUENCE.judge(cfg, cards, going_out, None)
        if not run.violations or judged.rank is None and run.naturals > 1:
            return run
    return judged


def judge_onto(cfg: Config, cards: list[str], going_out: bool, onto: Meld) -> Judged:
    """Judge cards added to a table meld by the rules of the meld's kind."""
    return MELD_KINDS[onto.kind].extend(cfg, cards, going_out, onto)

