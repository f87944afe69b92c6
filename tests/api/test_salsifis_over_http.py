"""Salsifis formulas and seats over HTTP: a wrong formula is judged with words, a missing seat refused alike."""

from __future__ import annotations

import pytest

from tests.engine.salsifis.helpers import showdown

GAME = "salsifis"
TIE = showdown({0: "QS", 1: "QH"}, {2: "5D"})  # seats 0 and 1 tie on packet 0; seat 2 alone on packet 1


@pytest.mark.parametrize("text", ["King of Clubs, salsifis soup", "(King of Clubs) - salsifis!"])
def test_salsifis_formula_penalty_wrong_formula_text_is_judged_over_http(client, text):
    answer = client.post("/apply-move", json={"game": GAME, "state": TIE,
                                              "move": {"type": "resolve", "calls": [{"seat": 0, "text": text}]}})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["state"]["penalties"] == [10, 0, 0]
    penalty = next(e for e in body["events"] if e["type"] == "penalty")
    assert penalty["verdict"] == "wrong" and penalty["rules"] == ["salsifis.formula.penalty"]
    assert penalty["text"].startswith(f"Seat 0's formula \"{text}\" costs 10 points: packet 0 is a tie")


def test_salsifis_formula_text_punctuated_right_formula_wins_over_http(client):
    move = {"type": "resolve", "calls": [{"seat": 1, "text": "«Queen of Spades» — salsifis!"}]}
    body = client.post("/apply-move", json={"game": GAME, "state": TIE, "move": move}).get_json()
    settled = next(e for e in body["events"] if e["type"] == "packet_settled" and e["packet"] == 0)
    assert settled["winner"] == 1 and body["state"]["penalties"] == [0, 0, 0]


@pytest.mark.parametrize("seat", [3, 5, -1])
def test_salsifis_players_seat_out_of_range_answered_alike_over_http(client, seat):
    dealt = client.post("/deal", json={"game": GAME, "players": 3, "seed": 4}).get_json()["state"]
    move = {"type": "place", "seat": seat, "card": dealt["hands"][0][0], "packet": 0}
    for endpoint in ("/validate-move", "/apply-move", "/explain"):
        answer = client.post(endpoint, json={"game": GAME, "state": dealt, "move": move})
        assert answer.status_code == 422
        violation = answer.get_json()["violations"][0]
        assert violation == {"rule": "salsifis.players", "pointer": "/move/seat", "message":
                             f"there is no seat {seat} at a 3-player table: the seats are numbered 0 to 2"}
