"""Refusals of going out where a variant has sequences, proved by bounds: each bound against the full search with
runs (every way to meld, nothing bounded) on hands built to reach it (bench/adversarial_hands.py) beside sequences
on the table. The rules: going out melds every card but at most one, with the canastas the variant asks for (in
Bolivia and Brazilian one of them a samba, a sequence of seven cards); a sequence grows only at its ends, one card
of its suit per rank, to seven cards at most."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.adversarial_hands import ORDER, adversarial_hand, meldable_hand
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.going_out import needs_of, split_hand
from rules_engine.games.canasta.meld_kinds import judge_new
from rules_engine.games.canasta.melds import meld_canasta, read_meld
from rules_engine.games.canasta.opening import search_going_out
from rules_engine.games.canasta.opening_runs import laid_first, run_bounds, search_with_runs, sequence_canastas_most
from rules_engine.games.canasta.tally import tally_for
from rules_engine.games.canasta.variants import BOLIVIA, SAMBA

SAMBA_CFG = build_config(SAMBA, ())
BOLIVIA_CFG = build_config(BOLIVIA, ())


def table_sequences(rng: random.Random, hand: list[str], count: int) -> list[list[str]]:
    """`count` sequences of three to five cards for the side's table: now and then three cards of a run the hand
    holds, taken out of the hand (so that the hand's cards next to them may grow them), else cards the hand leaves
    of the deck's three copies."""
    found = []
    for _ in range(count):
        suit, length = rng.choice("CDHS"), rng.randint(3, 5)
        first = rng.randint(0, len(ORDER) - length)
        cards = [rank + suit for rank in ORDER[first:first + length]]
        if rng.random() < 0.5:
            held = [[rank + suit for rank in ORDER[start:start + 3]] for suit in "CDHS"
                    for start in range(len(ORDER) - 2)]
            held = [run for run in held if all(card in hand for card in run)]
            if held:
                cards = rng.choice(held)
                for card in cards:
                    hand.remove(card)
        if all(hand.count(card) + sum(run.count(card) for run in found) < 3 for card in cards):
            found.append(cards)
    return found


def hand_and_table(cfg, seed: int, size: int, sequences: int, meldable: bool = False) -> tuple[list[str], list]:
    """An adversarial hand without threes (or, `meldable`, a hand made of melds) and the side's sequences on the
    table, as Melds."""
    rng = random.Random(seed)
    hand = meldable_hand(rng, size) if meldable else [card for card in adversarial_hand(rng, size) if card[:-1] != "3"]
    melds = [read_meld(cfg, judge_new(cfg, cards, True), cards) for cards in table_sequences(rng, hand, sequences)]
    return hand, melds


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(10, 30), sequences=st.integers(0, 3), meldable=st.booleans())
def test_canasta_melds_sequence_canastas_most_is_never_fewer_than_the_full_search_makes(seed, size, sequences,
                                                                                        meldable):
    """sequence_canastas_most counts a sequence on the table only where it is a canasta or the hand's cards next to
    it could make it one: no way to meld the hand (the full search's table, sequence canastas counted up to four)
    holds more sequence canastas."""
    cfg = SAMBA_CFG
    hand, melds = hand_and_table(cfg, seed, size, sequences, meldable)
    naturals, wilds, _ = split_hand(cfg, hand)
    pool = sorted(wilds, key=lambda c: -cfg.values[c])
    tally = tally_for(4, (("sequence", 4),))
    states = search_with_runs(cfg, naturals, pool, tuple(melds), saturate=2, top=None, top_rank=None, frozen=True,
                              tally=tally, wild_top=None)[0]
    made = max(tally.counts(code)[1] for _, _, code in states)
    assert made <= sequence_canastas_most(cfg, naturals, melds)


def out_value(cfg, wilds: list[str], tally):
    """What a (wild cards used, cards kept, Tally code) and its count are worth going out, -1 where it does not go
    out: the natural points and the wild cards used, at most one card left in the hand."""
    worth = sorted((cfg.values[c] for c in wilds), reverse=True)

    def value(key: tuple, points: int) -> int:
        used, kept, made = key
        return points + sum(worth[:used]) if tally.meets(made) and kept + len(wilds) - used <= 1 else -1

    return value


def full_search_best_out(cfg, hand: list[str], melds: list) -> int:
    """The most a way of going out counts (-1 for none), read from the full search's table."""
    naturals, wilds, _ = split_hand(cfg, hand)
    pool = sorted(wilds, key=lambda c: -cfg.values[c])
    tally = tally_for(2, cfg.table.going_out.by_kind)
    states = search_with_runs(cfg, naturals, pool, tuple(melds), saturate=2, top=None, top_rank=None, frozen=True,
                              tally=tally, wild_top=None, kept_most=1)[0]
    value = out_value(cfg, pool, tally)
    return max([value(key, points) for key, (points, _) in states.items()], default=-1)


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(10, 40), sequences=st.integers(1, 3), bolivia=st.booleans(),
       meldable=st.booleans())
def test_canasta_going_out_by_kind_beside_table_sequences_is_the_full_search_answer(seed, size, sequences, bolivia,
                                                                                     meldable):
    """Beside sequences on the table (some of which cannot grow to seven cards), search_going_out, for the best way
    out and for any way out, answers as the full search does."""
    cfg = BOLIVIA_CFG if bolivia else SAMBA_CFG
    hand, melds = hand_and_table(cfg, seed, size, sequences, meldable)
    best = full_search_best_out(cfg, hand, melds)
    plan = search_going_out(cfg, hand, melds, canastas_needed=2, minimum=None)
    assert (plan.points if plan is not None else -1) == best
    found = search_going_out(cfg, hand, melds, canastas_needed=2, minimum=None, any_way=True)
    assert (found is not None) == (best >= 0)


