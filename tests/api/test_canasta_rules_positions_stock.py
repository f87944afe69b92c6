"""canasta.deal.two-hand, canasta.red-threes.last-card and canasta.stock.exhausted: positions at the end of the
stock, reached by drawing and discarding through the whole stock."""

from __future__ import annotations

import pytest

from api.config import Settings
from app import create_app

from tests.api.canasta_positions import (
    DRAWN, accepted, applied, dealt, edited, hidden, move_card, plain_card, refused,
)


def to_the_last_draw(client, variant: str) -> dict:
    """Draws and plain discards until the seat to draw faces a stock of at most one draw."""
    state = dealt(client, variant)
    while len(state["stock"]) > DRAWN[variant]:
        state = applied(client, variant, state, {"type": "draw"})
        seat = state["turn"]["seat"]
        state = applied(client, variant, state, {"type": "discard", "card": plain_card(state["hands"][seat])})
    assert state["turn"]["phase"] == "draw"
    return state


@pytest.fixture(scope="module")
def app_for_module():
    """One service for the module's shared play."""
    return create_app(Settings())


@pytest.fixture(scope="module")
def last_draws(app_for_module):
    """The end of the stock in both variants, played once for the module."""
    client = app_for_module.test_client()
    return {variant: to_the_last_draw(client, variant) for variant in ("classic", "two-hand")}


@pytest.mark.parametrize("variant", ("classic", "two-hand"))
def test_canasta_stock_exhausted_the_last_draw_and_the_hand_ended_are_accepted(client, last_draws, variant):
    state = last_draws[variant]
    accepted(client, variant, hidden(state, 0))
    while state["turn"]["phase"] != "over":
        state = applied(client, variant, state, {"type": "draw"})
        if state["turn"]["phase"] == "meld":
            accepted(client, variant, state)
            seat = state["turn"]["seat"]
            state = applied(client, variant, state, {"type": "discard", "card": plain_card(state["hands"][seat])})
    assert state["stock"] == [] and state["turn"]["ending"] == "stock_exhausted"
    answer = accepted(client, variant, hidden(state, 0))
    assert answer["to_act"] is None


@pytest.mark.parametrize("variant", ("classic", "two-hand"))
def test_canasta_stock_exhausted_a_hand_ended_with_a_card_left_in_the_stock_is_refused(client, last_draws, variant):
    state = last_draws[variant]
    while state["turn"]["phase"] != "over":
        state = applied(client, variant, state, {"type": "draw"})
        if state["turn"]["phase"] == "meld":
            seat = state["turn"]["seat"]
            state = applied(client, variant, state, {"type": "discard", "card": plain_card(state["hands"][seat])})
    state = edited(state)
    seat = state["turn"]["seat"]
    move_card(plain_card(state["hands"][seat]), state["hands"][seat], state["stock"])
    refused(client, variant, state, ("canasta.stock.exhausted", "canasta.deal.hands", "canasta.deal.two-hand",
                                     "canasta.turn.draw"))


def test_canasta_deal_two_hand_a_single_last_card_counts_as_the_whole_draw(client, last_draws):
    state = last_draws["two-hand"]
    assert len(state["stock"]) == 1  # this deal leaves an odd stock for the last draw
    seat = state["turn"]["seat"]
    after = applied(client, "two-hand", state, {"type": "draw"})
    assert after["turn"]["phase"] == "meld" and len(after["hands"][seat]) == len(state["hands"][seat]) + 1
    accepted(client, "two-hand", hidden(after, 1 - seat))


def test_canasta_deal_two_hand_a_single_card_drawn_while_the_stock_still_holds_one_is_refused(client, last_draws):
    state = last_draws["two-hand"]
    seat = state["turn"]["seat"]
    after = edited(applied(client, "two-hand", state, {"type": "draw"}))
    move_card(plain_card(after["hands"][seat]), after["hands"][seat], after["stock"])
    move_card(plain_card(after["hands"][1 - seat]), after["hands"][1 - seat], after["hands"][seat])
    # the stock holds one card again, the drawing seat one more than before and its opponent one fewer
    refused(client, "two-hand", after, ("canasta.deal.two-hand", "canasta.deal.hands", "canasta.turn.draw",
                                         "canasta.turn.discard"))


@pytest.mark.parametrize("variant", ("classic", "two-hand"))
def test_canasta_deal_hands_a_card_passed_between_hands_before_the_last_draw_is_refused(client, last_draws, variant):
    state = edited(last_draws[variant])
    seat = state["turn"]["seat"]
    other = (seat + 1) % len(state["hands"])
    move_card(plain_card(state["hands"][other]), state["hands"][other], state["hands"][seat])
    refused(client, variant, state, ("canasta.deal.hands", "canasta.deal.two-hand"))
