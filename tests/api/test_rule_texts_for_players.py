"""Rule texts speak of the game; what the service does with a rule is its api_note, shown by the JSON rule and the
spec, never by a rule book page, a fragment or the embed."""

from __future__ import annotations

import re

import pytest

from rules_engine.registry import GAMES, RULES

# Words of the service, not of the game: endpoints, refusals, fields of a request.
SERVICE_WORDS = re.compile(r"(/(deal|legal-moves|validate-move|apply-move|validate-game|score|explain|batch)\b|"
                           r"\brefused\b|\brefuses\b|state field|a position (that|where|showing)|\{\"|\bnull\b|"
                           r"\bunverified\b|\bendpoint)", re.I)
ALL_RULES = sorted(rule_id for game in GAMES.values() for rule_id in game.rulebook.by_id)


@pytest.mark.parametrize("rule_id", ALL_RULES)
def test_every_rule_text_speaks_of_the_game(rule_id):
    _, rule = RULES.get(rule_id)
    found = SERVICE_WORDS.findall(rule.title + " " + rule.text)
    assert not found, (rule_id, found)


NOTED = "canadian-salad.play.follow-suit"


def test_api_note_is_in_the_json_rule_and_the_spec_not_on_pages(client):
    _, rule = RULES.get(NOTED)
    assert rule.api_note and "refused" in rule.api_note
    assert client.get(f"/rules/{NOTED}").get_json()["api_note"] == rule.api_note
    for path in (f"/rules/{NOTED}?format=html", f"/rules/{NOTED}?format=markdown", "/games/canadian-salad/rules?format=html",
                 "/games/canadian-salad/rules?format=markdown"):
        page = client.get(path).get_data(as_text=True)
        assert rule.text.split(".")[0] in page and rule.api_note not in page, path
    spec = client.get("/openapi.json").get_json()
    assert "api_note" in spec["components"]["schemas"]["RuleAnswer"]["properties"]
