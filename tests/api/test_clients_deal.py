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


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_deal_seed_as_a_decimal_string_deals_as_the_integer(client, game):
    # A JavaScript client may hold any seed exactly as a string: "42" deals what 42 deals, and the answer's seed is
    # the integer.
    as_number = client.post("/deal", json={"game": game, "seed": 42}).get_json()
    as_text = client.post("/deal", json={"game": game, "seed": "42"})
    assert as_text.status_code == 200 and as_text.get_json() == as_number
    big = str(10**17 + 7)       # eighteen digits, past the integers a JavaScript number holds
    assert client.post("/deal", json={"game": game, "seed": big}).get_json()["seed"] == 10**17 + 7


@pytest.mark.parametrize("seed", ["", "-1", "4.2", " 42", "42 ", "+42", "0x2a", "1e3", "٤٢", "1" * 19, None])
def test_deal_seed_string_that_is_not_decimal_digits_is_refused_at_the_seed(client, seed):
    answer = client.post("/deal", json={"game": "euchre", "seed": seed})
    assert answer.status_code == 422, answer.get_json()
    assert "seed" in str(answer.get_json()["errors"])


def test_validate_game_and_batch_take_a_seed_as_a_string(client):
    dealt = client.post("/deal", json={"game": "euchre", "seed": 9, "include_legal_moves": True}).get_json()
    move = dealt["legal_moves"]["moves"][0]
    move = {key: value for key, value in move.items() if key in ("type", "card", "suit", "alone", "bid", "pass")}
    for seed in (9, "9"):
        replayed = client.post("/validate-game", json={"game": "euchre", "seed": seed, "moves": [move]}).get_json()
        assert replayed["valid"] is True, replayed
        several = client.post("/validate-game", json={"game": "euchre", "hands": [{"seed": seed, "moves": [move]}]})
        assert several.status_code == 200 and several.get_json()["valid"] is True, several.get_json()
    batched = client.post("/batch", json={"requests": [{"path": "/deal", "body": {"game": "euchre", "seed": "9"}}]})
    assert batched.get_json()["responses"][0]["body"]["state"] == dealt["state"]
