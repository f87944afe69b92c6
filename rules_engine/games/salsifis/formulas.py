"""Reading a formula said in words ("King of Clubs, salsifis", "salsifis soup") into a call."""

from __future__ import annotations

import re

from ...cards import JOKER, parse_card_name

_QUOTES = str.maketrans({c: " " for c in "«»\"“”‘’!?.:"})
_SOUP = re.compile(r"salsifis\s+soup")
_CARD = re.compile(r"[a-z0-9]+\s+of\s+[a-z]+|\b(?:10|[2-9]|[ajqkt])[cdhs]\b")
_SEPARATORS = re.compile(r"(?:,|;|&|\band\b|\s)+")
# The seed itself spells the suit "Klubs" in its example formula.
_SPELLINGS = ((re.compile(r"\bklubs?\b"), "clubs"),)


def read_formula_text(text: str) -> tuple[str, ...] | None | bool:
    """The cards a spoken formula names (a tuple), None for the soup, or False when it is no formula."""
    said = text.lower().translate(_QUOTES).strip()
    for pattern, spelling in _SPELLINGS:
        said = pattern.sub(spelling, said)
    said = " ".join(said.split())
    if _SOUP.fullmatch(said):
        return None
    if not said.endswith("salsifis"):
        return False
    body = said[:-len("salsifis")]
    names = []
    for found in _CARD.finditer(body):
        card = parse_card_name(found.group(0))
        if card is None or card == JOKER:
            return False
        names.append(card)
    if _SEPARATORS.sub("", _CARD.sub("", body)):
        return False
    return tuple(names)
