"""Canadian Salad from one seat's view: plays of hidden hands judged by what the position shows, refused when
it shows the card elsewhere, and `unverified` naming the rules the hidden cards would decide."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import IllegalMove, InvalidRequest

from .helpers import body, dealt

CARD_HELD = "canadian-salad.play.card-held"
FOLLOW_SUIT = "canadian-salad.play.follow-suit"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CLUBS = [r + "C" for r in RANKS]
HEARTS = [c[:-1] + "H" for c in CLUBS]


def seat_two_view(tricks: list | None = None, current: list | None = None) -> dict:
    """Seat 2 holds the hearts and sees only them; seat 0 (clubs), 1 (diamonds), 3 (spades) are counts."""
    played = len(tricks or [])
    hearts = [c for c in HEARTS if all(c not in t["cards"] for t in tricks or [])]
    counts = [13 - played - (1 if current and seat < len(current) else 0) for seat in range(4)]
    return {"players": 4, "hand_number": 1, "dealer": 3,
            "hands": [{"count": counts[0]}, {"count": counts[1]}, hearts, {"count": counts[3]}],
            "tricks": tricks or [], "current_trick": {"leader": 0, "cards": current or []}}


# Seat 0 led the 4C, seat 1 showed it held no clubs with the 6D; seat 0 won and leads again.
FIRST_TRICK = [{"leader": 0, "cards": ["4C", "6D", "2H", "2S"], "winner": 0}]


def judge(state: dict, card: str) -> dict:
    return answers.validate_move(body(state, {"type": "play", "card": card}))


def test_canadian_salad_play_card_held_hidden_lead_is_applied_with_card_held_unverified():
    state = seat_two_view()
    verdict = judge(state, "4C")
    assert (verdict["legal"], verdict["unverified"], verdict["allowed"]) == (True, [CARD_HELD], None)
    applied = answers.apply_move(body(state, {"type": "play", "card": "4C"}))
    assert applied["unverified"] == [CARD_HELD]
    assert applied["state"]["hands"][0] == {"count": 12}
    assert applied["state"]["current_trick"] == {"leader": 0, "cards": ["4C"]}
    assert applied["to_act"] == 1


def test_canadian_salad_play_card_held_card_in_a_shown_hand_is_refused():
    verdict = judge(seat_two_view(), "5H")
    assert verdict["legal"] is False
    assert verdict["violations"] == [{"rule": CARD_HELD,
                                      "message": "Seat 0 cannot hold the five of hearts: it is already in seat 2's hand."}]
    with pytest.raises(IllegalMove):
        answers.apply_move(body(seat_two_view(), {"type": "play", "card": "5H"}))


def test_canadian_salad_play_card_held_card_in_an_earlier_trick_is_refused():
    verdict = judge(seat_two_view(FIRST_TRICK), "4C")
    assert verdict["violations"][0]["rule"] == CARD_HELD
    assert verdict["violations"][0]["message"].endswith("it is already in trick 1.")


def test_canadian_salad_play_card_held_card_in_the_trick_under_way_is_refused():
    verdict = judge(seat_two_view(FIRST_TRICK, ["5C"]), "5C")
    assert verdict["violations"][0]["message"] == ("Seat 1 cannot hold the five of clubs: it is already in the "
                                                   "trick under way.")


def test_canadian_salad_deal_cards_hidden_seat_plays_a_card_the_pack_lacks():
    state = dealt(3, seed=4)
    state["hands"] = [h if seat == 2 else {"count": len(h)} for seat, h in enumerate(state["hands"])]
    seat = answers.legal_moves(body(state))["to_act"]
    assert seat != 2
    verdict = judge(state, "2C")
    assert verdict["violations"] == [{"rule": "canadian-salad.deal.cards", "message": "The two of clubs is not in this pack."}]


def test_canadian_salad_play_follow_suit_hidden_seat_shown_void_cannot_play_the_suit():
    verdict = judge(seat_two_view(FIRST_TRICK, ["5C"]), "7C")
    assert verdict["legal"] is False and verdict["violations"][0]["rule"] == FOLLOW_SUIT
    assert "did not follow an earlier club lead" in verdict["violations"][0]["message"]


def test_canadian_salad_play_follow_suit_unverified_only_when_the_card_does_not_follow():
    state = seat_two_view(current=["4C"])
    assert judge(state, "6C")["unverified"] == [CARD_HELD]
    assert judge(state, "6D")["unverified"] == [CARD_HELD, FOLLOW_SUIT]
    # A seat that showed it holds no clubs follows suit whatever it plays to a club lead.
    assert judge(seat_two_view(FIRST_TRICK, ["5C"]), "7D")["unverified"] == [CARD_HELD]


def test_canadian_salad_play_hand_size_hidden_count_too_small_for_the_play_is_refused():
    state = seat_two_view(current=["4C"])
    state["hands"][1] = {"count": 0}
    with pytest.raises(InvalidRequest) as caught:
        answers.apply_move(body(state, {"type": "play", "card": "6D"}))
    problem = caught.value.problems[0]
    assert (problem.pointer, problem.rule) == (("state", "hands", 1), "canadian-salad.play.hand-size")
    assert problem.message == "seat 1 should hold 13 cards (13 dealt, 0 played), not 0"


def test_canadian_salad_play_lead_hidden_seat_lists_every_card_it_may_hold():
    listed = answers.legal_moves(body(seat_two_view()))
    cards = [m["card"] for m in listed["moves"]]
    assert cards == CLUBS + [rank + suit for suit in "DS" for rank in RANKS]
    assert all(m["unverified"] == [CARD_HELD] and m["rules"] == ["canadian-salad.play.lead"] for m in listed["moves"])
    assert listed["unverified"] == [CARD_HELD]


def test_canadian_salad_play_card_held_unseen_cards_must_fit_the_hands_that_may_hold_them():
    # Seats 1, 2 and 3 have all shown they hold no clubs, so seat 0's twelve cards are the twelve clubs unseen.
    listed = answers.legal_moves(body(seat_two_view(FIRST_TRICK)))
    assert [m["card"] for m in listed["moves"]] == [c for c in CLUBS if c != "4C"]
    assert judge(seat_two_view(FIRST_TRICK), "7D")["violations"] == [{"rule": CARD_HELD, "message": "Seat 0 cannot hold the seven of diamonds: after playing it, "
                          "the 12 clubs not yet seen can only be in seat 0's hand, which holds 11 cards."}]


def test_canadian_salad_play_follow_suit_hidden_hands_that_cannot_hold_the_unseen_cards_are_refused():
    # Only seat 0 may hold the twelve clubs unseen; having led a diamond, it holds eleven cards.
    state = seat_two_view(FIRST_TRICK + [{"leader": 0, "cards": ["3D", "8D", "3H", "4S"], "winner": 1}])
    state["current_trick"] = {"leader": 1, "cards": []}
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    problem = caught.value.problems[0]
    assert (problem.pointer, problem.rule) == (("state", "hands"), FOLLOW_SUIT)
    assert problem.message == ("the hidden cards cannot be dealt out: the 12 clubs not yet seen can only be in seat "
                               "0's hand, which holds 11 cards")


def test_canadian_salad_play_follow_suit_hidden_listing_matches_the_verdicts():
    state = seat_two_view(FIRST_TRICK, ["5C"])
    listed = {m["card"]: m["unverified"] for m in answers.legal_moves(body(state))["moves"]}
    assert not any(card.endswith("C") for card in listed), "seat 1 showed it holds no clubs"
    for card in CLUBS + HEARTS + ["7D", "AS"]:
        verdict = judge(state, card)
        assert verdict["legal"] is (card in listed)
        if verdict["legal"]:
            assert verdict["unverified"] == listed[card]


def test_canadian_salad_play_card_held_shown_hand_has_nothing_unverified():
    state = seat_two_view(current=["4C", "6D"])
    verdict = judge(state, "3H")
    assert (verdict["legal"], verdict["unverified"]) == (True, [])
    assert answers.legal_moves(body(state))["unverified"] == []
