"""Decks as card -> number of copies: several packs, jokers, short packs and removed cards."""

from __future__ import annotations

from .cards import JOKER, RANKS, SUITS


def make_deck(packs: int = 1, jokers: int = 0, ranks: tuple[str, ...] = RANKS,
              removed: tuple[str, ...] = ()) -> dict[str, int]:
    """A deck of `packs` packs of the given ranks, plus jokers, less the removed cards (one copy each)."""
    deck = {rank + suit: packs for suit in SUITS for rank in ranks}
    if jokers:
        deck[JOKER] = jokers
    for card in removed:
        deck[card] -= 1
    return {card: copies for card, copies in deck.items() if copies > 0}


def cards_of(deck: dict[str, int]) -> list[str]:
    """Every physical card of a deck, in a fixed order (suit by suit, low to high, jokers last)."""
    return [card for card, copies in deck.items() for _ in range(copies)]
