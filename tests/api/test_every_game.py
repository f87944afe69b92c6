"""Checks that hold for every game the service knows, present and future, through HTTP."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rules_engine import answers
from rules_engine.registry import GAMES

from .every_game import mid_hand_state, play_random_hand

ALL_GAMES = list(GAMES)


def poster(client):
    def post(endpoint, body):
        answer = client.post(endpoint, json=body)
        assert answer.status_code < 500, answer.get_data(as_text=True)
        return answer.status_code, answer.get_json()
    return post


@pytest.mark.slow
@pytest.mark.parametrize("game", ALL_GAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31))
def test_every_listed_move_is_accepted_and_hands_end(client, game, seed):
    post = poster(client)
    state, made = play_random_hand(post, game, seed)
    assert made > 0
    status, score = post("/score", {"game": game, "state": state})
    assert status == 200, score
    assert score["game"] == game and score["ruleset"] == answers.ruleset_of({"game": game}).id
    for line in score["lines"]:
        assert line["rule"].startswith(game + ".") and line["text"]
    seats = {}
    for line in score["lines"]:
        if line.get("seat") is not None:
            seats[line["seat"]] = seats.get(line["seat"], 0) + line["points"]
    if seats and all(line.get("seat") is not None for line in score["lines"]):
        assert [seats.get(s, 0) for s in range(len(score["scores"]))] == pytest.approx(score["scores"])


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_describes_itself(client, game):
    described = client.get(f"/games/{game}").get_json()
    assert described["game"] == game and described["variants"] and described["phases"]
    for option in described["options"]:
        assert option["rule"] in GAMES[game].rulebook, option
    rules = client.get(f"/games/{game}/rules").get_json()
    ids = [r["id"] for s in rules["sections"] for r in s["rules"]]
    assert ids and all(i.startswith(game + ".") for i in ids)
    for rule_id in ids:
        assert all(o in {opt["name"] for opt in described["options"]} for o in GAMES[game].rulebook[rule_id].options)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_example_is_answered(client, game):
    example = GAMES[game].examples()
    assert {"state", "move"} <= set(example)
    body = {"game": game, "state": example["state"]}
    assert client.post("/legal-moves", json=body).status_code == 200
    verdict = client.post("/validate-move", json={**body, "move": example["move"]}).get_json()
    assert verdict["legal"] is True, verdict


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_deal_is_reproducible(client, game):
    first = client.post("/deal", json={"game": game, "seed": 12345}).get_json()
    again = client.post("/deal", json={"game": game, "seed": 12345}).get_json()
    other = client.post("/deal", json={"game": game, "seed": 54321}).get_json()
    assert first == again and first["state"] != other["state"]


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_state_round_trips(game):
    found = GAMES[game]
    rs = found.ruleset()
    for seed in range(5):
        state = mid_hand_state(game, seed=seed, moves=seed * 3)
        assert found.dump_state(rs, found.read_state(rs, state)) == state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_score_says_whether_the_hand_is_over(client, game):
    # One shape for the same fact: every /score answer says hand_over, whatever the game.
    state = client.post("/deal", json={"game": game, "seed": 2}).get_json()["state"]
    answer = client.post("/score", json={"game": game, "state": state})
    if answer.status_code == 200:
        assert answer.get_json()["hand_over"] is False
    def post(endpoint, body):
        answer = client.post(endpoint, json=body)
        return answer.status_code, answer.get_json()

    finished, _ = play_random_hand(post, game, 2, check_every_move=False)
    assert client.post("/score", json={"game": game, "state": finished}).get_json()["hand_over"] is True
