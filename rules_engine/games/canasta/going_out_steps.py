"""Whether a step melding cards from the hand keeps going out possible, read from the position's own ways out.

After a partner's "yes" every offered move must leave a hand that can still go out. A move that only melds
cards from the hand (a new meld, or cards added to one of the side's melds) leaves a position that can go out
exactly when some way to go out from the position as it stands holds that step: the step's cards end in one
final meld with it, and that meld, put down first as the step and grown afterwards, is the same final meld.
So the ways out of the position answer every step at once, without a search per step.

The ways read here are those the exact search answers from before it searches with runs (opening_runs.
run_bounds): each rank's sets beside the sequences on the table as they lie, and beside one run of the hand
(each run run_bounds tries). Such a family is a layered search over (wild cards used, cards kept, Tally code);
a pass forward (the states each layer can reach) and one backward (the states that can still end by going
out) give, per layer, every choice some way out holds. A step is held when one such choice holds a part that
contains it:

- a set (or cards added to a set, or wild cards to a meld of wild cards alone) of n naturals and k wild cards
  is contained in a part of the same meld (a new one, or the same meld on the table) with at least n naturals
  and k wild cards, the step's naturals among the cards that layer shares out; the rest is added to the step's
  meld later, which the rules allow wherever the part itself is a valid meld, unless the rest holds wild cards
  and the step's meld is then a canasta closed to them (the case is left to the search);
- a new sequence is contained in the family's run when its cards are a stretch of that run: the rest lies
  at its ends, and the final run is the same.

Where the sets alone cannot go out, for want of a sequence canasta that a sequence on the table can become (grown at
its ends by the hand's cards next to it, as opening_runs.laid_first grows it), the families are read again with that
sequence grown first (at most GROWN ways to grow one): the growing itself, or any part of it, is held by such a family
wherever the family goes out, and so is a set step its layers hold; the growth's cards are then no longer the hand's.

Final melds, canastas, cards kept and points are then those of a way out of the position, so the step keeps
going out possible: a True here is exact. Anything else (a step no way of the families holds, a merge, a
hand the pile changed) is left to the search (None), which alone may answer False.
"""

from __future__ import annotations

from collections import Counter

from ... import work
from .config import Config
from .going_out import needs_of, split_hand
from .hooks import MERGE_MELDS_OF_A_RANK, has_hook
from .melds import Meld
from .opening import _takes_wild_cards, _tallies, layer_moves
from .meld_kinds import judge_new
from .melds import read_meld
from .opening_runs import _grown_to_canastas, run_bounds, run_order

FAMILIES = 6                      # families of ways out read, at most (each costs about two plain searches)
GROWN = 4                         # ways to grow a sequence on the table to a canasta first, read as families, at most


