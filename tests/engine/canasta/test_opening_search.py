"""The opening search against a brute force written from the rule texts alone.

The brute force enumerates every way to put cards of the hand down: how many naturals of each
rank (cards of one rank are alike in value and role), how many jokers and twos, and, for those
counts, every way to share the wild cards among the melds. It knows nothing of the engine's search.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from rules_engine import answers

from .helpers import DECK, clean

VALUES = {"A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10, "7": 5, "6": 5, "5": 5, "4": 5}
WILD_LIMITS = ("at_most_three", "not_more_than_naturals", "fewer_than_naturals")
SCORES = (-350, 0, 1495, 1500, 3000)
RANKS = ("4", "7", "8", "J", "K", "A")          # few ranks, so hands hold pairs and sets often
POOL = [rank + suit for rank in RANKS for suit in "CDHS"] + ["2C", "2D", "2H", "2S", "JK", "3C", "3S"]


def most_wild(limit: str, naturals: int) -> int:
    """The wild cards a meld of this many naturals may hold, as the wild-limit rule and option say."""
    if limit == "not_more_than_naturals":
        return min(3, naturals)
    if limit == "fewer_than_naturals":
        return min(3, naturals - 1)
    return 3


@lru_cache(maxsize=None)
def most_canastas(groups: tuple[tuple[int, int], ...], wilds: int, limit: str) -> int:
    """Over every way to share `wilds` among melds given as (natural cards, wild cards already in
    it), the most canastas (melds of seven) when each meld is legal; -1 when no sharing makes them
    all legal."""
    if not groups:
        return 0 if wilds == 0 else -1
    (naturals, held), rest = groups[0], groups[1:]
    best = -1
    for w in range(0, wilds + 1):
        if naturals < 2 or naturals + held + w < 3 or held + w > most_wild(limit, naturals):
            continue
        after = most_canastas(rest, wilds - w, limit)
        if after >= 0:
            best = max(best, after + (naturals + held + w >= 7))
    return best


def put_downs(hand: list[str], limit: str, *, top: str | None = None, gain: int = 0,
              existing: dict | None = None):
    """Every way to put cards of the hand down: (points, cards left, canastas, black threes melded).

    Counts of naturals per rank (cards of one rank are alike in value and role) and of jokers and
    twos, with every sharing of the wild cards. `top` joins at least two naturals of its rank;
    `existing` maps a rank to the (naturals, wild cards) of a meld the turn already put down, which
    the hand may add to; the pile's other `gain` cards come to the hand.
    """
    existing = existing or {}
    by_rank = Counter(card[:-1] for card in hand if card != "JK" and card[:-1] in VALUES)
    jokers, twos = hand.count("JK"), sum(card[:-1] == "2" for card in hand)
    blacks = sum(card in ("3C", "3S") for card in hand)
    top_rank = top[:-1] if top else None
    # A meld holds two natural cards at least: a lone card of a rank stays in the hand unless it joins a meld.
    ranks = sorted({r for r in by_rank if by_rank[r] >= 2} | set(existing) | ({top_rank} if top_rank else set()))
    for used in product(*(range(by_rank[r] + 1) for r in ranks)):
        chosen = dict(zip(ranks, used))
        if top_rank and chosen[top_rank] < 2:
            continue
        groups = tuple(sorted((n + (r == top_rank) + existing.get(r, (0, 0))[0], existing.get(r, (0, 0))[1])
                              for r, n in chosen.items() if n or r == top_rank or r in existing))
        points = sum(VALUES[r] * n for r, n in chosen.items()) + (VALUES[top_rank] if top_rank else 0)
        for j, t in product(range(jokers + 1), range(twos + 1)):
            canastas = most_canastas(groups, j + t, limit)
            if canastas < 0 or not groups:
                continue
            total = points + 50 * j + 20 * t
            left = len(hand) - sum(used) - j - t + gain
            yield total, left, canastas, 0
            if blacks >= 3:
                yield total + 5 * blacks, left - blacks, canastas, blacks


def brute_best(hand: list[str], limit: str, *, top: str | None = None, gain: int = 0,
               canastas_needed: int | None = None) -> int:
    """The most an opening can count, 0 when nothing opens.

    Without `top`: new melds from the hand, two cards kept. With `top`: the pile is taken. With
    `canastas_needed`, emptying the hand to at most one card also opens when the melds then hold
    that many canastas (black threes melded three or more together, or kept as the last card).
    """
    best = 0
    for total, left, canastas, melded_blacks in put_downs(hand, limit, top=top, gain=gain):
        if not melded_blacks and left >= 2 and total > 0:
            best = max(best, total)
        if canastas_needed is not None and canastas >= canastas_needed and left <= 1:
            best = max(best, total)
    return best


def minimum(score: int, negative: int, failed: int) -> int:
    """The initial meld minimum as the rule text states it."""
    base = negative if score < 0 else 50 if score < 1500 else 90 if score < 3000 else 120
    return base + 10 * failed


def state_for(variant: str, hand: list[str], *, discard: list[str], turn: dict, score: int, failed: int) -> dict:
    """A position of seat 0 (side 0 unopened): the other hands hidden, the rest in a counted stock.

    Side 1 has melded six queens, no spade (a rank no hand here holds; 60, past its minimum of 50 at a score
    of 0), so the pile may have been taken and the other hands may hold any number of cards. Seat 0 has put
    nothing down, so it holds at most the cards dealt (11 in Classic, 15 in Two-hand) and the draw: longer
    hands are not generated for it.
    """
    players = 2 if variant == "two-hand" else 4
    if len(hand) != least_held(variant, turn):
        assume(False)
    opponents_meld = {"cards": ["QC", "QD", "QH", "QC", "QD", "QH"]}
    shown = len(hand) + len(discard) + len(opponents_meld["cards"])
    # Side 1 has melded, so its hands may hold any number of cards; Two-hand's holds few, so that the stock shows
    # no turn of seat 0's gone by (which would have grown its hand).
    held = 5 if variant == "two-hand" else 11
    others = [{"count": held} for _ in range(players - 1)]
    return {"players": players, "dealer": players - 1, "hands": [hand] + others,
            "stock": {"count": 108 - shown - held * (players - 1)}, "discard": discard,
            "melds": [[], [opponents_meld]], "red_threes": [[], []],
            "melded_before": [seat % 2 == 1 for seat in range(players)][:players],
            "turn": turn, "score": [score, 0], "penalties": [{"failed_openings": failed}, {}]}


# Cards that fill a short hand to what a seat of a side with nothing on the table holds: black threes (three
# meld only going out) and lone cards of ranks no generated hand holds (a meld needs two naturals).
FILLERS = ("3C", "3S", "5H", "6S", "9D", "10H", "QS")


def least_held(variant: str, turn: dict) -> int:
    """The cards seat 0 holds when its side has nothing on the table, early in the hand: its deal, and in its
    meld phase one more (Classic draws one card; Two-hand two, and discards one a turn)."""
    dealt = 15 if variant == "two-hand" else 11
    return dealt + (1 if turn["phase"] != "draw" else 0)


def reachable(variant: str, hand: list[str], turn: dict, shown: list[str] = ()) -> list[str]:
    """The hand filled with FILLERS to least_held (a shorter hand is one no game reaches); longer hands as they are."""
    grown = list(hand)
    for card in FILLERS:
        taken = Counter(grown + list(shown))
        if len(grown) < least_held(variant, turn) and taken[card] < DECK[card] and (
                card not in ("3C", "3S") or taken["3C"] + taken["3S"] < 2):
            grown.append(card)
    assume(len(grown) >= least_held(variant, turn))
    return grown


def hands(min_size: int = 3):
    """Hands of up to 14 cards from a few ranks, wild cards and black threes, within the deck's copies."""
    return st.lists(st.sampled_from(POOL), min_size=min_size, max_size=14).filter(
        lambda cards: not Counter(cards) - DECK)


