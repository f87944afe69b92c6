"""canasta.deal.upcard, canasta.pile.take and canasta.red-threes.lay-out: what the discard pile can hold, from the
upcards of the deal to the pile after it was taken, and where red threes may be."""

from __future__ import annotations

import pytest

from tests.api.canasta_positions import (
    accepted, applied, dealt, edited, hidden, move_card, opened_with_the_pile, plain_card, played, refused,
)

UPCARD = "canasta.deal.upcard"
LAY_OUT = "canasta.red-threes.lay-out"
# a pile a card too long for the turns played is read as a discard made out of turn: turn.order may name it
PILE_ORDER = (UPCARD, LAY_OUT, "canasta.turn.discard", "canasta.pile.take", "canasta.turn.order")


def swap_with_stock(state: dict, place: list, index: int, card: str) -> None:
    """Put `card`, taken from the stock, at `place[index]`, the card there going to the stock in its stead."""
    where = state["stock"].index(card)
    state["stock"][where], place[index] = place[index], card


@pytest.mark.parametrize("variant, seed, pile", (
    ("classic", 1, ["JK", "JD"]), ("classic", 7, ["3D", "QC"]), ("two-hand", 13, ["2C", "AC"]),
    ("two-hand", 9, ["3C"])), ids=("joker-covered", "red-three-covered", "two-covered", "black-three-up"))
def test_canasta_deal_upcard_dealt_piles_are_accepted(client, variant, seed, pile):
    state = dealt(client, variant, seed)
    assert state["discard"] == pile
    accepted(client, variant, hidden(state, 0))


@pytest.mark.parametrize("variant, seed", (("classic", 1), ("classic", 7), ("two-hand", 13)))
def test_canasta_deal_upcard_a_wild_card_or_red_three_left_on_top_at_the_deal_is_refused(client, variant, seed):
    state = edited(dealt(client, variant, seed))
    state["discard"].reverse()
    refused(client, variant, state, PILE_ORDER)


@pytest.mark.parametrize("variant, seed", (("classic", 1), ("classic", 7), ("two-hand", 13)))
def test_canasta_deal_upcard_a_wild_card_or_red_three_never_covered_is_refused(client, variant, seed):
    state = edited(dealt(client, variant, seed))
    state["stock"].insert(0, state["discard"].pop())  # the covering card back on the stock
    refused(client, variant, state, (UPCARD, LAY_OUT))


def test_canasta_deal_upcard_a_black_three_turned_up_stays_alone(client):
    state = edited(dealt(client, "classic"))
    swap_with_stock(state, state["discard"], 0, "3S")
    assert state["discard"] == ["3S"]
    accepted(client, "classic", state)


def test_canasta_deal_upcard_a_black_three_turned_onto_a_wild_card_is_accepted(client):
    state = edited(dealt(client, "classic"))
    swap_with_stock(state, state["discard"], 0, "3S")
    state["stock"].remove("2C")
    state["discard"].insert(0, "2C")
    assert state["discard"] == ["2C", "3S"]
    accepted(client, "classic", state)


def test_canasta_deal_upcard_three_cards_turned_before_a_natural_is_accepted(client):
    state = edited(dealt(client, "classic", seed=1))
    for card in ("2D", "3H"):
        state["stock"].remove(card)
        state["discard"].insert(0, card)
    assert state["discard"] == ["3H", "2D", "JK", "JD"]
    accepted(client, "classic", state)


@pytest.mark.parametrize("variant", ("classic", "two-hand"))
def test_canasta_deal_upcard_an_empty_pile_at_the_deal_is_refused(client, variant):
    state = edited(dealt(client, variant))
    state["stock"].insert(0, state["discard"].pop())
    assert state["discard"] == []
    refused(client, variant, state, PILE_ORDER)


def test_canasta_deal_upcard_a_natural_card_covered_at_the_deal_is_refused(client):
    state = edited(dealt(client, "classic"))
    card = plain_card(state["stock"])
    state["stock"].remove(card)
    state["discard"].insert(0, card)  # a natural upcard is never covered by the deal
    refused(client, "classic", state, PILE_ORDER)


def four_discards(client) -> dict:
    """Classic after one round of draws and plain discards: seat 1 to draw, the pile five cards."""
    state = dealt(client, "classic")
    for _ in range(4):
        state = played(client, "classic", state, [{"type": "draw"}])
        seat = state["turn"]["seat"]
        state = played(client, "classic", state, [{"type": "discard", "card": plain_card(state["hands"][seat])}])
    return state


