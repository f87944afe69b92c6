"""Nothing a user sees names an internal file or "the seed"; every rule cites public sources.

Walks every rule, option, note, game and variant description and example of every game, their
HTML and Markdown, the spec, and the messages of a broad sample of refusals and verdicts.
"""

from __future__ import annotations

import re

import pytest

from rules_engine import answers
from rules_engine.registry import GAMES
from rules_engine.rules import READING
from tests.api.every_game import example_bodies, mid_hand_state
from tests.api.test_hostile import CASES as HOSTILE_CASES
from tests.api.test_malformed import CASES as MALFORMED_CASES

INTERNAL = re.compile(r"seeds?/|[\w-]+\.(txt|md)\b|\bAPI\.md|README|STYLE\.md|(?<![/\w-])rules/|\bthe seeds?\b|\bseed's\b"
                      r"|\bseed (text|says|describes)\b", re.IGNORECASE)
ENDPOINTS = ("/legal-moves", "/validate-move", "/apply-move", "/score", "/explain", "/validate-meld")


WEB_ADDRESS = re.compile(r"https?://[^\s\"'<>)]+")


def internal_names(text: str) -> list[str]:
    """Every phrase in a text, web addresses aside, that names an internal file or the project's seed texts."""
    return [match.group(0) for match in INTERNAL.finditer(WEB_ADDRESS.sub(" ", text))]


def test_internal_name_finder_catches_what_it_must():
    assert internal_names("Source: seeds/canadian-salad.txt") == ["seeds/", "canadian-salad.txt"]
    assert internal_names("API.md (euchre state; teams); rules/README.md") == ["API.md", "rules/", "README.md"]
    assert internal_names("as the seed says; a seed's pack") == ["the seed", "seed's"]
    assert internal_names("/deal: the same seed gives the same deal; /rules/{rule_id}") == []


def _walk_strings(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield str(key)
            yield from _walk_strings(value)
    elif isinstance(node, (list, tuple)):
        for value in node:
            yield from _walk_strings(value)


def _assert_clean(where: str, document) -> None:
    found = {text[:200]: internal_names(text) for text in _walk_strings(document) if internal_names(text)}
    assert not found, f"{where} names internal files: {found}"


@pytest.mark.parametrize("slug", list(GAMES))
def test_game_descriptions_rules_options_and_examples_name_no_internal_file(slug):
    game = GAMES[slug]
    _assert_clean(f"{slug} description", game.describe(full=True))
    _assert_clean(f"{slug} rule book", answers.rulebook(slug))
    _assert_clean(f"{slug} options", [o.as_dict() for o in game.options])
    _assert_clean(f"{slug} examples", game.examples())


@pytest.mark.parametrize("slug", list(GAMES))
def test_rule_book_pages_name_no_internal_file(client, slug):
    for fmt in ("html", "markdown"):
        _assert_clean(f"{slug} rule book as {fmt}", client.get(f"/games/{slug}/rules?format={fmt}").get_data(as_text=True))


def test_spec_names_no_internal_file(client):
    _assert_clean("/openapi.json", client.get("/openapi.json").get_json())


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_rule_cites_its_sources_by_title_with_web_addresses(slug):
    for section in GAMES[slug].rulebook.sections:
        for rule in section.rules:
            assert rule.sources, rule.id
            for source in rule.sources:
                assert source.title, rule.id
                assert source.url is None or source.url.startswith(("https://", "http://")), (rule.id, source)


def test_cardrefs_reading_always_says_why():
    for game in GAMES.values():
        for rule in game.rulebook.by_id.values():
            if READING in rule.sources:
                assert "cardref's reading" in " ".join((rule.text, *rule.notes)), rule.id


def _refusal_bodies():
    """A broad sample of requests the service refuses or judges: malformed, hostile, and every move kind."""
    for case in MALFORMED_CASES:
        yield case[1], case[2]
    for case in HOSTILE_CASES:
        yield case[2], case[3]
    for slug in GAMES:
        examples = example_bodies(slug)
        for variant, example in [(None, examples), *examples.get("variants", {}).items()]:
            envelope = {"game": slug, **({"variant": variant} if variant else {})}
            state = example.get("state") or (mid_hand_state(slug) if variant is None else None)
            if state is None:
                continue
            for endpoint in ENDPOINTS:
                yield endpoint, {**envelope, "state": state, "move": example.get("move")}
                yield endpoint, {**envelope, "state": state, "move": {"type": "nonsense"}}
            for key in state:
                yield "/legal-moves", {**envelope, "state": {k: v for k, v in state.items() if k != key}}
                yield "/legal-moves", {**envelope, "state": {**state, key: "x"}}
                yield "/legal-moves", {**envelope, "state": {**state, key: [None]}}
            listed = answers.legal_moves({**envelope, "state": state})
            others = answers.legal_moves({**envelope, "state": mid_hand_state(slug, seed=9)})["moves"] if variant is None else []
            for move in listed["moves"][:5] + others[:20]:
                yield "/explain", {**envelope, "state": state, "move": move}
                yield "/apply-move", {**envelope, "state": state, "move": move}
            yield "/explain", {**envelope, "state": state}
            if example.get("meld_request"):
                yield "/validate-meld", {**envelope, **example["meld_request"]}
                yield "/validate-meld", {**envelope, "meld": {"cards": ["2C", "2D", "2H", "3S"]}}
            yield "/deal", {**envelope, "players": 99}
            yield "/deal", {**envelope, "seed": "x"}
            yield "/deal", {**envelope, "options": {"no_such_option": True}}


def test_refusals_and_verdicts_name_no_internal_file(client):
    seen = 0
    for endpoint, body in _refusal_bodies():
        answer = client.post(endpoint, json=body)
        _assert_clean(f"{endpoint} {answer.status_code}", answer.get_json())
        seen += 1
    assert seen >= 300
    for path in ("/nothing", "/games/bridge", "/rules/euchre.nothing", "/games/euchre/rules?format=pdf"):
        _assert_clean(path, client.get(path).get_json())
