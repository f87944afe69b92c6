"""Formulas in words: reading what was said ("King of Clubs, salsifis", "salsifis soup") and saying a call back."""

from __future__ import annotations

import re

from ...cards import card_name, parse_card_name

# Punctuation never changes what was said: every character but a letter or a digit is spacing.
_SPACING = re.compile(r"[\W_]+")
_SUIT_SIGNS = str.maketrans({"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"})
# The rule sheet itself spells the suit "Klubs" in its example formula.
_SPELLINGS = {"klubs": "clubs", "klub": "clubs"}
MAGIC, SOUP, AND = "salsifis", "soup", "and"


def words_of(text: str) -> list[str]:
    """The words of a text, lower case, with punctuation of any kind read as spacing."""
    return [_SPELLINGS.get(word, word) for word in _SPACING.sub(" ", text.translate(_SUIT_SIGNS).lower()).split()]


def _card_at(words: list[str], at: int) -> tuple[str, int] | None:
    """The card named at words[at] ("king of clubs" or a code such as kc) and the words it takes."""
    if words[at + 1:at + 2] == ["of"] and at + 2 < len(words):
        card = parse_card_name(" ".join(words[at:at + 3]))
        return (card, 3) if card else None
    card = parse_card_name(words[at])
    return (card, 1) if card else None


def read_formula_text(text: str) -> tuple[tuple[str, ...], bool] | None:
    """The cards a spoken formula names and whether it ends in "soup"; None when the text is no formula.

    A formula is card names (joined by commas, "and" or any punctuation), then "salsifis", then
    optionally "soup": "salsifis soup" names nothing; a formula that names cards and says soup is
    still a formula, one that is right in no situation.
    """
    words = words_of(text)
    names: list[str] = []
    at = 0
    while at < len(words) and words[at] != MAGIC:
        if words[at] == AND and names:
            at += 1
            continue
        found = _card_at(words, at)
        if found is None:
            return None
        names.append(found[0])
        at += found[1]
    rest = words[at + 1:]
    if at == len(words) or rest not in ([], [SOUP]):
        return None
    return tuple(names), rest == [SOUP]


def say(names: tuple[str, ...], soup: bool) -> str:
    """A formula in words, as a referee would read it out."""
    cards = [" ".join(word if word == "of" else word.capitalize() for word in card_name(card).split()) for card in names]
    return ", ".join(cards + ["salsifis soup" if soup else "salsifis"])
