"""Making trump: speaking in turn, the two rounds, the dealer's pickup and discard, a hand thrown in, stick the dealer."""

from __future__ import annotations

import pytest

from tests.engine.euchre import reference_model as ref
from tests.engine.euchre.hand_built import TOP_HEARTS, call, discard, order_up, pass_, replay
from tests.engine.euchre.rule_http import assert_illegal, assert_legal, cited_rules, legal_keys, post

FOUR_PASSES = [pass_()] * 4
SEVEN_PASSES = [pass_()] * 7


def keys(*moves: dict) -> set[tuple]:
    return {ref.move_key(move) for move in moves}


@pytest.mark.parametrize("dealer", range(4))
def test_euchre_bidding_turn_the_dealers_left_speaks_first_and_the_dealer_last(client, dealer):
    state = {**TOP_HEARTS, "dealer": dealer}
    for spoken in range(4):
        listed = post(client, "/legal-moves", replay(state, [pass_()] * spoken))
        assert (listed["to_act"], listed["phase"]) == ((dealer + 1 + spoken) % 4, "bidding1")
    for spoken in range(4):
        listed = post(client, "/legal-moves", replay(state, [pass_()] * (4 + spoken)))
        assert (listed["to_act"], listed["phase"]) == ((dealer + 1 + spoken) % 4, "bidding2")


def test_euchre_bidding_turn_a_seat_speaking_out_of_turn_is_refused(client):
    assert_illegal(client, TOP_HEARTS, {"type": "pass", "seat": 2}, "euchre.bidding.turn")
    assert_illegal(client, TOP_HEARTS, {"type": "order_up", "seat": 0, "alone": False}, "euchre.bidding.turn")
    assert_legal(client, TOP_HEARTS, {"type": "pass", "seat": 1})


def test_euchre_bidding_first_round_pass_or_order_up_only(client):
    listed = post(client, "/legal-moves", TOP_HEARTS)
    assert legal_keys(listed["moves"]) == keys(pass_(), order_up(), order_up(alone=True))
    ordering = [move for move in listed["moves"] if move["type"] == "order_up"]
    assert all("euchre.bidding.first-round" in move["rules"] for move in ordering)


@pytest.mark.parametrize("suit", ["H", "S", "C", "D"])
def test_euchre_bidding_first_round_naming_a_suit_waits_for_round_two(client, suit):
    answer = assert_illegal(client, TOP_HEARTS, call(suit), "euchre.bidding.first-round")
    assert legal_keys(answer["allowed"]) == keys(pass_(), order_up(), order_up(alone=True))


def test_euchre_bidding_first_round_the_dealer_may_pick_it_up(client):
    state = replay(TOP_HEARTS, [pass_()] * 3)
    listed = post(client, "/legal-moves", state)
    assert listed["to_act"] == 0
    assert legal_keys(listed["moves"]) == keys(pass_(), order_up(), order_up(alone=True))
    after = post(client, "/apply-move", state, order_up())
    assert (after["to_act"], after["phase"]) == (0, "discard")
    assert sorted(after["state"]["hands"][0]) == sorted(TOP_HEARTS["hands"][0] + ["10H"])


@pytest.mark.parametrize("orderer", [1, 2, 3])
def test_euchre_bidding_order_up_the_dealer_takes_the_upcard_whoever_orders(client, orderer):
    state = replay(TOP_HEARTS, [pass_()] * (orderer - 1))
    after = post(client, "/apply-move", state, order_up())
    assert (after["to_act"], after["phase"]) == (0, "discard")
    hands = after["state"]["hands"]
    assert len(hands[0]) == 6 and "10H" in hands[0]
    assert [sorted(hands[seat]) for seat in (1, 2, 3)] == [sorted(TOP_HEARTS["hands"][seat]) for seat in (1, 2, 3)]
    assert after["state"]["bidding"][-1]["seat"] == orderer


def test_euchre_bidding_order_up_ends_the_bidding(client):
    state = replay(TOP_HEARTS, [order_up()])
    listed = post(client, "/legal-moves", state)
    assert listed["phase"] == "discard" and {move["type"] for move in listed["moves"]} == {"discard"}
    # Either rule tells seat 2 it cannot speak: the bidding is over, and the dealer is to discard.
    answer = post(client, "/validate-move", state, {"type": "pass", "seat": 2})
    assert answer["legal"] is False
    assert cited_rules(answer) & {"euchre.bidding.turn", "euchre.bidding.dealer-discard"}, answer["violations"]


def test_euchre_bidding_dealer_discard_any_of_six_by_default(client):
    state = replay(TOP_HEARTS, [order_up()])
    listed = post(client, "/legal-moves", state)
    expected = keys(*[discard(card) for card in TOP_HEARTS["hands"][0] + ["10H"]])
    assert legal_keys(listed["moves"]) == expected
    assert all("euchre.bidding.dealer-discard" in move["rules"] for move in listed["moves"])
    assert_legal(client, state, discard("10H"))


