"""`include_legal_moves` on /apply-move: the next seat's moves in the same answer, exactly /legal-moves' answer."""

from __future__ import annotations

import random

import pytest

from rules_engine.registry import GAMES
from tests.api.every_game import default_players

ALL_GAMES = sorted(GAMES)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_include_legal_moves_equals_legal_moves_for_the_new_state(client, game):
    chooser = random.Random(game)
    state = client.post("/deal", json={"game": game, "players": default_players(game), "seed": 11}).get_json()["state"]
    listed = client.post("/legal-moves", json={"game": game, "state": state}).get_json()
    for _ in range(40):
        if listed["to_act"] is None:
            break
        move = chooser.choice(listed["moves"])
        answer = client.post("/apply-move", json={"game": game, "state": state, "move": move,
                                                  "include_legal_moves": True})
        assert answer.status_code == 200, answer.get_json()
        applied = answer.get_json()
        plain = client.post("/apply-move", json={"game": game, "state": state, "move": move}).get_json()
        state, listed = applied["state"], applied["legal_moves"]
        assert {key: value for key, value in applied.items() if key != "legal_moves"} == plain
        assert listed == client.post("/legal-moves", json={"game": game, "state": state}).get_json()


def test_include_legal_moves_is_null_when_the_seat_to_act_keeps_its_hand_hidden(client):
    state = client.post("/deal", json={"game": "canadian-salad", "players": 4, "seed": 3}).get_json()["state"]
    to_act = client.post("/legal-moves", json={"game": "canadian-salad", "state": state}).get_json()["to_act"]
    following = (to_act + 1) % 4
    # Two hands hidden: with one, every card not shown would be in it, and its plays could be listed exactly.
    for hidden in (following, (following + 1) % 4):
        state["hands"][hidden] = {"count": len(state["hands"][hidden])}
    move = {"type": "play", "card": state["hands"][to_act][0]}
    answer = client.post("/apply-move", json={"game": "canadian-salad", "state": state, "move": move,
                                              "include_legal_moves": True})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["to_act"] == following and answer.get_json()["legal_moves"] is None


def test_canadian_salad_play_card_held_a_hidden_hand_the_cards_shown_pin_down_is_listed_exactly(client):
    # One hand hidden, every other card shown: the cards not seen are that hand, so its plays are known.
    state = client.post("/deal", json={"game": "canadian-salad", "players": 4, "seed": 3}).get_json()["state"]
    to_act = client.post("/legal-moves", json={"game": "canadian-salad", "state": state}).get_json()["to_act"]
    following = (to_act + 1) % 4
    move = {"type": "play", "card": state["hands"][to_act][0]}
    full = client.post("/apply-move", json={"game": "canadian-salad", "state": state, "move": move,
                                            "include_legal_moves": True}).get_json()["legal_moves"]
    state["hands"][following] = {"count": len(state["hands"][following])}
    seen = client.post("/apply-move", json={"game": "canadian-salad", "state": state, "move": move,
                                            "include_legal_moves": True}).get_json()["legal_moves"]
    assert seen is not None and all(m["unverified"] == [] for m in seen["moves"])
    assert sorted(m["code"] for m in seen["moves"]) == sorted(m["code"] for m in full["moves"])


def test_include_legal_moves_false_or_omitted_adds_nothing(client):
    state = client.post("/deal", json={"game": "euchre", "seed": 3}).get_json()["state"]
    move = client.post("/legal-moves", json={"game": "euchre", "state": state}).get_json()["moves"][0]
    body = {"game": "euchre", "state": state, "move": move}
    assert "legal_moves" not in client.post("/apply-move", json=body).get_json()
    assert "legal_moves" not in client.post("/apply-move", json={**body, "include_legal_moves": False}).get_json()


def test_include_legal_moves_must_be_a_boolean(client):
    state = client.post("/deal", json={"game": "euchre", "seed": 3}).get_json()["state"]
    move = client.post("/legal-moves", json={"game": "euchre", "state": state}).get_json()["moves"][0]
    answer = client.post("/apply-move", json={"game": "euchre", "state": state, "move": move,
                                              "include_legal_moves": [1]})
    assert answer.status_code == 422 and "include_legal_moves" in answer.get_json()["errors"]["json"]


def test_include_legal_moves_is_refused_on_validate_move(client):
    state = client.post("/deal", json={"game": "euchre", "seed": 3}).get_json()["state"]
    move = client.post("/legal-moves", json={"game": "euchre", "state": state}).get_json()["moves"][0]
    answer = client.post("/validate-move", json={"game": "euchre", "state": state, "move": move,
                                                 "include_legal_moves": True})
    assert answer.status_code == 422
