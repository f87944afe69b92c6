"""Going out: a canasta first, with or without a final discard, concealed or not."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import apply, body, broken, codes, meld, meld_turn, position

MIXED_KINGS = meld(["KD", "KC", "KS", "KH", "KD", "KC", "2S"])
SMALL_KINGS = meld(["KD", "KC", "KS", "JK"])  # no canasta, but the 50 side 0 opened with (80)


def seat0(hand: list[str], side_melds: list[dict], melded_before=(True, False, False, False), **turn) -> dict:
    others = [["9H", "9S", "4D"], ["JC", "JD"], ["6C", "6D", "7C"]]
    return position([hand, *others], discard=["8C"], melds=[side_melds, []], hidden_stock=True,
                    melded_before=list(melded_before), turn=meld_turn(0, **turn), score=[0, 0])


def test_canasta_going_out_canasta_needed_for_the_last_discard():
    state = seat0(["9C", "4D"], [SMALL_KINGS])
    assert broken(state, {"type": "discard", "card": "9C"}) == []
    with pytest.raises(InvalidRequest) as caught:
        # A single card and no canasta after drawing: legal play never leads here.
        answers.legal_moves(body(seat0(["9C"], [SMALL_KINGS])))
    assert caught.value.problems[0].rule == "canasta.melds.keep-a-card"


def test_canasta_going_out_canasta_needed_to_empty_the_hand_by_discarding():
    state = seat0(["9C"], [MIXED_KINGS])
    assert broken(state, {"type": "discard", "card": "9C"}) == []
    state["melds"][0] = [SMALL_KINGS]
    state["stock"]["count"] += 3
    with pytest.raises(InvalidRequest):
        answers.validate_move(body(state, {"type": "discard", "card": "9C"}))


def test_canasta_going_out_canasta_needed_when_melding_out():
    state = seat0(["5H", "5S", "5D"], [SMALL_KINGS])
    assert broken(state, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]}) == ["canasta.melds.keep-a-card"]


def test_canasta_going_out_canasta_completed_in_the_same_move():
    state = seat0(["KH", "KH", "KS", "KD", "9C"], [SMALL_KINGS])
    move = {"type": "lay_off", "meld": 0, "cards": ["KH", "KH", "KS", "KD"]}
    assert broken(state, move) == []
    after = apply(state, move)["state"]
    result = apply(after, {"type": "discard", "card": "9C"})
    assert result["state"]["turn"]["ending"] == "went_out"


def test_canasta_going_out_how_by_melding_every_card():
    state = seat0(["5H", "5S", "5D"], [MIXED_KINGS])
    result = apply(state, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]})
    assert result["to_act"] is None
    assert result["state"]["turn"] == {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}
    assert result["events"][-1]["type"] == "hand_over"


def test_canasta_going_out_concealed_when_the_whole_hand_goes_down_at_once():
    hand = ["5H", "5S", "5D", "5C", "5H", "5S", "JK", "9D", "9C", "9H", "4S"]
    state = seat0(hand, [MIXED_KINGS], melded_before=(False, False, True, False))
    move = {"type": "meld", "melds": [{"cards": hand[:7]}, {"cards": ["9D", "9C", "9H"]}]}
    after = apply(state, move)["state"]
    result = apply(after, {"type": "discard", "card": "4S"})
    assert result["state"]["turn"]["concealed"] is True
    lines = answers.score(body(result["state"]))["lines"]
    assert [line for line in lines if line["rule"] == "canasta.going-out.concealed"][0]["points"] == 200
    assert not [line for line in lines if line["rule"] == "canasta.going-out.bonus"]


def test_canasta_going_out_concealed_not_after_adding_to_partners_meld():
    hand = ["5H", "5S", "5D", "5C", "5H", "5S", "JK", "KH"]
    state = seat0(hand, [MIXED_KINGS], melded_before=(False, False, True, False))
    state = apply(state, {"type": "lay_off", "meld": 0, "cards": ["KH"]})["state"]
    result = apply(state, {"type": "meld", "melds": [{"cards": hand[:7]}]})
    assert result["state"]["turn"]["ending"] == "went_out" and result["state"]["turn"]["concealed"] is False


def test_canasta_going_out_concealed_not_for_a_player_who_melded_before():
    hand = ["5H", "5S", "5D", "5C", "5H", "5S", "JK"]
    state = seat0(hand, [MIXED_KINGS], melded_before=(True, False, False, False))
    result = apply(state, {"type": "meld", "melds": [{"cards": hand}]})
    assert result["state"]["turn"]["concealed"] is False


def test_canasta_going_out_by_taking_the_pile():
    state = position([["5H", "5S"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["5D"],
                     melds=[[MIXED_KINGS], []], melded_before=[True, False, False, False])
    result = apply(state, {"type": "take_pile", "cards": ["5H", "5S"]})
    assert result["state"]["turn"]["ending"] == "went_out"


def test_canasta_melds_black_threes_when_going_out():
    state = seat0(["3C", "3S", "3C", "9D"], [MIXED_KINGS])
    move = {"type": "meld", "melds": [{"cards": ["3C", "3S", "3C"]}]}
    assert broken(state, move) == []
    assert "meld:3C,3C,3S" in codes(state)
    state = seat0(["3C", "3S", "3C", "9D", "9H"], [MIXED_KINGS])
    assert broken(state, move) == ["canasta.melds.black-threes"]


def test_canasta_going_out_state_needs_a_canasta():
    state = position([[], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"],
                     melds=[[meld(["5H", "5S", "5D"])], []], melded_before=[True, False, False, False],
                     turn={"seat": 0, "phase": "over", "ending": "went_out", "concealed": False})
    with pytest.raises(InvalidRequest) as caught:
        answers.score(body(state))
    assert caught.value.problems[0].rule == "canasta.going-out.canasta-needed"
