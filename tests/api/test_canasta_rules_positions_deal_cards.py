"""canasta.deal.cards: every position accounts for the 108 cards of two packs and four jokers, none shown more
often than the deck holds it; positions reached by dealing and playing are accepted, hidden cards included."""

from __future__ import annotations

import pytest

from tests.api.canasta_positions import (
    accepted, dealt, each_variant, edited, hidden, move_card, played, refused,
)

CARDS = "canasta.deal.cards"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_cards_a_deal_is_accepted_shown_or_hidden(client, variant):
    state = dealt(client, variant)
    answer = accepted(client, variant, state)
    assert answer["to_act"] == 1 and answer["phase"] == "draw"
    accepted(client, variant, hidden(state, 0, 2 % len(state["hands"])))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_cards_a_third_copy_of_a_card_is_refused(client, variant):
    state = edited(dealt(client, variant))
    state["hands"][1].append(state["hands"][0][0])  # a copy beyond the deck, the stock left as dealt
    refused(client, variant, state, CARDS)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_cards_a_card_missing_from_the_stock_is_refused(client, variant):
    state = edited(dealt(client, variant))
    state["stock"].pop()
    refused(client, variant, state, CARDS)


@pytest.mark.parametrize("variant", each_variant())
@pytest.mark.parametrize("change", (-1, 1), ids=("107-cards", "109-cards"))
def test_canasta_deal_cards_a_hidden_stock_of_the_wrong_size_is_refused(client, variant, change):
    state = hidden(dealt(client, variant), 0)
    state["stock"]["count"] += change
    refused(client, variant, state, CARDS)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_cards_a_hidden_hand_counting_one_card_too_many_is_refused(client, variant):
    state = hidden(dealt(client, variant), 0)
    state["hands"][0]["count"] += 1
    state["stock"]["count"] -= 1  # the total is still 108: only the hand sizes say the deal is wrong
    refused(client, variant, state, (CARDS, "canasta.deal.hands", "canasta.deal.two-hand"))


def test_canasta_deal_cards_a_fifth_joker_is_refused(client):
    state = edited(dealt(client, "classic"))
    jokers = [c for c in state["stock"] if c == "JK"]
    card = next(c for c in state["stock"] if c != "JK")
    state["stock"][state["stock"].index(card)] = "JK"  # one card of the stock becomes a joker: 5 of them in all
    assert jokers and sum(h.count("JK") for h in state["hands"]) + len(jokers) + 1 == 5
    refused(client, "classic", state, CARDS)


def test_canasta_deal_cards_a_fifth_red_three_among_the_laid_out_ones_is_refused(client):
    state = edited(dealt(client, "classic", seed=5))  # all four red threes were dealt and laid out
    assert sorted(sum(state["red_threes"], [])) == ["3D", "3D", "3H", "3H"]
    card = state["stock"].pop()
    state["red_threes"][0].append("3H")
    assert card != "3H"
    refused(client, "classic", state, CARDS)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_cards_a_melded_card_also_held_beyond_its_copies_is_refused(client, variant):
    state = played(client, variant, dealt(client, variant), [{"type": "draw"}])
    hand = state["hands"][1]
    card = hand[0]
    copies = sum(h.count(card) for h in state["hands"]) + state["stock"].count(card) + state["discard"].count(card)
    assert copies == 2
    state["melds"][1].append({"cards": [card, card, card]})
    refused(client, variant, state, CARDS)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_deal_cards_a_position_after_turns_with_hidden_hands_is_accepted(client, variant):
    state = dealt(client, variant)
    first = state["hands"][1]
    state = played(client, variant, state, [{"type": "draw"}])
    drawn = [c for c in state["hands"][1] if c not in first] or [state["hands"][1][-1]]
    discard = next(c for c in state["hands"][1] if c[:-1] not in ("2", "3") and c != "JK")
    state = played(client, variant, state, [{"type": "discard", "card": discard}, {"type": "draw"}])
    seat = state["turn"]["seat"]
    others = [s for s in range(len(state["hands"])) if s != seat]
    answer = accepted(client, variant, hidden(state, *others))
    assert answer["to_act"] == seat and drawn


def test_canasta_deal_cards_a_card_moved_from_the_stock_to_the_pile_keeps_the_total_but_is_refused(client):
    state = edited(dealt(client, "classic"))
    move_card(state["stock"][0], state["stock"], state["discard"])
    # 108 cards still, but the pile now holds two cards above the upcard with nobody having discarded
    refused(client, "classic", state, (CARDS, "canasta.deal.upcard", "canasta.turn.discard", "canasta.turn.order"))
