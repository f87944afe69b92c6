"""The search with runs on hands holding many copies of each card (three packs): against a brute force over
every way to put a small hand down (through plan_opening, and the full search with runs alone), against the
reference search (every open run of the four suits carried at its exact length) on random hands of up to 25
cards and on hands built to reach the full search (bench/adversarial_hands.py) of up to 30 cards, and the rule
by which the full search drops a suit's open chains beaten by another state's, against every way the cards
ahead can continue them. The rules: an initial meld counts the cards it
puts down and keeps two cards in the hand; going out melds every card but at most one, with the canastas
the variant asks for; a sequence is three to seven cards of one suit in consecutive ranks from 4 to the ace;
a side may hold several sets of a rank."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bench.adversarial_hands import adversarial_hand
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.going_out import split_hand
from rules_engine.games.canasta.meld_kinds import judge_new
from rules_engine.games.canasta.melds import read_meld
from rules_engine.games.canasta.opening import plan_opening, search_going_out
from rules_engine.games.canasta.opening_runs import one_run_a_card, search_with_runs
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), bolivia=st.booleans())
def test_canasta_melds_sequence_searches_agree_with_the_reference_search_on_medium_hands(seed, bolivia):
    _assert_agrees_with_reference(BOLIVIA_CFG if bolivia else SAMBA_CFG, _medium_hands(1, seed)[0])


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(12, 30), bolivia=st.booleans())
def test_canasta_melds_sequence_searches_agree_with_the_reference_search_on_adversarial_hands(seed, size, bolivia):
    """Thin ranks crossed by parallel runs: the hands that pass the cheap ways by and reach the full search."""
    hand = [card for card in adversarial_hand(random.Random(seed), size) if card[:-1] != "3"]   # as _answers reads
    _assert_agrees_with_reference(BOLIVIA_CFG if bolivia else SAMBA_CFG, hand)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(8, 30), bolivia=st.booleans(), table=st.sampled_from(list(TABLE)),
       adversarial=st.booleans())
def test_canasta_melds_sequence_where_no_two_runs_can_share_a_card_one_copy_a_card_is_the_full_search(
        seed, size, bolivia, table, adversarial):
    """Where one_run_a_card says no way puts two runs through copies of one card, the search whose runs hold one
    copy of each card reaches every state the full search does, with the same count, openings and going out."""
    cfg = BOLIVIA_CFG if bolivia else SAMBA_CFG
    rng = random.Random(seed)
    hand = adversarial_hand(rng, size) if adversarial else rng.sample(DECK, size)
    hand = [card for card in hand if card[:-1] != "3"]
    naturals, wilds, _ = split_hand(cfg, hand)
    melds = tuple(_melds(cfg, table))
    assume(one_run_a_card(cfg, naturals, melds))
    pool = sorted(wilds, key=lambda c: -cfg.values[c])
    for tally, kept_most in ((tally_for(0), None), (tally_for(2, cfg.table.going_out.by_kind), 1)):
        common = dict(saturate=2, top=None, top_rank=None, frozen=True, tally=tally, wild_top=None, kept_most=kept_most)
        full = search_with_runs(cfg, naturals, pool, melds, **common)[0]
        single = search_with_runs(cfg, naturals, pool, melds, run_copies=1, **common)[0]
        assert {key: points for key, (points, _) in full.items()} == {
            key: points for key, (points, _) in single.items()}


def test_canasta_melds_sequence_two_runs_through_copies_of_one_card_need_the_full_search():
    # Hearts 4 to 6 twice: two runs share each card's rank; one copy a card melds three of the six.
    hand = ["4H", "5H", "6H", "4H", "5H", "6H", "KC", "KD"]
    naturals, wilds, _ = split_hand(SAMBA_CFG, hand)
    assert not one_run_a_card(SAMBA_CFG, naturals, ())
    common = dict(saturate=2, top=None, top_rank=None, frozen=True, tally=tally_for(0), wild_top=None)
    best = [max(points for points, _ in search_with_runs(SAMBA_CFG, naturals, [], (), run_copies=copies,
                                                         **common)[0].values()) for copies in (None, 1)]
    assert best[0] > best[1]
    # A second five of hearts beside one four and one six fits one run only: one copy a card is the full search.
    naturals, _, _ = split_hand(SAMBA_CFG, ["4H", "5H", "5H", "6H", "7H", "KC"])
    assert one_run_a_card(SAMBA_CFG, naturals, ())
    # The side's hearts 7 to 9 count as cards: with the hand's 5, 6 and 7 twice, two runs may share the 7.
    naturals, _, _ = split_hand(SAMBA_CFG, ["5H", "6H", "7H", "5H", "6H"])
    side = (read_meld(SAMBA_CFG, judge_new(SAMBA_CFG, ["7H", "8H", "9H"], True), ["7H", "8H", "9H"]),)
    assert not one_run_a_card(SAMBA_CFG, naturals, side)


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


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(POOL), min_size=3, max_size=8).filter(_copies(3)),
       name=st.sampled_from(sorted(SMALL)), needed=st.integers(0, 2))
def test_canasta_melds_sequence_full_search_with_three_copies_is_exact_against_brute_force(hand, name, needed):
    """The full search with runs alone (plan_opening may answer before it): its best opening keeping two cards
    and its best way of going out with the canastas asked for, read from its table, are the brute force's."""
    cfg = SMALL[name]
    naturals, wilds, _ = split_hand(cfg, hand)
    pool = sorted(wilds, key=lambda c: -cfg.values[c])
    common = dict(saturate=2, top=None, top_rank=None, frozen=True, wild_top=None)
    opening = search_with_runs(cfg, naturals, pool, (), tally=tally_for(0), **common)[0]
    assert max(_answers(cfg, opening, pool, tally_for(0))[0], 0) == brute_best(cfg, hand, [])
    out_tally = tally_for(needed)
    out = search_with_runs(cfg, naturals, pool, (), tally=out_tally, kept_most=1, **common)[0]
    assert _answers(cfg, out, pool, out_tally)[1] == brute_out(cfg, hand, [], needed)