def test_canasta_red_threes_lay_out_a_red_three_inside_a_pile_of_discards_is_refused(client):
    state = edited(four_discards(client))
    red = next(c for c in ("3D", "3H") if c in state["stock"])
    swap_with_stock(state, state["discard"], 2, red)
    refused(client, "classic", state, PILE_ORDER)


def test_canasta_red_threes_lay_out_a_red_three_discarded_on_top_is_refused(client):
    state = edited(four_discards(client))
    red = next(c for c in ("3D", "3H") if c in state["stock"])
    swap_with_stock(state, state["discard"], len(state["discard"]) - 1, red)
    refused(client, "classic", state, PILE_ORDER)


def test_canasta_red_threes_lay_out_a_red_three_in_a_hand_is_refused(client):
    state = edited(dealt(client, "classic"))
    swap_with_stock(state, state["hands"][1], 0, "3H")
    refused(client, "classic", state, LAY_OUT)


def test_canasta_red_threes_lay_out_a_red_three_in_the_hand_after_the_draw_is_refused(client):
    state = edited(played(client, "two-hand", dealt(client, "two-hand"), [{"type": "draw"}]))
    swap_with_stock(state, state["hands"][1], 0, "3D")
    refused(client, "two-hand", state, LAY_OUT)


@pytest.mark.parametrize("variant", ("classic", "two-hand"))
def test_canasta_red_threes_lay_out_a_red_three_laid_out_and_replaced_is_accepted(client, variant):
    state = edited(dealt(client, variant))
    move_card("3H", state["stock"], state["red_threes"][0])
    accepted(client, variant, hidden(state, 0))


@pytest.mark.parametrize("variant", ("classic", "two-hand"))
def test_canasta_red_threes_lay_out_a_red_three_laid_out_without_its_replacement_is_refused(client, variant):
    state = edited(dealt(client, variant))
    swap_with_stock(state, state["hands"][0], 0, "3H")
    move_card("3H", state["hands"][0], state["red_threes"][0])
    assert len(state["hands"][0]) == len(state["hands"][1]) - 1
    refused(client, variant, state, (LAY_OUT, "canasta.deal.hands", "canasta.deal.two-hand", "canasta.deal.cards"))


@pytest.mark.parametrize("card", ("5D", "3S"), ids=("natural", "black-three"))
def test_canasta_red_threes_lay_out_a_card_laid_out_that_is_no_red_three_is_refused(client, card):
    state = edited(dealt(client, "classic"))
    move_card(card, state["stock"], state["red_threes"][0])
    refused(client, "classic", state, (LAY_OUT, "canasta.cards.wild", "canasta.deal.cards"))


def test_canasta_red_threes_lay_out_a_red_three_in_a_meld_is_refused(client):
    state = edited(opened_with_the_pile(client))
    kings = state["melds"][1][1]["cards"]
    assert kings == ["KC", "KD", "KH"]
    state["stock"].append(state["hands"][1].pop())
    move_card("3H", state["stock"], kings)
    refused(client, "classic", state, (LAY_OUT, "canasta.melds.set"))


def test_canasta_pile_take_the_meld_phase_after_taking_the_pile_is_accepted(client):
    state = opened_with_the_pile(client)
    assert state["discard"] == [] and state["turn"]["drew"] == "pile"
    answer = accepted(client, "classic", hidden(state, 0, 2, 3))
    assert answer["to_act"] == 1


def test_canasta_pile_take_a_card_on_the_pile_just_taken_is_refused(client):
    state = edited(opened_with_the_pile(client))
    move_card(plain_card(state["stock"]), state["stock"], state["discard"])
    refused(client, "classic", state, PILE_ORDER + ("canasta.deal.cards",))


def test_canasta_pile_take_a_pile_taken_with_nothing_melded_is_refused(client):
    state = edited(opened_with_the_pile(client))
    for meld in state["melds"][1]:
        state["hands"][1] += meld["cards"]
    state["melds"][1] = []
    state["turn"].update(melded=False, started=[])
    refused(client, "classic", state, ("canasta.pile.take", "canasta.pile.frozen-take", "canasta.opening.minimum"))


def test_canasta_turn_discard_the_next_seat_facing_an_empty_pile_is_refused(client):
    state = opened_with_the_pile(client)
    card = plain_card(state["hands"][1])
    state = edited(applied(client, "classic", state, {"type": "discard", "card": card}))
    assert state["discard"] == [card] and state["turn"] == {"seat": 2, "phase": "draw"}
    accepted(client, "classic", hidden(state, 0, 1, 3))
    move_card(card, state["discard"], state["hands"][1])
    refused(client, "classic", state, PILE_ORDER + ("canasta.deal.hands",))
