"""Brute force for hidden hands: every way to deal the unseen cards into the places that hide them."""

from __future__ import annotations

from itertools import combinations
from math import comb


def deals(pool: list[str], slots: list[tuple[object, int]]):
    """Every way to fill each slot (a hidden hand, a face-down discard) with its count of cards from the pool."""
    if not slots:
        yield {}
        return
    (place, count), rest = slots[0], slots[1:]
    for chosen in combinations(pool, count):
        left = [card for card in pool if card not in chosen]
        for others in deals(left, rest):
            yield {place: list(chosen), **others}


def ways(pool: int, counts: list[int]) -> int:
    """How many deals there are of `pool` cards into slots of these counts."""
    total = 1
    for count in counts:
        total *= comb(pool, count)
        pool -= count
    return total