def _continues(chains: tuple[int, ...], ahead: tuple[int, ...], least: int = 3) -> bool:
    """Whether a suit's open chains (their lengths) and `ahead[i]` cards of the suit at each next rank can all lie
    in chains of at least `least` cards: each card goes on an open chain or starts one, any chain may stop once
    long enough, every chain is long enough at the end. Every choice tried."""

    @lru_cache(maxsize=None)
    def rest(chains: tuple[int, ...], at: int) -> bool:
        if at == len(ahead):
            return all(h >= least for h in chains)
        cards = ahead[at]
        for going_on in product((False, True), repeat=len(chains)):
            if sum(going_on) > cards or any(not on and h < least for on, h in zip(going_on, chains)):
                continue
            after = [min(h + 1, least) for on, h in zip(going_on, chains) if on] + [1] * (cards - sum(going_on))
            if rest(tuple(sorted(after)), at + 1):
                return True
        return False

    return rest(tuple(sorted(min(h, 3) for h in chains)), 0)


def _beats(strong: list[int], weak: list[int]) -> bool:
    """The full search's rule: as many chains or more, no more one card long, no more shorter than a run."""
    return (len(strong) >= len(weak) and strong.count(1) <= weak.count(1)
            and sum(h < 3 for h in strong) <= sum(h < 3 for h in weak))


chains_of = st.lists(st.integers(1, 3), max_size=3)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(strong=chains_of, weak=chains_of, held=st.lists(st.integers(0, 3), min_size=1, max_size=5))
def test_canasta_melds_sequence_open_chains_that_beat_others_continue_wherever_the_others_do(strong, weak, held):
    """A suit's open chains beat others (more chains, fewer that must still grow) only if, for every count of the
    suit's cards at each rank ahead, the stronger chains can take them wherever the weaker can."""
    assume(_beats(strong, weak))
    for ahead in product(*(range(n + 1) for n in held)):
        if _continues(tuple(weak), ahead):
            assert _continues(tuple(strong), ahead), (strong, weak, ahead)


def test_canasta_melds_sequence_open_chains_that_do_not_beat_others_miss_some_continuation():
    """The rule is no looser than it must be: a chain one card long is not beaten by none (three more cards of the
    suit start a run either way, but two cards only continue the chain), nor a chain two cards long by one a card
    long (one card ahead completes only the longer)."""
    assert not _beats([], [1]) and _continues((1,), (1, 1)) and not _continues((), (1, 1))
    assert not _beats([1], [2]) and _continues((2,), (1,)) and not _continues((1,), (1,))


BENCH_SEED = 1


@pytest.mark.slow
@pytest.mark.parametrize("index", range(8))
@pytest.mark.parametrize("entry", ["samba", "bolivia"])
def test_canasta_melds_sequence_searches_agree_with_the_reference_search_on_the_bench_adversarial_hands(entry, index):
    """The bench's own adversarial hands of 30 cards (bench/run_search.py --adversarial): the full search's tables
    against the reference's, the searches' answers, and a plan of going out that melds only valid melds."""
    cfg = BOLIVIA_CFG if entry == "bolivia" else SAMBA_CFG
    rng = random.Random(BENCH_SEED + 30)
    hand = [adversarial_hand(rng, 30) for _ in range(index + 1)][index]
    hand = [card for card in hand if card[:-1] != "3"]
    _assert_agrees_with_reference(cfg, hand)
    plan = search_going_out(cfg, hand, [], canastas_needed=2, minimum=None)
    if plan is not None:
        for move in plan.moves:
            for meld in move.get("melds", [move]):
                assert not judge_new(cfg, meld["cards"], True).violations, meld


