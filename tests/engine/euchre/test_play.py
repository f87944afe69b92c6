"""The play: bowers, following suit, who wins, the lead; and the known renege disputes."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import HandFinished, IllegalMove

from .helpers import apply, body, cards, hearts_play_state, judge, legal, play

# hearts_play_state: hearts are trump (9H ordered up by seat 1), so the JD is the left bower.
# Seat 1 leads from AH KH QD 7D 8D; seat 2 holds JD AS KS QC 10C; seat 3 10H 9D 10D KD AD;
# the dealer, seat 0, holds 9H 7C 8C 9C 7S.


def after_lead(card: str) -> dict:
    return apply(hearts_play_state(), play(card))["state"]


def test_euchre_play_left_bower_only_trump_must_follow_a_trump_lead():
    state = after_lead("AH")
    assert cards(legal(state)) == ["JD"]
    assert legal(state)["moves"][0]["rules"] == ["euchre.play.follow-suit", "euchre.play.left-bower"]


def test_euchre_play_left_bower_withheld_on_a_trump_lead_is_a_renege():
    verdict = judge(after_lead("AH"), play("AS"))
    assert not verdict["legal"]
    assert [v["rule"] for v in verdict["violations"]] == ["euchre.play.follow-suit", "euchre.play.left-bower"]
    assert "left bower" in verdict["violations"][1]["message"]
    explained = answers.explain(body(after_lead("AH"), play("AS")))
    assert [r["id"] for r in explained["rules"]] == ["euchre.play.follow-suit", "euchre.play.left-bower"]


def test_euchre_play_left_bower_does_not_follow_its_printed_suit():
    state = after_lead("QD")  # a diamond lead; seat 2's only diamond-marked card is the JD
    assert sorted(cards(legal(state))) == sorted(["JD", "AS", "KS", "QC", "10C"])
    assert judge(state, play("KS"))["legal"]
    assert judge(state, play("JD"))["legal"]


def test_euchre_play_left_bower_cannot_stand_in_for_its_printed_suit():
    state = hearts_play_state()
    state["hands"][2] = ["JD", "10D", "KS", "QC", "10C"]
    state["hands"][3] = ["10H", "9D", "AS", "KD", "AD"]
    state = apply(state, play("QD"))["state"]
    assert cards(legal(state)) == ["10D"]
    verdict = judge(state, play("JD"))
    assert [v["rule"] for v in verdict["violations"]] == ["euchre.play.follow-suit", "euchre.play.left-bower"]
    assert verdict["violations"][0]["message"] == (
        "Seat 2 must follow diamonds: it holds the ten of diamonds. The jack of diamonds is the left bower, "
        "which is a heart while hearts are trumps, so it does not follow diamonds.")


def test_euchre_play_left_bower_led_is_a_trump_lead():
    state = hearts_play_state()
    state["hands"][1], state["hands"][2] = ["JD", "AS", "KS", "QC", "10C"], ["AH", "KH", "QD", "7D", "8D"]
    state = apply(state, play("JD"))["state"]
    assert sorted(cards(legal(state))) == ["AH", "KH"]  # hearts, not diamonds, must follow


def test_euchre_play_trick_winner_left_bower_beats_the_ace_of_trump():
    state = apply(hearts_play_state(), play("AH"))["state"]
    state = apply(state, play("JD"))["state"]
    state = apply(state, play("10H"))["state"]
    answer = apply(state, play("9H"))
    won = next(e for e in answer["events"] if e["type"] == "trick_won")
    assert won["seat"] == 2 and won["team"] == 0
    assert answer["to_act"] == 2 and answer["state"]["current_trick"] == {"leader": 2, "cards": []}


def test_euchre_play_trump_order_right_bower_beats_left_bower():
    state = hearts_play_state()
    state["hands"][0] = ["9H", "7C", "8C", "9C", "JH"]  # the dealer holds the right bower
    state["hands"][3] = ["7S", "9D", "10D", "KD", "AD"]  # and seat 3 has no trump
    for card in ("AH", "JD", "7S", "JH"):
        answer = apply(state, play(card))
        state = answer["state"]
    assert next(e for e in answer["events"] if e["type"] == "trick_won")["seat"] == 0


def test_euchre_play_trick_winner_off_suit_never_wins_without_trump():
    state = apply(hearts_play_state(), play("QD"))["state"]  # diamond lead, no trump follows
    for card in ("KS", "AD", "7C"):
        answer = apply(state, play(card))
        state = answer["state"]
    assert next(e for e in answer["events"] if e["type"] == "trick_won")["seat"] == 3


def test_euchre_play_trick_winner_a_trump_beats_the_suit_led():
    state = apply(hearts_play_state(), play("QD"))["state"]
    for card in ("JD", "AD", "7C"):  # the left bower trumps the diamond lead
        answer = apply(state, play(card))
        state = answer["state"]
    assert next(e for e in answer["events"] if e["type"] == "trick_won")["seat"] == 2


def test_euchre_play_lead_any_card_left_of_the_dealer():
    listed = legal(hearts_play_state())
    assert listed["to_act"] == 1 and listed["phase"] == "play"
    assert sorted(cards(listed)) == sorted(["AH", "KH", "QD", "7D", "8D"])
    assert all(m["rules"] == ["euchre.play.lead"] for m in listed["moves"])


def test_euchre_play_follow_suit_when_able():
    state = apply(hearts_play_state(), play("QD"))["state"]
    state = apply(state, play("KS"))["state"]
    assert sorted(cards(legal(state))) == ["10D", "9D", "AD", "KD"]
    verdict = judge(state, play("10H"))
    assert verdict["violations"][0]["rule"] == "euchre.play.follow-suit"


def test_euchre_play_card_held():
    verdict = judge(hearts_play_state(), play("AS"))
    assert verdict["violations"] == [{"rule": "euchre.play.card-held",
                                      "message": "Seat 1 does not hold the ace of spades."}]
    with pytest.raises(IllegalMove):
        apply(hearts_play_state(), play("AS"))


def test_euchre_play_turn_refuses_another_seat():
    verdict = judge(hearts_play_state(), {"type": "play", "card": "AS", "seat": 2})
    assert verdict["violations"][0]["rule"] == "euchre.play.turn"


def test_euchre_play_turn_refuses_a_bid_during_play():
    verdict = judge(hearts_play_state(), {"type": "pass"})
    assert verdict["violations"][0]["rule"] == "euchre.play.turn"


def test_euchre_play_left_bower_event_cites_the_bower():
    answer = apply(after_lead("AH"), play("JD"))
    assert answer["events"][0]["rules"] == ["euchre.play.turn", "euchre.play.left-bower"]


def test_euchre_play_hand_over_refuses_moves():
    state = hearts_play_state()
    state["hands"] = [[], [], [], []]
    state["tricks"] = [
        {"leader": 1, "cards": ["AH", "JD", "10H", "9H"]},
        {"leader": 2, "cards": ["AS", "9D", "7S", "8D"]},
        {"leader": 2, "cards": ["KS", "10D", "9C", "7D"]},
        {"leader": 2, "cards": ["QC", "KD", "8C", "KH"]},
        {"leader": 1, "cards": ["QD", "10C", "AD", "7C"]},
    ]
    state["current_trick"] = {"leader": 3, "cards": []}  # seat 3 won the last trick
    assert legal(state)["to_act"] is None
    with pytest.raises(HandFinished):
        judge(state, play("AH"))
    scored = answers.score(body(state))
    assert scored["tricks"] == [3, 2] and scored["teams"] == [2, 0]
    assert scored["lines"][0]["rule"] == "euchre.scoring.euchred"
