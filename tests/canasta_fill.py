"""Canasta test hands filled to what a deal gives, with cards no meld takes."""

from __future__ import annotations

from collections import Counter

RUN_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _runs_with(cards: list[str], card: str) -> bool:
    """Whether the card would make three cards of one suit in a row with these."""
    if card[:-1] not in RUN_RANKS:
        return False
    place, suit = RUN_RANKS.index(card[:-1]), card[-1]
    held = {other[:-1] for other in cards if other[-1] == suit}
    return any(all(RUN_RANKS[i] in held for i in range(first, first + 3) if i != place)
               for first in range(max(0, place - 2), min(place, len(RUN_RANKS) - 3) + 1))


def padded(hand: list[str], size: int, shown=(), *, deck: Counter, runs: bool) -> list[str]:
    """The hand grown to `size` cards that no meld takes: two black threes (a meld of them needs three, and only
    going out), then single cards of ranks the hand lacks (where the variant has `runs`, none making three in a row
    in its suit), then, where the hand holds no wild card (so a pair melds nothing), a second card of those ranks.
    `shown`: the cards elsewhere; `deck`: the copies of each card."""
    grown = list(hand)
    used = Counter(shown)

    def fits(card: str) -> bool:
        return used[card] + grown.count(card) < deck[card] and not (runs and _runs_with(grown, card))

    for card in ("3C", "3S"):
        if len(grown) < size and card not in grown and fits(card):
            grown.append(card)
    ranks = {card[:-1] for card in grown}
    singles = []
    for rank in RUN_RANKS:
        for suit in "CDHS":
            if len(grown) < size and rank not in ranks and fits(rank + suit):
                grown.append(rank + suit)
                singles.append(rank)
                ranks.add(rank)
    if not any(card == "JK" or card[:-1] == "2" for card in grown):
        for rank in singles:
            for suit in "CDHS":
                if len(grown) < size and rank + suit not in grown and fits(rank + suit):
                    grown.append(rank + suit)
                    break
    assert len(grown) == size, f"no room for {size - len(grown)} more cards that no meld takes"
    return grown
