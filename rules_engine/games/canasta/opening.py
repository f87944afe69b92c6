"""The initial meld as a constraint: can a hand reach its side's minimum, and one way to do it.

The most a hand can count is every natural it can meld plus every wild card the melds have room
for; only when that would leave too few cards in the hand do a card or two come back out, so the
search stays tiny whatever the hand's size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import Config
from .going_out import split_hand


@dataclass(slots=True)
class Draft:
    """One meld of an opening under construction."""

    rank: str
    naturals: list[str]
    wilds: list[str] = field(default_factory=list)
    top: str | None = None            # the pile's top card, when the opening takes the pile

    def points(self, values: dict[str, int]) -> int:
        """What the meld counts toward the minimum."""
        value = values.__getitem__
        total = sum(map(value, self.naturals)) + sum(map(value, self.wilds))
        return total + (values[self.top] if self.top else 0)

    def hand_cards(self) -> list[str]:
        """The cards of the meld that come from the hand."""
        return self.naturals + self.wilds

    def cards(self) -> list[str]:
        """Every card of the meld, the top card first."""
        return ([self.top] if self.top else []) + self.naturals + self.wilds


@dataclass
class OpeningVerdict:
    """Whether the minimum can be met, the most that can be counted, and one witness."""

    required: int
    best: int
    witness: list[Draft]
    blocks: list[Draft]

    @property
    def met(self) -> bool:
        """Whether some valid opening reaches the minimum (a minimum of 0 still needs a meld)."""
        return bool(self.witness) and self.best >= self.required


def _valid(cfg: Config, draft: Draft) -> bool:
    return _fits(cfg, len(draft.naturals) + (1 if draft.top else 0), len(draft.wilds))


def _fits(cfg: Config, naturals: int, wilds: int) -> bool:
    """Whether a meld of this many natural and wild cards is valid (so drafts are judged without copies)."""
    sets = cfg.table.sets
    size = naturals + wilds
    return (naturals >= sets.min_naturals and size >= sets.min_cards and wilds <= cfg.wild_cap(naturals)
            and (sets.max_cards is None or size <= sets.max_cards))


def _total(cfg: Config, drafts: list[Draft]) -> int:
    return sum(d.points(cfg.values) for d in drafts)


def _used(drafts: list[Draft]) -> int:
    return sum(len(d.naturals) + len(d.wilds) for d in drafts)


def plan_opening(cfg: Config, hand: list[str], required: int, *, keep: int, gain: int = 0,
                 top: str | None = None, split: tuple | None = None) -> OpeningVerdict:
    """Judge the opening of a hand: `keep` cards must stay in it, `gain` cards join it (the pile),
    and `top` is the pile's top card when the opening takes the pile (it needs a natural pair);
    `split` is split_hand(cfg, hand) when the caller has it already."""
    naturals, wilds, _ = split or split_hand(cfg, hand)
    values, sets = cfg.values, cfg.table.sets
    top_rank = cfg.rank_of.get(top) if top else None
    drafts: list[Draft] = []
    pairs: list[Draft] = []
    for rank, cards in naturals.items():
        joined = top if rank == top_rank else None
        if joined and len(cards) < 2:
            continue
        count = len(cards) + (1 if joined else 0)
        if count >= sets.min_cards:
            drafts.append(Draft(rank, list(cards), top=joined))
        elif count >= sets.min_naturals:
            pairs.append(Draft(rank, list(cards), top=joined))
    blocks = [Draft(d.rank, list(d.naturals), top=d.top) for d in drafts]
    if wilds:
        blocks += [Draft(d.rank, list(d.naturals), [wilds[0]], d.top) for d in pairs]
    if top is not None and not any(d.top for d in drafts):
        return OpeningVerdict(required, 0, [], blocks)
    pool = sorted(wilds, key=lambda c: -values[c])
    pairs.sort(key=lambda d: -sum(map(values.__getitem__, d.naturals)))
    for draft in pairs:
        if not pool:
            break
        draft.wilds.append(pool.pop())            # the cheapest wild makes the pair a meld
        if _valid(cfg, draft):
            drafts.append(draft)
        else:
            pool.append(draft.wilds.pop())
    for draft in drafts:
        naturals_in = len(draft.naturals) + (1 if draft.top else 0)
        while pool and _fits(cfg, naturals_in, len(draft.wilds) + 1):
            draft.wilds.append(pool.pop(0))
    short = keep - (len(hand) - _used(drafts) + gain)
    if short > 0:
        drafts = _trim(cfg, drafts, short)
    best = _total(cfg, drafts) if drafts else 0
    witness = _lean(cfg, drafts, required) if drafts and best >= required else drafts
    return OpeningVerdict(required, best, witness, blocks)


def _trim(cfg: Config, drafts: list[Draft], short: int) -> list[Draft]:
    """Give back at least `short` cards to the hand, losing as few points as possible.

    A depth-first search over single give-backs (a natural, the cheapest wild card, or a whole meld),
    taken in draft order so no set of give-backs is tried twice; `short` is at most two."""
    best: list[Draft] = []
    best_loss: int | None = None
    stack = [(drafts, short, 0, 0)]
    while stack:
        current, left, loss, start = stack.pop()
        if best_loss is not None and loss >= best_loss:
            continue
        if left <= 0:
            best, best_loss = current, loss
            continue
        for i in range(start, len(current)):
            for replacement, lost, freed in _give_backs(cfg, current[i]):
                stack.append((current[:i] + replacement + current[i + 1:], left - freed, loss + lost, i))
    return best


def _give_backs(cfg: Config, draft: Draft) -> list[tuple[list[Draft], int, int]]:
    """Each way to take one card (or the whole meld) back from a draft: (what remains, points lost, cards freed)."""
    values = cfg.values
    found: list[tuple[list[Draft], int, int]] = []
    if not draft.top:
        found.append(([], draft.points(values), len(draft.naturals) + len(draft.wilds)))
    if draft.naturals:
        smaller = Draft(draft.rank, draft.naturals[:-1], draft.wilds, draft.top)
        if _valid(cfg, smaller):
            found.append(([smaller], values[draft.naturals[-1]], 1))
    if draft.wilds:
        cheapest = min(draft.wilds, key=lambda c: values[c])
        smaller = Draft(draft.rank, draft.naturals, _without(draft.wilds, cheapest), draft.top)
        if _valid(cfg, smaller):
            found.append(([smaller], values[cheapest], 1))
    return found


def _lean(cfg: Config, drafts: list[Draft], required: int) -> list[Draft]:
    """A small witness: natural melds alone when they suffice, else the fewest wild cards needed."""
    values = cfg.values
    forced = [d for d in drafts if d.top]
    plain = [d for d in drafts if not d.wilds and not d.top]
    chosen = [Draft(d.rank, d.naturals, [], d.top) if _valid(cfg, Draft(d.rank, d.naturals, [], d.top)) else d
              for d in forced]
    total = _total(cfg, chosen)
    for draft in sorted(plain, key=lambda d: -d.points(values)):
        if chosen and total >= required:
            break
        chosen.append(draft)
        total += draft.points(values)
    if not chosen or total < required:
        chosen = [Draft(d.rank, d.naturals, list(d.wilds), d.top) for d in drafts]
        total = _total(cfg, chosen)
    # Totals are kept as melds and wild cards leave the witness, rather than counted again.
    for draft in sorted(chosen, key=lambda d: d.points(values)):
        if draft.top:
            continue
        points = draft.points(values)
        if len(chosen) > 1 and total - points >= required:
            chosen = [d for d in chosen if d is not draft]
            total -= points
    for draft in chosen:
        naturals = len(draft.naturals) + (1 if draft.top else 0)
        for wild in sorted(draft.wilds, key=lambda c: -values[c]):
            if _fits(cfg, naturals, len(draft.wilds) - 1) and total - values[wild] >= required:
                draft.wilds = _without(draft.wilds, wild)
                total -= values[wild]
    return chosen


def _without(cards: list[str], card: str) -> list[str]:
    rest = list(cards)
    rest.remove(card)
    return rest
