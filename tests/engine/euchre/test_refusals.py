"""Refusals a referee can read out: cards in words, the left bower named where it decides, seats that sit out.

hearts_play_state: hearts are trump (9H ordered up by seat 1), so the jack of diamonds is the left
bower. Seat 1 leads from AH KH QD 7D 8D; seat 2 holds JD AS KS QC 10C; seat 3 10H 9D 10D KD AD.
"""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import PASS, apply, bid, body, call, dealt, hearts_play_state, judge, legal, play

BOWER = ("The jack of diamonds is the left bower: for this whole hand it is one of the hearts, never one of the "
         "diamonds.")


def refused(state: dict, **options):
    with pytest.raises(InvalidRequest) as caught:
        legal(state, **options)
    return caught.value.problems[0]


def after(state: dict, *cards: str) -> dict:
    for card in cards:
        state = apply(state, play(card))["state"]
    return state


def test_euchre_play_left_bower_must_follow_a_trump_lead_said_plainly():
    verdict = judge(after(hearts_play_state(), "AH"), play("AS"))
    assert verdict["violations"] == [
        {"rule": "euchre.play.follow-suit", "message": "Seat 2 must follow hearts: it holds the jack of diamonds, "
                                                       "the left bower, which is a heart while hearts are trumps."},
        {"rule": "euchre.play.left-bower", "message": BOWER}]
    explained = answers.explain(body(after(hearts_play_state(), "AH"), play("AS")))
    assert "counts as" not in explained["explanation"] and "(JD)" not in explained["explanation"]


def test_euchre_play_left_bower_led_says_which_suit_was_led():
    state = hearts_play_state()
    state["hands"][1], state["hands"][2] = ["JD", "AS", "KS", "QC", "10C"], ["AH", "KH", "QD", "7D", "8D"]
    verdict = judge(after(state, "JD"), play("QD"))
    assert verdict["violations"] == [
        {"rule": "euchre.play.follow-suit",
         "message": "Seat 2 must follow hearts: the jack of diamonds led is the left bower, which is a heart while "
                    "hearts are trumps, so this is a heart lead; it holds the ace of hearts and the king of hearts."},
        {"rule": "euchre.play.left-bower", "message": BOWER}]


def test_euchre_play_left_bower_held_with_plain_trumps_is_named_last():
    state = hearts_play_state()
    state["hands"][2], state["hands"][3] = ["JD", "10H", "KS", "QC", "10C"], ["AS", "9D", "10D", "KD", "AD"]
    verdict = judge(after(state, "AH"), play("KS"))
    assert verdict["violations"][0]["message"] == (
        "Seat 2 must follow hearts: it holds the ten of hearts and the jack of diamonds, the left bower, which is a "
        "heart while hearts are trumps.")
    assert verdict["violations"][1]["rule"] == "euchre.play.left-bower"


def test_euchre_play_follow_suit_revoke_with_plain_cards_names_them_in_words():
    verdict = judge(after(hearts_play_state(), "QD", "KS"), play("10H"))
    assert verdict["violations"] == [{
        "rule": "euchre.play.follow-suit",
        "message": "Seat 3 must follow diamonds: it holds the nine of diamonds, the ten of diamonds, the king of "
                   "diamonds and the ace of diamonds."}]


def test_euchre_play_follow_suit_left_bower_held_after_failing_to_follow_hearts_is_said_plainly():
    state = hearts_play_state()
    state["current_trick"] = {"leader": 1, "cards": ["AH", "AS"]}
    state["hands"][1].remove("AH")
    state["hands"][2].remove("AS")
    problem = refused(state)
    assert problem.message == ("seat 2 holds the jack of diamonds, the left bower, which is a heart while hearts are "
                               "trumps, yet earlier did not follow a heart lead")


