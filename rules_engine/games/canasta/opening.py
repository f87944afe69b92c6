"""The initial meld as a constraint: the most a hand can count toward it, and one way to reach it.

The search is exact and works on counts. Once it is known how many wild cards go into each rank's
meld, the ranks no longer interact, and wild cards are interchangeable (the most valuable ones
count most), so a search rank by rank over (wild cards used, cards kept back, canastas made)
finds the best opening without ever listing card combinations. Cards kept back only matter up
to the two a player must keep, so that dimension stays tiny whatever the hand's size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import Config
from .going_out import Group, Plan, split_hand
from .going_out import _moves as going_out_moves
from .meld_kinds import SET
from .pile_policy import WILD_PAIR


@dataclass(slots=True)
class Draft:
    """One meld of an opening, or one addition to a meld put down earlier in the same turn."""

    rank: str
    naturals: list[str]
    wilds: list[str] = field(default_factory=list)
    top: str | None = None            # the pile's top card, when the opening takes the pile
    onto: int | None = None           # index of the side's meld this adds to, or None for a new meld
    suit: str = ""                    # a sequence's suit (its naturals run in that suit)

    def points(self, values: dict[str, int]) -> int:
        """What the cards it puts down count toward the minimum."""
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

    @property
    def met(self) -> bool:
        """Whether some valid opening reaches the minimum (a minimum of 0 still needs a meld)."""
        return (bool(self.witness) or self.counted > 0) and self.best >= self.required


@dataclass(frozen=True, slots=True)
class _Choice:
    """What one rank contributes: naturals from the hand, wild cards, points, cards kept, a canasta."""

    rank: str
    naturals: int
    wilds: int
    points: int
    kept: int
    canasta: int                      # canastas the rank's melds make (0 or 1 with one meld of a rank)
    # Where a side may hold several melds of a rank: (meld index or None for a new meld, naturals, wild
    # cards, whether it holds the top card) for each meld the rank's cards go to.
    parts: tuple = ()
    pool: tuple = ()                  # the rank's cards left to its sets, where sequences take some


def _choices(cfg: Config, rank: str, cards: list[str], *, saturate: int, top: str | None, frozen: bool,
             onto) -> list[_Choice]:
    """Every useful way a rank can take part: a new meld, the top card's meld, an addition, or nothing.

    Using fewer naturals than all but `saturate` of them never helps (the hand keeps enough cards
    anyway, and a meld with more naturals holds as many wild cards), so those are not tried.
    """
    values, sets = cfg.values, cfg.table.sets
    is_canasta, fits = cfg.is_canasta, SET.fits
    have = len(cards)
    sums = [0]
    for card in cards:
        sums.append(sums[-1] + values[card])
    lowest = 0 if sets.max_cards is not None else max(0, have - saturate)
    found: list[_Choice] = []
    if top is None:
        found.append(_Choice(rank, 0, 0, 0, have, onto is not None and is_canasta(onto.size)))
    wild_room = onto is None or _takes_wild_cards(cfg, onto)
    for n in range(have, lowest - 1, -1):
        if onto is not None:
            naturals, base = onto.naturals + n, onto.size + n
            room = cfg.wild_cap(naturals) - onto.wilds if wild_room else 0
            if sets.max_cards is not None:
                room = min(room, sets.max_cards - base)
            for w in range(0, room + 1):
                if n or w:          # adding nothing is the first choice above
                    found.append(_Choice(rank, n, w, sums[n], have - n, is_canasta(base + w)))
            continue
        naturals = n + (1 if top else 0)
        extra = values[top] if top else 0
        for w in range(0, cfg.wild_cap(naturals) + 1):
            if not fits(cfg, naturals, w):
                continue
            if top and not (n >= 2 or (not frozen and cfg.table.pile.natural_and_wild and n >= 1 and w >= 1)):
                continue
            if not top and n == 0:
                continue
            found.append(_Choice(rank, n, w, sums[n] + extra, have - n, is_canasta(naturals + w)))
    return found


def _several_choices(cfg: Config, rank: str, cards: list[str], *, saturate: int, top: str | None, frozen: bool,
                     ontos: list, wilds: int, canastas: int) -> list[_Choice]:
    """_choices where a side may hold several melds of a rank: the rank's cards may join each of its melds
    on the table and make any number of new melds, so a choice is a total over those melds."""
    values, sets = cfg.values, cfg.table.sets
    is_canasta, wild_cap, most, fits = cfg.is_canasta, cfg.wild_cap, sets.max_cards, SET.fits
    have = len(cards)
    sums = [0]
    for card in cards:
        sums.append(sums[-1] + values[card])

    def new_melds(with_top: bool) -> list:
        extra = 1 if with_top else 0
        options = []
        for a in range(1 if with_top else max(1, sets.min_naturals), have + 1):
            for b in range(0, wild_cap(a + extra) + 1):
                if not fits(cfg, a + extra, b):
                    continue
                if with_top and not (a >= 2 or (not frozen and cfg.table.pile.natural_and_wild and b >= 1)):
                    continue
                options.append((a, b, is_canasta(a + extra + b), ((None, a, b, with_top),)))
        return options

    additions = []
    for index, meld in ontos:
        if meld.rank == "3":          # black threes take no wild card
            additions.append([(0, 0, is_canasta(meld.size), ())])
            continue
        options = []
        takes_wild = _takes_wild_cards(cfg, meld)
        for a in range(0, have + 1):
            room = wild_cap(meld.naturals + a) - meld.wilds if takes_wild else 0
            if most is not None:
                room = min(room, most - meld.size - a)
            options += [(a, b, is_canasta(meld.size + a + b), ((index, a, b, False),) if a or b else ())
                        for b in range(0, room + 1)]
        additions.append(options)
    reached = _shares(additions, new_melds(True) if top is not None else None, new_melds(False), have, wilds,
                      canastas)
    lowest = 0 if most is not None else max(0, have - saturate)
    extra = values[top] if top else 0
    return [_Choice(rank, n, w, sums[n] + extra, have - n, made, parts)
            for (n, w, made), parts in reached.items() if n >= lowest or (n == 0 and w == 0 and top is None)]


def _wild_choices(cfg: Config, ontos: list, wilds: int, canastas: int, top: str | None = None) -> list[_Choice]:
    """What melds of wild cards alone can take: wild cards added to each such meld on the table, and any
    number of new ones of at least the smallest meld's size (a layer of the search with no rank). A wild
    `top` card of the pile starts one more, with at least a pair of wild cards from the hand."""
    sets, is_canasta = cfg.table.sets, cfg.is_canasta
    most = sets.max_cards if sets.max_cards is not None else sets.min_cards + wilds
    additions = [[(0, b, is_canasta(meld.size + b), ((index, 0, b, False),) if b else ())
                  for b in range(0, min(wilds, most - meld.size) + 1 if _takes_wild_cards(cfg, meld) else 1)]
                 for index, meld in ontos]
    fresh = [(0, b, is_canasta(b), ((None, 0, b, False),)) for b in range(sets.min_cards, min(wilds, most) + 1)]
    first = None if top is None else [(0, b, is_canasta(b + 1), ((None, 0, b, True),))
                                      for b in range(max(WILD_PAIR, sets.min_cards - 1), min(wilds, most - 1) + 1)]
    reached = _shares(additions, first, fresh, 0, wilds, canastas)
    extra = cfg.values[top] if top is not None else 0
    return [_Choice("", 0, w, extra, 0, made, parts) for (_, w, made), parts in reached.items()]


def _shares(additions: list[list], first: list | None, fresh: list, have: int, wilds: int, canastas: int) -> dict:
    """Every (naturals, wild cards, canastas made) reachable by one option from each list of `additions`
    (what each meld on the table may take), then one of `first` (the pile's top card's meld) when given,
    then any number of `fresh` melds; one way to each, as (meld index or None, naturals, wild cards,
    holds the top card) parts.

    What a rank contributes depends only on those counts, so the ways to share its cards are searched
    over them; the counts are bounded by the cards there are, so the search ends.
    """
    def step(reached: dict, options: list) -> dict:
        grown: dict = {}
        for (n, w, made), parts in reached.items():
            for a, b, canasta, part in options:
                if n + a <= have and w + b <= wilds:
                    grown.setdefault((n + a, w + b, min(canastas, made + canasta)), parts + part)
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


def _search(layers: list[list[_Choice]], wilds: int, saturate: int, canastas: int):
    """The best natural points per (wild cards used, cards kept, canastas), with a way back to the choices.

    States are numbered (used * kept values + kept) * canasta values + canastas, so a layer is a
    flat list and each step is a few integer operations.
    """
    kinds, counts = saturate + 1, canastas + 1
    per_used = kinds * counts
    best = [-1] * ((wilds + 1) * per_used)
    best[0] = 0
    live = [0]
    backs: list[list] = []
    for choices in layers:
        following = [-1] * len(best)
        back: list = [None] * len(best)
        # Per choice, where each (kept, canastas) part of a state goes: a lookup instead of two min().
        moves = sorted((c.wilds, c.wilds * per_used,
                        [min(saturate, k + c.kept) * counts + min(canastas, m + c.canasta)
                         for k in range(kinds) for m in range(counts)], c.points, i)
                       for i, c in enumerate(choices))
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


def plan_opening(cfg: Config, hand: list[str], required: int, *, keep: int, gain: int = 0,
                 top: str | None = None, frozen: bool = True, melds: tuple = (), counted: int = 0,
                 going_out: bool = False, canastas_needed: int = 0, split: tuple | None = None,
                 out_only: bool = False) -> OpeningVerdict:
    """Judge the opening of a hand exactly.

    `keep` cards must stay in the hand after the opening, counting the `gain` cards the pile
    brings; `top` is the pile's top card when the opening takes the pile (`frozen`: whether the
    pile is frozen for the side); `melds` are the melds the turn has already put down toward the
    opening, counting `counted`; with `going_out`, openings that empty the hand (to at most the
    one card left to discard) also count when the side then has `canastas_needed` canastas.
    `split` is split_hand(cfg, hand) when the caller has it already. With `out_only` only ways
    that go out count, and `best` is -1 when there is none.
    """
    naturals, wilds, blacks = split or split_hand(cfg, hand)
    values = cfg.values
    top_rank = cfg.rank_of.get(top) if top else None
    several = not cfg.table.sets.one_per_rank
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
                                       ontos=of_rank.get(rank, []), wilds=len(wilds),
                                       canastas=canastas_needed if going_out else 0)
        else:
            choices = _choices(cfg, rank, cards, saturate=saturate, top=joined, frozen=frozen, onto=onto)
        if len(choices) == 1 and choices[0].naturals == 0 and choices[0].wilds == 0 and not choices[0].canasta:
            loose += len(cards)       # a rank that cannot take part: its cards simply stay in the hand
            continue
        layers.append(choices)
    if cfg.table.sets.all_wild and not runs:
        layers.append(_wild_choices(cfg, [(i, m) for i, m in enumerate(melds) if not m.rank], len(wilds),
                                    canastas_needed if going_out else 0, wild_top))
    pool = sorted(wilds, key=lambda c: -values[c])
    wild_sums = [0]
    for card in pool:
        wild_sums.append(wild_sums[-1] + values[card])
    if runs:
        from .opening_runs import search_with_runs       # it builds on this module's set search
        states, trail_of = search_with_runs(cfg, naturals, pool, tuple(melds), saturate=saturate, top=top,
                                            top_rank=top_rank, frozen=frozen,
                                            canastas=canastas_needed if going_out else 0, wild_top=wild_top)
    else:
        states, trail_of = _search(layers, len(pool), saturate, canastas_needed if going_out else 0)
    black_points = sum(values[c] for c in blacks)
    can_meld_blacks = len(blacks) >= 3 and cfg.table.threes.black_meld_going_out
    best_points, best_trail, best_out = -1, None, False
    stays_points, stays_trail = -1, None
    for (used, kept, made), (points, end) in states.items():
        left = kept + len(pool) - used + loose + gain
        total = points + wild_sums[used]
        if total == 0 and not melds:
            continue                  # an opening puts down at least one meld
        if left + len(blacks) >= keep and not out_only:
            if total > stays_points:
                stays_points, stays_trail = total, end
            if total > best_points:
                best_points, best_trail, best_out = total, end, False
        if going_out and made >= canastas_needed:
            if can_meld_blacks:
                out_left, out_total = left, total + black_points
            else:
                out_left, out_total = left + len(blacks), total
            if out_left <= 1 and out_total > best_points:
                best_points, best_trail, best_out = out_total, end, True
    if best_trail is None:
        return OpeningVerdict(required, -1 if out_only else counted, [], blocks, counted)
    best = counted + best_points
    if stays_points >= 0 and counted + stays_points >= required:
        drafts = _drafts(cfg, trail_of(stays_trail), naturals, pool, top, top_rank, by_rank)
        witness = _lean(cfg, drafts, required - counted, frozen)
    else:
        witness = _drafts(cfg, trail_of(best_trail), naturals, pool, top, top_rank, by_rank)
        if best_out and can_meld_blacks:
            witness.append(Draft("3", list(blacks)))
    return OpeningVerdict(required, best, witness, blocks, counted)


def search_going_out(cfg: Config, hand: list[str], melds: list, *, canastas_needed: int, minimum: int | None,
                     split: tuple | None = None) -> Plan | None:
    """plan_going_out where a side may hold several melds of a rank: the exact search above, asked
    only for ways that meld the whole hand (or all but the card to discard), the most valuable first."""
    verdict = plan_opening(cfg, hand, minimum or 0, keep=2, melds=tuple(melds), going_out=True,
                           canastas_needed=canastas_needed, split=split, out_only=True)
    if verdict.best < max(minimum or 0, 0):
        return None
    left = list(hand)
    for draft in verdict.witness:
        for card in draft.hand_cards():
            left.remove(card)
    groups = [Group(d.rank, d.naturals, 0, len(d.naturals) + (melds[d.onto].size if d.onto is not None else 0),
                    d.onto, 0, 0, d.wilds) for d in verdict.witness if d.rank != "3"]
    blacks = next((d.naturals for d in verdict.witness if d.rank == "3"), [])
    return Plan(going_out_moves(cfg, groups, blacks, opened=bool(melds)), left[0] if left else None, verdict.best)


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
        if not choice.naturals and not choice.wilds:
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


def _lean(cfg: Config, drafts: list[Draft], required: int, frozen: bool) -> list[Draft]:
    """A small witness: whole melds, then wild cards, leave it while the rest still reaches `required`."""
    values = cfg.values
    total = sum(d.points(values) for d in drafts)
    chosen = list(drafts)
    for draft in sorted(drafts, key=lambda d: d.points(values)):
        points = draft.points(values)
        if draft.top or (len(chosen) == 1 and draft.onto is None) or total - points < required:
            continue
        chosen.remove(draft)
        total -= points
    for draft in chosen:
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
            if valid and total - values[wild] >= required:
                draft.wilds = _without(draft.wilds, wild)
                total -= values[wild]
    return chosen


def _without(cards: list[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest


def short_opening(cfg: Config, state) -> tuple[int, int] | None:
    """(what the melds count, the minimum) while a side's initial meld, begun this turn, is still short.

    A side that had not opened before this turn holds only melds the turn put down, and they
    count together; the turn cannot end until they reach the minimum or are taken back.
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
    values = cfg.values
    counted = sum(values[c] for m in melds for c in m.cards)
    score = cfg.opening_basis(state, side)
    required = cfg.minimum(score, state.penalties[side]["failed_openings"])
    return (counted, required) if counted < required else None
