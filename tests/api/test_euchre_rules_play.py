"""Play of the cards: bowers, following suit as the cards count in play, who wins a trick, who leads and plays next."""

from __future__ import annotations

import pytest

from tests.engine.euchre import reference_model as ref
from tests.engine.euchre.hand_built import BOTH_BOWERS, LEFT_BOWER, TOP_HEARTS, discard, order_up, pass_, play, replay
from tests.engine.euchre.rule_http import assert_illegal, assert_legal, cited_rules, legal_keys, post

# Hearts trump, the dealer (0) picked up 10H and put away 7D; seat 1 to lead.
DEALER_PICKED_UP = [pass_(), pass_(), pass_(), order_up(), discard("7D")]
# Hearts trump, seat 1 ordered up, the dealer put away 7D; seat 1 to lead.
SEAT_1_ORDERED = [order_up(), discard("7D")]


def plays(*cards: str) -> set[tuple]:
    return {ref.move_key(play(card)) for card in cards}


def listed_cards(client, state: dict, options: dict | None = None) -> set[tuple]:
    return legal_keys(post(client, "/legal-moves", state, options=options)["moves"])


def trick_won(client, state: dict, card: str) -> dict:
    """The trick_won event of the move that completes a trick."""
    events = post(client, "/apply-move", state, play(card))["events"]
    won = [event for event in events if event["type"] == "trick_won"]
    assert len(won) == 1, events
    return won[0]


def test_euchre_play_follow_suit_a_holder_of_the_led_suit_must_follow(client):
    state = replay(LEFT_BOWER, DEALER_PICKED_UP + [play("7S")])
    assert listed_cards(client, state) == plays("AS", "QS")
    assert_illegal(client, state, play("10D"), "euchre.play.follow-suit")
    assert_illegal(client, state, play("8H"), "euchre.play.follow-suit")
    assert_legal(client, state, play("QS"))


def test_euchre_play_follow_suit_a_player_out_of_the_suit_plays_anything(client):
    state = replay(LEFT_BOWER, DEALER_PICKED_UP + [play("7S"), play("AS")])
    assert listed_cards(client, state) == plays(*LEFT_BOWER["hands"][3])
    state = replay(state, [play("7C")])
    assert listed_cards(client, state) == plays("8D", "9D", "KD", "AD", "10H")


def test_euchre_play_follow_suit_the_leader_may_lead_anything(client):
    state = replay(LEFT_BOWER, DEALER_PICKED_UP)
    listed = post(client, "/legal-moves", state)
    assert listed["to_act"] == 1
    assert legal_keys(listed["moves"]) == plays(*LEFT_BOWER["hands"][1])


def test_euchre_play_left_bower_does_not_follow_its_printed_suit(client):
    state = replay(LEFT_BOWER, DEALER_PICKED_UP + [play("7S"), play("AS"), play("7C"), play("10H"), play("AD")])
    # Seat 1's only diamond-faced card is JD, a heart now: it has no diamond and may play any card.
    assert listed_cards(client, state) == plays("JD", "8S", "9S", "10S")
    assert_legal(client, state, play("8S"))
    after = replay(state, [play("8S")])
    assert listed_cards(client, after) == plays("10D")


def test_euchre_play_left_bower_must_be_played_to_a_trump_lead_when_it_is_the_only_trump(client):
    # Seat 2 wins trick 1 with AS and leads its heart; the dealer must follow with 10H, seat 1 with JD.
    state = replay(LEFT_BOWER, DEALER_PICKED_UP + [play("7S"), play("AS"), play("7C"), play("8D"), play("8H"),
                                                   play("8C")])
    assert listed_cards(client, state) == plays("10H")
    state = replay(state, [play("10H")])
    assert listed_cards(client, state) == plays("JD")
    assert_illegal(client, state, play("8S"), "euchre.play.follow-suit")
    assert trick_won(client, state, "JD")["seat"] == 1


def test_euchre_play_left_bower_led_is_a_trump_lead(client):
    state = replay(LEFT_BOWER, DEALER_PICKED_UP + [play("JD")])
    # Seat 2 holds one heart (8H) and one real diamond (10D): a trump was led, so 8H is its only card.
    assert listed_cards(client, state) == plays("8H")
    assert_illegal(client, state, play("10D"), "euchre.play.follow-suit")
    state = replay(state, [play("8H")])
    assert listed_cards(client, state) == plays(*LEFT_BOWER["hands"][3])
    state = replay(state, [play("9C")])
    assert listed_cards(client, state) == plays("10H")
    assert trick_won(client, state, "10H")["seat"] == 1


