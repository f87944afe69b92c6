"""Against a lone maker: who leads the first trick, and which defender is asked first to defend alone.

Every dealer and maker seat is tried under each choice of the options lone_first_lead and
lone_defender_order. The expected seats are worked out here from the rule texts, not read from the engine.
"""

from __future__ import annotations

import itertools

import pytest

from .helpers import PASS, apply, bid, call, dealt, legal

SEATS = range(4)
COMBINATIONS = list(itertools.product(SEATS, SEATS))  # (dealer, maker)


def lone_call(dealer: int, maker: int, **options) -> dict:
    """Round two: everyone passes until `maker`, who names a suit (not the upcard's) and goes alone."""
    state = dealt(seed=8, dealer=dealer, options=options)
    suit = next(s for s in "CDHS" if s != state["upcard"][-1])
    passes = 4 + (maker - dealer - 1) % 4
    return bid(state, *[PASS] * passes, call(suit, alone=True), **options)


def clockwise_from(seat: int) -> list[int]:
    return [(seat + step) % 4 for step in range(4)]


def first_in_play(start: int, out: set[int]) -> int:
    return next(seat for seat in clockwise_from(start) if seat not in out)


@pytest.mark.parametrize("dealer,maker", COMBINATIONS)
def test_euchre_play_lead_lone_first_lead_dealer_left_by_default(dealer, maker):
    state = lone_call(dealer, maker)
    listed = legal(state)
    expected = first_in_play((dealer + 1) % 4, {(maker + 2) % 4})
    assert (listed["phase"], listed["to_act"]) == ("play", expected)
    assert state["current_trick"] == {"leader": expected, "cards": []}
    assert listed["options"]["lone_first_lead"] == "dealer_left"


@pytest.mark.parametrize("dealer,maker", COMBINATIONS)
def test_euchre_play_lead_lone_first_lead_maker_left(dealer, maker):
    options = {"lone_first_lead": "maker_left"}
    state = lone_call(dealer, maker, **options)
    listed = legal(state, **options)
    assert (listed["phase"], listed["to_act"]) == ("play", (maker + 1) % 4)
    assert state["current_trick"] == {"leader": (maker + 1) % 4, "cards": []}


@pytest.mark.parametrize("dealer,maker", COMBINATIONS)
def test_euchre_play_lead_lone_first_lead_options_agree_unless_the_maker_dealt(dealer, maker):
    by_dealer = legal(lone_call(dealer, maker))["to_act"]
    by_maker = legal(lone_call(dealer, maker, lone_first_lead="maker_left"), lone_first_lead="maker_left")["to_act"]
    assert (by_dealer == by_maker) == (dealer == maker)


@pytest.mark.parametrize("dealer,maker", COMBINATIONS)
def test_euchre_play_lead_lone_first_lead_without_a_lone_maker_stays_left_of_the_dealer(dealer, maker):
    options = {"lone_first_lead": "maker_left"}
    state = dealt(seed=8, dealer=dealer, options=options)
    suit = next(s for s in "CDHS" if s != state["upcard"][-1])
    state = bid(state, *[PASS] * (4 + (maker - dealer - 1) % 4), call(suit), **options)
    assert legal(state, **options)["to_act"] == (dealer + 1) % 4


def defenders_from(start: int, maker: int) -> list[int]:
    return [seat for seat in clockwise_from(start) if seat % 2 != maker % 2]


@pytest.mark.parametrize("order", ["maker_left", "dealer_left"])
@pytest.mark.parametrize("dealer,maker", COMBINATIONS)
def test_euchre_alone_lone_defender_order_asks_each_defender_in_turn(dealer, maker, order):
    options = {"lone_defender": True, "lone_defender_order": order}
    expected = defenders_from((maker + 1) % 4 if order == "maker_left" else (dealer + 1) % 4, maker)
    state = lone_call(dealer, maker, **options)
    asked = []
    while (listed := legal(state, **options))["phase"] == "defend":
        asked.append(listed["to_act"])
        state = apply(state, PASS, **options)["state"]
    assert asked == expected
    assert listed["to_act"] == first_in_play((dealer + 1) % 4, {(maker + 2) % 4})


@pytest.mark.parametrize("dealer,maker", COMBINATIONS)
def test_euchre_alone_lone_defender_order_default_is_the_makers_left(dealer, maker):
    listed = legal(lone_call(dealer, maker, lone_defender=True), lone_defender=True)
    assert listed["options"]["lone_defender_order"] == "maker_left"
    assert (listed["phase"], listed["to_act"]) == ("defend", (maker + 1) % 4)


@pytest.mark.parametrize("dealer,maker", COMBINATIONS)
def test_euchre_alone_lone_defender_order_dealer_left_differs_when_the_maker_sits_right_or_across(dealer, maker):
    options = {"lone_defender": True, "lone_defender_order": "dealer_left"}
    first = legal(lone_call(dealer, maker, **options), **options)["to_act"]
    assert (first != (maker + 1) % 4) == ((maker - dealer) % 4 in (2, 3))


@pytest.mark.parametrize("lead", ["dealer_left", "maker_left"])
@pytest.mark.parametrize("order", ["maker_left", "dealer_left"])
@pytest.mark.parametrize("dealer,maker", COMBINATIONS)
def test_euchre_play_lead_after_the_first_defender_defends_alone(dealer, maker, order, lead):
    options = {"lone_defender": True, "lone_defender_order": order, "lone_first_lead": lead}
    state = lone_call(dealer, maker, **options)
    defender = legal(state, **options)["to_act"]
    answer = apply(state, {"type": "defend_alone"}, **options)
    out = {(maker + 2) % 4, (defender + 2) % 4}
    expected = first_in_play((dealer + 1) % 4 if lead == "dealer_left" else (maker + 1) % 4, out)
    assert (answer["phase"], answer["to_act"]) == ("play", expected)
    assert {e["seat"] for e in answer["events"] if e["type"] == "sits_out"} == {(defender + 2) % 4}