def test_euchre_bidding_dealer_discard_the_upcard_kept_when_the_option_says_so(client):
    options = {"dealer_may_discard_upcard": False}
    state = replay(TOP_HEARTS, [order_up()], options)
    listed = post(client, "/legal-moves", state, options=options)
    assert legal_keys(listed["moves"]) == keys(*[discard(card) for card in TOP_HEARTS["hands"][0]])
    assert_illegal(client, state, discard("10H"), "euchre.bidding.dealer-discard", options)


def test_euchre_bidding_dealer_discard_leaves_five_and_play_begins(client):
    state = replay(TOP_HEARTS, [order_up()])
    after = post(client, "/apply-move", state, discard("7D"))
    assert after["state"]["dealer_discard"] == "7D"
    assert sorted(after["state"]["hands"][0]) == sorted(["9S", "8S", "7S", "9D", "10H"])
    assert (after["to_act"], after["phase"]) == (1, "play")


def test_euchre_bidding_dealer_discard_only_a_held_card(client):
    state = replay(TOP_HEARTS, [order_up()])
    answer = post(client, "/validate-move", state, discard("AS"))
    assert answer["legal"] is False and answer["violations"]


def test_euchre_bidding_second_round_after_four_passes_any_other_suit(client):
    state = replay(TOP_HEARTS, FOUR_PASSES)
    listed = post(client, "/legal-moves", state)
    calls = [call(suit, alone) for suit in "CDS" for alone in (False, True)]
    assert legal_keys(listed["moves"]) == keys(pass_(), *calls)
    assert all("euchre.bidding.second-round" in m["rules"] for m in listed["moves"] if m["type"] == "call")


def test_euchre_bidding_second_round_ordering_up_is_over(client):
    state = replay(TOP_HEARTS, FOUR_PASSES)
    assert_illegal(client, state, order_up(), "euchre.bidding.second-round")


def test_euchre_bidding_second_round_no_card_changes_hands(client):
    state = replay(TOP_HEARTS, FOUR_PASSES + [pass_()])
    after = post(client, "/apply-move", state, call("S"))
    assert (after["to_act"], after["phase"]) == (1, "play")
    assert [sorted(hand) for hand in after["state"]["hands"]] == [sorted(hand) for hand in TOP_HEARTS["hands"]]
    assert after["state"].get("dealer_discard") is None


@pytest.mark.parametrize("passes", range(4))
def test_euchre_bidding_turned_down_suit_cannot_be_named(client, passes):
    state = replay(TOP_HEARTS, FOUR_PASSES + [pass_()] * passes)
    assert_illegal(client, state, call("H"), "euchre.bidding.turned-down-suit")
    assert_illegal(client, state, call("h", alone=True), "euchre.bidding.turned-down-suit")


def test_euchre_bidding_void_hand_eight_passes_throw_the_hand_in(client):
    state = replay(TOP_HEARTS, SEVEN_PASSES)
    assert_legal(client, state, pass_())
    after = post(client, "/apply-move", state, pass_())
    assert (after["to_act"], after["phase"]) == (None, "over")
    over = post(client, "/legal-moves", after["state"])
    assert (over["to_act"], over["phase"], over["moves"]) == (None, "over", [])
    scored = post(client, "/score", after["state"])
    assert scored["void"] is True and scored["teams"] == [0, 0] and scored["scores"] == [0, 0, 0, 0]


def test_euchre_bidding_void_hand_a_move_after_it_is_409(client):
    state = replay(TOP_HEARTS, [pass_()] * 8)
    answer = client.post("/apply-move", json={"game": "euchre", "state": state, "move": pass_()})
    assert answer.status_code == 409


def test_euchre_bidding_stick_the_dealer_the_dealer_must_name_a_suit(client):
    options = {"stick_the_dealer": True}
    state = replay(TOP_HEARTS, SEVEN_PASSES, options)
    listed = post(client, "/legal-moves", state, options=options)
    assert listed["to_act"] == 0
    assert legal_keys(listed["moves"]) == keys(*[call(suit, alone) for suit in "CDS" for alone in (False, True)])
    assert_illegal(client, state, pass_(), "euchre.bidding.stick-the-dealer", options)


def test_euchre_bidding_stick_the_dealer_others_may_still_pass(client):
    options = {"stick_the_dealer": True}
    for passes in range(3):
        state = replay(TOP_HEARTS, FOUR_PASSES + [pass_()] * passes, options)
        assert_legal(client, state, pass_(), options)


def test_euchre_bidding_stick_the_dealer_only_in_round_two(client):
    options = {"stick_the_dealer": True}
    assert_legal(client, replay(TOP_HEARTS, [pass_()] * 3, options), pass_(), options)
