"""Wild cards counted as the card they stand for (values.wild_as, Oklahoma) on a modified Classic entry.

The rule: a melded two counts by the rank it stands for (here 5 for a four to a seven, 10 for an eight to
a king, its own 20 for an ace); a joker counts its own 50 wherever it is melded; left in a hand a two keeps
its own 20. The brute force below shares the jokers and twos among the melds in every way the rule allows.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.melds import judge
from rules_engine.games.canasta.scoring import score
from rules_engine.games.canasta.state import read_state
from rules_engine.games.canasta.variants import CLASSIC, entry_problems

from .helpers import DECK, meld, position
from .test_wild_and_natural import opening_matches

WILD_AS = tuple((rank, 5) for rank in ("4", "5", "6", "7")) + tuple((rank, 10) for rank in ("8", "9", "10", "J",
                                                                                              "Q", "K"))
ENTRY = replace(CLASSIC, values=replace(CLASSIC.values, wild_as=WILD_AS))
CFG = build_config(ENTRY, ())
VALUES = {"A": 20, "K": 10, "J": 10, "8": 10, "7": 5, "4": 5}
AS = {**dict(WILD_AS), "A": 20}
TWOS = ("2C", "2D", "2H", "2S")
POOL = [rank + suit for rank in ("4", "7", "8", "J", "K", "A") for suit in "CDHS"] + list(TWOS) + ["JK"]


def test_canasta_scoring_wild_as_two_counts_by_the_rank_it_stands_for():
    assert judge(CFG, ["KH", "KS", "2C"], going_out=False).points == 30
    assert judge(CFG, ["7H", "7S", "2C", "JK"], going_out=False).points == 5 + 5 + 5 + 50
    assert judge(CFG, ["AH", "AS", "2C"], going_out=False).points == 60


def test_canasta_scoring_wild_as_melded_line_counts_twos_by_rank_and_hand_twos_at_their_own_value():
    state = read_state(CFG, position(
        [[], ["2D"], ["4C"], ["AH"]], discard=["8C"],
        melds=[[meld(["KD", "KC", "KS", "KH", "KD", "KC", "2S"])], [meld(["QH", "QS", "2H"])]],
        hidden_stock=True, melded_before=[True, True, False, True],
        turn={"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}), [])
    lines = score(CFG, state)["lines"]
    melded = {line["team"]: line for line in lines if line["rule"] == "canasta.scoring.wild-as"}
    assert melded[0]["points"] == 70 and melded[1]["points"] == 30
    hand = [line for line in lines if line["rule"] == "canasta.scoring.hand-cards" and line.get("seat") == 1]
    assert hand[0]["points"] == -20


def test_canasta_scoring_wild_as_refused_where_the_joker_counts_less_than_a_rank_gives():
    cheap = replace(ENTRY, values=replace(ENTRY.values, joker=8), playable=True)
    assert any("joker counts at least" in problem for problem in entry_problems(cheap))
    assert entry_problems(replace(ENTRY, playable=True)) == []


@lru_cache(maxsize=None)
def _share(groups: tuple[tuple[str, int], ...], jokers: int, twos: int) -> int:
    """The most the wild cards add when `jokers` and `twos` (all of them) go into melds given as (rank,
    natural cards), each meld of at least three cards with at most three wild cards; -1 when none fits."""
    if not groups:
        return 0 if jokers == twos == 0 else -1
    (rank, naturals), rest = groups[0], groups[1:]
    best = -1
    for j, t in product(range(jokers + 1), range(twos + 1)):
        if naturals + j + t < 3 or j + t > 3:
            continue
        after = _share(rest, jokers - j, twos - t)
        if after >= 0:
            best = max(best, after + 50 * j + AS[rank] * t)
    return best


def _opening_best(hand: list[str]) -> int:
    jokers, twos = hand.count("JK"), sum(card in TWOS for card in hand)
    by_rank = Counter(card[:-1] for card in hand if card not in TWOS and card != "JK")
    ranks = sorted(by_rank)
    best = 0
    for used in product(*(range(by_rank[r] + 1) for r in ranks)):
        chosen = [(r, n) for r, n in zip(ranks, used) if n]
        if not chosen or any(n < 2 for _, n in chosen):
            continue
        natural_points = sum(VALUES[r] * n for r, n in chosen)
        for j, t in product(range(jokers + 1), range(twos + 1)):
            wild = _share(tuple(chosen), j, t)
            if wild >= 0 and len(hand) - sum(used) - j - t >= 2:
                best = max(best, natural_points + wild)
    return best


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(POOL), min_size=3, max_size=12))
def test_canasta_scoring_wild_as_opening_search_is_exact_against_brute_force(hand):
    assume(not Counter(hand) - DECK)
    opening_matches(CFG, hand, _opening_best(hand))
