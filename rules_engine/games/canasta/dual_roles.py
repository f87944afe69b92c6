"""Cards both wild and natural (Five-person's twos) in the searches: each way of telling which of them
serve as naturals of their rank, the rest serving as wild cards.

The searches work on a hand split into naturals by rank and wild cards. A card both wild and natural is
one or the other in any meld, so the best of the searches over every such telling is the best of the
hand; cards of one rank and one value are interchangeable, so only how many of each serve is told.
"""

from __future__ import annotations

from itertools import product

from .config import Config, card_sort_key


def designations(cfg: Config, split: tuple) -> list[tuple]:
    """The hand's split once for each count of its cards both wild and natural that serve as naturals."""
    naturals, wilds, blacks = split
    classes: dict[tuple[str, int], list[str]] = {}
    for card in wilds:
        if card in cfg.dual:
            classes.setdefault((cfg.dual[card], cfg.values[card]), []).append(card)
    if not classes:
        return [split]
    found = []
    for counts in product(*(range(len(cards) + 1) for cards in classes.values())):
        told = dict(naturals)
        rest = list(wilds)
        for (rank, _), cards, count in zip(classes, classes.values(), counts):
            if not count:
                continue
            for card in cards[:count]:
                rest.remove(card)
            told[rank] = sorted(told.get(rank, []) + cards[:count], key=card_sort_key)
        found.append((told, rest, blacks))
    return found


def best_verdict(verdicts: list):
    """The opening verdict that meets the minimum, counting most; the blocks of every telling."""
    best = max(verdicts, key=lambda v: (v.met, v.best))
    seen = {tuple(d.cards()) for d in best.blocks}
    for verdict in verdicts:
        for draft in verdict.blocks:
            if tuple(draft.cards()) not in seen:
                seen.add(tuple(draft.cards()))
                best.blocks.append(draft)
    return best


def with_dual_naturals(cfg: Config, naturals: dict, wilds: list[str]) -> dict:
    """Naturals by rank, with the cards both wild and natural among `wilds` as naturals of their rank too."""
    found = dict(naturals)
    for card in wilds:
        if card in cfg.dual:
            rank = cfg.dual[card]
            found[rank] = found.get(rank, []) + [card]
    return found
