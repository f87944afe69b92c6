"""Euchre from one seat's view: the plays and the face-down discard of hidden hands, judged by what the
position shows (hands, tricks, the upcard, a discard seen), refused when it shows the card elsewhere, with
`unverified` naming the rules only the hidden cards would decide."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import IllegalMove, InvalidRequest

from .helpers import PASS, apply, bid, body, call, dealt, hearts_play_state, judge, legal, order_up, play

CARD_HELD = "euchre.play.card-held"
FOLLOW_SUIT = "euchre.play.follow-suit"
DISCARD = "euchre.bidding.dealer-discard"


def seen_by(state: dict, viewer: int) -> dict:
    """The state as `viewer` sees it: other hands as counts, the dealer's discard face down unless it is the dealer."""
    seen = dict(state, hands=[h if seat == viewer else {"count": len(h)} for seat, h in enumerate(state["hands"])])
    if type(state.get("dealer_discard")) is str and viewer != state["dealer"]:
        seen["dealer_discard"] = {"count": 1}
    return seen


def before_discard() -> dict:
    """hearts_play_state before the dealer (seat 0) put the 8S away: six cards, the 9H upcard among them."""
    state = hearts_play_state()
    del state["dealer_discard"]
    state["hands"][0] = state["hands"][0] + ["8S"]
    return state


def violation(verdict: dict) -> tuple[str, str]:
    assert verdict["legal"] is False
    return verdict["violations"][0]["rule"], verdict["violations"][0]["message"]


# -- the dealer's discard ----------------------------------------------------------------------
def test_euchre_bidding_dealer_discard_face_down_by_a_hidden_dealer_leaves_its_count():
    state = seen_by(before_discard(), 2)
    applied = answers.apply_move(body(state, {"type": "discard"}))
    assert applied["unverified"] == [DISCARD]
    assert applied["state"]["hands"][0] == {"count": 5} and applied["state"]["dealer_discard"] == {"count": 1}
    assert applied["events"] == [{"type": "discard", "seat": 0, "rules": [DISCARD]}]
    assert (applied["phase"], applied["to_act"]) == ("play", 1)
    assert applied["state"] == seen_by(hearts_play_state(), 2)


def test_euchre_bidding_dealer_discard_named_by_a_hidden_dealer_is_shown():
    applied = answers.apply_move(body(seen_by(before_discard(), 2), {"type": "discard", "card": "8S"}))
    assert applied["state"]["dealer_discard"] == "8S" and applied["unverified"] == [DISCARD]


def test_euchre_bidding_dealer_discard_of_a_card_in_a_shown_hand_is_refused():
    assert violation(judge(seen_by(before_discard(), 2), {"type": "discard", "card": "JD"})) == (
        DISCARD, "The dealer, seat 0, cannot hold the jack of diamonds: it is already in seat 2's hand.")
    with pytest.raises(IllegalMove):
        apply(seen_by(before_discard(), 2), {"type": "discard", "card": "JD"})


def test_euchre_bidding_dealer_discard_of_the_upcard_is_checked_without_the_dealers_cards():
    state = seen_by(before_discard(), 2)
    verdict = judge(state, {"type": "discard", "card": "9H"})
    assert (verdict["legal"], verdict["unverified"]) == (True, [])
    assert violation(judge(state, {"type": "discard", "card": "9H"}, dealer_may_discard_upcard=False))[0] == DISCARD


def test_euchre_bidding_dealer_discard_by_a_shown_dealer_names_its_card():
    rule, message = violation(judge(before_discard(), {"type": "discard"}))
    assert rule == DISCARD and message.startswith("The dealer's hand (seat 0) is shown, so the discard names the card")


def test_euchre_bidding_dealer_discard_face_down_is_one_card_after_an_order_up():
    state = seen_by(hearts_play_state(), 2)
    state["dealer_discard"] = {"count": 2}
    with pytest.raises(InvalidRequest) as caught:
        legal(state)
    assert caught.value.problems[0].pointer == ("state", "dealer_discard", "count")
    unbid = bid(dealt(seed=21, dealer=0), PASS)
    unbid["dealer_discard"] = {"count": 1}
    with pytest.raises(InvalidRequest) as caught:
        legal(unbid)
    assert (caught.value.problems[0].pointer, caught.value.problems[0].rule) == (
        ("state", "dealer_discard"), "euchre.bidding.order-up")


# -- cards shown elsewhere -----------------------------------------------------------------------
def test_euchre_play_card_held_the_upcard_the_dealer_took_is_not_another_seats():
    assert violation(judge(seen_by(hearts_play_state(), 2), play("9H"))) == (
        CARD_HELD, "Seat 1 cannot hold the nine of hearts: it is the upcard, which the dealer (seat 0) took.")


def test_euchre_play_card_held_a_card_in_a_shown_hand_is_refused():
    assert violation(judge(seen_by(hearts_play_state(), 2), play("JD"))) == (
        CARD_HELD, "Seat 1 cannot hold the jack of diamonds: it is already in seat 2's hand.")


