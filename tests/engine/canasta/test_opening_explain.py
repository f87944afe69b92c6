"""What /explain and /validate-move say about the initial meld's count: what counted, and why allowed."""

from __future__ import annotations

from rules_engine import answers

from .helpers import body, meld_turn, position, verdict


def pile_opening(score: int) -> dict:
    hand = ["JS", "JC", "2D", "4D", "4D", "9S", "6H"]
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["AC", "KC", "KD", "JH"],
                    score=[score, 0])


TAKE = {"type": "take_pile", "cards": ["JS", "JC", "2D"]}


def test_canasta_opening_counting_pile_taken_to_open_says_what_counts_and_what_never_does():
    answer = answers.explain(body(pile_opening(0), TAKE))
    assert answer["legal"] is True
    assert answer["explanation"] == (
        "The move is legal here: The JH on top counts with JS, JC, 2D: 50; the AC, KC, KD below it never count. "
        "The initial meld counts 50, reaching the 50 side 0 needs.")
    ids = [r["id"] for r in answer["rules"]]
    assert ids[:2] == ["canasta.opening.counting", "canasta.opening.minimum"]
    notes = verdict(pile_opening(0), TAKE)["notes"]
    assert [n["rule"] for n in notes] == ["canasta.opening.counting", "canasta.opening.minimum"]


def test_canasta_opening_minimum_short_pile_opening_cites_the_counting_rule_too():
    answer = answers.explain(body(pile_opening(1500), TAKE))
    assert answer["legal"] is False
    assert [v["rule"] for v in answer["violations"]] == ["canasta.opening.minimum"]
    assert "the AC, KC, KD below it never count" in answer["explanation"]
    assert "needs 90" in answer["explanation"]
    assert [r["id"] for r in answer["rules"]] == ["canasta.opening.minimum", "canasta.opening.counting"]


def test_canasta_opening_concealed_exception_explained_in_one_sentence():
    hand = ["6C", "6D", "6H", "6S", "6C", "6D", "6H", "4C", "4D", "4H", "4S", "9C"]
    state = position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"], turn=meld_turn(0),
                     score=[1500, 0])
    move = {"type": "meld", "melds": [{"cards": ["6C", "6D", "6H", "6S", "6C", "6D", "6H"]},
                                      {"cards": ["4C", "4D", "4H", "4S"]}]}
    answer = answers.explain(body(state, move))
    assert answer["legal"] is True
    assert answer["explanation"] == (
        "The move is legal here: 55 is under 90, allowed because seat 0 goes out concealed this turn.")
    assert answer["rules"][0]["id"] == "canasta.opening.concealed-exception"


def test_canasta_opening_in_steps_step_explained():
    hand = ["KH", "KS", "KD", "QH", "QS", "QD", "9C", "4C"]
    state = position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"], turn=meld_turn(0),
                     score=[0, 0])
    answer = answers.explain(body(state, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]}))
    assert answer["legal"] is True and answer["rules"][0]["id"] == "canasta.opening.in-steps"
    assert "counts 30, short of the 50" in answer["explanation"]