TABLES = st.fixed_dictionaries({
    "variant": st.sampled_from(["classic", "two-hand"]),
    "wild_limit": st.sampled_from(WILD_LIMITS),
    "negative": st.sampled_from([15, 0]),
    "score": st.sampled_from(SCORES),
    "failed": st.integers(0, 2),
})


def _request(table: dict, state: dict, move: dict | None = None) -> dict:
    body = {"game": "canasta", "variant": table["variant"], "state": state,
            "options": {"wild_limit": table["wild_limit"], "opening_negative_minimum": table["negative"]}}
    if move is not None:
        body["move"] = move
    return body


MELD_PHASE = {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
              "question": None}


def _meld_phase_of(table: dict, hand: list[str]) -> dict:
    """Seat 0 after drawing from the stock, its side not yet opened."""
    return state_for(table["variant"], hand, discard=["9C"], score=table["score"], failed=table["failed"],
                     turn=dict(MELD_PHASE))


def _witness_is_a_legal_opening(table: dict, state: dict, answer: dict, kind: str, required: int) -> None:
    listed = [m for m in answer["moves"] if m["type"] == kind and "opening" in m and not m["opening"].get("exempt")]
    constraint = answer["constraints"][0]
    if constraint["met"]:
        assert listed, "the witness of a met constraint is listed as a move"
        assert listed[0]["opening"]["points"] >= required
        verdict = answers.validate_move(_request(table, state, clean(listed[0])))
        assert verdict["legal"], verdict["violations"]
    else:
        assert not listed


@pytest.mark.slow
@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=hands(), table=TABLES)
def test_canasta_opening_minimum_search_is_exact_against_brute_force(hand, table):
    hand = reachable(table["variant"], hand, MELD_PHASE)
    state = _meld_phase_of(table, hand)
    answer = answers.legal_moves(_request(table, state))
    constraint = answer["constraints"][0]
    required = minimum(table["score"], table["negative"], table["failed"])
    best = brute_best(hand, table["wild_limit"])
    assert constraint["required"] == required
    assert constraint["best"] == best
    assert constraint["met"] is (best >= required and best > 0)
    _witness_is_a_legal_opening(table, state, answer, "meld", required)
    _going_out_offered_exactly_when_possible(table, state, answer, hand)


