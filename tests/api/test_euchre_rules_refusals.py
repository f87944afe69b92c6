"""Positions no Euchre hand can reach are refused with 422, the rule they break, a pointer and a reason."""

from __future__ import annotations

import copy

import pytest

from tests.engine.euchre import reference_model as ref
from tests.engine.euchre.hand_built import (LEFT_BOWER, TOP_HEARTS, TOP_HEARTS_24, call, defend_alone, discard,
                                            order_up, pass_, play, replay)
from tests.engine.euchre.rule_http import assert_refused, post


DEALER_PICKED_UP = [pass_(), pass_(), pass_(), order_up(), discard("7D")]


def forced(state: dict, cards: list[str], options: dict | None = None) -> dict:
    """The state after playing `cards` in turn without asking whether they may be played."""
    options = ref.with_defaults(options)
    for card in cards:
        state = ref.apply(state, play(card), options)
    return state


def mid_hand() -> dict:
    """A reachable position: hearts trump, one trick won by seat 2, seat 2 to lead the second."""
    return replay(LEFT_BOWER, DEALER_PICKED_UP + [play("7S"), play("AS"), play("7C"), play("8D")])


def test_euchre_refusal_base_positions_are_accepted(client):
    # The positions the refusals start from are reachable, so each refusal is the change's doing.
    for state, options in [(mid_hand(), None), (TOP_HEARTS, None), (TOP_HEARTS_24, {"deck": "24"}),
                           (replay(TOP_HEARTS, [order_up(alone=True), discard("7D")]), None)]:
        assert post(client, "/legal-moves", state, options=options)["to_act"] is not None


def test_euchre_play_follow_suit_a_seat_holding_a_suit_it_showed_out_of_is_refused(client):
    state = mid_hand()
    # Seat 3 played 7C to the spade lead; give it seat 1's 9S in exchange for a club.
    state["hands"][3] = [card if card != "8C" else "9S" for card in state["hands"][3]]
    state["hands"][1] = [card if card != "9S" else "8C" for card in state["hands"][1]]
    assert_refused(client, state, "euchre.play.follow-suit")


def test_euchre_play_follow_suit_showing_out_of_trumps_while_holding_the_left_bower_is_refused(client):
    # Seat 2 leads its heart (a trump), the dealer follows with 10H, and seat 1 plays 8S though it holds JD.
    state = forced(mid_hand(), ["8H", "8C", "10H", "8S"])
    assert "JD" in state["hands"][1]
    assert_refused(client, state, "euchre.play.follow-suit")


def test_euchre_play_follow_suit_showing_out_of_diamonds_while_holding_the_left_bower_is_accepted(client):
    # Seat 0 leads a diamond; seat 1's JD is a heart, so its spade showed no diamond it could have played.
    state = replay(LEFT_BOWER, DEALER_PICKED_UP + [play("7S"), play("QS"), play("7C"), play("10H"), play("AD"),
                                                   play("8S"), play("10D"), play("9C")])
    assert "JD" in state["hands"][1]
    listed = post(client, "/legal-moves", state)
    assert (listed["to_act"], listed["phase"]) == (0, "play")


def test_euchre_play_follow_suit_a_card_played_off_suit_while_holding_the_suit_is_refused(client):
    state = forced(replay(LEFT_BOWER, DEALER_PICKED_UP), ["7S", "10D"])
    assert_refused(client, state, "euchre.play.follow-suit")


@pytest.mark.parametrize("seat", range(4))
def test_euchre_play_hand_size_a_short_hand_is_refused(client, seat):
    state = copy.deepcopy(TOP_HEARTS)
    state["hands"][seat].pop()
    assert_refused(client, state, "euchre.play.hand-size", pointer_prefix=f"/state/hands/{seat}")


def test_euchre_play_hand_size_a_hidden_hand_of_six_before_anything_is_ordered_is_refused(client):
    state = copy.deepcopy(TOP_HEARTS)
    state["hands"][2] = {"count": 6}
    assert_refused(client, state, "euchre.play.hand-size", pointer_prefix="/state/hands/2")


def test_euchre_play_hand_size_the_dealers_hidden_six_while_discarding_is_accepted(client):
    state = replay(TOP_HEARTS, [order_up()])
    state["hands"][0] = {"count": 6}
    listed = post(client, "/legal-moves", state)
    assert (listed["to_act"], listed["phase"]) == (0, "discard")


