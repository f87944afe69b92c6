"""Malformed and impossible Canadian Salad requests: each a 4xx pointing at the field, never a 500."""

from __future__ import annotations

import copy

import pytest

from rules_engine import answers

GAME = "canadian-salad"
BASE = answers.deal({"game": GAME, "players": 4, "seed": 31})["state"]
LEAD = BASE["hands"][1][0]


def changed(**fields):
    state = copy.deepcopy(BASE)
    for key, value in fields.items():
        if value is ...:
            del state[key]
        else:
            state[key] = value
    return state


def hand_swap(seat: int, index: int, card) -> dict:
    state = copy.deepcopy(BASE)
    state["hands"][seat][index] = card
    return state


def other_hand_card(seat: int) -> str:
    return BASE["hands"][(seat + 1) % 4][0]


CASES = [
    # (name, endpoint, body, status, pointer into errors.json)
    ("players missing", "/legal-moves", {"game": GAME, "state": changed(players=...)}, 422, ["state", "players"]),
    ("players as text", "/legal-moves", {"game": GAME, "state": changed(players="4")}, 422, ["state", "players"]),
    ("players out of range", "/legal-moves", {"game": GAME, "state": changed(players=7)}, 422, ["state", "players"]),
    ("negative dealer", "/legal-moves", {"game": GAME, "state": changed(dealer=-1)}, 422, ["state", "dealer"]),
    ("dealer beyond the seats", "/legal-moves", {"game": GAME, "state": changed(dealer=4)}, 422, ["state", "dealer"]),
    ("hand number 7", "/legal-moves", {"game": GAME, "state": changed(hand_number=7)}, 422, ["state", "hand_number"]),
    ("hands not a list", "/legal-moves", {"game": GAME, "state": changed(hands={"0": []})}, 422, ["state", "hands"]),
    ("three hands for four", "/legal-moves", {"game": GAME, "state": changed(hands=BASE["hands"][:3])}, 422, ["state", "hands"]),
    ("unknown card code", "/legal-moves", {"game": GAME, "state": hand_swap(2, 0, "ZZ")}, 422, ["state", "hands", "2"]),
    ("look-alike card code", "/legal-moves", {"game": GAME, "state": hand_swap(2, 0, "Q\u0405")}, 422, ["state", "hands", "2"]),
    ("card as a number", "/legal-moves", {"game": GAME, "state": hand_swap(2, 0, 10)}, 422, ["state", "hands", "2"]),
    ("joker in a 52-card game", "/legal-moves", {"game": GAME, "state": hand_swap(2, 0, "JK")}, 422, ["state", "hands", "2"]),
    ("card held twice", "/legal-moves", {"game": GAME, "state": hand_swap(2, 0, other_hand_card(2))}, 422, ["state", "hands", "3"]),
    ("hidden hand with wrong count", "/legal-moves", {"game": GAME, "state": changed(hands=[BASE["hands"][0], BASE["hands"][1], {"count": 12}, BASE["hands"][3]])}, 422, ["state", "hands", "2"]),
    ("hidden hand with extra key", "/legal-moves", {"game": GAME, "state": changed(hands=[BASE["hands"][0], BASE["hands"][1], {"count": 13, "x": 1}, BASE["hands"][3]])}, 422, ["state", "hands", "2"]),
    ("trick longer than the players", "/legal-moves", {"game": GAME, "state": changed(current_trick={"leader": 1, "cards": BASE["hands"][1][:5]})}, 422, ["state", "current_trick", "cards"]),
    ("card both held and played", "/legal-moves", {"game": GAME, "state": changed(current_trick={"leader": 1, "cards": [LEAD]})}, 422, ["state", "hands", "1"]),
    ("trick led by the wrong seat", "/legal-moves", {"game": GAME, "state": changed(current_trick={"leader": 3, "cards": []})}, 422, ["state", "current_trick", "leader"]),
    ("trick without a leader", "/legal-moves", {"game": GAME, "state": changed(current_trick={"cards": []})}, 422, ["state", "current_trick", "leader"]),
    ("tricks not a list", "/legal-moves", {"game": GAME, "state": changed(tricks="none")}, 422, ["state", "tricks"]),
    ("unknown state field", "/legal-moves", {"game": GAME, "state": changed(trump="H")}, 422, ["state", "trump"]),
    ("unknown option", "/legal-moves", {"game": GAME, "options": {"trumps": True}, "state": BASE}, 422, ["options", "trumps"]),
    ("option of the wrong type", "/legal-moves", {"game": GAME, "options": {"stop_when_penalties_taken": "yes"}, "state": BASE}, 422, ["options", "stop_when_penalties_taken"]),
    ("options not an object", "/legal-moves", {"game": GAME, "options": [1], "state": BASE}, 422, ["options"]),
    ("state not an object", "/legal-moves", {"game": GAME, "state": [1, 2]}, 422, ["state"]),
    ("unknown envelope field", "/legal-moves", {"game": GAME, "state": BASE, "extra": 1}, 422, ["extra"]),
    ("move without a card", "/validate-move", {"game": GAME, "state": BASE, "move": {"type": "play"}}, 422, ["move", "card"]),
    ("move of an unknown type", "/validate-move", {"game": GAME, "state": BASE, "move": {"type": "bid"}}, 422, ["move", "type"]),
    ("move card not a card", "/apply-move", {"game": GAME, "state": BASE, "move": {"type": "play", "card": "11H"}}, 422, ["move", "card"]),
    ("move seat negative", "/validate-move", {"game": GAME, "state": BASE, "move": {"type": "play", "card": LEAD, "seat": -2}}, 422, ["move", "seat"]),
    ("score of the wrong length", "/score", {"game": GAME, "state": changed(score=[0, 0])}, 422, ["state", "score"]),
    ("score before hand 1 not zero", "/score", {"game": GAME, "state": changed(score=[10, 0, 0, 0])}, 422, ["state", "score"]),
    ("move seat beyond the table", "/validate-move", {"game": GAME, "state": BASE, "move": {"type": "play", "card": LEAD, "seat": 4}}, 422, ["move", "seat"]),
    ("deal for two players", "/deal", {"game": GAME, "players": 2, "seed": 1}, 422, ["players"]),
    ("deal with a negative seed", "/deal", {"game": GAME, "players": 4, "seed": -1}, 422, ["seed"]),
    ("deal with an unknown setup key", "/deal", {"game": GAME, "players": 4, "setup": {"trump": "H"}}, 422, ["setup", "trump"]),
    ("unknown variant", "/legal-moves", {"game": GAME, "variant": "wisconsin", "state": BASE}, 404, ["variant"]),
    ("unknown game", "/legal-moves", {"game": "bridge", "state": BASE}, 404, ["game"]),
    ("game as a number", "/legal-moves", {"game": 5, "state": BASE}, 422, ["game"]),
    ("deeply nested junk", "/legal-moves", {"game": GAME, "state": changed(hands=[[[[[[["AS"]]]]]]] * 4)}, 422, ["state", "hands", "0"]),
    ("huge card list", "/legal-moves", {"game": GAME, "state": changed(hands=[["AS"] * 5000] * 4)}, 422, ["state", "hands", "0"]),
    ("rule id unknown", "/explain", {"rule_id": "canadian-salad.nothing"}, 404, ["rule_id"]),
]


