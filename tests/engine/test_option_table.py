"""docs/options.md is the table rules_engine.option_table makes, and no default departs from the book.

For the Canasta variants the first source is The Ultimate Book of Card Games: where an option's notes cite the
book for one of its choices, that choice is the default."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_engine.option_table import choice_notes, table
from rules_engine.registry import RULES, get_game

DOCUMENT = Path(__file__).resolve().parents[2] / "docs" / "options.md"
BOOK = "The Ultimate Book of Card Games"


def test_options_document_is_the_generated_table():
    assert DOCUMENT.read_text() == table(), "run: python -m rules_engine.option_table > docs/options.md"


@pytest.mark.parametrize("option", [o for o in get_game("canasta").options], ids=lambda o: o.name)
def test_canasta_options_where_the_book_speaks_its_reading_is_the_default(option):
    notes = choice_notes(RULES.get(option.rule)[1].notes, option.name)
    citing = [note for note in notes if BOOK in note.split(":", 1)[1][:400]]
    if not citing:
        return
    default = [note for note in citing if note.startswith((f"{option.name} {option.default} (default",
                                                           f"{option.name} {option.default} (the default"))]
    assert default, (option.name, option.default, citing)
