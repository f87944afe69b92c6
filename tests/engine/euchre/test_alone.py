"""Going alone: the partner sits out, the dealer's exchange, and defending alone."""

from __future__ import annotations

import pytest

from rules_engine.errors import InvalidRequest

from .helpers import PASS, apply, bid, call, dealt, judge, legal, order_up, play

DEALT = dealt(seed=8, dealer=0)
UPCARD = DEALT["upcard"]


def play_to_the_end(state: dict, **options) -> list[int]:
    """Every seat asked to act from here to the end of the hand, playing the first listed move."""
    asked = []
    while True:
        listed = legal(state, **options)
        if listed["to_act"] is None:
            return asked
        asked.append(listed["to_act"])
        move = {k: v for k, v in listed["moves"][0].items() if k not in ("code", "rules")}
        state = apply(state, move, **options)["state"]


def test_euchre_alone_going_alone_partner_is_never_asked_to_act():
    state = bid(DEALT, PASS, PASS, order_up(alone=True))  # seat 3 alone: seat 1 sits out
    state = apply(state, {"type": "discard", "card": state["hands"][0][0]})["state"]
    asked = play_to_the_end(state)
    assert 1 not in asked and len(asked) == 15


def test_euchre_alone_going_alone_tricks_hold_three_cards():
    state = bid(DEALT, PASS, PASS, order_up(alone=True))
    state = apply(state, {"type": "discard", "card": state["hands"][0][0]})["state"]
    while legal(state)["to_act"] is not None:
        listed = legal(state)
        state = apply(state, play(listed["moves"][0]["card"]))["state"]
    assert [len(t["cards"]) for t in state["tricks"]] == [3] * 5
    assert len(state["hands"][1]) == 5  # the partner keeps the cards laid down


def test_euchre_alone_going_alone_lead_passes_over_the_sitting_out_seat():
    # Seat 3 names a suit alone in round two; its partner, seat 1, would have led.
    other = next(s for s in "CDHS" if s != UPCARD[-1])
    answer = apply(bid(DEALT, *[PASS] * 6), call(other, alone=True))
    assert answer["phase"] == "play" and answer["to_act"] == 2
    assert answer["state"]["current_trick"] == {"leader": 2, "cards": []}
    assert {"type": "sits_out", "seat": 1, "rules": ["euchre.alone.going-alone"]} in answer["events"]


def test_euchre_alone_going_alone_refuses_a_move_by_the_partner():
    other = next(s for s in "CDHS" if s != UPCARD[-1])
    state = bid(DEALT, *[PASS] * 6, call(other, alone=True))
    card = state["hands"][1][0]
    verdict = judge(state, {"type": "play", "card": card, "seat": 1})
    assert verdict["violations"][0]["rule"] == "euchre.alone.going-alone"


def test_euchre_alone_going_alone_refuses_a_trick_with_the_partners_card():
    other = next(s for s in "CDHS" if s != UPCARD[-1])
    state = bid(DEALT, *[PASS] * 6, call(other, alone=True))
    state["current_trick"] = {"leader": 1, "cards": [state["hands"][1].pop()]}
    with pytest.raises(InvalidRequest) as caught:
        legal(state)
    assert caught.value.problems[0].pointer == ("state", "current_trick", "leader")


def test_euchre_alone_dealer_exchange_none_by_default():
    answer = apply(bid(DEALT, PASS), order_up(alone=True))  # seat 2, the dealer's partner
    state = answer["state"]
    assert answer["phase"] == "play" and answer["to_act"] == 1
    assert UPCARD not in state["hands"][0] and len(state["hands"][0]) == 5
    assert "dealer_discard" not in state
    assert "upcard_taken" not in [e["type"] for e in answer["events"]]
    assert 0 not in play_to_the_end(state)


def test_euchre_alone_dealer_exchange_none_refuses_a_discard_in_the_state():
    state = bid(DEALT, PASS, order_up(alone=True))
    state["dealer_discard"] = state["hands"][0][0]
    with pytest.raises(InvalidRequest) as caught:
        legal(state)
    assert caught.value.problems[0].rule == "euchre.alone.dealer-exchange"


def test_euchre_alone_dealer_exchange_none_keeps_the_upcard_out_of_play():
    state = bid(DEALT, PASS, order_up(alone=True))
    state["hands"][0][0] = UPCARD
    with pytest.raises(InvalidRequest) as caught:
        legal(state)
    assert caught.value.problems[0].rule == "euchre.alone.dealer-exchange"


def test_euchre_alone_dealer_exchange_option_dealer_discards_then_sits_out():
    options = {"dealer_exchange_when_partner_alone": "exchange"}
    answer = apply(bid(DEALT, PASS, **options), order_up(alone=True), **options)
    assert answer["phase"] == "discard" and answer["to_act"] == 0
    state = apply(answer["state"], {"type": "discard", "card": UPCARD}, **options)["state"]
    assert 0 not in play_to_the_end(state, **options)


def test_euchre_alone_lone_defender_is_offered_only_with_the_option():
    other = next(s for s in "CDHS" if s != UPCARD[-1])
    state = bid(DEALT, *[PASS] * 4, call(other, alone=True))  # seat 1 alone; seat 3 sits out
    assert legal(state)["phase"] == "play"
    with_option = bid(DEALT, *[PASS] * 4, call(other, alone=True), lone_defender=True)
    listed = legal(with_option, lone_defender=True)
    assert listed["phase"] == "defend" and listed["to_act"] == 2
    assert [m["code"] for m in listed["moves"]] == ["pass", "defend_alone"]


def test_euchre_alone_lone_defender_leaves_two_players():
    other = next(s for s in "CDHS" if s != UPCARD[-1])
    state = bid(DEALT, *[PASS] * 4, call(other, alone=True), PASS, lone_defender=True)
    listed = legal(state, lone_defender=True)
    assert (listed["phase"], listed["to_act"]) == ("defend", 0)
    answer = apply(state, {"type": "defend_alone"}, lone_defender=True)
    assert answer["phase"] == "play" and answer["to_act"] == 1
    asked = play_to_the_end(answer["state"], lone_defender=True)
    assert set(asked) == {0, 1} and len(asked) == 10


def test_euchre_alone_lone_defender_not_against_a_maker_with_a_partner():
    other = next(s for s in "CDHS" if s != UPCARD[-1])
    state = bid(DEALT, *[PASS] * 4, call(other), lone_defender=True)
    listed = legal(state, lone_defender=True)
    assert listed["phase"] == "play"
    verdict = judge(state, {"type": "defend_alone"}, lone_defender=True)
    assert verdict["violations"][0]["rule"] == "euchre.play.turn"


def test_euchre_alone_lone_defender_answers_come_after_the_discard():
    state = bid(DEALT, order_up(alone=True), lone_defender=True)  # seat 1 alone, dealer still exchanges
    listed = legal(state, lone_defender=True)
    assert listed["phase"] == "discard"
    state["bidding"].append({"seat": 2, "type": "pass"})
    with pytest.raises(InvalidRequest) as caught:
        legal(state, lone_defender=True)
    assert caught.value.problems[0].rule == "euchre.alone.lone-defender"
