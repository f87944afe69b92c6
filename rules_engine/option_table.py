"""Every option of every game as one Markdown table: its default, its other choices, and whom each choice follows.

The notes a rule carries on its options begin with the option's name and a choice ("wild_canasta 2000
(default): ..."); the table gathers them under their option. `python -m rules_engine.option_table` prints the
document kept as docs/options.md (a test holds the two equal).
"""

from __future__ import annotations

from .registry import GAMES, RULES, get_game

HEADER = """# Options

Where the sources of a rule disagree, or are silent, the service plays one reading by default and offers the
others as an option (a request's `options`). The default is the reading of the first source named for the game
(for the Canasta variants, The Ultimate Book of Card Games) wherever it speaks. Each row names the rule the
option changes (`GET /rules/{rule_id}` explains it) and, from the rule's notes, whom each choice follows.

This file is generated: `python -m rules_engine.option_table > docs/options.md`.
"""


def choice_notes(rule_notes: tuple[str, ...], name: str) -> list[str]:
    """The notes of a rule that speak of one option's choices, in order."""
    return [note for note in rule_notes if note.startswith(name + " ")]


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def option_rows(slug: str) -> list[list[str]]:
    """One row per option of a game: option, variants, default, other choices, rule, the notes on its choices."""
    rows = []
    for option in get_game(slug).options:
        _, rule = RULES.get(option.rule)
        notes = choice_notes(rule.notes, option.name)
        others = [choice for choice in option.choices if choice != option.default]
        if not option.choices and option.minimum is not None:
            others = [f"{option.minimum} to {option.maximum}"]
        rows.append([f"`{option.name}`", ", ".join(option.variants) or "all", f"`{option.default}`",
                     ", ".join(f"`{c}`" for c in others), f"`{option.rule}`",
                     "<br>".join(notes) if notes else option.summary])
    return rows


def table() -> str:
    """The whole document."""
    parts = [HEADER]
    for slug in GAMES:
        parts.append(f"\n## {get_game(slug).title}\n")
        parts.append("| option | variants | default | other choices | rule | each choice follows |")
        parts.append("| --- | --- | --- | --- | --- | --- |")
        parts += ["| " + " | ".join(_cell(cell) for cell in row) + " |" for row in option_rows(slug)]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    print(table(), end="")
