"""A turn: drawing (red threes replaced), melding, discarding, the partner question."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import HandFinished, IllegalMove, InvalidRequest

from .helpers import apply, body, broken, codes, legal, meld, meld_turn, position

KINGS = meld(["KD", "KC", "KS", "KH", "KD", "KC", "2S"])   # a mixed canasta


def hands(first: list[str]) -> list:
    return [first, {"count": 11}, {"count": 11}, {"count": 11}]


def test_canasta_turn_draw_takes_the_top_stock_card():
    state = position([["QH", "4H"], ["9D"] * 1 + ["9C"], ["JC", "JS"], ["5D", "5S"]], discard=["8C"],
                     stock_top=["AS"])
    result = apply(state, {"type": "draw"})
    assert result["state"]["hands"][0] == state["hands"][0] + ["AS"]
    assert result["phase"] == "meld" and result["to_act"] == 0
    assert result["state"]["turn"]["drew"] == "stock"


def test_canasta_red_threes_lay_out_a_drawn_red_three_is_replaced():
    state = position([["QH", "4H"], ["9D", "9C"], ["JC", "JS"], ["5D", "5S"]], discard=["8C"],
                     stock_top=["3H", "3D", "AS"])
    result = apply(state, {"type": "draw"})
    after = result["state"]
    assert after["red_threes"][0] == ["3H", "3D"]
    assert after["hands"][0] == state["hands"][0] + ["AS"]
    event = next(e for e in result["events"] if e["type"] == "red_threes")
    assert event["replaced"] == 2 and "canasta.red-threes.lay-out" in event["rules"]


def test_canasta_red_threes_last_card_ends_the_hand():
    # The stock's single card is a red three: it is laid out and the hand ends at once.
    state = position([["QH", "4H"], {"count": 20}, {"count": 11}, {"count": 11}], discard=["8C"], stock_count=0)
    state["red_threes"] = [[], []]
    state["hands"][1]["count"] -= 1
    state["stock"] = {"count": 1}
    result = apply(state, {"type": "draw", "cards": ["3H"]})
    assert result["to_act"] is None
    assert result["state"]["turn"] == {"seat": 0, "phase": "over", "ending": "stock_exhausted", "concealed": False}
    assert result["state"]["red_threes"][0] == ["3H"]


def test_canasta_turn_hand_known_hidden_stock_needs_the_drawn_cards():
    state = position(hands(["QH", "4H"]), discard=["8C"])
    with pytest.raises(InvalidRequest) as caught:
        apply(state, {"type": "draw"})
    assert caught.value.problems[0].pointer == ("move", "cards")
    after = apply(state, {"type": "draw", "cards": ["3D", "9S"]})["state"]
    assert after["hands"][0] == state["hands"][0] + ["9S"] and after["red_threes"][0] == ["3D"]
    assert after["stock"]["count"] == state["stock"]["count"] - 2


def test_canasta_turn_hand_known_hidden_stock_draw_must_be_consistent():
    state = position(hands(["QH", "4H"]), discard=["8C"])
    with pytest.raises(InvalidRequest):
        apply(state, {"type": "draw", "cards": ["9S", "9D"]})       # one card per draw in Classic
    with pytest.raises(InvalidRequest):
        apply(state, {"type": "draw", "cards": ["3D"]})             # a red three needs its replacement


def test_canasta_deal_cards_a_named_draw_cannot_take_a_card_the_table_shows_twice():
    state = position(hands(["QH", "4H", "9S"]), discard=["8C", "9S"])  # both nines of spades in sight
    with pytest.raises(InvalidRequest) as caught:
        apply(state, {"type": "draw", "cards": ["9S"]})
    problem = caught.value.problems[0]
    assert (problem.pointer, problem.rule) == (("move", "cards", 0), "canasta.deal.cards")
    assert apply(state, {"type": "draw", "cards": ["9D"]})["state"]["hands"][0] == state["hands"][0] + ["9D"]


def test_canasta_turn_draw_named_cards_must_match_a_listed_stock():
    state = position([["QH", "4H"], ["9D", "9C"], ["JC", "JS"], ["5D", "5S"]], discard=["8C"], stock_top=["AS"])
    with pytest.raises(InvalidRequest):
        apply(state, {"type": "draw", "cards": ["KS"]})


def test_canasta_turn_hand_known_hidden_acting_hand_lists_the_moves_its_cards_decide_as_hidden_moves():
    state = position([{"count": 3}, {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"],
                     turn=meld_turn(0))
    listed = answers.legal_moves(body(state))
    assert listed["moves"] == []
    assert [m["type"] for m in listed["hidden_moves"]] == ["meld", "discard", "ask_go_out"]
    assert "canasta.melds.from-hand" in listed["unverified"]


def test_canasta_turn_draw_before_anything_else():
    state = position(hands(["QH", "4H", "9D"]), discard=["8C"])
    assert broken(state, {"type": "discard", "card": "QH"}) == ["canasta.turn.draw"]
    drawn = position(hands(["QH", "4H", "9D"]), discard=["8C"], turn=meld_turn(0))
    assert broken(drawn, {"type": "draw"}) == ["canasta.turn.draw"]


def test_canasta_turn_order_names_the_seat_to_act():
    state = position(hands(["QH", "4H", "9D"]), discard=["8C"])
    assert broken(state, {"type": "draw", "seat": 2}) == ["canasta.turn.order"]
    assert broken(state, {"type": "draw", "seat": 0}) == []


def test_canasta_turn_discard_passes_the_turn_left():
    state = position(hands(["QH", "4H", "9D"]), discard=["8C"], turn=meld_turn(0))
    result = apply(state, {"type": "discard", "card": "9D"})
    assert result["state"]["discard"] == ["8C", "9D"]
    assert result["state"]["turn"] == {"seat": 1, "phase": "draw"} and result["to_act"] == 1


def test_canasta_turn_discard_a_card_not_held():
    state = position(hands(["QH", "4H", "9D"]), discard=["8C"], turn=meld_turn(0))
    assert broken(state, {"type": "discard", "card": "AS"}) == ["canasta.turn.discard"]
    with pytest.raises(IllegalMove):
        apply(state, {"type": "discard", "card": "AS"})


def test_canasta_melds_keep_a_card_without_a_canasta():
    state = position(hands(["QH", "QS", "QD", "4H"]), discard=["8C"], melds=[[meld(["KD", "KC", "KS"])], []],
                     melded_before=[True, False, False, False], turn=meld_turn(0))
    assert broken(state, {"type": "meld", "melds": [{"cards": ["QH", "QS", "QD"]}]}) == ["canasta.melds.keep-a-card"]
    assert "meld:QD,QH,QS" not in codes(state)


def test_canasta_melds_keep_a_card_the_last_card_may_be_laid_off_to_go_out():
    # Six kings on the table and no canasta: melding the queens down to one king is going out in two steps, the
    # king laid off making the canasta, so it is allowed; and the hand so left is a position play reaches.
    six_kings = meld(["KD", "KC", "KS", "KH", "KD", "KC"])
    state = position(hands(["QH", "QS", "QD", "KS"]), discard=["8C"], melds=[[six_kings], []],
                     melded_before=[True, False, False, False], turn=meld_turn(0))
    queens = {"type": "meld", "melds": [{"cards": ["QH", "QS", "QD"]}]}
    assert broken(state, queens) == [] and "meld:QD,QH,QS" in codes(state)
    left = apply(state, queens)["state"]
    assert left["hands"][0] == ["KS"] and codes(left) == ["lay_off:0:KS"]
    out = apply(left, {"type": "lay_off", "meld": 0, "cards": ["KS"]})
    assert out["phase"] == "over" and out["state"]["turn"]["ending"] == "went_out"
    # Holding the four of hearts instead, no way out is left, so the queens may not leave it alone.
    state = position(hands(["QH", "QS", "QD", "4H"]), discard=["8C"], melds=[[six_kings], []],
                     melded_before=[True, False, False, False], turn=meld_turn(0))
    assert broken(state, queens) == ["canasta.melds.keep-a-card"]


def test_canasta_turn_meld_then_lay_off_then_discard():
    state = position(hands(["QH", "QS", "QD", "KH", "4H", "9D"]), discard=["8C"],
                     melds=[[meld(["KD", "KC", "KS"])], []], melded_before=[True, False, False, False],
                     turn=meld_turn(0))
    listed = codes(state)
    assert "meld:QD,QH,QS" in listed and "lay_off:0:KH" in listed
    state = apply(state, {"type": "meld", "melds": [{"cards": ["QH", "QS", "QD"]}]})["state"]
    assert state["turn"]["melded"] is True and state["turn"]["started"] == ["Q"]
    state = apply(state, {"type": "lay_off", "meld": 0, "cards": ["KH"]})["state"]
    assert state["melds"][0][0]["cards"] == ["KD", "KC", "KS", "KH"] and state["turn"]["extended"] is True
    state = apply(state, {"type": "discard", "card": "9D"})["state"]
    assert state["melded_before"] == [True, False, False, False] and state["hands"][0] == ["4H"]


def test_canasta_turn_meld_lay_off_on_a_meld_that_does_not_exist():
    state = position(hands(["QH", "QS", "QD", "4H"]), discard=["8C"], turn=meld_turn(0))
    assert broken(state, {"type": "lay_off", "meld": 3, "cards": ["QH"]}) == ["canasta.turn.meld"]


# -- the partner question ----------------------------------------------------------------------------
def able_to_go_out(**turn_fields) -> dict:
    return position(hands(["5H", "5S", "5D", "9C"]), discard=["8C"], melds=[[KINGS], []],
                    melded_before=[True, False, True, False], turn=meld_turn(0, **turn_fields))


def test_canasta_going_out_ask_partner_flow_yes_binds():
    state = able_to_go_out()
    assert "ask_go_out" in codes(state)
    asked = apply(state, {"type": "ask_go_out"})
    assert asked["to_act"] == 2 and asked["phase"] == "answer"
    assert codes(asked["state"]) == ["answer_go_out:yes", "answer_go_out:no"]
    assert broken(asked["state"], {"type": "discard", "card": "9C"}) == ["canasta.going-out.ask-partner"]
    yes = apply(asked["state"], {"type": "answer_go_out", "yes": True})["state"]
    assert yes["turn"]["question"] == "yes"
    assert broken(yes, {"type": "discard", "card": "9C"}) == ["canasta.going-out.ask-partner"]
    assert codes(yes) == ["meld:5D,5H,5S"]
    out = apply(apply(yes, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]})["state"],
                {"type": "discard", "card": "9C"})
    assert out["to_act"] is None and out["state"]["turn"]["ending"] == "went_out"


def test_canasta_going_out_ask_partner_yes_refuses_a_move_that_spoils_going_out():
    # 5-5-5, J-J-2 and a discard of the nine go out; the two on the kings leaves two jacks loose.
    state = position(hands(["5H", "5S", "5D", "JC", "JD", "2C", "9C"]), discard=["8C"], melds=[[KINGS], []],
                     melded_before=[True, False, True, False], turn=meld_turn(0, question="yes"))
    assert broken(state, {"type": "lay_off", "meld": 0, "cards": ["2C"]}) == ["canasta.going-out.ask-partner"]
    assert broken(state, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]}) == []
    assert "lay_off:0:2C" not in codes(state)
    assert "meld:5D,5H,5S" in codes(state)


def test_canasta_going_out_ask_partner_no_binds():
    state = able_to_go_out(question="no")
    assert broken(state, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]}) == [
        "canasta.going-out.ask-partner"]
    assert codes(state) == ["discard:5D", "discard:5H", "discard:5S", "discard:9C"]


def test_canasta_going_out_ask_partner_only_before_melding_and_once():
    after_a_lay_off = able_to_go_out(melded=True, extended=True)
    assert broken(after_a_lay_off, {"type": "ask_go_out"}) == ["canasta.going-out.ask-partner"]
    assert broken(able_to_go_out(question="no"), {"type": "ask_go_out"}) == ["canasta.going-out.ask-partner"]


def test_canasta_going_out_ask_partner_only_when_able_to_go_out():
    state = position(hands(["5H", "5S", "9D", "9C"]), discard=["8C"], melds=[[KINGS], []],
                     melded_before=[True, False, False, False], turn=meld_turn(0))
    assert broken(state, {"type": "ask_go_out"}) == ["canasta.going-out.ask-partner"]
    assert "ask_go_out" not in codes(state)


def test_canasta_going_out_answer_by_the_partner_only():
    asked = apply(able_to_go_out(), {"type": "ask_go_out"})["state"]
    assert broken(asked, {"type": "answer_go_out", "yes": True, "seat": 0}) == ["canasta.turn.order"]
    assert broken(asked, {"type": "answer_go_out", "yes": True, "seat": 2}) == []


def test_canasta_turn_move_on_a_finished_hand_is_refused():
    asked = apply(able_to_go_out(), {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]})["state"]
    over = apply(asked, {"type": "discard", "card": "9C"})["state"]
    assert legal(over)["moves"] == [] and legal(over)["to_act"] is None
    with pytest.raises(HandFinished):
        answers.validate_move(body(over, {"type": "draw"}))
