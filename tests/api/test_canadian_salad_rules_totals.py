"""The game score a state carries: accepted exactly when the earlier hands' penalties can share out to it."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.engine.canadian_salad import rule_reference as ref
from tests.engine.canadian_salad.rule_http import played_out, post, request

PLAYERS = (3, 4, 5, 6)


@st.composite
def game_scores(draw, players: int, hand_number: int) -> list[int]:
    """A sharing of the earlier hands' penalties, often nudged by a few points from one seat to another."""
    rng = draw(st.randoms(use_true_random=False))
    score = [0] * players
    for _ in range(ref.HAND_SIZE[players] + 13 if hand_number > 2 else ref.HAND_SIZE[players] if hand_number > 1 else 0):
        score[rng.randrange(players)] += 10
    for _ in range(4 if hand_number > 3 else 0):
        score[rng.randrange(players)] += 25
    for _ in range((hand_number > 4) + (hand_number > 5)):
        score[rng.randrange(players)] += 100
    nudge = draw(st.sampled_from((0, 0, 5, 10, 15, 25, 35, 50, 75, 100)))
    giver, taker = draw(st.integers(0, players - 1)), draw(st.integers(0, players - 1))
    score[giver] -= nudge
    score[taker] += nudge
    if draw(st.booleans()) and draw(st.booleans()):
        score[taker] += draw(st.sampled_from((-10, -5, 5, 10, 25)))
    return score


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), hand_number=st.integers(1, 6))
def test_canadian_salad_scoring_totals_accepted_exactly_when_some_sharing_gives_it(client, players, data, hand_number):
    score = data.draw(game_scores(players, hand_number))
    state = {**ref.deal_state(players, hand_number, random.Random(0)), "score": score}
    answer = client.post("/legal-moves", json=request(state))
    reachable = ref.reachable_game_score(score, hand_number, players)
    if reachable:
        assert answer.status_code == 200, (score, answer.get_json())
    else:
        assert answer.status_code == 422, score
        violation = answer.get_json()["violations"][0]
        assert violation["rule"] == "canadian-salad.scoring.totals"
        assert violation["pointer"] == "/state/score" or violation["pointer"].startswith("/state/score/")


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_scoring_loser_level_on_the_most_lose_together(client, players):
    rng = random.Random(players)
    state = played_out(client, ref.deal_state(players, 6, rng), rng)
    hand = ref.penalties(6, state["tricks"], players)
    before_total = sum(ref.hand_totals(players)[:5])
    # Game scores before the salad that bring seats 0 and 1 level on the most points after it.
    for top in range(max(hand) + before_total, max(hand), -5):
        before = [top - hand[0], top - hand[1]]
        rest = before_total - sum(before)
        if rest < 0 or min(before) < 0:
            continue
        share = [rest // (players - 2) // 10 * 10] * (players - 2)
        share[0] += rest - sum(share)
        before += share
        final = [b + h for b, h in zip(before, hand)]
        if max(final[2:]) < top and ref.reachable_game_score(before, 6, players):
            break
    else:
        pytest.fail("no game score gives a tie")
    answer = post(client, "/score", {**state, "score": before})
    assert answer["game_scores"] == final and answer["game_over"] is True
    assert answer["losers"] == [0, 1] and answer["loser"] is None
