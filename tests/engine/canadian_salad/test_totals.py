"""canadian-salad.scoring.totals: a game score is accepted only when the earlier hands can hand it out."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import body, dealt, play_out

RULE = "canadian-salad.scoring.totals"
TRICKS = {3: 17, 4: 13, 5: 10, 6: 8}
# Per earlier hand: how many penalties of how many points it hands out (hand 1 counts tricks).
HANDS = {1: lambda players: (TRICKS[players], 10), 2: lambda players: (13, 10), 3: lambda players: (4, 25),
         4: lambda players: (1, 100), 5: lambda players: (1, 100)}


def refusal(players: int, hand_number: int, score: list[int]):
    """The problem a state with this game score is refused for, or None when it is accepted."""
    state = dealt(players, seed=5, hand_number=hand_number)
    try:
        answers.legal_moves(body({**state, "score": score}))
    except InvalidRequest as error:
        return error.problems[0]
    return None


def compositions(total: int, parts: int):
    """Every way of sharing `total` whole penalties among `parts` players."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


def brute_force_reachable(players: int, hand_number: int, score: list[int]) -> bool:
    """Try every sharing of the queens and 100-point penalties; tens take up the rest."""
    earlier = [HANDS[n](players) for n in range(1, hand_number)]
    tens = sum(count for count, points in earlier if points == 10)
    queens = sum(count for count, points in earlier if points == 25)
    hundreds = sum(count for count, points in earlier if points == 100)
    for q, h in product(compositions(queens, players), compositions(hundreds, players)):
        rest = [s - 25 * a - 100 * b for s, a, b in zip(score, q, h)]
        if all(r >= 0 and r % 10 == 0 for r in rest) and sum(rest) == 10 * tens:
            return True
    return False


def test_canadian_salad_scoring_totals_zeros_before_the_salad_are_refused():
    problem = refusal(4, 6, [0, 0, 0, 0])
    assert problem.rule == RULE and problem.pointer == ("state", "score")
    assert "560" in problem.message


def test_canadian_salad_scoring_totals_refused_in_the_deal_setup_too():
    with pytest.raises(InvalidRequest) as caught:
        dealt(4, hand_number=6, score=[0, 0, 0, 0])
    assert caught.value.problems[0].rule == RULE and caught.value.problems[0].pointer == ("setup", "score")


@pytest.mark.parametrize("players,hand_number,score,pointer", [
    (4, 1, [0, 0, 0, 0], None),
    (4, 1, [10, 0, 0, 0], ("state", "score")),
    (4, 2, [130, 0, 0, 0], None),
    (4, 2, [120, 0, 0, 0], ("state", "score")),  # hand 1 hands out 130, not 120
    (4, 2, [125, 5, 0, 0], ("state", "score", 0)),  # the tricks hand charges in tens only
    (4, 3, [130, 130, 0, 0], None),
    (3, 3, [295, 5, 0], ("state", "score", 0)),
    (4, 4, [350, 5, 5, 0], ("state", "score", 1)),  # a total ending in 5 holds a queen: at least 25
    (4, 4, [355, 5, 0, 0], ("state", "score", 0)),  # odd queens: at most 3 × 25 + 26 × 10 = 335
    (4, 4, [45, 55, 260, 0], None),
    (4, 4, [25, 25, 25, 285], None),  # four single queens
    (6, 4, [25, 25, 25, 25, 25, 185], ("state", "score")),  # six odd totals would need six queens
    (4, 5, [0, 0, 0, 460], None),
    (4, 6, [0, 0, 0, 560], None),
    (4, 6, [155, 95, 240, 70], None),
    (4, 6, [1, 559, 0, 0], ("state", "score", 0)),
    (4, 6, [-10, 570, 0, 0], ("state", "score", 0)),
    (4, 3, [10**9, 260 - 10**9, 0, 0], ("state", "score", 0)),
    (5, 6, [100, 100, 100, 100, 130], None),
    (6, 6, [100, 50, 55, 55, 80, 170], None),
])
def test_canadian_salad_scoring_totals_cases(players, hand_number, score, pointer):
    problem = refusal(players, hand_number, score)
    if pointer is None:
        assert problem is None
    else:
        assert problem is not None and problem.rule == RULE and problem.pointer == pointer
    assert brute_force_reachable(players, hand_number, score) is (pointer is None)


def played_totals(players: int, hand_number: int, seed: int) -> list[int]:
    """The game score after playing hands 1 to hand_number - 1 with random legal cards."""
    chooser = random.Random(seed)
    score = [0] * players
    for number in range(1, hand_number):
        finished = play_out(dealt(players, seed=seed + number, hand_number=number, score=score),
                            choose=chooser.choice)
        score = answers.score(body(finished))["game_scores"]
    return score


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 6), st.integers(1, 6), st.integers(0, 10**6))
def test_canadian_salad_scoring_totals_played_hands_are_always_accepted(players, hand_number, seed):
    assert refusal(players, hand_number, played_totals(players, hand_number, seed)) is None


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 6), st.integers(2, 6), st.data())
def test_canadian_salad_scoring_totals_agree_with_brute_force(players, hand_number, data):
    # A sharing of the earlier penalties, then a random change to it: the engine refuses exactly the
    # totals that no sharing gives.
    score = [0] * players
    for number in range(1, hand_number):
        count, points = HANDS[number](players)
        for _ in range(count):
            score[data.draw(st.integers(0, players - 1))] += points
    assert refusal(players, hand_number, score) is None
    seat = data.draw(st.integers(0, players - 1))
    other = data.draw(st.integers(0, players - 1))
    change = data.draw(st.sampled_from([1, 5, 10, 15, 20, 25, 50, 75, 100, 125]))
    mutated = list(score)
    mutated[seat] += change
    if data.draw(st.booleans()) and mutated[other] >= change:
        mutated[other] -= change  # keeps the sum, so only the sharing can be wrong
    problem = refusal(players, hand_number, mutated)
    assert (problem is None) is brute_force_reachable(players, hand_number, mutated)
    if mutated != score and (sum(mutated) != sum(score) or change % 5):
        assert problem is not None and problem.rule == RULE