class StepsOut:
    """The position's ways to go out as families of layers, and per layer the choices some way out holds."""

    def __init__(self, cfg: Config, hand: list[str], melds: list[Meld], needed: int, bonus: int):
        self.cfg = cfg
        self.melds = melds
        self.hand = Counter(hand)
        self.families: dict = {}          # run (None: no run) -> (layers, held choices), or None: no way out
        self.naturals, wilds, blacks = split_hand(cfg, hand)
        self.wilds = len(wilds)
        self.tally, self.goes, _ = _tallies(needs_of(cfg, bonus, needed), None)
        self.merging = not cfg.table.sets.one_per_rank and has_hook(cfg.table.hooks, MERGE_MELDS_OF_A_RANK)
        bounds = self._bounds(self.naturals, tuple(melds))
        self.sure, self.tries = (bounds[1], [tuple(run) for run in bounds[2]]) if bounds is not None else (None, [])
        self.grown = _grown_to_canastas(cfg, hand, tuple(melds))[:GROWN] if bounds is not None else []
        blacks_melded = len(blacks) >= 3 and cfg.table.threes.black_meld_going_out
        self.left_over = 0 if blacks_melded else len(blacks)

    def _bounds(self, naturals: dict, melds: tuple):
        return run_bounds(self.cfg, naturals, self.wilds, melds, saturate=2, top=None, top_rank=None, frozen=True,
                          tally=self.tally, wild_top=None, merging=self.merging)

    def holds(self, hand: list[str], melds: list[Meld]) -> bool | None:
        """True where the step that leaves this hand and these side melds is held by a way out; None: not known."""
        if self.sure is None:
            return None
        step = _step(self.hand, self.melds, hand, melds)
        if step is None:
            return self._growing(hand, melds)
        index, meld, added = step
        if meld.suit:
            # Sequences on the table lie as they are in these families: only a new sequence, within the run.
            runs = [run for run in self.tries if index is None and _stretch_of(added, run)]
        else:
            # No run first, then the runs that leave the step's cards free, in the order run_bounds tries them.
            runs = [None] + [run for run in self.tries if not Counter(added + list(run)) - self.hand]
        for run in runs:
            family = self._family(run)
            if family is not None and (meld.suit or self._set_held(*family, run, index, meld, added)):
                return True
        if meld.suit:
            return self._growing(hand, melds)
        if self._family(None) is not None:
            return None               # the sets alone go out: a growth first is the search's to weigh, not read here
        for cards, at in self.grown:
            if index != at and not Counter(added + cards) - self.hand:
                family = self._grown_family(cards, at)
                if family is not None and self._set_held(*family, tuple(cards), index, meld, added):
                    return True
        return None

    def _growing(self, hand: list[str], melds: list[Meld]) -> bool | None:
        """True where the step adds to a sequence on the table part of a growth to a canasta's length that a
        family with it grown goes out from (the rest of the growth still lies at the new ends); None otherwise."""
        if not self.grown or len(melds) != len(self.melds):
            return None
        changed = [i for i, (old, new) in enumerate(zip(self.melds, melds)) if old is not new]
        if len(changed) != 1 or not self.melds[changed[0]].suit:
            return None
        at = changed[0]
        added = Counter(melds[at].cards) - Counter(self.melds[at].cards)
        if not added or Counter(self.melds[at].cards) - Counter(melds[at].cards) or Counter(hand) + added != self.hand:
            return None
        for cards, index in self.grown:
            if index == at and not added - Counter(cards) and self._grown_family(cards, at) is not None:
                return True
        return None

    def _grown_family(self, cards: list[str], at: int):
        """The family of ways out with the side's sequence `at` grown by `cards` first (no run of the hand tried),
        or None where none goes out."""
        key = ("grown", at, tuple(cards))
        if key not in self.families:
            place = {rank: i for i, rank in enumerate(run_order(self.cfg))}
            grown = sorted(cards + list(self.melds[at].cards), key=lambda card: place[card[:-1]])
            after = (*self.melds[:at], read_meld(self.cfg, judge_new(self.cfg, grown, True), grown),
                     *self.melds[at + 1:])
            naturals = split_hand(self.cfg, list((self.hand - Counter(cards)).elements()))[0]
            bounds = self._bounds(naturals, after)
            held = None
            if bounds is not None:
                layers = bounds[1](None)
                held = _held_choices(layers, self.wilds, self.tally, self.goes, self.left_over)
            self.families[key] = None if held is None else (layers, held)
        return self.families[key]

    def _family(self, run: tuple | None):
        """The layers of the ways out beside this run (None: no run) and the choices ways out hold, or None."""
        if run not in self.families:
            if len(self.families) >= FAMILIES:
                return None
            layers = self.sure(None if run is None else list(run))
            held = _held_choices(layers, self.wilds, self.tally, self.goes, self.left_over)
            self.families[run] = None if held is None else (layers, held)
        return self.families[run]

    def _set_held(self, layers: list, held: list[set[int]], run: tuple | None, index: int | None, meld: Meld,
                  added: list[str]) -> bool:
        """Whether a way out of the family puts the step's cards, and more, in the step's meld (a set, or wild
        cards alone) while the rest may still be added to it."""
        wild = self.cfg.wild
        naturals = [card for card in added if card not in wild]
        wilds = len(added) - len(naturals)
        rank = meld.rank or ""
        # The rank's cards the family shares among its sets: the hand's, less the run's.
        if naturals and Counter(naturals) - (Counter(self.naturals.get(rank, ())) - Counter(run or ())):
            return False
        closed = not _takes_wild_cards(self.cfg, meld)
        for layer, choices in zip(layers, held):
            if not choices or layers_rank(layer) != rank:
                continue
            for i in choices:
                for onto, n, w, with_top in layer[i].parts:
                    if (onto == index and not with_top and n >= len(naturals) and w >= wilds
                            and not (closed and w > wilds)):
                        return True
        return False