def test_euchre_play_card_held_the_dealers_discard_seen_by_the_dealer_is_out_of_play():
    assert violation(judge(seen_by(hearts_play_state(), 0), play("8S"))) == (
        CARD_HELD, "Seat 1 cannot hold the eight of spades: it is the dealer's discard, out of play.")


def test_euchre_bidding_second_round_turned_down_upcard_is_no_hidden_hands_card():
    state = bid(dealt(seed=21, dealer=0), *[PASS] * 4)
    other = next(s for s in "CDHS" if s != state["upcard"][-1])
    state = seen_by(bid(state, call(other)), 0)
    rule, message = violation(judge(state, play(state["upcard"])))
    assert rule == CARD_HELD and message.endswith("it is the upcard, out of play.")


def test_euchre_deal_deck_hidden_seat_plays_a_card_the_short_pack_lacks():
    state = seen_by(bid(dealt(seed=3, dealer=0, options={"deck": "24"}), *[PASS] * 4, call("H"), deck="24"), 0)
    assert violation(judge(state, play("7C"), deck="24")) == ("euchre.deal.deck", "The seven of clubs is not in this pack.")


# -- following suit and what is left unverified --------------------------------------------------
def trump_led_to_the_dealer(**options) -> dict:
    """Seat 1 led the AH, seat 2 followed with the left bower, seat 3 with the 10H; seat 0, the dealer, plays next."""
    state = hearts_play_state()
    for card in ("AH", "JD", "10H"):
        state = apply(state, play(card), **options)["state"]
    return state


def test_euchre_play_follow_suit_unverified_for_a_hidden_dealer_who_may_have_discarded_the_upcard():
    verdict = judge(seen_by(trump_led_to_the_dealer(), 2), play("7C"))
    assert (verdict["legal"], verdict["unverified"]) == (True, [CARD_HELD, FOLLOW_SUIT])


def test_euchre_play_follow_suit_a_dealer_known_to_hold_the_upcard_must_play_a_trump():
    state = seen_by(trump_led_to_the_dealer(dealer_may_discard_upcard=False), 2)
    rule, message = violation(judge(state, play("7C"), dealer_may_discard_upcard=False))
    assert rule == FOLLOW_SUIT and "nine of hearts" in message
    verdict = judge(state, play("9H"), dealer_may_discard_upcard=False)
    assert (verdict["legal"], verdict["unverified"]) == (True, [])


def test_euchre_play_follow_suit_a_dealer_known_to_hold_the_upcard_cannot_have_shown_a_trump_void():
    state = hearts_play_state()
    state["hands"][0] = ["7C", "9H", "8C", "9C", "7S"]
    tricked = dict(state, tricks=[{"leader": 1, "cards": ["AH", "JD", "10H", "7C"], "winner": 2}],
                   current_trick={"leader": 2, "cards": []})
    tricked["hands"] = [{"count": 4}, {"count": 4}, ["AS", "KS", "QC", "10C"], {"count": 4}]
    tricked["dealer_discard"] = {"count": 1}
    assert legal(tricked)["to_act"] == 2, "the dealer may have discarded the upcard"
    with pytest.raises(InvalidRequest) as caught:
        legal(tricked, dealer_may_discard_upcard=False)
    problem = caught.value.problems[0]
    assert (problem.pointer, problem.rule) == (("state", "hands", 0), FOLLOW_SUIT)


def test_euchre_play_left_bower_listed_for_a_hidden_seat_with_its_rule():
    listed = legal(seen_by(hearts_play_state(), 0))
    jack = next(m for m in listed["moves"] if m["card"] == "JD")
    assert jack["rules"] == ["euchre.play.lead", "euchre.play.left-bower"] and jack["unverified"] == [CARD_HELD]
    assert {"9H", "8S"}.isdisjoint(m["card"] for m in listed["moves"])
    assert len(listed["moves"]) == 32 - 5 - 1  # the dealer's five cards and its discard are seen


def test_euchre_play_follow_suit_left_bower_led_by_a_hidden_seat_is_a_trump_lead():
    led = apply(seen_by(hearts_play_state(), 0), play("JD"))
    assert led["unverified"] == [CARD_HELD] and led["events"][0]["rules"] == ["euchre.play.turn", "euchre.play.left-bower"]
    state = led["state"]
    assert judge(state, play("9D"))["unverified"] == [CARD_HELD, FOLLOW_SUIT]
    assert judge(state, play("QH"))["unverified"] == [CARD_HELD]


def test_euchre_bidding_hidden_seats_bid_with_nothing_unverified():
    state = seen_by(dealt(seed=21, dealer=0), 0)
    listed = legal(state)
    assert listed["unverified"] == [] and [m["code"] for m in listed["moves"]] == ["pass", "order_up", "order_up:alone"]
    assert apply(state, order_up())["unverified"] == []
