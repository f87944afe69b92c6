"""/deal without a seed: a random deal whose seed the answer gives, and that seed deals it again."""

from __future__ import annotations

import pytest

from rules_engine.registry import GAMES

ALL_GAMES = sorted(GAMES)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_deal_without_seed_is_random_and_answers_its_seed(client, game):
    dealt = [client.post("/deal", json={"game": game}).get_json() for _ in range(3)]
    seeds = {answer["seed"] for answer in dealt}
    assert len(seeds) == 3 and all(0 <= seed <= 2**53 - 1 for seed in seeds)
    assert len({repr(answer["state"]) for answer in dealt}) == 3
    for answer in dealt:
        again = client.post("/deal", json={"game": game, "seed": answer["seed"]}).get_json()
        assert again == answer


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_deal_with_seed_answers_that_seed(client, game):
    answer = client.post("/deal", json={"game": game, "seed": 0}).get_json()
    assert answer["seed"] == 0


def test_deal_without_seed_is_not_served_from_the_cache(redis_client):
    first = redis_client.post("/deal", json={"game": "euchre"})
    second = redis_client.post("/deal", json={"game": "euchre"})
    assert first.get_json()["seed"] != second.get_json()["seed"]
    assert second.headers.get("X-Cache") != "hit"


def test_deal_random_seeds_are_safe_integers_a_browser_sends_back_unchanged(client):
    # JavaScript keeps integers exactly up to 2**53 - 1: a random seed above it would come back rounded, and deal
    # another hand. Sent back through a float, as a browser's JSON reader holds it, each seed deals the same cards.
    for _ in range(64):
        answer = client.post("/deal", json={"game": "euchre"}).get_json()
        assert 0 <= answer["seed"] <= 2**53 - 1
        assert int(float(answer["seed"])) == answer["seed"]
    again = client.post("/deal", json={"game": "euchre", "seed": int(float(answer["seed"]))}).get_json()
    assert again == answer


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_deal_with_include_legal_moves_answers_the_first_listing(client, game):
    # A client needs no second round trip before the first move: /deal lists it as /legal-moves would.
    answer = client.post("/deal", json={"game": game, "seed": 5, "include_legal_moves": True}).get_json()
    listed = client.post("/legal-moves", json={"game": game, "state": answer["state"]}).get_json()
    assert answer["legal_moves"] == listed and listed["moves"]
    plain = client.post("/deal", json={"game": game, "seed": 5}).get_json()
    assert "legal_moves" not in plain and plain["state"] == answer["state"]
    refused = client.post("/deal", json={"game": game, "seed": 5, "include_legal_moves": [1]})
    assert refused.status_code == 422 and "include_legal_moves" in str(refused.get_json()["errors"])
