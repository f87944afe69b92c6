"""Salsifis scoring, written from the rule texts: card points, shared stakes, penalties, and who wins."""

from __future__ import annotations

import pytest

from tests.engine.salsifis.reference_model import Model
from tests.engine.salsifis.reference_play import check_score, post

SCORING_RULES = {"salsifis.scoring.values", "salsifis.formula.shared", "salsifis.formula.penalty"}


def finished(won, shared=(), penalties=None, dealer=0):
    """A three-player game after its last turn, with these piles, shared stakes and penalties."""
    return {"players": 3, "turn": 5, "dealer": dealer, "hands": [[], [], []], "packets": [], "heap": [],
            "placements": [], "won": won, "shared": list(shared), "penalties": penalties or [0, 0, 0]}


# Piles and stakes of sizes settled turns give (a packet of three with one or two placed cards), padded with
# cards worth nothing.
WON = [["AC", "10D", "KS", "QS", "JS", "9S", "5C", "8S"], ["AH", "4H", "5H", "6H"], []]  # 30, 11 and 0 points
SHARED = [{"seats": [0, 1], "cards": ["AD", "KD", "8C", "7C", "6C"]}]  # 15 points between seats 0 and 1
LOW = ["4D", "5D", "6D", "7D"]


def finished_model(state, mode):
    """The reference model of a finished position."""
    model = Model(state, {"shared_points": mode})
    model.over = True
    return model


def lines_of(body, seat):
    """The score lines of one seat, by rule."""
    return {line["rule"]: line["points"] for line in body["lines"] if line["seat"] == seat}


def test_salsifis_scoring_values_card_points_line_by_line(client):
    body = post(client, "/score", {"state": finished(WON, penalties=[10, 0, 20])})
    assert body["scores"] == [20, 11, -20]
    assert lines_of(body, 0) == {"salsifis.scoring.values": 30, "salsifis.formula.penalty": -10}
    assert lines_of(body, 1) == {"salsifis.scoring.values": 11}
    assert lines_of(body, 2) == {"salsifis.formula.penalty": -20}
    assert all(line["rule"] in SCORING_RULES and line["text"] for line in body["lines"])
    assert body["game_over"] is True and body["winners"] == [0] and body["winner"] == 0


@pytest.mark.parametrize("mode,dealer,shares", [
    ("whole", 0, [7, 7]),
    ("remainder-by-seat", 0, [7, 8]),  # seat 1 sits nearest the dealer's left
    ("remainder-by-seat", 1, [8, 7]),  # from seat 2 round: seat 0 comes before seat 1
    ("remainder-by-seat", 2, [8, 7]),
    ("exact", 0, [7.5, 7.5]),
])
def test_salsifis_formula_shared_points_split_by_option(client, mode, dealer, shares):
    state = finished(WON, SHARED, penalties=[10, 0, 0], dealer=dealer)
    body = post(client, "/score", {"options": {"shared_points": mode}, "state": state})
    assert [lines_of(body, seat).get("salsifis.formula.shared") for seat in (0, 1)] == shares
    assert body["scores"] == [30 + shares[0] - 10, 11 + shares[1], 0]
    check_score(client, finished_model(state, mode), {"shared_points": mode})


def test_salsifis_formula_shared_three_way_remainder_goes_round_from_the_dealers_left(client):
    state = finished([[], [], []], [{"seats": [0, 1, 2], "cards": ["AD", "KD", *LOW]}], dealer=1)  # 15 among three
    whole = post(client, "/score", {"state": state})
    assert whole["scores"] == [5, 5, 5]
    state = finished([[], [], []], [{"seats": [0, 1, 2], "cards": ["AD", "KD", "QD", *LOW[:3]]}], dealer=1)  # 18: even
    assert post(client, "/score", {"state": state})["scores"] == [6, 6, 6]
    state = finished([[], [], []], [{"seats": [0, 1, 2], "cards": ["AD", "JD", *LOW]}], dealer=1)  # 13: one over
    by_seat = post(client, "/score", {"options": {"shared_points": "remainder-by-seat"}, "state": state})
    assert by_seat["scores"] == [4, 4, 5]
    exact = post(client, "/score", {"options": {"shared_points": "exact"}, "state": state})
    assert exact["scores"] == [4.33, 4.33, 4.33]


def test_salsifis_scoring_winner_level_totals_win_together(client):
    body = post(client, "/score", {"state": finished([["AC", "4C", "5C", "6C"], ["AH", "4H", "5H", "6H"], ["10D", *LOW[:3]]])})
    assert body["scores"] == [11, 11, 10]
    assert body["winners"] == [0, 1] and body["winner"] is None


def test_salsifis_scoring_winner_penalties_decide(client):
    body = post(client, "/score", {"state": finished([["AC", "4C", "5C", "6C"], ["AH", "4H", "5H", "6H"], ["10D", *LOW[:3]]], penalties=[10, 0, 0])})
    assert body["scores"] == [1, 11, 10] and body["winner"] == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_salsifis_scoring_values_partial_game_names_the_leaders(client, players):
    dealt = post(client, "/deal", {"players": players, "seed": 9})["state"]
    model = Model(dealt)
    state = dealt
    for seat in range(players):
        card = state["hands"][seat][0]
        move = {"type": "place", "seat": seat, "card": card, "packet": seat % 2}
        state = post(client, "/apply-move", {"state": state, "move": move})["state"]
        model.place(seat, card, seat % 2)
    state = post(client, "/apply-move", {"state": state, "move": {"type": "resolve", "calls": []}})["state"]
    model.resolve([])
    body = check_score(client, model, {})
    assert body["game_over"] is False
