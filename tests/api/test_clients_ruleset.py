"""A request may name the ruleset it was computed under: answered while it holds, 409 naming the current one
when the rules have changed since."""

from __future__ import annotations

import pytest

from rules_engine.registry import GAMES
from tests.api.test_cache_every_game import ALL


@pytest.mark.parametrize("game,endpoint,body", ALL, ids=[f"{g}{e}" for g, e, _ in ALL])
def test_current_ruleset_answers_as_without_it(client, game, endpoint, body):
    plain = client.post(endpoint, json=body)
    assert plain.status_code == 200, plain.get_json()
    ruleset = plain.get_json()["ruleset"]
    named = client.post(endpoint, json={**body, "ruleset": ruleset})
    assert named.status_code == 200 and named.get_json() == plain.get_json()


@pytest.mark.parametrize("game,endpoint,body", ALL, ids=[f"{g}{e}" for g, e, _ in ALL])
def test_changed_ruleset_is_409_naming_the_current_one(redis_client, game, endpoint, body):
    current = redis_client.post(endpoint, json=body).get_json()["ruleset"]
    stale = current.rsplit(".", 1)[0] + ".0000000000"
    for attempt in range(2):  # the second time the answer for the current ruleset sits in the cache
        answer = redis_client.post(endpoint, json={**body, "ruleset": stale})
        assert answer.status_code == 409
        refusal = answer.get_json()
        assert refusal["ruleset"] == current and current in refusal["message"]
        assert list(refusal["errors"]["json"]) == ["ruleset"]


def test_rule_explain_with_a_stale_ruleset_is_409(client):
    game = next(iter(GAMES))
    rule_id = GAMES[game].rulebook.sections[0].rules[0].id
    current = GAMES[game].ruleset().id
    assert client.post("/explain", json={"rule_id": rule_id, "ruleset": current}).status_code == 200
    answer = client.post("/explain", json={"rule_id": rule_id, "ruleset": current + "x"})
    assert answer.status_code == 409 and answer.get_json()["ruleset"] == current


def test_ruleset_must_be_a_string(client):
    answer = client.post("/deal", json={"game": "euchre", "ruleset": 7})
    assert answer.status_code == 422 and "ruleset" in answer.get_json()["errors"]["json"]
