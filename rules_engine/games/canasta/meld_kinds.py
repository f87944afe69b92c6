"""The kinds of meld, one rules object each: which variants have it, how it is judged, the rule it cites.

The referee's set judge (melds.judge) is also what the listing and the searches are built on; the
sequence judge serves the variants that have runs. A kind a variant lacks is refused where it is named.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...game import Violation
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


def _onto_set(cfg: Config, cards: list[str], going_out: bool, onto: Meld, named: list[str] | None = None) -> Judged:
    judged = judge(cfg, cards, going_out=going_out, onto=onto)
    if named is not None:
        judged.violations += set_names_problems(cfg, cards, onto.rank or None, named)
    return judged


def _onto_sequence(cfg: Config, cards: list[str], going_out: bool, onto: Meld, named: list[str] | None = None) -> Judged:
    return judge_sequence_onto(cfg, cards, onto, named)


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


def judge_new(cfg: Config, cards: list[str], going_out: bool, kind: str | None = None,
              named: list[str] | None = None) -> Judged:
    """Judge cards as a new meld of the kind named, or, where none is named, as a set and, where the variant
    has sequences and the set fails, as a sequence: natural cards of several ranks can only be meant as one.
    `named` gives the cards the wild cards stand for, where the variant names them."""
    if kind == "sequence":
        return SEQUENCE.judge(cfg, cards, going_out, named)
    judged = judge(cfg, cards, going_out=going_out)
    if kind is None and judged.violations and cfg.table.sequences is not None:
        run = run_instead(cfg, cards, going_out, named, judged)
        if run is not None:
            return run
    if named is not None:
        judged.violations += set_names_problems(cfg, cards, judged.rank, named)
    return judged


def run_instead(cfg: Config, cards: list[str], going_out: bool, named: list[str] | None, as_set: Judged) -> Judged | None:
    """The verdict on cards refused as a set, judged as a sequence where that is what they must mean: a valid
    run, or natural cards of several ranks (whose verdict then says why they are neither); else None."""
    run = SEQUENCE.judge(cfg, cards, going_out, named)
    if not run.violations:
        return run
    if as_set.rank is None and run.naturals > 1:
        run.violations = as_set.violations + run.violations
        return run
    return None


def set_names_problems(cfg: Config, cards: list[str], rank: str | None, named: list[str]) -> list[Violation]:
    """In a set, each wild card is named as a natural card of the set's rank, one name for each."""
    wilds = sum(1 for card in cards if card in cfg.wild)
    if len(named) != wilds or any(card in cfg.wild or card not in cfg.rank_of for card in named):
        return [Violation("canasta.melds.nominated", f"Name one natural card (\"as\") for each of the meld's "
                                                     f"{wilds} wild cards; {len(named)} named.")]
    strays = [card for card in named if card[:-1] != rank] if rank is not None else []
    if strays:
        return [Violation("canasta.melds.nominated", f"In a meld of rank {rank} a wild card stands for "
                                                     f"that rank, not {', '.join(strays)}.")]
    return []


def judge_onto(cfg: Config, cards: list[str], going_out: bool, onto: Meld, named: list[str] | None = None) -> Judged:
    """Judge cards added to a table meld by the rules of the meld's kind (`named`: the new wild cards' names,
    read by sequences)."""
    if named is None:
        return MELD_KINDS[onto.kind].extend(cfg, cards, going_out, onto)
    return MELD_KINDS[onto.kind].extend(cfg, cards, going_out, onto, named)



def wild_onto_canasta(cfg: Config, onto: Meld, cards: list[str]) -> list[Violation]:
    """Where a variant says so (Samba), no wild card joins a meld that is a canasta already."""
    if cfg.table.sets.wild_onto_canasta or not cfg.is_canasta(onto.size):
        return []
    wild = [c for c in cards if c in cfg.wild and cfg.dual.get(c) != onto.rank]
    if not wild:
        return []
    return [Violation("canasta.melds.wild-onto-canasta", f"The meld is a canasta already, and wild cards "
                                                         f"({', '.join(wild)}) may not join a completed canasta here.")]


def judge_addition(cfg: Config, cards: list[str], going_out: bool, onto: Meld,
                   named: list[str] | None = None) -> Judged:
    """Judge cards added to a table meld as every addition from the hand is judged (a lay-off in play, an
    addition at /validate-meld): by the rules of the meld's kind, the wild cards' names where the variant names
    them, and no wild card joining a finished canasta where the variant forbids it."""
    if onto.suit or cfg.nominated:
        verdict = judge_onto(cfg, cards, going_out, onto, named)
        if cfg.nominated:
            verdict.violations += unnamed_problems(verdict)
    else:
        verdict = judge(cfg, cards, going_out=going_out, onto=onto)
    verdict.violations += wild_onto_canasta(cfg, onto, cards)
    return verdict


def unnamed_problems(judged: Judged) -> list[Violation]:
    """Where the variant names wild cards, a sequence whose wild cards could stand in more than one place
    must name them; `judged` comes from the sequence judge."""
    if not judged.suit or not judged.wilds or judged.named is not None or judged.violations:
        return []
    return [Violation("canasta.melds.nominated", "The wild cards in this sequence could stand for different "
                                                 "cards; name the card each stands for (\"as\").")]


def names_kept(cfg: Config, judged: Judged, cards: list[str], given: list[str] | None,
               onto: Meld | None = None) -> list[str] | None:
    """What a meld's wild cards stand for once these cards are melded (or added to `onto`): a sequence's from
    its verdict, a set's as named, kept only while every wild card in it is named."""
    if judged.suit:
        return judged.named
    before = onto.named if onto is not None else None
    if onto is not None and onto.wilds and before is None:
        return None
    if given is None:
        return before if not any(card in cfg.wild for card in cards) else None
    return (before or []) + given


def named_meld(cfg: Config, meld: dict) -> Meld:
    """The table meld a move's meld object (judged valid) makes, where the variant names wild cards."""
    named = meld.get("as")
    verdict = judge_new(cfg, meld["cards"], True, meld.get("kind"), named)
    return Meld(verdict.rank or "", list(meld["cards"]), verdict.naturals, verdict.wilds, verdict.suit,
                names_kept(cfg, verdict, meld["cards"], named))
