"""The cards a hidden seat may play, against brute force: every way the unseen cards could lie in the hidden
hands, kept when the engine accepts the full position, and the legal plays of each, united."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from tests.engine.unseen_deals import deals, ways

from .helpers import body, dealt, play

MOST_DEALS = 3000  # ways to deal the unseen cards out; positions with more are played on



def viewed_positions(players: int, seed: int, viewer: int, choices):
    """Each position of a random hand where a seat other than the viewer acts and the unseen cards can be dealt
    out few enough ways: the seat, the position as the viewer sees it, and, for every deal of the unseen cards
    that the engine accepts, the seat's hand and its legal plays."""
    viewer %= players
    state = dealt(players, seed=seed)
    while True:
        listed = answers.legal_moves(body(state))
        seat = listed["to_act"]
        if seat is None:
            return
        hidden = {s: len(h) for s, h in enumerate(state["hands"]) if s != viewer}
        unseen = sorted(card for s in hidden for card in state["hands"][s])
        if seat != viewer and ways(len(unseen), list(hidden.values())) <= MOST_DEALS:
            seen = dict(state, hands=[h if s == viewer else {"count": len(h)} for s, h in enumerate(state["hands"])])
            accepted = []
            for deal in deals(unseen, list(hidden.items())):
                full = dict(seen, hands=[deal.get(s, h) for s, h in enumerate(seen["hands"])])
                try:
                    accepted.append((set(deal[seat]), {m["card"] for m in answers.legal_moves(body(full))["moves"]}))
                except InvalidRequest:
                    continue
            yield seat, seen, accepted
        state = play(state, random.Random(choices.random()).choice(listed["moves"])["card"])


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), viewer=st.integers(0, 5),
       choices=st.randoms(use_true_random=False))
def test_canadian_salad_play_hidden_seat_listing_is_what_some_deal_of_the_unseen_cards_allows(players, seed, viewer,
                                                                                              choices):
    checked = 0
    for _, seen, accepted in viewed_positions(players, seed, viewer, choices):
        possible = set().union(*(plays for _, plays in accepted))
        assert {m["card"] for m in answers.legal_moves(body(seen))["moves"]} == possible
        checked += 1
    assert checked


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), viewer=st.integers(0, 5),
       choices=st.randoms(use_true_random=False))
def test_canadian_salad_play_card_held_verified_exactly_when_every_deal_of_the_unseen_cards_gives_it(
        players, seed, viewer, choices):
    # A hidden seat's play leaves "holds the card" unverified unless every way the unseen cards could lie puts
    # the card in that seat's hand.
    for _, seen, accepted in viewed_positions(players, seed, viewer, choices):
        always = set.intersection(*(hand for hand, _ in accepted))
        for move in answers.legal_moves(body(seen))["moves"]:
            proven = move["card"] in always
            assert ("canadian-salad.play.card-held" in move["unverified"]) is not proven, (move, always)
