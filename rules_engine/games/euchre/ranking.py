"""Euchre's packs and the order of its cards once trump is known, bowers included."""

from __future__ import annotations

from ...cards import SUIT_NAMES, SUITS
from ...decks import cards_of, make_deck
from ...trick_taking import TrickRules

RANKS_BY_DECK: dict[str, tuple[str, ...]] = {
    "32": ("7", "8", "9", "10", "J", "Q", "K", "A"),
    "24": ("9", "10", "J", "Q", "K", "A"),
}
# Each pack as card -> copies (one of each), the form the trick-play core counts against.
DECKS: dict[str, dict[str, int]] = {name: make_deck(ranks=ranks) for name, ranks in RANKS_BY_DECK.items()}
# The order /deal shuffles from: suit by suit, low to high.
DECK_ORDER: dict[str, tuple[str, ...]] = {name: tuple(cards_of(deck)) for name, deck in DECKS.items()}

SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
LEFT_BOWER = {suit: "J" + other for suit, other in SAME_COLOUR.items()}
# Plain order within a suit, low to high; the ace is highest and the jack sits between ten and queen.
_PLAIN_ORDER = ("7", "8", "9", "10", "J", "Q", "K", "A")


def right_bower(trump: str) -> str:
    """The jack of the trump suit."""
    return "J" + trump


def left_bower(trump: str) -> str:
    """The jack of the other suit of the trump's colour."""
    return LEFT_BOWER[trump]


def _rules_for(trump: str) -> tuple[TrickRules, dict[str, str]]:
    left, right = left_bower(trump), right_bower(trump)
    effective: dict[str, str] = {}
    strength: dict[str, int] = {}
    for suit in SUITS:
        for rank in _PLAIN_ORDER:
            card = rank + suit
            effective[card] = trump if card == left else suit
            strength[card] = _PLAIN_ORDER.index(rank)
    for card in effective:
        if effective[card] == trump:
            strength[card] += 100
    strength[left], strength[right] = 200, 201

    def power(card: str, led: str) -> int:
        suit = effective[card]
        return strength[card] if suit == trump or suit == led else -1

    name = SUIT_NAMES[trump]
    aside = f"the left bower, which is a {name[:-1]} while {name} are trumps"
    return TrickRules(suits=effective, power=power, asides={left: aside}), effective


_BY_TRUMP = {suit: _rules_for(suit) for suit in SUITS}
TRICK_RULES: dict[str, TrickRules] = {suit: pair[0] for suit, pair in _BY_TRUMP.items()}
EFFECTIVE_SUIT: dict[str, dict[str, str]] = {suit: pair[1] for suit, pair in _BY_TRUMP.items()}