def _out_value(cfg, wilds: list[str], tally):
    """What plan_opening counts of a (wild cards used, cards kept, Tally code) going out, -1 where it does not:
    the natural points, the wild cards used, at most one card left in the hand (kept or a wild card unused)."""
    worth = sorted((cfg.values[c] for c in wilds), reverse=True)

    def value(key: tuple, points: int) -> int:
        used, kept, made = key
        return points + sum(worth[:used]) if tally.meets(made) and kept + len(wilds) - used <= 1 else -1

    return value


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(15, 45), bolivia=st.booleans(),
       budget=st.sampled_from([1, 50, 10 ** 6]))
def test_canasta_melds_sequence_going_out_best_way_depth_first_is_the_full_search_best(seed, size, bolivia, budget):
    """Going out, the depth-first search for the best way (with a budget of states, then the full search keeping only
    the states that could beat the way found; states that could no longer make the canastas going out needs
    dropped) finds what the full search's table reads as best, and so does search_going_out, with a plan that
    melds the hand in valid melds."""
    cfg = BOLIVIA_CFG if bolivia else SAMBA_CFG
    hand = [card for card in adversarial_hand(random.Random(seed), size) if card[:-1] != "3"]
    naturals, wilds, _ = split_hand(cfg, hand)
    pool = sorted(wilds, key=lambda c: -cfg.values[c])
    tally = tally_for(2, cfg.table.going_out.by_kind)
    common = dict(saturate=2, top=None, top_rank=None, frozen=True, tally=tally, wild_top=None, kept_most=1)
    value = _out_value(cfg, pool, tally)
    full = search_with_runs(cfg, naturals, pool, (), **common)[0]
    best = max([value(key, points) for key, (points, _) in full.items()], default=-1)
    # An upper bound the search may stop at: the best itself, or one no way reaches.
    for target in (best, 10 ** 6):
        states, trail = search_with_runs(cfg, naturals, pool, (), goal=value, slack=sum(cfg.values[c] for c in pool),
                                         target=target, budget=budget, then_all=True, goes=tally.meets, **common)
        assert max([value(key, points) for key, (points, _) in states.items()], default=-1) == best
    plan = search_going_out(cfg, hand, [], canastas_needed=2, minimum=None)
    assert (plan.points if plan is not None else -1) == best
    if plan is not None:      # every card melded in valid melds but the one left to discard
        melds = [meld["cards"] for move in plan.moves for meld in move.get("melds", [move])]
        assert sorted(sum(melds, []) + ([plan.leftover] if plan.leftover else [])) == sorted(hand)
        for cards in melds:
            assert not judge_new(cfg, cards, True).violations, cards


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(12, 40), bolivia=st.booleans(), out=st.booleans())
def test_canasta_melds_sequence_search_with_runs_in_one_suit_bounds_the_full_search(seed, size, bolivia, out):
    """Runs searched in one suit, the other suits' cards that could lie in a run melded for nothing and their
    sequence canastas counted as many as they could make: every count the full search reaches, it reaches alike
    or better (an upper bound, so a way that meets it is the best, and where it finds no way there is none)."""
    cfg = BOLIVIA_CFG if bolivia else SAMBA_CFG
    hand = [card for card in adversarial_hand(random.Random(seed), size) if card[:-1] != "3"]
    naturals, wilds, _ = split_hand(cfg, hand)
    pool = sorted(wilds, key=lambda c: -cfg.values[c])
    tally = tally_for(2, cfg.table.going_out.by_kind) if out else tally_for(0)
    common = dict(saturate=2, top=None, top_rank=None, frozen=True, tally=tally, wild_top=None,
                  kept_most=1 if out else None)
    full = search_with_runs(cfg, naturals, pool, (), **common)[0]
    for suit in "CDHS":
        loose = search_with_runs(cfg, naturals, pool, (), exact=suit, **common)[0]
        for key, (points, _) in full.items():
            assert loose[key][0] >= points, (suit, key)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), size=st.integers(12, 45), bolivia=st.booleans(),
       minimum=st.sampled_from([None, 50, 120, 400]))
def test_canasta_going_out_how_any_way_out_exists_exactly_when_the_best_way_does(seed, size, bolivia, minimum):
    """Asked for any way out (whether one exists, as a partner's yes asks of every move), the search with runs
    answers as the search for the best way does, with a way that melds the hand in valid melds and counts at
    least the minimum."""
    cfg = BOLIVIA_CFG if bolivia else SAMBA_CFG
    hand = [card for card in adversarial_hand(random.Random(seed), size) if card[:-1] != "3"]
    best = search_going_out(cfg, hand, [], canastas_needed=2, minimum=minimum)
    found = search_going_out(cfg, hand, [], canastas_needed=2, minimum=minimum, any_way=True)
    assert (found is None) == (best is None)
    if found is not None:
        assert found.points <= best.points and found.points >= (minimum or 0)
        melds = [meld["cards"] for move in found.moves for meld in move.get("melds", [move])]
        assert sorted(sum(melds, []) + ([found.leftover] if found.leftover else [])) == sorted(hand)
        for cards in melds:
            assert not judge_new(cfg, cards, True).violations, cards