def lone_hand(dealer: int, maker: int, **options) -> dict:
    """Round two: `maker` names a suit alone after everyone before has passed."""
    state = dealt(seed=8, dealer=dealer, options=options)
    suit = next(s for s in "CDHS" if s != state["upcard"][-1])
    return bid(state, *[PASS] * (4 + (maker - dealer - 1) % 4), call(suit, alone=True), **options)


def test_euchre_play_lead_a_sitting_out_seat_named_as_leader_is_said_to_sit_out():
    state = lone_hand(dealer=3, maker=1)  # seat 3, the dealer, is seat 1's partner
    state["current_trick"] = {"leader": 3, "cards": []}
    problem = refused(state)
    assert (problem.pointer, problem.rule) == (("state", "current_trick", "leader"), "euchre.play.lead")
    assert problem.message == "seat 3 sits out while seat 1 plays alone; seat 0 leads this trick"


def test_euchre_play_lead_a_wrong_first_leader_is_told_who_leads_and_why():
    state = lone_hand(dealer=3, maker=2)  # seat 0, on the dealer's left, sits out
    state["current_trick"] = {"leader": 2, "cards": []}
    assert refused(state).message == ("seat 2 does not lead the first trick: seat 0, on the dealer's left, sits out "
                                      "while seat 2 plays alone, so seat 1 leads it")
    options = {"lone_first_lead": "maker_left"}
    state = lone_hand(dealer=3, maker=2, **options)
    state["current_trick"] = {"leader": 1, "cards": []}
    assert refused(state, **options).message == (
        "seat 1 does not lead the first trick: seat 3, on the lone maker's left (option lone_first_lead maker_left), "
        "leads it")


def test_euchre_alone_going_alone_a_sitting_out_seat_asked_to_act_is_said_to_sit_out():
    state = lone_hand(dealer=3, maker=1)
    verdict = judge(state, {"type": "play", "card": state["hands"][3][0], "seat": 3})
    assert verdict["violations"] == [{"rule": "euchre.alone.going-alone", "message": (
        "Seat 3 sits out while seat 1 plays alone, so it makes no move this hand; seat 0 leads.")}]


def test_euchre_alone_going_alone_a_sitting_out_seat_cannot_answer_for_defending_alone():
    options = {"lone_defender": True}
    state = lone_hand(dealer=3, maker=1, **options)
    verdict = judge(state, {"type": "defend_alone", "seat": 3}, **options)
    assert verdict["violations"] == [{"rule": "euchre.alone.going-alone", "message": (
        "Seat 3 sits out while seat 1 plays alone, so it makes no move this hand; seat 2 says whether to defend "
        "alone.")}]
    state["bidding"].append({"seat": 3, "type": "defend_alone"})
    problem = refused(state, **options)
    assert (problem.pointer, problem.message) == (("state", "bidding", 6, "seat"),
                                                  "seat 3 sits out while seat 1 plays alone; seat 2 speaks here")


def test_euchre_alone_lone_defender_partner_named_as_leader_is_said_to_sit_out():
    options = {"lone_defender": True}
    state = lone_hand(dealer=3, maker=1, **options)
    state = apply(state, {"type": "defend_alone"}, **options)["state"]  # seat 2 defends alone; seat 0 sits out
    assert state["current_trick"] == {"leader": 1, "cards": []}
    state["current_trick"] = {"leader": 0, "cards": []}
    assert refused(state, **options).message == "seat 0 sits out while seat 2 defends alone; seat 1 leads this trick"


def test_euchre_play_trick_winner_a_sitting_out_seat_wins_no_trick():
    state = lone_hand(dealer=3, maker=1)
    for _ in range(3):
        state = apply(state, play(legal(state)["moves"][0]["card"]))["state"]
    state["tricks"][0]["winner"] = 3
    problem = refused(state)
    assert problem.pointer == ("state", "tricks", 0, "winner")
    assert problem.message.startswith("seat 3 sits out while seat 1 plays alone, so it wins no trick; seat ")
