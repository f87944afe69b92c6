"""Hidden hands: a seat that sees only its own cards gets the answers the full view gives."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.engine.canadian_salad import rule_reference as ref
from tests.engine.canadian_salad.rule_http import hidden_but, post

PLAYERS = (3, 4, 5, 6)


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), hand_number=st.integers(1, 6))
def test_canadian_salad_play_card_held_seat_view_agrees_with_full_view(client, players, seed, hand_number):
    rng = random.Random(seed)
    state = ref.deal_state(players, hand_number, rng)
    while True:
        full = post(client, "/legal-moves", state)
        for seat in range(players):
            view = post(client, "/legal-moves", hidden_but(state, seat))
            assert (view["to_act"], view["phase"]) == (full["to_act"], full["phase"])
            if full["to_act"] == seat:
                assert sorted(m["code"] for m in view["moves"]) == sorted(m["code"] for m in full["moves"])
        if full["to_act"] is None:
            break
        move = {"type": "play", "card": rng.choice(full["moves"])["card"]}
        applied = post(client, "/apply-move", state, move)
        for seat in range(players):
            seen = post(client, "/apply-move", hidden_but(state, seat), move)
            assert seen["state"] == hidden_but(applied["state"], seat)
            assert seen["events"] == applied["events"]
            assert (seen["to_act"], seen["phase"]) == (applied["to_act"], applied["phase"])
        state = applied["state"]
    score = post(client, "/score", state)
    for seat in range(players):
        assert post(client, "/score", hidden_but(state, seat))["scores"] == score["scores"]
    assert score["scores"] == ref.penalties(hand_number, state["tricks"], players)


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_seat_view_referee_agrees_with_full_view(client, players):
    rng = random.Random(players)
    state = ref.play_tricks(ref.deal_state(players, 2, rng), 2, rng)
    leader = state["current_trick"]["leader"]
    led = state["hands"][leader][0]
    hands = [list(hand) for hand in state["hands"]]
    hands[leader].remove(led)
    state = {**state, "hands": hands, "current_trick": {"leader": leader, "cards": [led]}}
    seat = (leader + 1) % players
    for card in hands[seat]:
        move = {"type": "play", "card": card}
        full = post(client, "/validate-move", state, move)
        seen = post(client, "/validate-move", hidden_but(state, seat), move)
        assert (seen["legal"], seen["violations"]) == (full["legal"], full["violations"])
        assert full["legal"] is (card in ref.allowed_cards(hands[seat], [led]))
