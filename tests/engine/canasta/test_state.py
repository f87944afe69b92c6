"""Positions no legal play reaches are refused with a pointer and the rule they break."""

from __future__ import annotations

import copy

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import body, meld, meld_turn, position


def base() -> dict:
    return position([["QH", "QS", "4H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C", "9D"],
                    melds=[[meld(["KD", "KC", "KS"])], []], melded_before=[True, False, False, False],
                    red_threes=[["3H"], []])


def refused(state: dict) -> tuple:
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    problem = caught.value.problems[0]
    return problem.pointer, problem.rule


def test_canasta_state_round_trip():
    state = base()
    again = answers.apply_move(body(state, {"type": "draw", "cards": ["9S"]}))["state"]
    assert set(again) == set(state)
    assert answers.legal_moves(body(again))["to_act"] == 0


def test_canasta_deal_cards_total_must_be_108():
    state = base()
    state["stock"]["count"] += 1
    assert refused(state) == (("state",), "canasta.deal.cards")


def test_canasta_deal_cards_no_more_copies_than_the_deck():
    state = base()
    state["hands"][0] = ["QH", "QH", "QH"]
    assert refused(state)[1] == "canasta.deal.cards"


def test_canasta_red_threes_lay_out_never_in_a_hand():
    state = base()
    state["hands"][0] = ["QH", "QS", "3D"]
    assert refused(state) == (("state", "hands", 0), "canasta.red-threes.lay-out")


def test_canasta_red_threes_lay_out_only_red_threes_on_the_side():
    state = base()
    state["red_threes"][0] = ["3C"]
    state["hands"][0] = ["QH", "QS", "4H"]
    assert refused(state)[1] in ("canasta.red-threes.lay-out", "canasta.deal.cards")


def test_canasta_deal_upcard_red_three_only_covered_in_the_upcard_run():
    state = base()
    state["red_threes"][0] = []
    state["discard"] = ["8C", "3H", "9D"]
    assert refused(state) == (("state", "discard", 1), "canasta.deal.upcard")
    # Never taken, the pile counts one discard (by seat 3, on the left of dealer 2) and seat 0 is to draw
    # with the eleven cards it was dealt, less the kings it melded.
    state["discard"] = ["3H", "8C", "9D"]
    state["dealer"] = 2
    state["hands"][0] = ["QH", "QS", "4H", "5C", "6D", "10S", "JD", "AC"]
    state["stock"]["count"] -= 5
    assert answers.legal_moves(body(state))["pile"]["frozen"] is True


def test_canasta_melds_set_invalid_meld_on_the_table():
    state = base()
    state["melds"][0] = [meld(["KD", "KC", "QS"])]
    state["hands"][0] = ["QH", "KS", "4H"]
    pointer, rule = refused(state)
    assert pointer == ("state", "melds", 0, 0, "cards") and rule == "canasta.melds.set"


def test_canasta_melds_one_per_rank_on_the_table():
    state = position([["QH", "4H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"],
                     melds=[[meld(["KD", "KC", "KS"]), meld(["KD", "KC", "KH"])], []],
                     melded_before=[True, False, False, False])
    assert refused(state) == (("state", "melds", 0, 1), "canasta.melds.one-per-rank")


def test_canasta_turn_meld_side_with_melds_has_a_melder():
    state = base()
    state["melded_before"] = [False, False, False, False]
    assert refused(state)[1] == "canasta.turn.meld"
    state["melded_before"] = [True, True, False, False]
    assert refused(state) == (("state", "melded_before", 1), "canasta.turn.meld")


def test_canasta_melds_black_threes_only_in_going_out_on_the_table():
    state = position([["QH", "4H", "9C"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"],
                     melds=[[meld(["3C", "3S", "3C"])], []], melded_before=[True, False, False, False])
    assert refused(state)[1] == "canasta.melds.black-threes"


def test_canasta_going_out_how_empty_hand_ends_the_hand():
    state = base()
    state["hands"][1] = {"count": 0}
    state["hands"][2] = {"count": 22}
    assert refused(state) == (("state", "hands", 1), "canasta.going-out.how")


def test_canasta_turn_discard_pile_never_empty_before_a_draw():
    state = base()
    state["discard"] = []
    state["stock"]["count"] += 2
    assert refused(state) == (("state", "discard"), "canasta.turn.discard")


def test_canasta_pile_take_state_after_taking_has_an_empty_pile():
    state = base()
    state["turn"] = meld_turn(0, drew="pile")
    assert refused(state) == (("state", "discard"), "canasta.pile.take")


def test_canasta_going_out_ask_partner_phase_and_question_agree():
    state = position([["QH", "QS", "QD", "4H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C", "9D"],
                     melds=[[meld(["KD", "KC", "KS", "KH", "KD", "KC", "2S"])], []],
                     melded_before=[True, False, False, False])
    state["turn"] = meld_turn(0, question="asked")
    assert refused(state)[1] == "canasta.going-out.ask-partner"
    state["turn"]["phase"] = "answer"
    assert answers.legal_moves(body(state))["to_act"] == 2


def test_canasta_state_turn_started_names_a_side_meld():
    state = base()
    state["turn"] = meld_turn(0, started=["A"])
    assert refused(state) == (("state", "turn", "started", 0), "canasta.turn.meld")


def test_canasta_state_hidden_hands_and_stock_count_accepted():
    state = base()
    assert answers.legal_moves(body(copy.deepcopy(state)))["to_act"] == 0
