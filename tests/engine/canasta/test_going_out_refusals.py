"""Refusals of going out where a variant has sequences, proved by bounds: each bound against the full search with
runs (every way to meld, nothing bounded) on hands built to reach it (bench/adversarial_hands.py) beside sequences
on the table. The rules: going out melds every card but at most one, with the canastas the variant asks for (in
Bolivia and Brazilian one of them a samba, a sequence of seven cards); a sequence grows only at its ends, one card
of its suit per rank, to seven cards at most."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.adversarial_hands import ORDER, adversarial_hand, meldable_hand
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.going_out import split_hand
from rules_engine.games.canasta.meld_kinds import judge_new
from rules_engine.games.canasta.melds import read_meld
from rules_engine.games.canasta.opening import search_going_out
from rules_engine.games.canasta.opening_runs import search_with_runs, sequence_canastas_most
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
