"""Positions: what a real hand can reach, hidden hands, and the state's round trip."""

from __future__ import annotations

import copy

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.registry import GAMES

from .helpers import PASS, apply, bid, body, dealt, hearts_play_state, legal, play


def refused(state: dict, **options):
    with pytest.raises(InvalidRequest) as caught:
        legal(state, **options)
    return caught.value.problems[0]


def test_euchre_bidding_order_up_upcard_is_not_in_a_hand_before_it_is_taken():
    state = dealt(seed=4)
    state["hands"][2][0] = state["upcard"]
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "hands", 2), "euchre.bidding.order-up")


def test_euchre_bidding_second_round_turned_down_upcard_stays_out():
    state = bid(dealt(seed=4), *[PASS] * 5)
    state["hands"][3][0] = state["upcard"]
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "hands", 3), "euchre.bidding.second-round")


def test_euchre_bidding_order_up_taken_upcard_must_be_with_the_dealer():
    state = hearts_play_state()
    state["hands"][0][0], state["hands"][3][0] = state["hands"][3][0], state["hands"][0][0]  # swap 9H and 10H
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "hands", 3), "euchre.bidding.order-up")


def test_euchre_bidding_order_up_upcard_played_by_another_seat_is_refused():
    state = hearts_play_state()
    state["current_trick"] = {"leader": 1, "cards": ["9H"]}  # seat 1 leads the dealer's upcard
    state["hands"][0][0] = "AH"
    state["hands"][1].remove("AH")
    problem = refused(state)
    assert problem.rule == "euchre.bidding.order-up"


def test_euchre_play_hand_size_every_seat_holds_five():
    state = hearts_play_state()
    state["hands"][2] = state["hands"][2][:4]
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "hands", 2), "euchre.play.hand-size")


def test_euchre_play_hand_size_dealer_holds_six_before_discarding():
    state = bid(dealt(seed=4), {"type": "order_up", "alone": False})
    assert len(state["hands"][0]) == 6
    state["hands"][0].pop()
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "hands", 0), "euchre.play.hand-size")


def test_euchre_deal_deck_refuses_a_card_twice():
    state = hearts_play_state()
    state["hands"][3][1] = "AS"  # seat 2 holds it too
    assert refused(state).rule == "euchre.deal.deck"


def test_euchre_deal_deck_refuses_sevens_in_the_24_card_pack():
    problem = refused(hearts_play_state(), deck="24")
    assert problem.rule == "euchre.deal.deck"


def test_euchre_play_trick_size_no_tricks_before_trump():
    state = dealt(seed=4)
    state["current_trick"] = {"leader": 1, "cards": [state["hands"][1].pop()]}
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "current_trick", "cards"), "euchre.play.trick-size")


def test_euchre_play_follow_suit_left_bower_held_after_showing_out_of_trump():
    state = hearts_play_state()
    # Seat 2 played the AS on a trump lead, which it could do only holding no trump; yet it holds the JD.
    state["current_trick"] = {"leader": 1, "cards": ["AH", "AS"]}
    state["hands"][1].remove("AH")
    state["hands"][2].remove("AS")
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "hands", 2, state["hands"][2].index("JD")),
                                               "euchre.play.follow-suit")


def test_euchre_game_target_refuses_a_finished_game_score():
    state = hearts_play_state()
    state["score"] = [10, 3]
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "score", 0), "euchre.game.target")
    assert legal(state, target=11)["phase"] == "play"


def test_euchre_bidding_dealer_discard_contract_example_is_not_a_reachable_position():
    # The example in API.md lists the dealer's discard (9C) in the dealer's hand and lacks the upcard.
    example = {"dealer": 0, "upcard": "JH",
               "hands": [["9C", "AD", "KS", "10H", "JD"], {"count": 5}, {"count": 5}, {"count": 5}],
               "bidding": [{"seat": 1, "type": "pass"}, {"seat": 2, "type": "order_up", "alone": False}],
               "dealer_discard": "9C", "tricks": [], "current_trick": {"leader": 1, "cards": []}, "score": [4, 7]}
    assert refused(example).rule == "euchre.bidding.dealer-discard"
    example["hands"][0] = ["JH", "AD", "KS", "10H", "JD"]
    assert answers.score(body(example))["hand_over"] is False


def test_euchre_play_hidden_hands_of_other_seats_leave_the_listing_exact():
    state = hearts_play_state()
    state["hands"][2], state["hands"][3] = {"count": 5}, {"count": 5}
    assert len(legal(state)["moves"]) == 5


def test_euchre_state_round_trip():
    game = GAMES["euchre"]
    rs = game.ruleset()
    state = dealt(seed=12, score=[1, 2])
    while legal(state)["to_act"] is not None:
        assert game.dump_state(rs, game.read_state(rs, copy.deepcopy(state))) == state
        listed = legal(state)
        chosen = listed["moves"][2] if listed["phase"] == "bidding1" else listed["moves"][0]
        state = apply(state, {k: v for k, v in chosen.items() if k not in ("code", "rules")})["state"]
    assert game.dump_state(rs, game.read_state(rs, copy.deepcopy(state))) == state


def test_euchre_play_moves_accept_echoed_code_and_rules_and_any_case():
    listed = legal(hearts_play_state())
    assert apply(hearts_play_state(), listed["moves"][0])["to_act"] == 2
    assert apply(hearts_play_state(), play("ah"))["state"]["current_trick"]["cards"] == ["AH"]


def test_euchre_bidding_turn_seats_may_be_left_out_of_recorded_bids():
    state = hearts_play_state()
    state["bidding"] = [{"type": "order_up"}]
    answer = apply(state, play("AH"))
    assert answer["state"]["bidding"] == [{"seat": 1, "type": "order_up", "alone": False}]


def test_euchre_play_trick_size_before_play_current_trick_may_be_left_out_or_say_no_winner():
    state = dealt(seed=4)
    del state["current_trick"]
    assert legal(state)["to_act"] == 1
    state["current_trick"] = {"leader": 3, "cards": [], "winner": None}
    assert apply(state, PASS)["state"]["current_trick"] == {"leader": 1, "cards": []}


def test_euchre_rules_are_explained_by_id():
    explained = answers.explain({"rule_id": "euchre.play.left-bower"})
    assert explained["game"] == "euchre" and "left bower" in explained["explanation"]
    for rule in GAMES["euchre"].rulebook.by_id.values():
        assert rule.text and rule.source
        assert len(rule.notes) >= (2 if rule.options else 0), rule.id
        for option in rule.options:
            assert option in {o.name for o in GAMES["euchre"].options}
