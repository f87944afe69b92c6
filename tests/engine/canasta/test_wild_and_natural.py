"""Cards both wild and natural (roles.wild_and_natural, Five-person's twos) on a modified Classic entry.

The rule: such a card is a natural in a meld of its own rank and a wild card in a meld of any other rank;
put down with no natural of another rank, such cards make a meld of their own rank. The brute force below
is written from that rule alone: it chooses how many twos serve as naturals of a meld of twos and shares
the other twos and the jokers among the melds as wild cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.melds import Meld, canasta_kind, judge
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.state import read_state
from rules_engine.games.canasta.variants import CLASSIC, CardRoles, entry_problems

from .helpers import DECK, meld_turn, position
from .test_opening_search import most_canastas, state_for

TWOS = ("2C", "2D", "2H", "2S")
ENTRY = replace(CLASSIC, roles=replace(CLASSIC.roles, wild=("JK",), wild_and_natural=TWOS))
CFG = build_config(ENTRY, ())
VALUES = {"A": 20, "K": 10, "J": 10, "8": 10, "7": 5, "4": 5, "2": 20}
POOL = [rank + suit for rank in ("4", "7", "8", "J", "K", "A") for suit in "CDHS"] + list(TWOS) + ["JK"]


def test_canasta_melds_wild_and_natural_two_is_natural_in_a_meld_of_twos():
    verdict = judge(CFG, ["2C", "2D", "2H"], going_out=False)
    assert (verdict.rank, verdict.naturals, verdict.wilds, verdict.violations) == ("2", 3, 0, [])
    with_joker = judge(CFG, ["2C", "2D", "JK"], going_out=False)
    assert (with_joker.rank, with_joker.naturals, with_joker.wilds, with_joker.violations) == ("2", 2, 1, [])


def test_canasta_melds_wild_and_natural_two_is_wild_in_a_meld_of_another_rank():
    verdict = judge(CFG, ["KH", "KS", "2C"], going_out=False)
    assert (verdict.rank, verdict.naturals, verdict.wilds, verdict.violations) == ("K", 2, 1, [])
    # Classic's limit of three wild cards counts the twos standing for kings.
    over = judge(CFG, ["KH", "KS", "KD", "2C", "2D", "2H", "JK"], going_out=False)
    assert [v.rule for v in over.violations] == ["canasta.melds.wild-limit"]


def test_canasta_melds_wild_and_natural_canasta_of_twos_is_natural_and_a_joker_makes_it_mixed():
    seven = ["2C", "2D", "2H", "2S", "2C", "2D", "2H"]
    natural = judge(CFG, seven, going_out=False)
    assert canasta_kind(CFG, natural.naturals, natural.wilds) == "natural"
    mixed = judge(CFG, seven[:6] + ["JK"], going_out=False)
    assert canasta_kind(CFG, mixed.naturals, mixed.wilds) == "mixed"


def test_canasta_melds_wild_and_natural_twos_join_a_meld_of_twos_as_naturals():
    onto = judge(CFG, ["2C", "2D", "JK"], going_out=False)
    meld = Meld("2", ["2C", "2D", "JK"], onto.naturals, onto.wilds)
    added = judge(CFG, ["2H", "2S", "JK", "JK"], going_out=False, onto=meld)
    assert (added.naturals, added.wilds, added.violations) == (4, 3, [])


def test_canasta_melds_wild_and_natural_needs_a_card_in_one_role_only_at_load():
    both = replace(CLASSIC, roles=CardRoles(wild_and_natural=TWOS))     # the twos also wild by default
    assert "a card has two roles" in entry_problems(both)
    assert entry_problems(replace(ENTRY, playable=True)) == []


def test_canasta_melds_wild_and_natural_listing_offers_twos_as_a_meld_and_as_wild_cards():
    state = read_state(CFG, position([["KH", "KS", "2C", "2D", "2H", "9C", "5D"], {"count": 11}, {"count": 11},
                                      {"count": 11}], discard=["6C"], melds=[[{"cards": ["AC", "AD", "AH"]}],
                                                                             [{"cards": ["7C", "7D", "7S"]}]],
                                     melded_before=[True, True, False, False], turn=meld_turn()), [])
    moves, _ = legal_moves(CFG, state)
    melds = [m["melds"][0]["cards"] for m in moves if m["type"] == "meld"]
    assert ["2C", "2D", "2H"] in melds                 # the twos alone: a meld of twos
    assert ["KH", "KS", "2C"] in melds                 # a two standing for a king
    after, _ = apply(CFG, state, read_move({"type": "meld", "melds": [{"cards": ["2C", "2D", "2H"]}]}, 4))
    twos = after.melds[0][-1]
    assert (twos.rank, twos.naturals, twos.wilds) == ("2", 3, 0)


def _opening_best(hand: list[str]) -> tuple[int, bool]:
    """The most an opening from the hand counts (two cards kept, each meld legal in Classic's limits), and
    whether the hand can go out at once with a canasta."""
    twos = [c for c in hand if c in TWOS]
    jokers = hand.count("JK")
    by_rank = Counter(c[:-1] for c in hand if c not in TWOS and c != "JK")
    ranks = sorted(by_rank) + ["2"]
    have = {**by_rank, "2": len(twos)}
    best, out = 0, False
    for used in product(*(range(have[r] + 1) for r in ranks)):
        chosen = dict(zip(ranks, used))
        wild_twos = len(twos) - chosen["2"]        # the twos not serving as naturals may serve as wild cards
        groups = tuple(sorted((n, 0) for n in chosen.values() if n))
        if not groups:
            continue
        natural_points = sum(VALUES[r] * n for r, n in chosen.items())
        for j, t in product(range(jokers + 1), range(wild_twos + 1)):
            canastas = most_canastas(groups, j + t, "at_most_three")
            if canastas < 0:
                continue
            total = natural_points + 50 * j + 20 * t
            left = len(hand) - sum(used) - j - t
            if left >= 2:
                best = max(best, total)
            if left <= 1 and canastas >= 1:
                out = True
    return best, out


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(POOL), min_size=3, max_size=12))
def test_canasta_melds_wild_and_natural_opening_search_is_exact_against_brute_force(hand):
    assume(not Counter(hand) - DECK)
    best, out = _opening_best(hand)
    constraint = opening_matches(CFG, hand, best)
    assert ("going_out" in constraint) is out


def opening_matches(cfg, hand: list[str], best: int) -> dict:
    """Check the initial meld constraint of an unopened hand after its draw against the brute force's best
    (Classic's minimum of 50 at a game score of 0); the witness of a met constraint is listed. The constraint."""
    state = read_state(cfg, state_for("classic", hand, discard=["9C"], score=0, failed=0, turn=meld_turn()), [])
    moves, notes = legal_moves(cfg, state)
    constraint = notes["constraints"][0]
    assert constraint["best"] == best
    assert constraint["met"] is (best >= 50)
    if constraint["met"]:
        listed = [m for m in moves if "opening" in m and not m["opening"].get("exempt")]
        assert listed and listed[0]["opening"]["points"] >= 50
    return constraint