def layers_rank(layer: list) -> str | None:
    """The rank a layer's choices are of ("" for melds of wild cards alone and the sequences' layer)."""
    return layer[0].rank if layer else None


def _held_choices(layers: list, wilds: int, tally, goes, left_over: int) -> list[set[int]] | None:
    """Per layer, the choices some way through every layer to a way out holds; None where no way goes out.

    A way out ends with what going out needs (`goes`) and at most one card left: cards kept, wild cards unused
    and the `left_over` cards no meld takes. States are numbered as opening._search numbers them."""
    saturate = 2
    counts = tally.size
    per_used = (saturate + 1) * counts
    moves = [layer_moves(layer, saturate, tally) for layer in layers]
    reached = [{0}]
    spend = work.meter().spend
    for options in moves:
        spend(1 + len(reached[-1]) * len(options) // 4)
        after = set()
        for state in reached[-1]:
            used, rest = divmod(state, per_used)
            base, room = state - rest, wilds - used
            for w, shift, parts, _, _ in options:
                if w > room:
                    break
                after.add(base + shift + parts[rest])
        reached.append(after)
    ending = set()
    for state in reached[-1]:
        used, rest = divmod(state, per_used)
        kept, made = divmod(rest, counts)
        if goes(made) and kept + wilds - used + left_over <= 1:
            ending.add(state)
    if not ending:
        return None
    held: list[set[int]] = [set() for _ in layers]
    for number in range(len(layers) - 1, -1, -1):
        spend(1 + len(reached[number]) * len(moves[number]) // 4)
        able, chosen = set(), held[number]
        for state in reached[number]:
            used, rest = divmod(state, per_used)
            base, room = state - rest, wilds - used
            for w, shift, parts, _, i in moves[number]:
                if w > room:
                    break
                if base + shift + parts[rest] in ending:
                    chosen.add(i)
                    able.add(state)
        ending = able
    return held


def _step(before: Counter, melds_before: list[Meld], hand: list[str], melds: list[Meld]
          ) -> tuple[int | None, Meld, list[str]] | None:
    """The one meld a step puts down or adds to (its index, or None for a new one), the meld it leaves and the
    cards it adds; None where the step is not cards from the hand into one meld of the side."""
    if len(melds) == len(melds_before) + 1 and melds[:-1] == melds_before:
        index, meld, added = None, melds[-1], list(melds[-1].cards)
    elif len(melds) == len(melds_before):
        changed = [i for i, (old, new) in enumerate(zip(melds_before, melds)) if old is not new]
        if len(changed) != 1:
            return None
        index = changed[0]
        meld, old = melds[index], melds_before[index]
        if meld.cards[:len(old.cards)] != old.cards or meld.rank != old.rank or meld.suit != old.suit:
            return None
        added = meld.cards[len(old.cards):]
    else:
        return None
    if not added or Counter(hand + added) != before:
        return None
    return index, meld, added


def _stretch_of(cards: list[str], run: list[str]) -> bool:
    """Whether these cards are a stretch of consecutive cards of the run."""
    for start in range(len(run) - len(cards) + 1):
        if sorted(run[start:start + len(cards)]) == sorted(cards):
            return True
    return False
