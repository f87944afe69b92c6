"""Canadian Salad play, one test per rule id."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.cards import STANDARD_CARDS
from rules_engine.errors import HandFinished, IllegalMove, InvalidRequest

from .helpers import body, dealt, play, play_out

SUITS = "CDHS"
# Four 13-card hands, one suit each except where a test swaps cards.
CLUBS = [r + "C" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
DIAMONDS = [c[:-1] + "D" for c in CLUBS]
HEARTS = [c[:-1] + "H" for c in CLUBS]
SPADES = [c[:-1] + "S" for c in CLUBS]


def suited_state(**fields) -> dict:
    state = {"players": 4, "hand_number": 1, "dealer": 3, "hands": [list(CLUBS), list(DIAMONDS), list(HEARTS), list(SPADES)],
             "tricks": []}
    state.update(fields)
    return state


@pytest.mark.parametrize("players,size,removed", [(3, 17, {"2C"}), (4, 13, set()), (5, 10, {"2C", "2D"}), (6, 8, {"2C", "3C", "2D", "3D"})])
def test_canadian_salad_deal_cards(players, size, removed):
    state = dealt(players, seed=11)
    held = [card for hand in state["hands"] for card in hand]
    assert [len(h) for h in state["hands"]] == [size] * players
    assert sorted(held) == sorted(set(STANDARD_CARDS) - removed)


def test_canadian_salad_deal_cards_refuses_a_removed_card():
    state = dealt(3, seed=2)
    state["hands"][0][0] = "2C"
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    problem = caught.value.problems[0]
    assert problem.rule == "canadian-salad.deal.cards"
    assert problem.pointer == ("state", "hands", 0, 0)


def test_canadian_salad_deal_cards_refuses_a_card_twice():
    state = suited_state()
    state["hands"][1][0] = "2C"
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].rule == "canadian-salad.deal.cards"


def test_canadian_salad_deal_is_reproducible_from_its_seed():
    assert dealt(5, seed=99) == dealt(5, seed=99)
    assert dealt(5, seed=99) != dealt(5, seed=100)


@pytest.mark.parametrize("hand_number,players,dealer", [(1, 4, 0), (2, 4, 1), (6, 4, 1), (4, 3, 0), (6, 6, 5)])
def test_canadian_salad_deal_rotation(hand_number, players, dealer):
    state = dealt(players, seed=3, hand_number=hand_number)
    assert state["dealer"] == dealer
    assert answers.legal_moves(body(state))["to_act"] == (dealer + 1) % players


def test_canadian_salad_play_lead_left_of_dealer_leads_any_card():
    answer = answers.legal_moves(body(suited_state()))
    assert answer["to_act"] == 0
    assert {m["card"] for m in answer["moves"]} == set(CLUBS)
    assert all(m["rules"] == ["canadian-salad.play.lead"] for m in answer["moves"])


def test_canadian_salad_play_lead_wrong_leader_is_refused():
    state = suited_state(current_trick={"leader": 2, "cards": []})
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].rule == "canadian-salad.play.lead"
    assert caught.value.problems[0].pointer == ("state", "current_trick", "leader")


def test_canadian_salad_play_follow_suit_must_follow():
    state = dealt(4, seed=5)
    leader = 1
    lead = state["hands"][leader][0]
    after = play(state, lead)
    suit = lead[-1]
    follower = after["hands"][2]
    listed = {m["card"] for m in answers.legal_moves(body(after))["moves"]}
    same = {c for c in follower if c[-1] == suit}
    assert listed == (same or set(follower))
    for card in set(follower) - listed:
        verdict = answers.validate_move(body(after, {"type": "play", "card": card}))
        assert verdict["legal"] is False
        assert [v["rule"] for v in verdict["violations"]] == ["canadian-salad.play.follow-suit"]


def test_canadian_salad_play_follow_suit_void_may_play_anything():
    state = play(suited_state(), "5C")
    answer = answers.legal_moves(body(state))
    assert answer["to_act"] == 1
    assert {m["card"] for m in answer["moves"]} == set(DIAMONDS)


def test_canadian_salad_play_follow_suit_explained_in_plain_words():
    hands = [list(CLUBS), list(DIAMONDS), list(HEARTS), list(SPADES)]
    hands[0][10], hands[2][10] = "QH", "QC"  # seat 0 swaps its QC for seat 2's QH
    state = play(play({"players": 4, "hand_number": 1, "dealer": 3, "hands": hands, "tricks": []}, "2C"), "2D")
    answer = answers.explain(body(state, {"type": "play", "card": "5H"}))
    assert answer["legal"] is False
    assert answer["rules"][0]["id"] == "canadian-salad.play.follow-suit"
    assert answer["explanation"] == "Seat 2 must follow clubs: it holds the queen of clubs."


def test_canadian_salad_play_follow_suit_refuses_a_position_that_revoked():
    hands = [list(CLUBS), list(DIAMONDS), list(HEARTS), list(SPADES)]
    hands[1][0], hands[0][0] = "2C", "2D"  # seat 1 holds 2C, seat 0 holds 2D
    tricks = [{"leader": 0, "cards": ["3C", "3D", "3H", "3S"]}]
    for hand, card in zip(hands, ["3C", "3D", "3H", "3S"]):
        hand.remove(card)
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body({"players": 4, "hand_number": 1, "dealer": 3, "hands": hands, "tricks": tricks}))
    assert caught.value.problems[0].rule == "canadian-salad.play.follow-suit"
    assert caught.value.problems[0].pointer == ("state", "hands", 1, 0)


def test_canadian_salad_play_trick_winner_highest_of_led_suit():
    state = suited_state()
    for card in ("5C", "AD", "AH", "AS"):
        state = play(state, card)
    assert state["tricks"][0]["winner"] == 0
    assert answers.legal_moves(body(state))["to_act"] == 0


def test_canadian_salad_play_trick_winner_given_wrongly_is_refused():
    state = suited_state()
    for card in ("5C", "AD", "AH", "AS"):
        state = play(state, card)
    state["tricks"][0]["winner"] = 3
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].rule == "canadian-salad.play.trick-winner"


def test_canadian_salad_play_trick_size():
    state = suited_state()
    state["tricks"] = [{"leader": 0, "cards": ["2C", "2D", "2H"]}]
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].rule == "canadian-salad.play.trick-size"


def test_canadian_salad_play_hand_size():
    state = suited_state()
    state["hands"][3] = {"count": 12}
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].rule == "canadian-salad.play.hand-size"
    assert caught.value.problems[0].pointer == ("state", "hands", 3)


def test_canadian_salad_play_card_held():
    verdict = answers.validate_move(body(suited_state(), {"type": "play", "card": "AS"}))
    assert verdict["legal"] is False
    assert verdict["violations"][0]["rule"] == "canadian-salad.play.card-held"


def test_canadian_salad_play_turn_wrong_seat():
    verdict = answers.validate_move(body(suited_state(), {"type": "play", "card": "AD", "seat": 1}))
    assert verdict["violations"][0]["rule"] == "canadian-salad.play.turn"
    assert "seat 0's turn" in verdict["violations"][0]["message"]


def test_canadian_salad_play_illegal_move_is_not_applied():
    with pytest.raises(IllegalMove):
        answers.apply_move(body(play(suited_state(), "5C"), {"type": "play", "card": "AS"}))


def test_canadian_salad_play_finished_hand_takes_no_move():
    finished = play_out(dealt(4, seed=8))
    assert answers.legal_moves(body(finished))["moves"] == []
    with pytest.raises(HandFinished):
        answers.apply_move(body(finished, {"type": "play", "card": "AS"}))


def test_canadian_salad_play_early_end_stops_when_hearts_are_out():
    options = {"stop_when_penalties_taken": True}
    stopped_early = 0
    for seed in range(6):
        finished = play_out(dealt(4, seed=seed, hand_number=2), **options)
        tricks = finished["tricks"]
        hearts_before_last = sum(c.endswith("H") for t in tricks[:-1] for c in t["cards"])
        assert hearts_before_last < 13
        assert hearts_before_last + sum(c.endswith("H") for c in tricks[-1]["cards"]) == 13
        score = answers.score(body(finished, **options))
        assert score["hand_over"] is True and sum(score["scores"]) == 130
        if len(tricks) < 13:
            stopped_early += 1
            assert answers.legal_moves(body(finished))["to_act"] is not None
    assert stopped_early > 0


def test_canadian_salad_play_early_end_refuses_tricks_after_the_stop():
    options = {"stop_when_penalties_taken": True}
    finished = next(f for f in (play_out(dealt(4, seed=s, hand_number=4), **options) for s in range(10))
                    if len(f["tricks"]) < 13)
    one_more = play(finished, answers.legal_moves(body(finished))["moves"][0]["card"])
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(one_more, **options))
    assert caught.value.problems[0].rule == "canadian-salad.play.early-end"


def test_canadian_salad_play_early_end_never_for_the_tricks_hand():
    finished = play_out(dealt(4, seed=21, hand_number=1), stop_when_penalties_taken=True)
    assert len(finished["tricks"]) == 13


def test_canadian_salad_deal_cards_card_repeated_in_the_trick_under_way_points_at_it():
    state = play(suited_state(), "5C")
    state["current_trick"]["cards"] = ["5C", "5C"]
    state["hands"][1] = state["hands"][1][1:]
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].rule == "canadian-salad.deal.cards"
    assert caught.value.problems[0].pointer == ("state", "current_trick", "cards", 1)


def test_canadian_salad_play_follow_suit_a_revoke_in_a_later_trick_points_at_the_card_played():
    # Seat 1 showed out of clubs on the first trick, then played a club to the second: the replay points at
    # that club, the second card of the second trick (seat 0 led it).
    hands = [list(CLUBS), list(DIAMONDS), list(HEARTS), list(SPADES)]
    hands[1][1], hands[0][1] = "3C", "3D"    # seat 1 holds the 3C, seat 0 the 3D
    tricks = [{"leader": 0, "cards": ["2C", "2D", "2H", "2S"]}, {"leader": 0, "cards": ["4C", "3C", "4H", "4S"]}]
    for hand, trick in ((hands[0], "2C 4C"), (hands[1], "2D 3C"), (hands[2], "2H 4H"), (hands[3], "2S 4S")):
        for card in trick.split():
            hand.remove(card)
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body({"players": 4, "hand_number": 1, "dealer": 3, "hands": hands, "tricks": tricks}))
    problem = caught.value.problems[0]
    assert problem.rule == "canadian-salad.play.follow-suit"
    assert problem.pointer == ("state", "tricks", 1, "cards", 1)


def test_canadian_salad_deal_cards_a_card_outside_the_pack_in_a_trick_points_at_it():
    # With three players the 2C is out of the pack; seat 2 (third to play) shows it in the first trick.
    state = dealt(3, seed=2)
    leader = (state["dealer"] + 1) % 3
    led = [state["hands"][(leader + i) % 3][0] for i in range(3)]
    for i, card in enumerate(led):
        state["hands"][(leader + i) % 3].remove(card)
    led[2] = "2C"
    state["tricks"] = [{"leader": leader, "cards": led}]
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    problem = caught.value.problems[0]
    assert problem.rule == "canadian-salad.deal.cards"
    assert problem.pointer == ("state", "tricks", 0, "cards", 2)