def test_euchre_play_hand_size_a_sixth_card_before_anything_is_ordered_is_refused(client):
    state = copy.deepcopy(TOP_HEARTS)
    state["hands"][2].append("9H")
    assert_refused(client, state, "euchre.play.hand-size", pointer_prefix="/state/hands/2")


def test_euchre_play_hand_size_a_card_moved_between_hands_in_play_is_refused(client):
    state = mid_hand()
    state["hands"][3].append(state["hands"][0].pop())
    found = assert_refused(client, state, "euchre.play.hand-size")
    assert {v["pointer"].split("/")[3] for v in found} <= {"0", "3"}


def test_euchre_play_hand_size_a_sitting_out_seat_with_a_card_fewer_is_refused(client):
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D"), play("JH"), play("AS"), play("10H")])
    state["hands"][3].pop()
    assert_refused(client, state, "euchre.play.hand-size", pointer_prefix="/state/hands/3")


def test_euchre_play_hand_size_a_sixth_card_in_the_discard_phase_is_refused(client):
    state = replay(TOP_HEARTS, [order_up()])
    state["hands"][2].append("9H")
    assert_refused(client, state, "euchre.play.hand-size", pointer_prefix="/state/hands/2")


def test_euchre_play_hand_size_the_dealer_keeping_six_after_the_discard_is_refused(client):
    state = replay(TOP_HEARTS, [order_up(), discard("7D")])
    state["hands"][0].append("9H")
    assert_refused(client, state, "euchre.play.hand-size", pointer_prefix="/state/hands/0")


def test_euchre_play_lead_the_first_trick_led_by_the_wrong_seat_is_refused(client):
    state = replay(LEFT_BOWER, DEALER_PICKED_UP + [play("7S")])
    # Seat 1 led 7S; say seat 3 led it instead, with the same cards gone from the same hands.
    state["current_trick"]["leader"] = 2
    assert_refused(client, state, "euchre.play.lead")


def test_euchre_play_lead_a_trick_not_led_by_the_last_winner_is_refused(client):
    state = forced(mid_hand(), ["8H"])
    assert state["current_trick"]["leader"] == 2
    state["current_trick"]["leader"] = 3
    state["hands"][2].append("8H")
    state["hands"][3].remove("8C")
    state["current_trick"]["cards"] = ["8C"]
    assert_refused(client, state, "euchre.play.lead")


def test_euchre_play_lead_a_finished_trick_led_by_the_wrong_seat_is_refused(client):
    state = mid_hand()
    state["tricks"][0]["leader"] = 3
    state["tricks"][0]["cards"] = ["7C", "8D", "7S", "AS"]
    state["tricks"][0].pop("winner")
    assert_refused(client, state, "euchre.play.lead", pointer_prefix="/state/tricks/0")


def test_euchre_play_trick_winner_a_wrong_winner_is_refused(client):
    state = mid_hand()
    state["tricks"][0]["winner"] = 1
    assert_refused(client, state, "euchre.play.trick-winner", pointer_prefix="/state/tricks/0")


def test_euchre_play_trick_size_a_trick_of_four_against_a_lone_maker_is_refused(client):
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D"), play("JH"), play("AS"), play("10H")])
    trick = state["tricks"][0]
    trick["cards"] = ["JH", "AS", "AC", "10H"]
    state["hands"][3].remove("AC")
    assert_refused(client, state, "euchre.play.trick-size")


def test_euchre_play_trick_size_no_trick_before_trump_is_made(client):
    state = copy.deepcopy(TOP_HEARTS)
    state["hands"] = [hand[1:] for hand in state["hands"]]
    state["current_trick"] = {"leader": 1, "cards": []}
    state["tricks"] = [{"leader": 1, "cards": [TOP_HEARTS["hands"][seat][0] for seat in (1, 2, 3, 0)]}]
    assert_refused(client, state, "euchre.play.trick-size")


def test_euchre_play_trick_size_no_trick_before_the_dealer_discards(client):
    state = replay(TOP_HEARTS, [order_up()])
    state["current_trick"] = {"leader": 1, "cards": ["JH"]}
    state["hands"][1].remove("JH")
    assert_refused(client, state, "euchre.play.trick-size")