@pytest.mark.parametrize("name,endpoint,body,status,pointer", CASES, ids=[c[0] for c in CASES])
def test_malformed_request_is_a_clear_4xx(client, name, endpoint, body, status, pointer):
    answer = client.post(endpoint, json=body)
    assert answer.status_code == status, answer.get_data(as_text=True)
    payload = answer.get_json()
    assert payload["code"] == status and payload["message"]
    node = payload["errors"]["json"]
    for part in pointer:
        assert part in node, (pointer, payload["errors"])
        node = node[part]
    assert "Traceback" not in answer.get_data(as_text=True)


def test_impossible_state_names_the_rule(client):
    answer = client.post("/legal-moves", json={"game": GAME, "state": hand_swap(2, 0, other_hand_card(2))}).get_json()
    assert answer["violations"][0]["rule"] == "canadian-salad.deal.cards"
    # Seat 2 was given seat 3's first card: the pointer names that card where it is seen the second time.
    assert answer["violations"][0]["pointer"] == "/state/hands/3/0"


def test_canadian_salad_scoring_totals_impossible_game_score_is_refused(client):
    state = {**answers.deal({"game": GAME, "players": 4, "seed": 3, "setup": {"hand_number": 6}})["state"],
             "score": [0, 0, 0, 0]}
    answer = client.post("/score", json={"game": GAME, "state": state})
    assert answer.status_code == 422
    violation = answer.get_json()["violations"][0]
    assert violation["rule"] == "canadian-salad.scoring.totals" and violation["pointer"] == "/state/score"
    state["score"] = [155, 95, 240, 70]
    assert client.post("/score", json={"game": GAME, "state": state}).status_code == 200


@pytest.mark.parametrize("seat", [-1, 3, 4, 5, 99])
def test_canadian_salad_players_seat_out_of_range_answered_alike(client, seat):
    state = answers.deal({"game": GAME, "players": 3, "seed": 3})["state"]
    card = answers.legal_moves({"game": GAME, "state": state})["moves"][0]["card"]
    for endpoint in ("/validate-move", "/apply-move", "/explain"):
        answer = client.post(endpoint, json={"game": GAME, "state": state,
                                             "move": {"type": "play", "card": card, "seat": seat}})
        assert answer.status_code == 422
        violation = answer.get_json()["violations"][0]
        assert violation["pointer"] == "/move/seat" and violation["rule"] == "canadian-salad.players"
        assert violation["message"] == (f"there is no seat {seat} at a 3-player table: the seats are numbered "
                                        "0 to 2")


def test_body_over_the_limit_is_413(client):
    answer = client.post("/legal-moves", data=b'{"game": "' + b"x" * 300_000 + b'"}', content_type="application/json")
    assert answer.status_code == 413
    assert answer.get_json()["errors"] == {"json": {"_schema": ["the body must be at most 262144 bytes"]}}


@pytest.mark.parametrize("raw", [b"", b"not json", b"[1, 2]", b'"text"', b"\xff\xfe", b"{\"game\": "])
def test_body_not_a_json_object_is_400(client, raw):
    answer = client.post("/legal-moves", data=raw, content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json()["code"] == 400
    assert answer.get_json()["errors"]["json"]["_schema"][0]  # what is wrong with the body as a whole


def test_body_with_a_syntax_error_says_where(client):
    answer = client.post("/legal-moves", data=b'{"game": "euchre",\n "state": {,}}', content_type="application/json")
    assert "line 2 column" in answer.get_json()["errors"]["json"]["_schema"][0]


def test_errors_are_not_cached(client, app):
    body = {"game": GAME, "state": hand_swap(2, 0, "ZZ")}
    client.post("/legal-moves", json=body)
    assert app.extensions["cardref.cache"]._items == {}