def _code(tally, kinds: list) -> int:
    """The Tally code of melds of these canasta kinds (None: not a canasta)."""
    code = 0
    for kind in kinds:
        code = tally.joined[code][tally.mark(kind)]
    return code


def assert_goes_out(cfg, hand: list[str], melds: list, plan) -> None:
    """The plan puts down every card of the hand but the one it discards, in valid melds (new ones, or the table's
    grown), and the side's melds then hold the canastas going out needs."""
    final = [list(m.cards) for m in melds]
    put_down = []
    for move in plan.moves:
        assert move["type"] in ("meld", "lay_off"), move
        if move["type"] == "meld":
            final += [list(meld["cards"]) for meld in move["melds"]]
            put_down += [card for meld in move["melds"] for card in meld["cards"]]
        else:
            final[move["meld"]] += move["cards"]
            put_down += move["cards"]
    assert sorted(put_down + ([plan.leftover] if plan.leftover else [])) == sorted(hand)
    kinds = []
    for cards in final:
        judged = judge_new(cfg, cards, True)
        assert not judged.violations, cards
        kinds.append(meld_canasta(cfg, read_meld(cfg, judged, cards)))
    kinds = [kind for kind in kinds if kind]
    assert len(kinds) >= 2 and all(kinds.count(kind) >= n for kind, n in cfg.table.going_out.by_kind), kinds


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(12, 45), sequences=st.integers(1, 2), bolivia=st.booleans())
def test_canasta_going_out_any_way_with_a_sequence_canasta_laid_first_is_a_way_out(seed, size, sequences, bolivia):
    """A way out found by putting a run of seven cards down first (laid_first) is a way out of the hand: every card
    but one melded in valid melds, with the canastas going out needs; and where it finds one, the full search finds
    a way out too."""
    cfg = BOLIVIA_CFG if bolivia else SAMBA_CFG
    hand, melds = hand_and_table(cfg, seed, size, sequences, meldable=True)
    naturals, wilds, _ = split_hand(cfg, hand)
    tally = tally_for(2, cfg.table.going_out.by_kind)
    bounds = run_bounds(cfg, naturals, len(wilds), tuple(melds), saturate=2, top=None, top_rank=None, frozen=True,
                        tally=tally, wild_top=None)
    found = laid_first(cfg, hand, tuple(melds), bounds[2], keep=2, needs=needs_of(cfg, 0, 2), gain=0)
    if found is not None:
        assert full_search_best_out(cfg, hand, melds) >= 0
        (points, _, out, _, _), trail = found
        final = [list(m.cards) for m in melds]
        put_down = []
        for draft in trail(None):
            cards = draft.naturals + draft.wilds
            put_down += cards
            if draft.onto is None:
                final.append(cards)
            else:
                final[draft.onto] += cards
        assert out and len(hand) - len(put_down) <= 1 and not Counter(put_down) - Counter(hand)
        assert points == sum(cfg.values[card] for card in put_down)
        kinds = []
        for cards in final:
            judged = judge_new(cfg, cards, True)
            assert not judged.violations, cards
            kinds.append(meld_canasta(cfg, read_meld(cfg, judged, cards)))
        tally = tally_for(2, cfg.table.going_out.by_kind)
        assert tally.meets(_code(tally, kinds))
    plan = search_going_out(cfg, hand, melds, canastas_needed=2, minimum=None, any_way=True)
    if plan is not None:
        assert_goes_out(cfg, hand, melds, plan)


def test_canasta_going_out_by_kind_a_new_samba_beside_sets_and_a_run_goes_out():
    """Bolivia: a canasta and a samba to go out. Hearts 4 to 10 make the samba; beside it the rest goes out in sets
    and a club run, the king set on the table growing into the canasta."""
    cfg = BOLIVIA_CFG
    melds = [read_meld(cfg, judge_new(cfg, cards, True), cards) for cards in (["KC", "KD", "KH"], ["5S", "6S", "7S"])]
    hand = ["4H", "5H", "6H", "7H", "8H", "9H", "10H", "KS", "KS", "KD", "KC", "9C", "10C", "JC", "QD", "QS", "QC",
            "8S", "2C"]
    plan = search_going_out(cfg, hand, melds, canastas_needed=2, minimum=None, any_way=True)
    assert plan is not None
    assert_goes_out(cfg, hand, melds, plan)


def test_canasta_going_out_by_kind_a_table_sequence_grown_to_a_samba_goes_out():
    """Bolivia: the side's 9-J of diamonds grows by the hand's 7, 8, queen and king of diamonds into a samba (seven
    cards), the king set into a canasta, and the rest goes out in sets: the plan lays the four diamonds off onto
    the sequence. Without the 8 of diamonds the sequence cannot reach seven cards, and the hand holds no other
    samba: going out is refused."""
    cfg = BOLIVIA_CFG
    melds = [read_meld(cfg, judge_new(cfg, cards, True), cards) for cards in (["KC", "KD", "KH"], ["9D", "10D", "JD"])]
    hand = ["7D", "8D", "QD", "KD", "KS", "KS", "KC", "KH", "4C", "4H", "4S", "5C", "5H", "5S", "2C"]
    plan = search_going_out(cfg, hand, melds, canastas_needed=2, minimum=None, any_way=True)
    assert plan is not None
    assert_goes_out(cfg, hand, melds, plan)
    assert any(move["type"] == "lay_off" and move["meld"] == 1 and sorted(move["cards"]) == ["7D", "8D", "KD", "QD"]
               for move in plan.moves)
    short = [card for card in hand if card != "8D"] + ["4D"]
    assert search_going_out(cfg, short, melds, canastas_needed=2, minimum=None, any_way=True) is None