def test_euchre_deal_deck_a_card_outside_the_24_card_pack_is_refused(client):
    state = copy.deepcopy(TOP_HEARTS)
    assert_refused(client, state, "euchre.deal.deck", {"deck": "24"})


def test_euchre_deal_deck_a_card_twice_is_refused(client):
    state = copy.deepcopy(TOP_HEARTS)
    state["hands"][2][0] = "AC"
    assert_refused(client, state, "euchre.deal.deck")


def test_euchre_deal_deck_the_upcard_also_in_a_hand_is_refused(client):
    state = copy.deepcopy(TOP_HEARTS)
    state["hands"][2][0] = "10H"
    found = assert_refused_any(client, state, {"euchre.deal.deck", "euchre.bidding.order-up"})
    assert found


def test_euchre_deal_deck_the_discard_also_held_is_refused(client):
    state = replay(TOP_HEARTS, [order_up(), discard("7D")])
    state["hands"][2][0] = "7D"
    assert assert_refused_any(client, state, {"euchre.deal.deck", "euchre.bidding.dealer-discard"})


def test_euchre_bidding_order_up_the_upcard_in_the_dealers_hand_before_it_is_ordered_is_refused(client):
    state = copy.deepcopy(TOP_HEARTS)
    state["hands"][0] = state["hands"][0][:4] + ["10H"]
    assert assert_refused_any(client, state, {"euchre.deal.deck", "euchre.bidding.order-up"})


def test_euchre_bidding_turn_a_bid_by_the_wrong_seat_is_refused(client):
    state = {**TOP_HEARTS, "bidding": [{"seat": 2, "type": "pass"}]}
    assert_refused(client, state, "euchre.bidding.turn", pointer_prefix="/state/bidding/0")


def test_euchre_bidding_turn_a_bid_after_trump_is_made_is_refused(client):
    state = replay(TOP_HEARTS, [pass_(), pass_(), pass_(), order_up()])
    state["bidding"].append({"seat": 0, "type": "pass"})
    assert_refused(client, state, "euchre.bidding.turn", pointer_prefix="/state/bidding/4")


def test_euchre_bidding_first_round_a_suit_named_in_round_one_is_refused(client):
    state = {**TOP_HEARTS, "bidding": [{"seat": 1, "type": "call", "suit": "S", "alone": False}]}
    assert_refused(client, state, "euchre.bidding.first-round", pointer_prefix="/state/bidding/0")


def test_euchre_bidding_second_round_an_order_up_in_round_two_is_refused(client):
    state = replay(TOP_HEARTS, [pass_()] * 4)
    state["bidding"].append({"seat": 1, "type": "order_up", "alone": False})
    assert_refused(client, state, "euchre.bidding.second-round", pointer_prefix="/state/bidding/4")


def test_euchre_bidding_second_round_a_dealer_discard_after_a_call_is_refused(client):
    state = replay(TOP_HEARTS, [pass_()] * 4 + [call("S")])
    state["hands"][0] = ["9S", "8S", "7S", "9D", "10H"]
    state["dealer_discard"] = "7D"
    assert assert_refused_any(client, state, {"euchre.bidding.second-round", "euchre.bidding.dealer-discard",
                                              "euchre.bidding.order-up"})


def test_euchre_bidding_turned_down_suit_named_is_refused(client):
    state = replay(TOP_HEARTS, [pass_()] * 4)
    state["bidding"].append({"seat": 1, "type": "call", "suit": "H", "alone": False})
    assert_refused(client, state, "euchre.bidding.turned-down-suit", pointer_prefix="/state/bidding/4")


def test_euchre_bidding_stick_the_dealer_eight_passes_are_refused(client):
    state = replay(TOP_HEARTS, [pass_()] * 8)
    assert_refused(client, state, "euchre.bidding.stick-the-dealer", {"stick_the_dealer": True},
                   pointer_prefix="/state/bidding/7")


def test_euchre_bidding_dealer_discard_the_upcard_discarded_when_it_must_be_kept_is_refused(client):
    state = replay(TOP_HEARTS, [order_up(), discard("10H")])
    assert post(client, "/legal-moves", state)["phase"] == "play"
    assert_refused(client, state, "euchre.bidding.dealer-discard", {"dealer_may_discard_upcard": False},
                   pointer_prefix="/state/dealer_discard")


