"""Errors that teach: the message says what to send instead, in the words of the game, for every game."""

from __future__ import annotations

import pytest

from rules_engine.registry import GAMES

ALL_GAMES = sorted(GAMES)


def dealt(client, game: str) -> dict:
    return client.post("/deal", json={"game": game, "seed": 3}).get_json()["state"]


@pytest.mark.parametrize("game", ALL_GAMES)
@pytest.mark.parametrize("sent, says", [(7, '{"count": 7}'), (None, '{"count": n}')])
def test_every_game_a_hidden_hand_sent_as_a_number_or_null_is_told_the_count_form(client, game, sent, says):
    state = dealt(client, game)
    state["hands"][1] = sent
    answer = client.post("/legal-moves", json={"game": game, "state": state})
    assert answer.status_code == 422
    problem = answer.get_json()
    assert problem["message"].startswith("/state/hands/1: ") and says in problem["message"]
    assert "where the cards are hidden" in problem["message"]


def test_a_missing_field_is_called_missing(client):
    state = dealt(client, "euchre")
    answer = client.post("/validate-move", json={"game": "euchre", "state": state, "move": {}}).get_json()
    assert answer["message"].startswith("/move/type: missing: must be one of pass, order_up")


@pytest.mark.parametrize("game, players, says", [
    ("euchre", 5, "Euchre is played by exactly 4 players"),
    ("canadian-salad", 2, "Canadian Salad is played by 3 to 6 players"),
    ("salsifis", 6, "Salsifis is played by 2 to 5 players")])
def test_a_player_count_out_of_range_names_the_games_range(client, game, players, says):
    answer = client.post("/deal", json={"game": game, "players": players})
    assert answer.status_code == 422 and answer.get_json()["message"] == f"/players: {says}"


@pytest.mark.parametrize("game, variant", [("Euchre", None), ("EUCHRE", "Standard"), ("Canasta", "Two-Hand"),
                                           ("canadian-SALAD", None)])
def test_game_and_variant_names_are_matched_in_any_case(client, game, variant):
    body = {"game": game, "seed": 2, **({"variant": variant} if variant else {})}
    answer = client.post("/deal", json=body)
    assert answer.status_code == 200, answer.get_json()
    canonical = {"game": game.lower(), "seed": 2, **({"variant": variant.lower()} if variant else {})}
    assert answer.get_json() == client.post("/deal", json=canonical).get_json()
    assert answer.get_json()["game"] == game.lower()


@pytest.mark.parametrize("method, path, body, near", [
    ("post", "/deal", {"game": "euchere"}, "euchre"),
    ("post", "/deal", {"game": "canasta", "variant": "samb"}, "samba"),
    ("get", "/rules/canasta.opening.minimun", None, "canasta.opening.minimum"),
    ("post", "/legal-move", {}, "/legal-moves"),
    ("get", "/game", None, "/games")])
def test_an_unknown_name_or_path_suggests_the_nearest_known_one(client, method, path, body, near):
    answer = getattr(client, method)(path, **({"json": body} if body is not None else {}))
    assert answer.status_code == 404
    found = answer.get_json()
    assert found["did_you_mean"] == near and f"Did you mean {near}" in found["message"].replace("'", "")


def test_an_unknown_name_far_from_every_known_one_suggests_nothing(client):
    found = client.post("/deal", json={"game": "backgammon"}).get_json()
    assert "did_you_mean" not in found and "Did you mean" not in found["message"]
