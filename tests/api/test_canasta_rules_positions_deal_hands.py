"""canasta.deal.hands and canasta.deal.two-hand: 11 cards each in Classic, 15 in Two-hand, one card a turn drawn in
Classic and two in Two-hand; hand sizes that no deal and no line of draws and discards leaves are refused."""

from __future__ import annotations

import pytest

from tests.api.canasta_positions import (
    DEALT, DRAWN, accepted, dealt, each_variant, edited, hidden, move_card, plain_card, played,
    refused,
)

HAND_SIZES = ("canasta.deal.hands", "canasta.deal.two-hand", "canasta.turn.draw", "canasta.turn.discard",
              "canasta.deal.cards")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_hands_every_seat_holds_the_dealt_count(client, variant):
    state = dealt(client, variant)
    assert [len(h) for h in state["hands"]] == [DEALT[variant]] * len(state["hands"])
    accepted(client, variant, hidden(state, 0))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_hands_one_card_passed_between_hands_at_the_deal_is_refused(client, variant):
    state = edited(dealt(client, variant))
    move_card(state["hands"][0][0], state["hands"][0], state["hands"][1])
    refused(client, variant, state, HAND_SIZES)


def test_canasta_deal_hands_a_classic_deal_of_fifteen_cards_is_refused(client):
    state = edited(dealt(client, "classic"))
    for hand in state["hands"]:
        for _ in range(4):
            card = next(c for c in state["stock"] if c not in ("3D", "3H"))
            move_card(card, state["stock"], hand)
    refused(client, "classic", state, HAND_SIZES)


def test_canasta_deal_two_hand_a_deal_of_eleven_cards_is_refused(client):
    state = edited(dealt(client, "two-hand"))
    for hand in state["hands"]:
        for card in hand[11:]:
            move_card(card, hand, state["stock"])
    assert [len(h) for h in state["hands"]] == [11, 11]
    refused(client, "two-hand", state, HAND_SIZES)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_hands_the_hand_after_the_draw_is_accepted(client, variant):
    state = played(client, variant, dealt(client, variant), [{"type": "draw"}])
    assert len(state["hands"][1]) == DEALT[variant] + DRAWN[variant]
    answer = accepted(client, variant, state)
    assert answer["phase"] == "meld"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_hands_a_meld_phase_without_the_whole_draw_is_refused(client, variant):
    state = edited(played(client, variant, dealt(client, variant), [{"type": "draw"}]))
    card = plain_card(state["hands"][1])
    state["hands"][1].remove(card)
    state["stock"].insert(0, card)  # a card drawn put back: the stock is far from its last card
    refused(client, variant, state, HAND_SIZES)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_hands_a_draw_phase_with_a_card_too_many_is_refused(client, variant):
    state = edited(dealt(client, variant))
    move_card(plain_card(state["stock"]), state["stock"], state["hands"][1])
    refused(client, variant, state, HAND_SIZES)


def test_canasta_deal_two_hand_hands_grow_by_one_card_a_turn(client):
    state = dealt(client, "two-hand")
    state = played(client, "two-hand", state, [{"type": "draw"}])
    state = played(client, "two-hand", state, [{"type": "discard", "card": plain_card(state["hands"][1])}])
    assert [len(h) for h in state["hands"]] == [15, 16]
    answer = accepted(client, "two-hand", hidden(state, 1))
    assert answer["to_act"] == 0


def test_canasta_deal_two_hand_the_seat_yet_to_play_holding_the_extra_card_is_refused(client):
    state = dealt(client, "two-hand")
    state = played(client, "two-hand", state, [{"type": "draw"}])
    state = edited(played(client, "two-hand", state, [{"type": "discard", "card": plain_card(state["hands"][1])}]))
    move_card(plain_card(state["hands"][1]), state["hands"][1], state["hands"][0])
    assert [len(h) for h in state["hands"]] == [16, 15]
    refused(client, "two-hand", state, HAND_SIZES)


def test_canasta_deal_hands_classic_hands_stay_at_eleven_after_a_round(client):
    state = dealt(client, "classic")
    for _ in range(4):
        state = played(client, "classic", state, [{"type": "draw"}])
        seat = state["turn"]["seat"]
        state = played(client, "classic", state, [{"type": "discard", "card": plain_card(state["hands"][seat])}])
    assert [len(h) for h in state["hands"]] == [11] * 4
    assert len(state["discard"]) == 5
    answer = accepted(client, "classic", hidden(state, 0, 2, 3))
    assert answer["to_act"] == 1


def test_canasta_deal_hands_classic_a_round_of_discards_with_one_hand_short_is_refused(client):
    state = dealt(client, "classic")
    for _ in range(4):
        state = played(client, "classic", state, [{"type": "draw"}])
        seat = state["turn"]["seat"]
        state = played(client, "classic", state, [{"type": "discard", "card": plain_card(state["hands"][seat])}])
    state = edited(state)
    move_card(plain_card(state["hands"][2]), state["hands"][2], state["stock"])
    refused(client, "classic", hidden(state, 0, 2, 3), HAND_SIZES)
