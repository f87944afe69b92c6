"""Salsifis hands played at random over HTTP, every step and the final score compared with the reference model."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.salsifis.reference_play import play

RANDOM_HANDS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

OPTION_SETS = [
    {"losing_cards": "owners", "unclaimed_packet": "carried", "late_formula": "penalized"},
    {"losing_cards": "discarded", "flee_limit": 1, "shared_points": "remainder-by-seat"},
    {"flee_limit": 0, "shared_points": "exact", "five_players": "packets-of-two", "kept_three": "C"},
    {"five_players": "four-cards", "removed_twos": "HS", "flee_limit": 3, "unclaimed_packet": "carried"},
    {"kept_three": "H", "removed_twos": "DS", "flee_limit": 4, "losing_cards": "owners", "shared_points": "exact"},
]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@RANDOM_HANDS
@given(seed=st.integers(0, 2**31 - 1))
def test_salsifis_turn_place_reveal_contest_scoring_random_hands_match_reference(client, players, seed):
    """Deal, turn order, placings and changes, reveals with formulas, and scores, at default options."""
    model = play(client, players, {}, seed)
    assert model.over


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda options: "-".join(f"{k}={v}" for k, v in options.items()))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1))
def test_salsifis_turn_reveal_under_every_option_random_hands_match_reference(client, players, options, seed):
    """Every option's alternatives, played through whole hands against the reference model."""
    model = play(client, players, options, seed)
    assert model.over
