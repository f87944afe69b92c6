"""The search with runs on hands holding many copies of each card (three packs): against a brute force over
every way to put a small hand down, and against the reference search (every open run of the four suits
carried at its exact length) on random hands of up to 25 cards and on hands built to reach the full search
(bench/adversarial_hands.py) of up to 30 cards. The rules: an initial meld counts the cards it
puts down and keeps two cards in the hand; going out melds every card but at most one, with the canastas
the variant asks for; a sequence is three to seven cards of one suit in consecutive ranks from 4 to the ace;
a side may hold several sets of a rank."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.adversarial_hands import adversarial_hand
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.going_out import split_hand
from rules_engine.games.canasta.meld_kinds import judge_new
from rules_engine.games.canasta.melds import read_meld
from rules_engine.games.canasta.opening import plan_opening, search_going_out
from rules_engine.games.canasta.opening_runs import search_with_runs
from rules_engine.games.canasta.tally import tally_for
from rules_engine.games.canasta.variants import BOLIVIA, SAMBA

from . import reference_runs
from .test_opening_runs import brute_best, brute_out

SAMBA_CFG = build_config(SAMBA, ())
BOLIVIA_CFG = build_config(BOLIVIA, ())
# Samba with canastas of five, so that a small hand can make one.
SHORT_SAMBA = build_config(replace(SAMBA, canastas=replace(SAMBA.canastas, size=5)), ())
SMALL = {"samba": SAMBA_CFG, "samba, canastas of five": SHORT_SAMBA}
POOL = [rank + suit for rank in ("4", "5", "6", "7", "8") for suit in "HS"] + ["KC", "KD", "2C", "JK"]
TABLE = {"none": [], "run": [["6H", "7H", "8H"]], "run and set": [["5S", "6S", "7S"], ["KH", "KS", "KC"]]}
DECK = [rank + suit for rank in ("2", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") for suit in "CDHS"
        ] * 3 + ["JK"] * 6


def _melds(cfg, name: str) -> list:
    return [read_meld(cfg, judge_new(cfg, cards, True), cards) for cards in TABLE[name]]


def _copies(most: int):
    return lambda hand: all(hand.count(card) <= most for card in hand)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(POOL), min_size=3, max_size=8).filter(_copies(3)),
       name=st.sampled_from(sorted(SMALL)), table=st.sampled_from(sorted(TABLE)))
def test_canasta_melds_sequence_opening_search_with_three_copies_is_exact_against_brute_force(hand, name, table):
    cfg = SMALL[name]
    melds = _melds(cfg, table)
    verdict = plan_opening(cfg, hand, 0, keep=2, melds=tuple(melds))
    assert verdict.best == brute_best(cfg, hand, melds)
    if verdict.witness:
        assert sum(d.points(cfg) for d in verdict.witness) <= verdict.best


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(POOL), min_size=2, max_size=8).filter(_copies(3)),
       name=st.sampled_from(sorted(SMALL)), table=st.sampled_from(["run", "run and set"]), needed=st.integers(0, 2))
def test_canasta_melds_sequence_going_out_search_with_three_copies_is_exact_against_brute_force(hand, name, table,
                                                                                                   needed):
    cfg = SMALL[name]
    melds = _melds(cfg, table)
    plan = search_going_out(cfg, hand, melds, canastas_needed=needed, minimum=None)
    best = brute_out(cfg, hand, melds, needed)
    assert (plan is not None) == (best >= 0)
    if plan is not None:
        assert plan.points == best


def _answers(cfg, states: dict, wilds: list[str], tally) -> tuple[int, int]:
    """(the most an opening keeping two cards counts, the most a way of going out counts; -1 for none), read
    from a table of best counts per (wild cards used, cards kept, canastas), for a hand without threes."""
    worth = sorted((cfg.values[c] for c in wilds), reverse=True)
    stays = out = -1
    for (used, kept, made), (points, _) in states.items():
        total = points + sum(worth[:used])
        left = kept + len(wilds) - used
        if total and left >= 2:
            stays = max(stays, total)
        if tally.meets(made) and left <= 1:
            out = max(out, total)
    return stays, out


def _medium_hands(count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, rng.randint(12, 25)) for _ in range(count)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), bolivia=st.booleans())
def test_canasta_melds_sequence_searches_agree_with_the_reference_search_on_medium_hands(seed, bolivia):
    _assert_agrees_with_reference(BOLIVIA_CFG if bolivia else SAMBA_CFG, _medium_hands(1, seed)[0])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(12, 30), bolivia=st.booleans())
def test_canasta_melds_sequence_searches_agree_with_the_reference_search_on_adversarial_hands(seed, size, bolivia):
    """Thin ranks crossed by parallel runs: the hands that pass the cheap ways by and reach the full search."""
    hand = [card for card in adversarial_hand(random.Random(seed), size) if card[:-1] != "3"]   # as _answers reads
    _assert_agrees_with_reference(BOLIVIA_CFG if bolivia else SAMBA_CFG, hand)


def _assert_agrees_with_reference(cfg, hand: list[str]) -> None:
    naturals, wilds, _ = split_hand(cfg, hand)
    pool = sorted(wilds, key=lambda c: -cfg.values[c])
    opening_tally, out_tally = tally_for(0), tally_for(2, cfg.table.going_out.by_kind)
    found = {}
    for tally in (opening_tally, out_tally):
        common = dict(saturate=2, top=None, top_rank=None, frozen=True, tally=tally, wild_top=None)
        reference = reference_runs.search_with_runs(cfg, naturals, pool, (), **common)[0]
        bounded = search_with_runs(cfg, naturals, pool, (), **common)[0]
        # Every count the reference reaches, the bounded search reaches alike; it may also reach a state with
        # fewer canastas (a long run split in two), never a better count for a state the reference has.
        for key, (points, _) in reference.items():
            assert bounded[key][0] == points
        found[tally] = (_answers(cfg, reference, pool, tally), _answers(cfg, bounded, pool, tally))
    stays, _ = found[opening_tally][0]
    _, out = found[out_tally][0]
    assert found[opening_tally][1][0] == stays and found[out_tally][1][1] == out
    verdict = plan_opening(cfg, hand, 0, keep=2)
    assert verdict.best == max(stays, 0)
    plan = search_going_out(cfg, hand, [], canastas_needed=2, minimum=None)
    assert (plan.points if plan is not None else -1) == out
    if plan is not None:      # the plan melds every card but the one left to discard
        melded = [card for move in plan.moves for meld in move.get("melds", [move]) for card in meld["cards"]]
        assert sorted(melded + ([plan.leftover] if plan.leftover else [])) == sorted(hand)


def test_canasta_melds_sequence_opening_search_puts_three_copies_of_a_card_in_runs_where_sets_would_strand_cards():
    """Three hearts 10 and three hearts jacks as sets strand both queens of hearts; three runs through the 10
    and the jack (7-J and 10-Q twice) meld them: a search whose runs hold two copies of a card falls short."""
    hand = ["4H", "4H", "5H", "5H", "5H", "6H", "7H", "7H", "8H", "9H", "10H", "10H", "10H", "JH", "JH", "JH", "QH",
            "QH"]
    verdict = plan_opening(SAMBA_CFG, hand, 125, keep=2)
    assert verdict.best == 125
    runs = [d.naturals for d in verdict.witness if d.suit]
    assert sum(run.count("JH") for run in runs) == 3 and sum(run.count("QH") for run in runs) == 2
