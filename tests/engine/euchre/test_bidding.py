"""Making trump: both rounds, the dealer's exchange, the thrown-in hand and stick the dealer."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import IllegalMove, InvalidRequest

from .helpers import PASS, apply, bid, body, call, codes, dealt, judge, legal, order_up

DEALT = dealt(seed=21, dealer=0)
UPCARD = DEALT["upcard"]
TURNED = UPCARD[-1]


def test_euchre_bidding_first_round_pass_or_order_up():
    answer = legal(DEALT)
    assert answer["phase"] == "bidding1" and answer["to_act"] == 1
    assert codes(answer) == ["pass", "order_up", "order_up:alone"]
    assert all("euchre.bidding.first-round" in m["rules"] for m in answer["moves"])


def test_euchre_bidding_first_round_refuses_naming_another_suit():
    other = next(s for s in "CDHS" if s != TURNED)
    verdict = judge(DEALT, call(other))
    assert not verdict["legal"]
    assert verdict["violations"][0]["rule"] == "euchre.bidding.first-round"


def test_euchre_bidding_turn_speaks_clockwise_and_refuses_another_seat():
    verdict = judge(DEALT, {"type": "pass", "seat": 2})
    assert verdict["violations"] == [{"rule": "euchre.bidding.turn", "message": "It is seat 1's turn, not seat 2's."}]
    state = bid(DEALT, PASS, PASS)
    assert legal(state)["to_act"] == 3
    assert state["bidding"] == [{"seat": 1, "type": "pass"}, {"seat": 2, "type": "pass"}]


def test_euchre_bidding_order_up_dealer_takes_the_upcard():
    answer = apply(DEALT, order_up())
    state = answer["state"]
    assert answer["phase"] == "discard" and answer["to_act"] == 0
    assert len(state["hands"][0]) == 6 and UPCARD in state["hands"][0]
    assert [e["type"] for e in answer["events"]] == ["bid", "trump_made", "upcard_taken"]
    assert answer["events"][1]["suit"] == TURNED and answer["events"][1]["maker"] == 1


def test_euchre_bidding_order_up_by_the_dealer_is_picking_it_up():
    state = bid(DEALT, PASS, PASS, PASS)
    answer = apply(state, order_up())
    assert answer["phase"] == "discard" and answer["events"][1]["maker"] == 0


def test_euchre_bidding_dealer_discard_any_of_six_by_default():
    state = bid(DEALT, order_up())
    answer = legal(state)
    assert sorted(m["card"] for m in answer["moves"]) == sorted(state["hands"][0])
    after = apply(state, {"type": "discard", "card": UPCARD})
    assert after["state"]["dealer_discard"] == UPCARD and UPCARD not in after["state"]["hands"][0]
    assert after["phase"] == "play" and after["to_act"] == 1


def test_euchre_bidding_dealer_discard_keeps_the_upcard_when_the_option_says_so():
    state = bid(DEALT, order_up(), dealer_may_discard_upcard=False)
    answer = legal(state, dealer_may_discard_upcard=False)
    assert len(answer["moves"]) == 5 and UPCARD not in [m["card"] for m in answer["moves"]]
    verdict = judge(state, {"type": "discard", "card": UPCARD}, dealer_may_discard_upcard=False)
    assert [v["rule"] for v in verdict["violations"]] == ["euchre.bidding.dealer-discard"]
    with pytest.raises(IllegalMove):
        apply(state, {"type": "discard", "card": UPCARD}, dealer_may_discard_upcard=False)


def test_euchre_bidding_dealer_discard_refuses_a_card_not_held():
    state = bid(DEALT, order_up())
    stranger = DEALT["hands"][2][0]
    verdict = judge(state, {"type": "discard", "card": stranger})
    assert verdict["violations"][0]["rule"] == "euchre.bidding.dealer-discard"


def test_euchre_bidding_dealer_discard_state_with_the_upcard_discarded_needs_the_option():
    state = bid(DEALT, order_up())
    state = apply(state, {"type": "discard", "card": UPCARD})["state"]
    assert legal(state)["phase"] == "play"
    with pytest.raises(InvalidRequest) as caught:
        legal(state, dealer_may_discard_upcard=False)
    assert caught.value.problems[0].rule == "euchre.bidding.dealer-discard"
    assert caught.value.problems[0].pointer == ("state", "dealer_discard")


def test_euchre_bidding_dealer_discard_is_out_of_play():
    state = bid(DEALT, order_up())
    discarded = state["hands"][0][0]
    state = apply(state, {"type": "discard", "card": discarded})["state"]
    state["hands"][0][state["hands"][0].index(UPCARD)] = discarded
    with pytest.raises(InvalidRequest) as caught:
        legal(state)
    assert caught.value.problems[0].rule == "euchre.bidding.dealer-discard"


def test_euchre_bidding_second_round_after_four_passes():
    answer = apply(bid(DEALT, PASS, PASS, PASS), PASS)
    assert answer["phase"] == "bidding2" and answer["to_act"] == 1
    assert answer["events"][-1] == {"type": "upcard_turned_down", "card": UPCARD,
                                    "rules": ["euchre.bidding.second-round"]}
    listed = legal(answer["state"])
    assert "pass" in codes(listed) and not any(c.startswith("order_up") for c in codes(listed))
    assert len(listed["moves"]) == 1 + 3 * 2


def test_euchre_bidding_turned_down_suit_cannot_be_named():
    state = bid(DEALT, PASS, PASS, PASS, PASS)
    assert not any(m.get("suit") == TURNED for m in legal(state)["moves"])
    verdict = judge(state, call(TURNED))
    assert [v["rule"] for v in verdict["violations"]] == ["euchre.bidding.turned-down-suit"]
    verdict = judge(state, order_up())
    assert [v["rule"] for v in verdict["violations"]] == ["euchre.bidding.second-round"]


def test_euchre_bidding_second_round_call_makes_trump_without_exchange():
    other = next(s for s in "CDHS" if s != TURNED)
    answer = apply(bid(DEALT, PASS, PASS, PASS, PASS, PASS), call(other))
    assert answer["phase"] == "play" and answer["to_act"] == 1
    assert [len(h) for h in answer["state"]["hands"]] == [5, 5, 5, 5]
    assert "dealer_discard" not in answer["state"]
    assert answer["events"][1]["maker"] == 2


def test_euchre_bidding_void_hand_after_eight_passes():
    state = bid(DEALT, *[PASS] * 7)
    listed = legal(state)
    assert listed["to_act"] == 0 and "euchre.bidding.void-hand" in listed["moves"][0]["rules"]
    answer = apply(state, PASS)
    assert answer["phase"] == "over" and answer["to_act"] is None
    kinds = [e["type"] for e in answer["events"]]
    assert kinds[-2:] == ["hand_void", "hand_over"]
    assert answer["events"][-2]["next_dealer"] == 1
    scored = answers.score(body(answer["state"]))
    assert scored["void"] is True and scored["teams"] == [0, 0] and scored["scores"] == [0, 0, 0, 0]
    assert scored["lines"][0]["rule"] == "euchre.bidding.void-hand"
    assert legal(answer["state"])["moves"] == []


def test_euchre_bidding_void_hand_keeps_the_game_score():
    state = bid(dealt(seed=21, score=[3, 8]), *[PASS] * 8)
    scored = answers.score(body(state))
    assert scored["game_scores"] == [3, 8] and scored["game_over"] is False


def test_euchre_bidding_stick_the_dealer_forbids_the_last_pass():
    state = bid(DEALT, *[PASS] * 7, stick_the_dealer=True)
    listed = legal(state, stick_the_dealer=True)
    assert listed["to_act"] == 0
    assert "pass" not in codes(listed) and len(listed["moves"]) == 6
    assert all("euchre.bidding.stick-the-dealer" in m["rules"] for m in listed["moves"])
    verdict = judge(state, PASS, stick_the_dealer=True)
    assert [v["rule"] for v in verdict["violations"]] == ["euchre.bidding.stick-the-dealer"]


def test_euchre_bidding_stick_the_dealer_refuses_a_thrown_in_state():
    state = bid(DEALT, *[PASS] * 8)
    with pytest.raises(InvalidRequest) as caught:
        legal(state, stick_the_dealer=True)
    assert caught.value.problems[0].rule == "euchre.bidding.stick-the-dealer"
    assert caught.value.problems[0].pointer == ("state", "bidding", 7)


def test_euchre_bidding_stick_the_dealer_does_not_bind_other_seats():
    state = bid(DEALT, *[PASS] * 5, stick_the_dealer=True)
    assert "pass" in codes(legal(state, stick_the_dealer=True))


def test_euchre_bidding_turn_refuses_bids_after_trump_is_made():
    state = bid(DEALT, order_up())
    state["bidding"].append({"seat": 2, "type": "pass"})
    with pytest.raises(InvalidRequest) as caught:
        legal(state)
    assert caught.value.problems[0].pointer == ("state", "bidding", 1)
    assert caught.value.problems[0].rule == "euchre.bidding.turn"


def test_euchre_bidding_hidden_hands_still_list_bids():
    state = dict(DEALT, hands=[{"count": 5}] * 4)
    assert codes(legal(state)) == ["pass", "order_up", "order_up:alone"]


def test_euchre_bidding_dealer_discard_of_a_hidden_dealer_is_listed_without_its_card():
    state = bid(DEALT, order_up())
    state["hands"][0] = {"count": 6}
    assert legal(state)["moves"] == [{"type": "discard", "code": "discard", "rules": ["euchre.bidding.dealer-discard"],
                                      "unverified": ["euchre.bidding.dealer-discard"]}]