def test_euchre_play_trump_order_right_bower_over_left_over_ace(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("JD")])
    assert listed_cards(client, state) == plays("JH")
    state = replay(state, [play("JH")])
    assert listed_cards(client, state) == plays("AH")
    state = replay(state, [play("AH")])
    assert listed_cards(client, state) == plays("10H")
    assert trick_won(client, state, "10H")["seat"] == 2


def test_euchre_play_trick_winner_highest_of_the_led_suit_without_trumps(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("7C"), play("KS"), play("QC")])
    assert trick_won(client, state, "9S")["seat"] == 3


def test_euchre_play_trick_winner_any_trump_beats_the_led_suit(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("AC"), play("JH"), play("KC")])
    assert trick_won(client, state, "9S")["seat"] == 2
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("AC"), play("8D"), play("KC")])
    assert trick_won(client, state, "10H")["seat"] == 0


def test_euchre_play_trick_winner_the_left_bower_beats_the_ace_of_trumps(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("AC"), play("8D"), play("KC"), play("9S"), play("JD"),
                                                  play("JH")])
    # Seat 2's JH (right bower) is on the trick; seat 3's AH and the dealer's 10H cannot beat it.
    state = replay(state, [play("AH")])
    assert trick_won(client, state, "10H")["seat"] == 2


def test_euchre_play_trick_winner_a_jack_of_the_other_colour_is_a_plain_card(client):
    # Hearts trump: JC ranks as an ordinary club, below the queen and king.
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("7C"), play("KS"), play("JC")])
    assert trick_won(client, state, "9S")["seat"] == 3
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("9C"), play("KS"), play("JC")])
    event = trick_won(client, state, "9S")
    assert event["seat"] == 3


@pytest.mark.parametrize("dealer", range(4))
def test_euchre_play_lead_the_dealers_left_leads_first(client, dealer):
    state = replay({**TOP_HEARTS, "dealer": dealer}, [pass_()] * 5 + [{"type": "call", "suit": "S", "alone": False}])
    listed = post(client, "/legal-moves", state)
    assert (listed["to_act"], listed["phase"]) == ((dealer + 1) % 4, "play")


def test_euchre_play_lead_the_winner_leads_next(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("AC"), play("JH"), play("KC")])
    after = post(client, "/apply-move", state, play("9S"))
    assert (after["to_act"], after["phase"]) == (2, "play")
    assert after["state"]["current_trick"] == {"leader": 2, "cards": []}


def test_euchre_play_turn_clockwise_after_the_lead(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED)
    for seat, card in [(1, "AC"), (2, "KS"), (3, "KC"), (0, "9S")]:
        assert post(client, "/legal-moves", state)["to_act"] == seat
        state = replay(state, [play(card)])


def test_euchre_play_turn_a_seat_out_of_turn_is_refused(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED + [play("AC")])
    assert_illegal(client, state, {"type": "play", "card": "KC", "seat": 3}, "euchre.play.turn")
    assert_legal(client, state, {"type": "play", "card": "KS", "seat": 2})


def test_euchre_play_card_held_a_card_of_another_hand_is_refused(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED)
    assert_illegal(client, state, play("AH"), "euchre.play.card-held")
    assert_illegal(client, state, play("7D"), "euchre.play.card-held")


def test_euchre_play_card_held_a_card_outside_the_pack_is_not_a_card_to_play(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED)
    answer = post(client, "/validate-move", state, play("2C"))
    assert answer["legal"] is False
    assert cited_rules(answer) & {"euchre.play.card-held", "euchre.deal.deck"}, answer["violations"]


def test_euchre_play_hand_size_the_dealer_plays_five_after_discarding(client):
    state = replay(BOTH_BOWERS, SEAT_1_ORDERED)
    listed = post(client, "/legal-moves", state)
    assert listed["phase"] == "play"
    assert [len(hand) for hand in state["hands"]] == [5, 5, 5, 5]