def _going_out_offered_exactly_when_possible(table: dict, state: dict, answer: dict, hand: list[str]) -> None:
    """Going out at once needs no minimum (the concealed exception): it is offered exactly when possible."""
    needed = 2 if table["variant"] == "two-hand" else 1
    can_go_out = any(left <= 1 and canastas >= needed for _, left, canastas, _ in put_downs(hand, table["wild_limit"]))
    event(f"goes out: {can_go_out}")
    assert ("going_out" in answer["constraints"][0]) is can_go_out
    if can_go_out:
        first = next(m for m in answer["moves"] if m.get("opening", {}).get("exempt"))
        assert answers.validate_move(_request(table, state, clean(first)))["legal"]


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rank=st.sampled_from(RANKS),
       suits=st.permutations("CDHSCDHS").flatmap(lambda every: st.integers(4, 8).map(lambda n: every[:n])),
       wild=st.lists(st.sampled_from(["2C", "2D", "2H", "2S", "JK"]), max_size=4),
       rest=st.lists(st.sampled_from(POOL), max_size=5), table=TABLES)
def test_canasta_opening_concealed_exception_offered_exactly_when_going_out_is_possible(rank, suits, wild, rest,
                                                                                         table):
    hand = [rank + suit for suit in suits] + wild + rest
    assume(not Counter(hand) - DECK and len(hand) <= 14)
    hand = reachable(table["variant"], hand, MELD_PHASE)
    state = _meld_phase_of(table, hand)
    _going_out_offered_exactly_when_possible(table, state, answers.legal_moves(_request(table, state)), hand)


@pytest.mark.slow
@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=hands(2), table=TABLES, top=st.sampled_from([c for c in POOL if c != "JK" and c[:-1] in VALUES]),
       below=st.lists(st.sampled_from(["5C", "6D", "9H", "QS", "10C", "2H"]), max_size=3))
def test_canasta_opening_counting_pile_top_card_search_is_exact_against_brute_force(hand, table, top, below):
    assume(not Counter(hand + below + [top]) - DECK)
    hand = reachable(table["variant"], hand, {"phase": "draw"}, below + [top])
    state = state_for(table["variant"], hand, discard=below + [top], score=table["score"], failed=table["failed"],
                      turn={"seat": 0, "phase": "draw"})
    answer = answers.legal_moves(_request(table, state))
    constraint = answer["constraints"][0]
    required = minimum(table["score"], table["negative"], table["failed"])
    needed = 2 if table["variant"] == "two-hand" else 1
    best = brute_best(hand, table["wild_limit"], top=top, gain=len(below),
                      canastas_needed=needed if len(below) <= 1 else None)
    assert constraint["via"] == "take_pile" and constraint["best"] == best
    assert constraint["met"] is (best >= required and best > 0)
    _witness_is_a_legal_opening(table, state, answer, "take_pile", required)


CLASSIC = {"variant": "classic", "wild_limit": "at_most_three", "negative": 15, "failed": 0}


def test_canasta_opening_minimum_search_finds_openings_with_two_wild_cards_on_a_pair():
    # Each hand's one opening puts two wild cards on a pair; the other cards are lone cards and black threes.
    fillers = ["3C", "3S", "5H", "6S", "9D", "10H", "QS", "4D"]
    for hand, score, best in ((["JS", "JC", "2D", "2S"] + fillers, 0, 60),
                              (["8C", "8S", "2C", "JK"] + fillers, 0, 90),
                              (["AC", "AD", "JK", "2S"] + fillers, 1500, 110)):
        assert best == brute_best(hand, CLASSIC["wild_limit"]), hand
        state = _meld_phase_of(dict(CLASSIC, score=score), hand)
        answer = answers.legal_moves(_request(CLASSIC, state))
        constraint = answer["constraints"][0]
        assert constraint["met"] is True and constraint["best"] == best, hand
        _witness_is_a_legal_opening(CLASSIC, state, answer, "meld", constraint["required"])


def test_canasta_opening_counting_pile_taken_to_open_with_a_pair_and_a_wild_card():
    hand = ["JS", "JC", "2D", "4D", "4D", "3C", "3S", "5H", "6S", "9D", "10H"]
    state = state_for("classic", hand, discard=["5C", "JH"], score=0, failed=0, turn={"seat": 0, "phase": "draw"})
    answer = answers.legal_moves(_request(CLASSIC, state))
    constraint = answer["constraints"][0]
    # J-J-J with the top card counts 30, with the 2 on it 50; J-J-J and 4-4-2 count 60, the rest kept.
    assert constraint["met"] is True and constraint["best"] == 60
    taken = [m for m in answer["moves"] if m["type"] == "take_pile"]
    assert len(taken) == 1 and taken[0]["opening"]["points"] >= 50
    _witness_is_a_legal_opening(CLASSIC, state, answer, "take_pile", 50)
