"""Salsifis formulas, written from the rule texts: which formula a contest calls for, who says it first, penalties."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.salsifis.reference_positions import (
    PACKET_0,
    last_turn,
    reveal,
    settled,
)

TIE = {0: (0, "QS"), 1: (0, "QH"), 2: (0, "9H")}  # seats 0 and 1 tie, seat 2 has lost
THREE_QUEENS = {0: (0, "QS"), 1: (0, "QH"), 2: (0, "QD")}
CYCLE = {0: (0, "AS"), 1: (0, "QH"), 2: (0, "9H")}
FIGHT = {0: (0, "KS"), 1: (0, "QH"), 2: (1, "6C")}  # seat 0 wins outright, seat 2 is alone

WRONG = [  # (position, call): salsifis.formula.penalty, each a formula the situation does not call for
    (TIE, {"seat": 0, "soup": True}),
    (TIE, {"seat": 0, "names": ["QS"]}),
    (TIE, {"seat": 0, "names": ["QH", "9H"]}),
    (TIE, {"seat": 0, "names": ["QD"]}),
    (TIE, {"seat": 0, "names": ["QH"], "soup": True}),
    (TIE, {"seat": 2, "names": ["QS"]}),
    (TIE, {"seat": 2, "names": ["QS", "QH"]}),
    (THREE_QUEENS, {"seat": 0, "names": ["QH"]}),
    (CYCLE, {"seat": 0, "names": ["QH", "9H"]}),
    (CYCLE, {"seat": 1, "names": ["AS"]}),
    (FIGHT, {"seat": 0, "soup": True}),
    (FIGHT, {"seat": 0, "names": ["QH"]}),
    (FIGHT, {"seat": 1, "names": ["KS"]}),
    (FIGHT, {"seat": 2, "soup": True}),
]


@pytest.mark.parametrize("placed,call", WRONG)
def test_salsifis_formula_penalty_formula_out_of_place_costs_ten(client, placed, call):
    answer = reveal(client, last_turn(placed), [call])
    penalties = [0, 0, 0]
    penalties[call["seat"]] = 10
    assert answer["state"]["penalties"] == penalties
    penalty = next(event for event in answer["events"] if event["type"] == "penalty")
    assert (penalty["seat"], penalty["points"], penalty["rules"]) == (call["seat"], -10, ["salsifis.formula.penalty"])
    assert settled(answer, 0)["by_formula"] is False


def test_salsifis_formula_penalty_each_wrong_formula_costs_ten_again(client):
    calls = [{"seat": 2, "soup": True}, {"seat": 2, "names": ["QS"]}, {"seat": 0, "soup": True}]
    answer = reveal(client, last_turn(TIE), calls)
    assert answer["state"]["penalties"] == [10, 0, 20]
    assert [event["seat"] for event in answer["events"] if event["type"] == "penalty"] == [2, 2, 0]


@pytest.mark.parametrize("caller,names", [(0, ["QH", "QD"]), (0, ["QD", "QH"]), (1, ["QS", "QD"]), (2, ["QH", "QS"])])
def test_salsifis_formula_tie_three_queens_name_the_two_others_in_any_order(client, caller, names):
    answer = reveal(client, last_turn(THREE_QUEENS), [{"seat": caller, "names": names}])
    assert settled(answer, 0)["winner"] == caller
    assert Counter(answer["state"]["won"][caller]) == Counter(PACKET_0 + ["QS", "QH", "QD"])
    assert answer["state"]["penalties"] == [0, 0, 0]


def test_salsifis_formula_first_wrong_then_right_the_right_one_wins(client):
    calls = [{"seat": 0, "soup": True}, {"seat": 0, "names": ["QH"]}]
    answer = reveal(client, last_turn(TIE), calls)
    assert settled(answer, 0)["winner"] == 0
    assert answer["state"]["penalties"] == [10, 0, 0]


def test_salsifis_formula_first_simultaneous_right_formulas_share(client):
    calls = [{"seat": 1, "names": ["QS"]}, {"seat": 0, "names": ["QH"], "simultaneous": True}]
    answer = reveal(client, last_turn(TIE), calls)
    tie = settled(answer, 0)
    assert (tie["outcome"], tie["shared_by"]) == ("shared", [0, 1])
    assert answer["state"]["shared"][0]["seats"] == [0, 1]
    assert Counter(answer["state"]["shared"][0]["cards"]) == Counter(PACKET_0 + ["QS", "QH", "9H"])


def test_salsifis_formula_first_wrong_formula_at_the_same_moment_does_not_share(client):
    calls = [{"seat": 1, "names": ["QS"]}, {"seat": 0, "soup": True, "simultaneous": True}]
    answer = reveal(client, last_turn(TIE), calls)
    assert settled(answer, 0)["winner"] == 1
    assert answer["state"]["penalties"] == [10, 0, 0]


@pytest.mark.parametrize("late_formula,penalty", [("harmless", 0), ("penalized", 10)])
def test_salsifis_formula_late_right_formula_after_the_win(client, late_formula, penalty):
    calls = [{"seat": 0, "names": ["QH"]}, {"seat": 1, "names": ["QS"]}]
    answer = reveal(client, last_turn(TIE), calls, options={"late_formula": late_formula})
    assert settled(answer, 0)["winner"] == 0
    assert answer["state"]["penalties"] == [0, penalty, 0]
    assert answer["options"]["late_formula"] == late_formula


@pytest.mark.parametrize("late_formula,penalty", [("harmless", 0), ("penalized", 10)])
def test_salsifis_formula_late_second_soup_in_a_cycle(client, late_formula, penalty):
    calls = [{"seat": 2, "soup": True}, {"seat": 0, "soup": True}]
    answer = reveal(client, last_turn(CYCLE), calls, options={"late_formula": late_formula})
    assert settled(answer, 0)["winner"] == 2
    assert answer["state"]["penalties"] == [penalty, 0, 0]


@pytest.mark.parametrize("placed,caller,text", [
    (TIE, 1, "Queen of Spades, salsifis"),
    (TIE, 1, "queen of spades salsifis"),
    (TIE, 0, "QH salsifis"),
    (THREE_QUEENS, 1, "Queen of Spades, Queen of Diamonds, salsifis"),
    (THREE_QUEENS, 1, "Queen of Diamonds and Queen of Spades, salsifis"),
    ({0: (0, "KC"), 1: (0, "KH"), 2: (1, "6C")}, 1, "King of Klubs, salsifis"),
    (CYCLE, 0, "salsifis soup"),
    (CYCLE, 1, "Salsifis soup!"),
])
def test_salsifis_formula_text_words_as_said_are_judged(client, placed, caller, text):
    answer = reveal(client, last_turn(placed), [{"seat": caller, "text": text}])
    assert settled(answer, 0)["winner"] == caller
    assert answer["state"]["penalties"] == [0, 0, 0]


@pytest.mark.parametrize("text", ["Queen of Spades, salsifis soup", "salsifis soup"])
def test_salsifis_formula_text_wrong_words_in_a_tie_cost_ten(client, text):
    answer = reveal(client, last_turn(TIE), [{"seat": 1, "text": text}])
    assert answer["state"]["penalties"] == [0, 10, 0]


@pytest.mark.parametrize("text", ["Queen of Spades", "hello salsifis", "salsifis stew"])
def test_salsifis_formula_text_no_formula_at_all_is_refused(client, text):
    state = last_turn(TIE)
    answer = client.post("/apply-move", json={"game": "salsifis", "state": state,
                                              "move": {"type": "resolve", "calls": [{"seat": 1, "text": text}]}})
    assert answer.status_code == 422
    assert {"rule": "salsifis.formula.text", "pointer": "/move/calls/0/text"}.items() <= \
        answer.get_json()["violations"][0].items()


SPOKEN = [  # (tied cards of seats 0 and 1, words seat 0 says): salsifis.formula.text, every rank said aloud
    (("9H", "9D"), "Nine of Diamonds, salsifis"), (("9H", "9D"), "9 of Diamonds, salsifis"),
    (("10H", "10D"), "Ten of Diamonds, salsifis"), (("10C", "10D"), "10 of Diamonds salsifis"),
    (("JC", "JD"), "Jack of Diamonds salsifis"), (("AC", "AD"), "Ace of Diamonds salsifis"),
    (("KC", "KD"), "king of diamonds, SALSIFIS."), (("5C", "5D"), "Five of Diamonds, salsifis"),
    (("6C", "6D"), "6D salsifis"),
]


@pytest.mark.parametrize("cards,text", SPOKEN)
def test_salsifis_formula_text_every_rank_named_aloud(client, cards, text):
    packets = [["AS", "KS", "8S"], ["7S", "4S", "5S"]]
    state = last_turn({0: (0, cards[0]), 1: (0, cards[1]), 2: (1, "7C")}, packets=packets)
    answer = reveal(client, state, [{"seat": 0, "text": text}])
    assert (settled(answer, 0)["kind"], settled(answer, 0)["winner"]) == ("tie", 0)
    assert answer["state"]["penalties"] == [0, 0, 0]


def test_salsifis_formula_text_a_call_belongs_to_the_callers_own_packet(client):
    # seat 2 sits alone by packet 1 and says the formula of packet 0's tie: out of place, and it wins nothing there
    state = last_turn({0: (0, "QS"), 1: (0, "QH"), 2: (1, "6C")})
    answer = reveal(client, state, [{"seat": 2, "names": ["QS"]}])
    assert answer["state"]["penalties"] == [0, 0, 10]
    assert settled(answer, 0)["winner"] is None and settled(answer, 1)["winner"] == 2


def test_salsifis_formula_penalty_event_says_why_in_words(client):
    answer = reveal(client, last_turn(CYCLE), [{"seat": 1, "names": ["AS"]}])
    penalty = next(event for event in answer["events"] if event["type"] == "penalty")
    assert penalty["text"].startswith("Seat 1's formula") and "10 points" in penalty["text"]
    assert "packet 0" in penalty["text"]
