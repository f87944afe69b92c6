"""The opening search where a variant has sequences, against a brute force over every way to put a small
hand down: each card kept, in a new meld (a set or a sequence, as the judge says) or added to a meld on
the table. The rules: an initial meld counts the cards it puts down and keeps two cards in the hand; a
sequence is three or more cards of one suit in consecutive ranks, up to the variant's most."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.meld_kinds import judge_new, judge_onto
from rules_engine.games.canasta.melds import meld_canasta, read_meld
from rules_engine.games.canasta.opening import plan_opening, search_going_out
from rules_engine.games.canasta.variants import SequenceMelds

from .test_sequences_in_play import WITH_RUNS

SHORT_RUNS = replace(WITH_RUNS, sequences=SequenceMelds(min_cards=3, max_cards=5, low="4", high="A"),
                     canastas=replace(WITH_RUNS.canastas, size=5))
SEVERAL = replace(WITH_RUNS, sets=replace(WITH_RUNS.sets, one_per_rank=False, max_wilds=2))
CONFIGS = {name: build_config(entry, ()) for name, entry in
           (("runs", WITH_RUNS), ("short", SHORT_RUNS), ("several", SEVERAL))}
POOL = [rank + suit for rank in ("4", "5", "6", "7", "8") for suit in "HS"] + ["KC", "KD", "2C", "JK", "3C"]
TABLE = {"none": [], "run": [["6H", "7H", "8H"]], "run and set": [["5S", "6S", "7S"], ["KH", "KS", "KC"]]}


def _table(cfg, name: str) -> list:
    return [read_meld(cfg, judge_new(cfg, cards, True), cards) for cards in TABLE[name]]


def assignments(hand: list[str], table: list, most_kept: int):
    """Every way to share the hand: (new melds, cards added to each table meld, cards kept), each new meld
    grouping distinct cards once (groups in order of their first card)."""
    groups: list[list[str]] = []
    added: list[list[str]] = [[] for _ in table]

    def place(i: int, kept: int):
        if kept > most_kept:
            return
        if i == len(hand):
            yield groups, added, kept
            return
        card = hand[i]
        yield from place(i + 1, kept + 1)
        for target in groups + added:
            target.append(card)
            yield from place(i + 1, kept)
            target.pop()
        groups.append([card])
        yield from place(i + 1, kept)
        groups.pop()

    yield from place(0, 0)


def _put_down(cfg, groups: list[list[str]], added: list[list[str]], table: list, going_out: bool):
    """(points, canastas of the side's melds after) when every new meld and addition is valid, else None."""
    ranks = {m.rank for m in table if m.rank}
    points = canastas = 0
    for cards in groups:
        judged = judge_new(cfg, cards, going_out)
        if judged.violations:
            return None
        if cfg.table.sets.one_per_rank and judged.rank:
            if judged.rank in ranks:
                return None
            ranks.add(judged.rank)
        points += judged.points
        canastas += meld_canasta(cfg, read_meld(cfg, judged, cards)) is not None
    for meld, cards in zip(table, added):
        if cards:
            judged = judge_onto(cfg, cards, going_out, meld)
            if judged.violations:
                return None
            points += judged.points
            canastas += judged.canasta(cfg) is not None
        else:
            canastas += meld_canasta(cfg, meld) is not None
    return points, canastas


def brute_best(cfg, hand: list[str], table: list) -> int:
    """The most an opening can count, keeping two cards: every assignment of the hand's cards tried."""
    best = 0
    for groups, added, kept in assignments(hand, table, len(hand)):
        if kept >= 2 and (groups or any(added)):
            found = _put_down(cfg, groups, added, table, False)
            if found is not None:
                best = max(best, found[0])
    return best


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(st.sampled_from(POOL), min_size=3, max_size=8).filter(
    lambda h: all(h.count(c) <= 2 for c in h)), name=st.sampled_from(sorted(CONFIGS)),
    table=st.sampled_from(sorted(TABLE)))
def test_canasta_melds_sequence_opening_search_is_exact_against_brute_force(hand, name, table):
    cfg = CONFIGS[name]
    melds = _table(cfg, table)
    verdict = plan_opening(cfg, hand, 0, keep=2, melds=tuple(melds))
    assert verdict.best == brute_best(cfg, hand, melds)
    if verdict.witness:       # the witness is an opening of the count found
        assert sum(d.points(cfg) for d in verdict.witness) <= verdict.best


def test_canasta_melds_sequence_opening_counts_a_run_beside_a_set():
    cfg = CONFIGS["runs"]
    verdict = plan_opening(cfg, ["4H", "5H", "6H", "7H", "KC", "KD", "KS", "8C", "9C"], 50, keep=2)
    assert verdict.best == 50 and verdict.met
    assert sorted(d.suit for d in verdict.witness) == ["", "H"]


def brute_out(cfg, hand: list[str], table: list, needed: int) -> int:
    """The most a way of going out puts down (-1 for none): every card melded but at most one, the side's
    melds then holding `needed` canastas."""
    best = -1
    for groups, added, _ in assignments(hand, table, 1):
        found = _put_down(cfg, groups, added, table, True)
        if found is not None and found[1] >= needed:
            best = max(best, found[0])
    return best


OUT_TABLE = {"run": [["6H", "7H", "8H"]], "run and set": [["5S", "6S", "7S"], ["KH", "KS", "KC"]],
             "long run": [["4S", "5S", "6S", "7S"]]}


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=st.lists(st.sampled_from(POOL), min_size=2, max_size=7).filter(
    lambda h: all(h.count(c) <= 2 for c in h)), name=st.sampled_from(sorted(CONFIGS)),
    table=st.sampled_from(sorted(OUT_TABLE)), needed=st.integers(0, 1))
def test_canasta_melds_sequence_going_out_search_is_exact_against_brute_force(hand, name, table, needed):
    cfg = CONFIGS[name]
    melds = [read_meld(cfg, judge_new(cfg, cards, True), cards) for cards in OUT_TABLE[table]]
    plan = search_going_out(cfg, hand, melds, canastas_needed=needed, minimum=None)
    best = brute_out(cfg, hand, melds, needed)
    assert (plan is not None) == (best >= 0)
    if plan is not None:
        assert plan.points == best
