"""The initial meld as a constraint: the most a hand can count toward it, and one way to reach it.

The search is exact and works on counts. Once it is known how many wild cards go into each rank's
meld, the ranks no longer interact, and wild cards are interchangeable (the most valuable ones
count most), so a search rank by rank over (wild cards used, cards kept back, canastas made:
by kind where going out asks for kinds, a Tally) finds the best opening without ever listing
card combinations. Cards kept back only matter up to the two a player must keep, so that
dimension stays tiny whatever the hand's size.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, field

from ... import work
from .config import Config
from .dual_roles import best_verdict, designations
from .going_out import Group, Needs, Plan, needs_of, split_hand
from .melds import card_points, meld_points
from .going_out import _moves as going_out_moves
from .hooks import MERGE_MELDS_OF_A_RANK, has_hook
from .melds import canasta_kind, meld_canasta
from .merging import Joining, groupings, merge_moves
from .meld_kinds import SET
from .pile_policy import WILD_PAIR
from .tally import Tally, tally_for
from .variants import CanastaTier
from ...records import record

FIRST_BUDGET = 1_000              # states the depth-first search for the best way out searches before the bound by
BEST_BUDGET = 15_000              # suit, and after it
# Steps a part of the search that is worth its cost only when cheap (the runs of one copy, the bound by suit) may take
# where only whether a way out exists is asked.
CHEAP_PART_STEPS = 1_000


@dataclass(slots=True)
class Draft:
    """One meld of an opening, or one addition to a meld put down earlier in the same turn."""

    rank: str
    naturals: list[str]
    wilds: list[str] = field(default_factory=list)
    top: str | None = None            # the pile's top card, when the opening takes the pile
    # index of the side's meld this adds to (or the Joining of melds merged first), or None for a new meld
    onto: "int | Joining | None" = None
    suit: str = ""                    # a sequence's suit (its naturals run in that suit)

    def points(self, cfg: Config) -> int:
        """What the cards it puts down count toward the minimum."""
        if cfg.wild_as:
            return meld_points(cfg, self.rank, self.cards())
        values = cfg.values
        value = values.__getitem__
        total = sum(map(value, self.naturals)) + sum(map(value, self.wilds))
        return total + (values[self.top] if self.top else 0)

    def hand_cards(self) -> list[str]:
        """The cards of the meld that come from the hand."""
        return self.naturals + self.wilds

    def cards(self) -> list[str]:
        """Every card it puts down, the top card first."""
        return ([self.top] if self.top else []) + self.naturals + self.wilds


@dataclass
class OpeningVerdict:
    """Whether the minimum can be met, the most that can be counted, and one witness."""

    required: int
    best: int
    witness: list[Draft]
    blocks: list[Draft]
    counted: int = 0                  # what the melds already put down this turn count
    canasta: str | None = None        # the canasta kind the initial meld must hold ("any"), or None

    @property
    def met(self) -> bool:
        """Whether some valid opening reaches the minimum (a minimum of 0 still needs a meld)."""
        return (bool(self.witness) or self.counted > 0) and self.best >= self.required


@record(slots=True)
class _Choice:
    """What one rank contributes: naturals from the hand, wild cards, points, cards kept, a canasta."""

    rank: str
    naturals: int
    wilds: int
    points: int
    kept: int
    canasta: int                      # the Tally code of the canastas the rank's melds make
    # Where a side may hold several melds of a rank: (meld index or None for a new meld, naturals, wild
    # cards, whether it holds the top card) for each meld the rank's cards go to.
    parts: tuple = ()
    pool: tuple = ()                  # the rank's cards left to its sets, where sequences take some


def _choices(cfg: Config, rank: str, cards: list[str], *, saturate: int, top: str | None, frozen: bool,
             onto, tally: Tally) -> list[_Choice]:
    """Every useful way a rank can take part: a new meld, the top card's meld, an addition, or nothing.

    Using fewer naturals than all but `saturate` of them never helps (the hand keeps enough cards
    anyway, and a meld with more naturals holds as many wild cards), so those are not tried.
    """
    values, sets = cfg.values, cfg.table.sets
    mark, wild_range = tally.marks.__getitem__, SET.wild_range
    have = len(cards)
    sums = [0]
    for card in cards:
        sums.append(sums[-1] + values[card])
    lowest = 0 if sets.max_cards is not None else max(0, have - saturate)
    found: list[_Choice] = []
    if top is None:
        found.append(_Choice(rank, 0, 0, 0, have, 0 if onto is None else mark(canasta_kind(cfg, onto.naturals,
                                                                                          onto.wilds))))
    wild_room = onto is None or _takes_wild_cards(cfg, onto)
    for n in range(have, lowest - 1, -1):
        if onto is not None:
            naturals, base = onto.naturals + n, onto.size + n
            room = cfg.wild_cap(naturals) - onto.wilds if wild_room else 0
            if sets.max_cards is not None:
                room = min(room, sets.max_cards - base)
            for w in range(0, room + 1):
                if n or w:          # adding nothing is the first choice above
                    found.append(_Choice(rank, n, w, sums[n], have - n,
                                         mark(canasta_kind(cfg, naturals, onto.wilds + w))))
            continue
        naturals = n + (1 if top else 0)
        extra = values[top] if top else 0
        fewest, most = wild_range(cfg, naturals)
        for w in range(fewest, most + 1):
            if top and not (n >= 2 or (not frozen and cfg.table.pile.natural_and_wild and n >= 1 and w >= 1)):
                continue
            if not top and n == 0:
                continue
            found.append(_Choice(rank, n, w, sums[n] + extra, have - n, mark(canasta_kind(cfg, naturals, w))))
    return found


def _several_choices(cfg: Config, rank: str, cards: list[str], *, saturate: int, top: str | None, frozen: bool,
                     ontos: list, wilds: int, tally: Tally, merging: bool = False) -> list[_Choice]:
    """_choices where a side may hold several melds of a rank: the rank's cards may join each of its melds
    on the table and make any number of new melds, so a choice is a total over those melds. With `merging`,
    the melds on the table may first be joined in every way the merges allow."""
    values, sets = cfg.values, cfg.table.sets
    mark, wild_cap, most, wild_range = tally.marks.__getitem__, cfg.wild_cap, sets.max_cards, SET.wild_range
    spend = work.meter().spend
    have = len(cards)
    sums = [0]
    for card in cards:
        sums.append(sums[-1] + values[card])

    def new_melds(with_top: bool) -> list:
        extra = 1 if with_top else 0
        options = []
        for a in range(1 if with_top else max(1, sets.min_naturals), have + 1):
            fewest, most_wilds = wild_range(cfg, a + extra)
            for b in range(fewest, most_wilds + 1):
                if with_top and not (a >= 2 or (not frozen and cfg.table.pile.natural_and_wild and b >= 1)):
                    continue
                options.append((a, b, mark(canasta_kind(cfg, a + extra, b)), ((None, a, b, with_top),)))
        spend(1 + len(options) // 2)
        return options

    def additions(way: list) -> list:
        found = []
        for index, meld in way:
            if cfg.is_stop_rank(meld.rank):          # black threes take no wild card
                found.append([(0, 0, mark(canasta_kind(cfg, meld.naturals, meld.wilds)), ())])
                continue
            options = []
            joined = type(index) is Joining   # a part even when nothing is added: the merges make it
            takes_wild = _takes_wild_cards(cfg, meld)
            # A joined meld closed to wild cards takes them on its parts before the merges.
            before = sum(room for _, room in index.before) if joined and not takes_wild else None
            for a in range(0, have + 1):
                room = wild_cap(meld.naturals + a) - meld.wilds if takes_wild or before else 0
                if before is not None:
                    room = min(room, before)
                if most is not None:
                    room = min(room, most - meld.size - a)
                options += [(a, b, mark(canasta_kind(cfg, meld.naturals + a, meld.wilds + b)),
                             ((index, a, b, False),) if a or b or joined else ()) for b in range(0, room + 1)]
            spend(1 + len(options) // 2)
            found.append(options)
        return found

    first, fresh = new_melds(True) if top is not None else None, new_melds(False)
    reached: dict = {}
    for way in groupings(cfg, ontos) if merging else (ontos,):
        for key, parts in _shares(additions(way), first, fresh, have, wilds, tally).items():
            reached.setdefault(key, parts)
    lowest = 0 if most is not None else max(0, have - saturate)
    extra = values[top] if top else 0
    return [_Choice(rank, n, w, sums[n] + extra, have - n, made, parts)
            for (n, w, made), parts in reached.items() if n >= lowest or (n == 0 and w == 0 and top is None)]


def _wild_choices(cfg: Config, ontos: list, wilds: int, tally: Tally, top: str | None = None) -> list[_Choice]:
    """What melds of wild cards alone can take: wild cards added to each such meld on the table, and any
    number of new ones of at least the smallest meld's size (a layer of the search with no rank). A wild
    `top` card of the pile starts one more, with at least a pair of wild cards from the hand."""
    sets = cfg.table.sets
    most = cfg.wild_meld_most if cfg.wild_meld_most is not None else sets.min_cards + wilds

    def made(size: int) -> int:
        return tally.mark(canasta_kind(cfg, 0, size))

    # A meld on the table grows by as many as the hand holds where melds have no most (`most` bounds new ones).
    room = [(wilds if cfg.wild_meld_most is None else max(0, min(wilds, most - meld.size)))
            if _takes_wild_cards(cfg, meld) else 0 for _, meld in ontos]
    additions = [[(0, b, made(meld.size + b), ((index, 0, b, False),) if b else ()) for b in range(0, space + 1)]
                 for (index, meld), space in zip(ontos, room)]
    fresh = [(0, b, made(b), ((None, 0, b, False),)) for b in range(sets.min_cards, min(wilds, most) + 1)]
    first = None if top is None else [(0, b, made(b + 1), ((None, 0, b, True),))
                                      for b in range(max(WILD_PAIR, sets.min_cards - 1), min(wilds, most - 1) + 1)]
    reached = _shares(additions, first, fresh, 0, wilds, tally)
    extra = cfg.values[top] if top is not None else 0
    return [_Choice("", 0, w, extra, 0, made, parts) for (_, w, made), parts in reached.items()]


def _shares(additions: list[list], first: list | None, fresh: list, have: int, wilds: int, tally: Tally) -> dict:
    """Every (naturals, wild cards, Tally code of the canastas made) reachable by one option from each list of `additions`
    (what each meld on the table may take), then one of `first` (the pile's top card's meld) when given,
    then any number of `fresh` melds; one way to each, as (meld index or None, naturals, wild cards,
    holds the top card) parts.

    What a rank contributes depends only on those counts, so the ways to share its cards are searched
    over them; the counts are bounded by the cards there are, so the search ends.
    """
    joined = tally.joined
    spend = work.meter().spend

    def step(reached: dict, options: list) -> dict:
        spend(1 + len(reached) * len(options) // 8)
        grown: dict = {}
        for (n, w, made), parts in reached.items():
            for a, b, canasta, part in options:
                if n + a <= have and w + b <= wilds:
                    grown.setdefault((n + a, w + b, joined[made][canasta]), parts + part)
        return grown

    reached: dict = {(0, 0, 0): ()}
    for options in additions:
        reached = step(reached, options)
    if first is not None:
        reached = step(reached, first)
    grown = reached
    while grown:
        grown = {key: parts for key, parts in step(grown, fresh).items() if key not in reached}
        reached.update(grown)
    return reached


def _takes_wild_cards(cfg: Config, meld) -> bool:
    """Whether wild cards may be added to this meld: not to a canasta where the variant forbids it."""
    return cfg.table.sets.wild_onto_canasta or not cfg.is_canasta(meld.size)


def _wild_as_gains(cfg: Config, layers: list[list[_Choice]], pool: list[str]) -> tuple[list, list]:
    """Where a melded wild card counts by the rank it stands for (values.wild_as): the layers in the order of
    that value, lowest first, and per layer and choice what the choice counts by the wild cards used before it.

    The other wild cards (jokers) count at least as much as any rank gives (checked at load), so the best
    sharing puts them where the ranks give least: the first wild cards used, in this order, are jokers."""
    jokers = sum(1 for card in pool if card not in cfg.as_valued)
    own = cfg.values[min(cfg.as_valued)]     # one figure for them all (checked at load)

    def worth(layer: list[_Choice]) -> int:
        return cfg.wild_as.get(layer[0].rank, own) if layer else 0

    layers = sorted(layers, key=worth)
    gains = []
    for layer in layers:
        each = worth(layer)
        gains.append([[c.points + c.wilds * each + (cfg.other_wild - each) * max(0, min(used + c.wilds, jokers) - used)
                       for used in range(len(pool) + 1)] for c in layer])
    return layers, gains


def _search(layers: list[list[_Choice]], wilds: int, saturate: int, tally: Tally, gains: list | None = None,
            kept_most: int | None = None):
    """The best natural points per (wild cards used, cards kept, Tally code), with a way back to the choices; with
    `kept_most`, only the states keeping at most that many cards (cards kept only grow along a way).

    States are numbered (used * kept values + kept) * tally codes + code, so a layer is a flat list
    and each step is a few integer operations. With `gains` (values.wild_as), a choice counts what
    gains[layer][choice][wild cards used before it] says, its wild cards included.
    """
    kinds, counts = saturate + 1, tally.size
    per_used = kinds * counts
    best = [-1] * ((wilds + 1) * per_used)
    best[0] = 0
    live = [0]
    backs: list[list] = []
    spend = work.meter().spend
    for number, choices in enumerate(layers):
        # A step of the walk is a few integer operations: a step of work is counted per eight.
        spend(1 + len(live) * len(choices) // 8)
        if gains is not None:
            best, live, back = _by_gains(choices, gains[number], best, live, wilds, per_used, saturate, tally)
            backs.append(back)
            continue
        following = [-1] * len(best)
        back: list = [None] * len(best)
        moves = layer_moves(choices, saturate, tally)
        for state in live:
            points = best[state]
            used, rest = divmod(state, per_used)
            base, room = state - rest, wilds - used
            for w, shift, parts, gained, i in moves:
                if w > room:
                    break
                target = base + shift + parts[rest]
                total = points + gained
                if total > following[target]:
                    following[target] = total
                    back[target] = (state, i)
        best = following
        live = [s for s, p in enumerate(following) if p >= 0]
        if kept_most is not None:
            live = [s for s in live if s % per_used // counts <= kept_most]
        backs.append(back)

    def trail(state: int) -> list[_Choice]:
        found = []
        for layer in range(len(layers) - 1, -1, -1):
            state, i = backs[layer][state]
            found.append(layers[layer][i])
        found.reverse()
        return found

    ends = {}
    for state in live:
        used, rest = divmod(state, per_used)
        ends[(used, *divmod(rest, counts))] = (best[state], state)
    return ends, trail


def layer_moves(choices: list[_Choice], saturate: int, tally: Tally) -> list[tuple]:
    """A layer's choices as the searches step them, fewest wild cards first: (wild cards, the shift they make in
    a state's number, where each (kept, Tally code) part of a state goes (a lookup instead of two min()), points,
    the choice's index). States are numbered (used * kept values + kept) * tally codes + code."""
    meter = work.meter()
    # The searches of one answer share many layers (a rank's choices are worked out once per answer): the answer's
    # meter keeps each layer's moves, with the layer itself so that it stays the one asked about.
    asked = None if meter.done is None else ("layer moves", id(choices), saturate, tally)
    kept = None if asked is None else meter.done.get(asked)
    if kept is not None and kept[0] is choices:
        return kept[1]
    counts, joined = tally.size, tally.joined
    per_used = (saturate + 1) * counts
    meter.spend(1 + len(choices) * per_used // 4)     # a step of work per four entries built
    moves = sorted((c.wilds, c.wilds * per_used,
                    [min(saturate, k + c.kept) * counts + joined[m][c.canasta]
                     for k in range(saturate + 1) for m in range(counts)], c.points, i)
                   for i, c in enumerate(choices))
    if asked is not None:
        meter.done[asked] = (choices, moves)
    return moves


def _by_gains(choices: list[_Choice], gains: list, best: list, live: list, wilds: int, per_used: int, saturate: int,
              tally: Tally) -> tuple[list, list, list]:
    """One layer of _search where what a choice counts depends on the wild cards used before it."""
    counts, joined = tally.size, tally.joined
    following = [-1] * len(best)
    back: list = [None] * len(best)
    for state in live:
        used, rest = divmod(state, per_used)
        kept, made = divmod(rest, counts)
        for i, c in enumerate(choices):
            if c.wilds > wilds - used:
                continue
            target = (used + c.wilds) * per_used + min(saturate, kept + c.kept) * counts + joined[made][c.canasta]
            total = best[state] + gains[i][used]
            if total > following[target]:
                following[target] = total
                back[target] = (state, i)
    return following, [s for s, p in enumerate(following) if p >= 0], back


def plan_opening(cfg: Config, hand: list[str], required: int, *, keep: int, gain: int = 0,
                 top: str | None = None, frozen: bool = True, melds: tuple = (), counted: int = 0,
                 going_out: bool = False, canastas_needed: int = 0, split: tuple | None = None,
                 out_only: bool = False, needs: Needs | None = None, told: bool = False,
                 canasta: str | None = None, enough: int | None = None, quick: bool = False) -> OpeningVerdict:
    """Judge the opening of a hand exactly.

    `keep` cards must stay in the hand after the opening, counting the `gain` cards the pile
    brings; `top` is the pile's top card when the opening takes the pile (`frozen`: whether the
    pile is frozen for the side); `melds` are the melds the turn has already put down toward the
    opening, counting `counted`; with `going_out`, openings that empty the hand (to at most the
    one card left to discard) also count when the side then has `canastas_needed` canastas (or,
    given `needs`, the canastas it names). `split` is split_hand(cfg, hand) when the caller has it
    already. With `out_only` only ways that go out count, and `best` is -1 when there is none. `told`:
    the split already says which cards both wild and natural serve as naturals (dual_roles.designations).
    With `canasta` (a kind, or "any"), only ways whose melds, with `melds`, hold a canasta of that kind count.
    With `quick` (going out with sequences only), only the ways found before the search with runs passes its
    first budget are looked for: where they find none, `best` is -1 without proving that none exists.
    """
    work.meter().spend(1)      # a search begun once the answer's steps are spent settles nothing
    if cfg.dual and not told:
        return best_verdict([plan_opening(cfg, hand, required, keep=keep, gain=gain, top=top, frozen=frozen,
                                          melds=melds, counted=counted, going_out=going_out,
                                          canastas_needed=canastas_needed, split=each, out_only=out_only,
                                          needs=needs, told=True, canasta=canasta)
                             for each in designations(cfg, split or split_hand(cfg, hand))])
    naturals, wilds, blacks = split or split_hand(cfg, hand)
    values = cfg.values
    top_rank = cfg.rank_of.get(top) if top else None
    several = not cfg.table.sets.one_per_rank
    # Merges change no card of the hand: only ways to go out gain by them, and openings whose melds must hold a
    # canasta (two melds of a rank put down this turn may merge into it).
    merging = several and (out_only or canasta is not None) and has_hook(cfg.table.hooks, MERGE_MELDS_OF_A_RANK)
    if not going_out:
        needs = Needs(0)
    elif needs is None:
        needs = Needs(canastas_needed)
    tally, goes, opens = _tallies(needs, canasta)
    by_rank = {m.rank: (i, m) for i, m in enumerate(melds) if m.rank}   # melds of wild cards have no rank
    of_rank: dict[str, list] = {}
    if several:
        for i, m in enumerate(melds):
            if m.rank:
                of_rank.setdefault(m.rank, []).append((i, m))
    if out_only:
        required, counted = max(required, 0), 0
    blocks = _blocks(cfg, naturals, wilds, top, top_rank)
    wild_top = top if top is not None and top_rank is None else None   # taken with a pair of wild cards
    if wild_top is not None and len(wilds) < WILD_PAIR:
        return OpeningVerdict(required, counted, [], blocks, counted)
    if wild_top is None and top is not None and len(naturals.get(top_rank, ())) < (2 if frozen or not wilds else 1):
        return OpeningVerdict(required, counted, [], blocks, counted)
    if going_out:
        saturate = max(keep, 2)       # going out needs to know whether at most one card is left
    else:
        # Cards that stay in the hand whatever is melded already cover part (or all) of `keep`.
        # (Where sequences may take them, no card is sure to stay.)
        single = [cards for rank, cards in naturals.items()
                  if len(cards) < cfg.table.sets.min_naturals and rank not in by_rank and rank != top_rank
                  ] if cfg.table.sequences is None else []
        saturate = max(0, keep - gain - len(blacks) - sum(map(len, single)))
    layers: list[list[_Choice]] = []
    loose = 0
    runs = cfg.table.sequences is not None      # then the ranks are searched together (opening_runs)
    for rank in () if runs else sorted(set(naturals) | set(by_rank) | ({top_rank} if top_rank else set())):
        cards = naturals.get(rank, [])
        if cards:
            cards = sorted(cards, key=lambda c: -values[c])
        onto = by_rank.get(rank, (None, None))[1]
        joined = top if rank == top_rank else None
        if several:
            choices = _several_choices(cfg, rank, cards, saturate=saturate, top=joined, frozen=frozen,
                                       ontos=of_rank.get(rank, []), wilds=len(wilds), tally=tally,
                                       merging=merging)
        else:
            choices = _choices(cfg, rank, cards, saturate=saturate, top=joined, frozen=frozen, onto=onto,
                               tally=tally)
        if len(choices) == 1 and choices[0].naturals == 0 and choices[0].wilds == 0 and not choices[0].canasta:
            loose += len(cards)       # a rank that cannot take part: its cards simply stay in the hand
            continue
        layers.append(choices)
    if cfg.table.sets.all_wild and not runs:
        layers.append(_wild_choices(cfg, [(i, m) for i, m in enumerate(melds) if not m.rank], len(wilds), tally,
                                    wild_top))
    pool = sorted(wilds, key=lambda c: -values[c])
    wild_sums = [0]
    for card in pool:
        wild_sums.append(wild_sums[-1] + values[card])
    gains = None
    if cfg.wild_as:
        layers, gains = _wild_as_gains(cfg, layers, pool)
        wild_sums = [0] * len(wild_sums)          # the gains count the wild cards, layer by layer
    black_points = sum(values[c] for c in blacks)
    can_meld_blacks = len(blacks) >= 3 and cfg.table.threes.black_meld_going_out

    def pick(states: dict) -> tuple:
        """The best count (going out or not) with its state and whether it goes out, and the best that keeps
        enough cards, with its state."""
        best_points, best_trail, best_out = -1, None, False
        stays_points, stays_trail = -1, None
        for (used, kept, made), (points, end) in states.items():
            left = kept + len(pool) - used + loose + gain
            total = points + wild_sums[used]
            if total == 0 and not melds:
                continue                  # an opening puts down at least one meld
            if opens is not None and not opens[made]:
                continue                  # the melds hold no canasta of the kind the initial meld needs
            if left + len(blacks) >= keep and not out_only:
                if total > stays_points:
                    stays_points, stays_trail = total, end
                if total > best_points:
                    best_points, best_trail, best_out = total, end, False
            if going_out and goes(made):
                if can_meld_blacks:
                    out_left, out_total = left, total + black_points
                else:
                    out_left, out_total = left + len(blacks), total
                if out_left <= 1 and out_total > best_points:
                    best_points, best_trail, best_out = out_total, end, True
        return best_points, best_trail, best_out, stays_points, stays_trail

    if runs:
        from .opening_runs import (  # they build on the set search
            laid_first, one_run_a_card, run_bounds, search_with_runs, sequence_canastas_most, suit_bound,
        )
        if out_only and dict(needs.by_kind).get("sequence", 0) > sequence_canastas_most(cfg, naturals, melds):
            return OpeningVerdict(required, -1, [], blocks, counted, canasta)   # going out needs more sequences
        picked = None
        bounds = run_bounds(cfg, naturals, len(pool), tuple(melds), saturate=saturate, top=top, top_rank=top_rank,
                            frozen=frozen, tally=tally, wild_top=wild_top, merging=merging)
        common = dict(saturate=saturate, top=top, top_rank=top_rank, frozen=frozen, tally=tally, wild_top=wild_top,
                      merging=merging, kept_most=1 if out_only else None)
        # With `enough` (going out only), any way counting that much answers, not the best one: asked where
        # only whether a way exists matters (Position.can_go_out), it ends the search at the first found.
        meets = _meets if enough is None else (lambda way, bound: way[0] >= enough or _meets(way, bound))
        found: list = []              # the ways to meld tried before the full search, each with its way back
        if bounds is not None:
            loosened, sure, tries = bounds
            kept_most = 1 if out_only else None       # going out keeps one card at most
            most = pick(_search(loosened, len(pool), saturate, tally, kept_most=kept_most)[0])
            if most[0] < 0 and most[3] < 0:
                picked = most         # where even the bound finds no way, there is none
            # Going out: a family whose sequences lie as they are (beside its one run) must already hold the
            # sequence canastas going out needs, or none of its ways goes out.
            short = dict(needs.by_kind).get("sequence", 0) - sum(
                1 for m in melds if m.suit and cfg.is_canasta(m.size)) if out_only else 0
            for run in [] if picked is not None else [None, *tries]:
                if short > (run is not None and cfg.is_canasta(len(run))):
                    continue
                states, trail_of = _search(sure(run), len(pool), saturate, tally, kept_most=kept_most)
                found.append((pick(states), trail_of if run is None else _with_run(trail_of, run)))
                if meets(found[-1][0], most):
                    picked, trail_of = found[-1]
                    break
            # Openings go from the ways found straight to the full search, with those ways' best as its floor.
            budgets = (FIRST_BUDGET,) if quick else (FIRST_BUDGET, None, BEST_BUDGET) if out_only else ()
            for budget in budgets if picked is None else ():
                if budget is None and enough == 0 and melds and not quick and canasta is None and top is None:
                    # Asked only whether a way out exists: a sequence canasta put down first, the rest searched.
                    picked_first = laid_first(cfg, hand, melds, tries, keep=keep, needs=needs, gain=gain)
                    if picked_first is not None:
                        picked, trail_of = picked_first
                        break
                if budget is None:
                    # Runs holding one copy of each card: few states, and often all the runs a hand needs. Asked
                    # only whether a way out exists, this and the bound by suit below are worth their steps only
                    # where they are few: past CHEAP_PART_STEPS each ends, and the search after them settles it.
                    try:
                        with work.capped(CHEAP_PART_STEPS) if enough == 0 else nullcontext():
                            states, way_back = search_with_runs(cfg, naturals, pool, tuple(melds), run_copies=1,
                                                                **common)
                        found.append((pick(states), way_back))
                        if one_run_a_card(cfg, naturals, melds):
                            picked, trail_of = found[-1]      # no way puts two runs through one card: the full search
                            break
                    except work.Capped:
                        pass
                    # Going out, the bound again, runs searched in one suit at a time: where it is lower, a way
                    # found above may meet it, and where it finds no way there is none (openings gained nothing by
                    # it on the measured hands, and it costs a search per suit).
                    if out_only and (not found or not meets(found[-1][0], most)):
                        try:
                            with work.capped(CHEAP_PART_STEPS) if enough == 0 else nullcontext():
                                most = suit_bound(cfg, naturals, pool, tuple(melds), pick, most, **common)
                        except work.Capped:
                            pass
                    if most[0] < 0 and most[3] < 0:
                        picked = most
                    for way, way_back in [] if picked is not None else found:
                        if meets(way, most):
                            picked, trail_of = way, way_back
                            break
                else:
                    # Going out: the best way searched depth first, within a budget (an answer where it ends), then
                    # the full search keeping only the states that could beat the best way found.
                    best = search_with_runs(cfg, naturals, pool, tuple(melds), goal=lambda key, points: pick(
                        {key: (points, 0)})[0], slack=wild_sums[-1] + (black_points if can_meld_blacks else 0),
                        target=most[0] if enough is None else min(most[0], enough), budget=budget,
                        then_all=budget == BEST_BUDGET,
                        goes=goes if needs.most is None else None, **common)
                    if best is not None:
                        picked, trail_of = pick(best[0]), best[1]
                if picked is not None:
                    break
        if picked is None and quick:
            picked = (-1, None, False, -1, None)
        if picked is None and not going_out and found:
            # An opening that does not go out (its best count is the best keeping cards): the way found that counts
            # most is beaten only by a way the full search keeps among the states that could still count more
            # (their count plus every card ahead), which are few.
            way, way_back = max(found, key=lambda entry: entry[0][0])
            states, beaten_back = search_with_runs(cfg, naturals, pool, tuple(melds), goal=lambda key, points: pick(
                {key: (points, 0)})[0], slack=wild_sums[-1], floor=way[0], **common)
            picked, trail_of = (pick(states), beaten_back) if states else (way, way_back)
        if picked is None:
            states, trail_of = search_with_runs(cfg, naturals, pool, tuple(melds), **common)
            picked = pick(states)
    else:
        states, trail_of = _search(layers, len(pool), saturate, tally, gains)
        picked = pick(states)
    best_points, best_trail, best_out, stays_points, stays_trail = picked
    if best_trail is None:
        # With a canasta to hold, no way holds one: no opening counts anything.
        return OpeningVerdict(required, -1 if out_only or canasta else counted, [], blocks, counted, canasta)
    best = counted + best_points
    if stays_points >= 0 and counted + stays_points >= required:
        drafts = _drafts(cfg, trail_of(stays_trail), naturals, pool, top, top_rank, by_rank)
        witness = _lean(cfg, drafts, required - counted, frozen, keep_canastas=canasta is not None)
    else:
        witness = _drafts(cfg, trail_of(best_trail), naturals, pool, top, top_rank, by_rank)
        if best_out and can_meld_blacks:
            witness.append(Draft(cfg.stop_rank, list(blacks)))
    return OpeningVerdict(required, best, witness, blocks, counted, canasta)


def _tallies(needs: Needs, canasta: str | None) -> tuple[Tally, object, list[bool] | None]:
    """The Tally a search counts canastas with, whether a code meets what going out `needs`, and, with
    `canasta` (a kind, or "any"), per code whether it holds the canasta an initial meld needs.

    Going out's tally already counts canastas in all and by kind; an opening's canasta is one more kind
    to count (or, for any kind, at least one in all), so both verdicts read one code."""
    if canasta is None:
        tally = tally_for(needs.canastas, needs.by_kind, needs.most)
        return tally, tally.meets, None
    extra = () if canasta == "any" else ((canasta, 1),)
    tally = tally_for(max(needs.canastas, 1), needs.by_kind + extra, needs.most)
    wanted = [n for _, n in needs.by_kind]
    goes, opens = [], []
    for code in range(tally.size):
        total, *have = tally.counts(code)
        goes.append(total >= needs.canastas and (needs.most is None or total <= needs.most)
                    and all(n >= want for n, want in zip(have, wanted)))
        opens.append(total >= 1 if canasta == "any" else have[-1] >= 1)
    return tally, goes.__getitem__, opens


def needed_canasta(cfg: Config, basis: int) -> str | None:
    """The canasta kind ("any" for any kind) the initial meld must hold at this score or round, or None."""
    needed = cfg.table.opening.requirement(basis)
    return needed.canasta if isinstance(needed, CanastaTier) else None


def holds_canasta(cfg: Config, melds, kind: str | None) -> bool:
    """Whether these melds hold a canasta of this kind ("any": of any kind; None: nothing is asked)."""
    if kind is None:
        return True
    return any((found := meld_canasta(cfg, m)) is not None and kind in ("any", found) for m in melds)


def _meets(way: tuple, bound: tuple) -> bool:
    """Whether a way found (a pick of plan_opening) counts what an upper bound does, going out or not, and keeping
    cards: then it is the best."""
    return (way[0], way[3]) == (bound[0], bound[3])


def _with_run(trail_of, run: list[str]):
    """A trail that ends with one more sequence, of these cards."""
    return lambda end: trail_of(end) + [Draft("", list(run), suit=run[0][-1])]


def search_going_out(cfg: Config, hand: list[str], melds: list, *, canastas_needed: int, minimum: int | None,
                     split: tuple | None = None, bonus: int = 0, canasta: str | None = None,
                     any_way: bool = False) -> Plan | None:
    """plan_going_out where a side may hold several melds of a rank, melds of wild cards alone or canastas
    closed to wild cards: the exact search above, asked only for ways that meld the whole hand (or all but
    the card to discard), the most valuable first; `bonus` counts the side's bonus cards laid out; `canasta`: the kind an initial
    meld must hold; with `any_way`, a way out, not always the most valuable (whether one exists is the same)."""
    verdict = plan_opening(cfg, hand, minimum or 0, keep=2, melds=tuple(melds), going_out=True,
                           canastas_needed=canastas_needed, split=split, out_only=True,
                           needs=needs_of(cfg, bonus, canastas_needed), canasta=canasta,
                           enough=max(minimum or 0, 0) if any_way else None)
    if verdict.best < max(minimum or 0, 0):
        return None
    left = list(hand)
    for draft in verdict.witness:
        for card in draft.hand_cards():
            left.remove(card)
    # Melds joined by merges are joined first, after the wild cards a canasta closed to them takes on its
    # parts; the other cards then go where the melds stand.
    merges, where = merge_moves([d.onto for d in verdict.witness if type(d.onto) is Joining], len(melds))
    before: list[dict] = []
    groups = []
    for d in verdict.witness:
        if cfg.is_stop_rank(d.rank):
            continue
        members = () if d.onto is None else d.onto.members if type(d.onto) is Joining else (d.onto,)
        size = len(d.naturals) + sum(melds[i].size for i in members)
        wilds = d.wilds
        closed = not cfg.table.sets.wild_onto_canasta and cfg.is_canasta(size - len(d.naturals))
        if type(d.onto) is Joining and closed:
            for index, room in d.onto.before:
                if wilds[:room]:
                    before.append({"type": "lay_off", "meld": index, "cards": wilds[:room]})
                size, wilds = size + len(wilds[:room]), wilds[room:]
        groups.append(Group(d.rank, d.naturals, 0, size, where[min(members)] if members else None, 0, 0, wilds))
    blacks = next((d.naturals for d in verdict.witness if cfg.is_stop_rank(d.rank)), [])
    after = going_out_moves(cfg, groups, blacks, opened=bool(melds))
    leftover = left[0] if left else None
    if before and not after and leftover is None:
        # The hand would empty before the merges: the last wild card waits, and is discarded after them.
        *kept, leftover = before[-1]["cards"]
        before[-1:] = [{**before[-1], "cards": kept}] if kept else []
    return Plan(before + merges + after, leftover, verdict.best)


def opening_steps(cfg: Config, witness: list[Draft], melds: list) -> list[dict]:
    """The moves that put an opening's witness down: its new melds in one move, the wild cards a joined canasta
    closed to them takes on its parts, the merges, then the cards added to the side's melds where they then stand."""
    fresh = [{"cards": d.cards(), "kind": "sequence"} if d.suit else {"cards": d.cards()}
             for d in witness if d.onto is None]
    merges, where = merge_moves([d.onto for d in witness if type(d.onto) is Joining], len(melds))
    before, after = [], []
    for d in witness:
        if d.onto is None:
            continue
        if type(d.onto) is not Joining:
            after.append({"type": "lay_off", "meld": where[d.onto], "cards": d.hand_cards()})
            continue
        members = d.onto.members
        wilds = list(d.wilds)
        if not cfg.table.sets.wild_onto_canasta and cfg.is_canasta(sum(melds[i].size for i in members)):
            for index, room in d.onto.before:
                if wilds[:room]:
                    before.append({"type": "lay_off", "meld": index, "cards": wilds[:room]})
                wilds = wilds[room:]
        if d.naturals or wilds:
            after.append({"type": "lay_off", "meld": where[min(members)], "cards": d.naturals + wilds})
    return ([{"type": "meld", "melds": fresh}] if fresh else []) + before + merges + after


def _blocks(cfg: Config, naturals: dict, wilds: list[str], top: str | None, top_rank: str | None) -> list[Draft]:
    """The melds possible on their own (the top card's meld alone when the pile is taken)."""
    sets = cfg.table.sets
    found: list[Draft] = []
    for rank, cards in naturals.items():
        joined = top if rank == top_rank else None
        count = len(cards) + (1 if joined else 0)
        if joined and len(cards) < 2:
            continue
        if count >= sets.min_cards and SET.fits(cfg, count, 0):
            found.append(Draft(rank, list(cards), top=joined))
        elif count >= sets.min_naturals and wilds and SET.fits(cfg, count, 1):
            found.append(Draft(rank, list(cards), [wilds[0]], joined))
    fewest = max(WILD_PAIR, sets.min_cards - 1)
    if top is not None and top_rank is None and len(wilds) >= fewest:
        found.append(Draft("", [], wilds[:fewest], top))         # a wild top card with wild cards alone
    if sets.all_wild and len(wilds) >= sets.min_cards:
        found.append(Draft("", [], wilds[:sets.min_cards]))      # wild cards alone, the fewest that meld
    return found


def _drafts(cfg: Config, choices: list[_Choice], naturals: dict, pool: list[str], top: str | None,
            top_rank: str | None, by_rank: dict) -> list[Draft]:
    """The chosen counts as concrete cards: the first naturals of each rank, the most valuable wild cards."""
    values = cfg.values
    drafts: list[Draft] = []
    given = 0
    for choice in choices:
        if isinstance(choice, Draft):     # a sequence, already in cards
            drafts.append(choice)
            continue
        if not choice.naturals and not choice.wilds and not choice.parts:
            continue
        source = list(choice.pool) if choice.pool else naturals.get(choice.rank, [])
        cards = sorted(source, key=lambda c: -values[c])[:choice.naturals]
        cards.sort(key=source.index)
        wild = pool[given:given + choice.wilds]
        given += choice.wilds
        if choice.parts:
            for onto, n, w, with_top in choice.parts:
                drafts.append(Draft(choice.rank, cards[:n], wild[:w], top if with_top else None, onto))
                cards, wild = cards[n:], wild[w:]
            continue
        onto = by_rank.get(choice.rank, (None, None))[0]
        drafts.append(Draft(choice.rank, cards, wild, top if choice.rank == top_rank else None, onto))
    return drafts


def _lean(cfg: Config, drafts: list[Draft], required: int, frozen: bool, keep_canastas: bool = False) -> list[Draft]:
    """A small witness: whole melds, then wild cards, leave it while the rest still reaches `required`.
    With `keep_canastas` (the initial meld must hold a canasta), additions and new canastas stay whole."""
    values = cfg.values
    total = sum(d.points(cfg) for d in drafts)
    chosen = list(drafts)
    fixed = {id(d) for d in drafts if d.onto is not None or canasta_kind(
        cfg, len(d.naturals) + (1 if d.top else 0), len(d.wilds)) is not None} if keep_canastas else set()
    for draft in sorted(drafts, key=lambda d: d.points(cfg)):
        points = draft.points(cfg)
        if draft.top or (len(chosen) == 1 and draft.onto is None) or total - points < required or id(draft) in fixed:
            continue
        chosen.remove(draft)
        total -= points
    for draft in chosen:
        if id(draft) in fixed:
            continue
        naturals = len(draft.naturals) + (1 if draft.top else 0)
        for wild in sorted(draft.wilds, key=lambda c: -values[c]):
            fewer = len(draft.wilds) - 1
            if draft.top and not draft.rank:     # a wild top card keeps its pair and the smallest size
                valid = fewer >= max(WILD_PAIR, cfg.table.sets.min_cards - 1)
            elif draft.onto is not None:
                valid = bool(draft.naturals or fewer)
            else:
                valid = SET.fits(cfg, naturals, fewer) and not (
                    draft.top and len(draft.naturals) < 2 and (frozen or fewer < 1))
            worth = card_points(cfg, draft.rank, wild) if cfg.wild_as else values[wild]
            if valid and total - worth >= required:
                draft.wilds = _without(draft.wilds, wild)
                total -= worth
    return chosen


def _without(cards: list[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def short_opening(cfg: Config, state) -> tuple[int, int] | None:
    """(what the melds count, the minimum) while a side's initial meld, begun this turn, is still short.

    A side that had not opened before this turn holds only melds the turn put down, and they
    count together; the turn cannot end until they reach the minimum (and hold the canasta the
    side's tier asks for, where it asks for one) or are taken back.
    """
    turn = state.turn
    if turn.phase != "meld" or turn.drew != "stock" or turn.extended:
        return None
    side = state.side_of(turn.seat)
    melds = state.melds[side]
    if not melds or any(state.melded_before[side::state.sides]):
        return None
    started = turn.started
    if len(started) < len(melds) or any(i not in started for i in range(len(melds))):
        return None
    counted = opening_count(cfg, melds)
    score = cfg.opening_basis(state, side)
    required = cfg.minimum(score, state.penalties[side]["failed_openings"])
    if counted < required or not holds_canasta(cfg, melds, needed_canasta(cfg, score)):
        return counted, required
    return None


def opening_count(cfg: Config, melds, enough: int | None = None) -> int:
    """What melds count toward the initial meld's minimum: their cards' values (where wild cards are named, the
    melds' points); with `enough`, the count may stop once it has reached that."""
    value, named = cfg.values.__getitem__, cfg.wild_as
    total = 0
    for meld in melds:
        total += meld_points(cfg, meld.rank, meld.cards) if named else sum(map(value, meld.cards))
        if enough is not None and total >= enough:
            break
    return total
