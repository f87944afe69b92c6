"""The cards a hidden Euchre seat may play, against brute force: every way the unseen cards (the upcard
included) could lie in the hidden hands and a face-down discard, the rest undealt, kept when the engine accepts
the full position, and the legal plays of each, united."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from tests.engine.unseen_deals import deals, ways

from .helpers import body, dealt
from .test_hidden_hands import seen_by

MOST_DEALS = 3000
PACK = [rank + suit for suit in "CDHS" for rank in ("9", "10", "J", "Q", "K", "A")]



@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 3), viewer=st.integers(0, 3),
       options=st.fixed_dictionaries({
           "deck": st.just("24"), "dealer_may_discard_upcard": st.booleans(), "lone_defender": st.booleans(),
           "dealer_exchange_when_partner_alone": st.sampled_from(["none", "exchange"])}),
       choices=st.randoms(use_true_random=False))
def test_euchre_play_hidden_seat_listing_is_what_some_deal_of_the_unseen_cards_allows(seed, dealer, viewer, options,
                                                                                      choices):
    state = dealt(seed=seed, dealer=dealer, options=options)
    pick = random.Random(choices.random())
    while True:
        listed = answers.legal_moves(body(state, **options))
        seat = listed["to_act"]
        if seat is None:
            return
        seen = seen_by(state, viewer)
        slots = [(s, h["count"]) for s, h in enumerate(seen["hands"]) if type(h) is dict]
        if seen.get("dealer_discard") == {"count": 1}:
            slots.append(("discard", 1))
        shown = set(seen["hands"][viewer]) | {c for t in seen["tricks"] for c in t["cards"]}
        shown |= set(seen["current_trick"]["cards"])
        if type(seen.get("dealer_discard")) is str:
            shown.add(seen["dealer_discard"])
        pool = [card for card in PACK if card not in shown]
        if listed["phase"] == "play" and seat != viewer and ways(len(pool), [n for _, n in slots]) <= MOST_DEALS:
            possible = set()
            for deal in deals(pool, slots):
                full = dict(seen, hands=[deal.get(s, h) for s, h in enumerate(seen["hands"])])
                if "discard" in deal:
                    full["dealer_discard"] = deal["discard"][0]
                try:
                    possible |= {m["card"] for m in answers.legal_moves(body(full, **options))["moves"]}
                except InvalidRequest:
                    continue
            assert {m["card"] for m in answers.legal_moves(body(seen, **options))["moves"]} == possible
        state = answers.apply_move(body(state, pick.choice(listed["moves"]), **options))["state"]
