"""Card codes: parsing, ranks, suits and colours shared by every game."""

from __future__ import annotations

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
JOKER = "JK"

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
RED_SUITS = frozenset(("D", "H"))

STANDARD_CARDS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
ALL_CARDS: tuple[str, ...] = STANDARD_CARDS + (JOKER,)

RANK: dict[str, str] = {card: card[:-1] for card in STANDARD_CARDS}
SUIT: dict[str, str] = {card: card[-1] for card in STANDARD_CARDS}
# Position of the rank in the plain order 2 (0) .. ace (12); the joker has none.
RANK_INDEX: dict[str, int] = {card: RANKS.index(card[:-1]) for card in STANDARD_CARDS}


def _case_variants(text: str) -> set[str]:
    variants = {""}
    for char in text:
        variants = {v + c for v in variants for c in {char.lower(), char.upper()}}
    return variants


def _spellings() -> dict[str, str]:
    spelled: dict[str, str] = {}
    for card in ALL_CARDS:
        inputs = [card, "T" + card[-1]] if card.startswith("10") else [card]
        for text in inputs:
            for variant in _case_variants(text):
                spelled[variant] = card
    return spelled


# Every accepted spelling, in any letter case -> canonical code ("th" -> "10H"), so reading a
# card is one dictionary look-up.
CANONICAL: dict[str, str] = _spellings()
# CANONICAL[code] as a function, to map over a list of codes in C (a third cheaper than a comprehension).
CANONICAL_OF = CANONICAL.__getitem__


def canonical_card(text: object) -> str | None:
    """Return the canonical code of a card spelling, or None when it is not a card."""
    if type(text) is not str:
        return None
    return CANONICAL.get(text)


def is_red(card: str) -> bool:
    """Tell whether a standard card is a diamond or a heart."""
    return SUIT.get(card) in RED_SUITS


def card_name(card: str) -> str:
    """Name a card in words: '10H' -> 'ten of hearts'."""
    if card == JOKER:
        return "joker"
    return f"{RANK_NAMES[RANK[card]]} of {SUIT_NAMES[SUIT[card]]}"


def parse_card_name(text: str) -> str | None:
    """Read a card named in words ('Queen of Spades', 'king of clubs') back into its code."""
    words = text.strip().lower().split()
    if words == ["joker"]:
        return JOKER
    if len(words) != 3 or words[1] != "of":
        return canonical_card(text.strip())
    rank = next((r for r, name in RANK_NAMES.items() if name == words[0] or r.lower() == words[0]), None)
    suit = next((s for s, name in SUIT_NAMES.items() if name == words[2] or name[:-1] == words[2]), None)
    if rank is None or suit is None:
        return None
    return rank + suit