def test_euchre_alone_lone_defender_a_defence_recorded_without_the_option_is_refused(client):
    options = {"lone_defender": True}
    state = replay(TOP_HEARTS, [order_up(alone=True), discard("7D"), defend_alone()], options)
    assert post(client, "/legal-moves", state, options=options)["phase"] == "play"
    # Without the option the bidding ends with the lone bid: either rule says nothing may follow it.
    assert assert_refused_any(client, state, {"euchre.alone.lone-defender", "euchre.bidding.turn"})


def test_euchre_alone_lone_defender_a_defence_against_partners_is_refused(client):
    options = {"lone_defender": True}
    state = replay(TOP_HEARTS, [order_up(), discard("7D")], options)
    state["bidding"].append({"seat": 2, "type": "defend_alone"})
    assert assert_refused_any(client, state, {"euchre.alone.lone-defender", "euchre.bidding.turn"}, options)


def test_euchre_alone_dealer_exchange_none_the_dealer_holding_the_upcard_is_refused(client):
    state = replay(TOP_HEARTS, [pass_(), order_up(alone=True)])
    state["hands"][0] = ["9S", "8S", "7S", "9D", "10H"]
    state["dealer_discard"] = "7D"
    assert post(client, "/legal-moves", state, options={"dealer_exchange_when_partner_alone": "exchange"})
    assert_refused(client, state, "euchre.alone.dealer-exchange")


def test_euchre_game_target_a_score_at_the_target_cannot_start_a_hand(client):
    for score, options in [([10, 3], None), ([3, 12], None), ([7, 0], {"target": 7})]:
        state = {**TOP_HEARTS, "score": score}
        assert_refused(client, state, "euchre.game.target", options, pointer_prefix="/state/score")
    assert post(client, "/legal-moves", {**TOP_HEARTS, "score": [9, 9]})["to_act"] == 1


def assert_refused_any(client, state: dict, rules: set[str], options: dict | None = None) -> set[str]:
    """Every position endpoint answers 422 citing one of `rules` with a pointer into the state."""
    cited = set()
    for endpoint in ("/legal-moves", "/validate-move", "/apply-move"):
        body = {"game": "euchre", "state": state, "options": options or {}}
        if endpoint != "/legal-moves":
            body["move"] = pass_()
        answer = client.post(endpoint, json=body)
        assert answer.status_code == 422, (endpoint, answer.get_json())
        found = [v for v in answer.get_json().get("violations") or [] if v["rule"] in rules]
        assert found and all(v.get("pointer", "").startswith("/state") and v["message"] for v in found), \
            (endpoint, answer.get_json())
        cited |= {v["rule"] for v in found}
    return cited


# Dealer 0, upcard 10H. Seat 1 leads the left bower; seat 2 has no heart but holds diamonds.
NO_HEARTS_ON_THE_LEFT = {"dealer": 0, "upcard": "10H", "bidding": [], "tricks": [], "current_trick": None,
                         "hands": [["9S", "8S", "7S", "9D", "7D"],
                                   ["JD", "AC", "7C", "8C", "9C"],
                                   ["10D", "QD", "KS", "QS", "10S"],
                                   ["AH", "KC", "QC", "10C", "JC"]]}


def test_euchre_play_left_bower_led_then_holding_its_printed_suit_is_accepted(client):
    # JD led is a trump lead: seat 2, with no heart, may throw a spade and keep its diamonds.
    state = replay(NO_HEARTS_ON_THE_LEFT, [order_up(), discard("7D"), play("JD"), play("KS")])
    listed = post(client, "/legal-moves", state)
    assert listed["to_act"] == 3
    state = replay(state, [play("AH"), play("10H"), play("AC"), play("10S")])
    assert "10D" in state["hands"][2]
    assert post(client, "/legal-moves", state)["to_act"] == 3


def test_euchre_play_left_bower_led_then_holding_a_trump_after_showing_out_is_refused(client):
    # Seat 2 threw a spade to the left bower's lead, so it cannot hold a heart.
    state = replay(NO_HEARTS_ON_THE_LEFT, [order_up(), discard("7D"), play("JD"), play("KS"), play("AH"),
                                           play("10H")])
    state["hands"][2] = [card if card != "QS" else "9H" for card in state["hands"][2]]
    assert_refused(client, state, "euchre.play.follow-suit")
