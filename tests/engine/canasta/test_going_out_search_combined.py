"""Going out by canasta kind or by bonus cards, beside several melds of a rank, melds of wild cards alone and
canastas closed to wild cards, played through the engine and checked against a brute force.

The rules, as their texts state them: going out needs a count of canastas; where a variant asks for
canastas of a kind (Bolivia's, Hand and Foot's), that many of each kind besides (natural: no wild card,
mixed: natural and wild cards, wild: wild cards alone); where it asks for bonus cards (Mexicana's red
threes), no more canastas than bonus cards laid out. The brute force enumerates every way to put the hand
down over the side's melds from those texts alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_engine.errors import EngineError
from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.variants import CLASSIC, check_entry

from .helpers import DECK, meld, meld_turn, position
from .test_several_melds_of_a_rank import _move, _state, _went_out_by_the_plan

RANKS = ("A", "K", "8", "7")
WILD = ("JK", "2C", "2D", "2H", "2S")
POOL = [rank + suit for rank in RANKS for suit in "CDHS"] + list(WILD) + ["3C", "3S"]
CANASTA = 7


def _kind(naturals: int, wilds: int) -> str | None:
    """The canasta a meld of these counts is, from the rule text: seven cards or more."""
    if naturals + wilds < CANASTA:
        return None
    return "wild" if naturals == 0 else "natural" if wilds == 0 else "mixed"


def _tally(kinds) -> tuple[int, int, int]:
    found = Counter(kinds)
    return found["natural"], found["mixed"], found["wild"]


def _plus(a: tuple, b: tuple) -> tuple:
    return tuple(x + y for x, y in zip(a, b))


@lru_cache(maxsize=None)
def _rank_ways(have: int, table: tuple, several: bool, closed: bool, cap: int) -> frozenset:
    """(naturals used, wild cards used, canastas by kind) over every way a rank's `have` naturals join its
    melds on the table (given as (naturals, wild cards)) and make new melds (one at most unless `several`).
    A meld holds at least two naturals, three cards and at most `cap` wild cards; with `closed`, a meld on
    the table that is a canasta takes no wild card. A meld on the table given as (naturals, wild cards, room)
    takes at most `room` wild cards whatever it is."""
    found = set()

    def new_melds(left: int, smallest: int, used: int, wilds: int, kinds: tuple, made: int) -> None:
        found.add((used, wilds, kinds))
        if not several and (made or table):
            return
        for n in range(max(2, smallest), left + 1):
            for w in range(0, cap + 1):
                if n + w >= 3:
                    new_melds(left - n, n, used + n, wilds + w, _plus(kinds, _tally([_kind(n, w)])), made + 1)

    def additions(i: int, left: int, used: int, wilds: int, kinds: tuple) -> None:
        if i == len(table):
            new_melds(left, 2, used, wilds, kinds, 0)
            return
        held_n, held_w, *room = table[i]
        shut = closed and _kind(held_n, held_w) is not None
        for a in range(0, left + 1):
            for b in range(0, 1 if shut and not room else min(cap - held_w, *room, cap) + 1):
                additions(i + 1, left - a, used + a, wilds + b, _plus(kinds, _tally([_kind(held_n + a, held_w + b)])))

    additions(0, have, 0, 0, (0, 0, 0))
    return frozenset(found)


@lru_cache(maxsize=None)
def _wild_ways(wilds: int, table: tuple, closed: bool) -> frozenset:
    """(wild cards used, canastas by kind) over every way wild cards join melds of wild cards alone on the
    table (given by size) and make new ones of three or more."""
    found = set()

    def new_melds(left: int, used: int, kinds: tuple) -> None:
        found.add((used, kinds))
        for b in range(3, left + 1):
            new_melds(left - b, used + b, _plus(kinds, _tally([_kind(0, b)])))

    def additions(i: int, left: int, used: int, kinds: tuple) -> None:
        if i == len(table):
            new_melds(left, used, kinds)
            return
        shut = closed and _kind(0, table[i]) is not None
        for b in range(0, 1 if shut else left + 1):
            additions(i + 1, left - b, used + b, _plus(kinds, _tally([_kind(0, table[i] + b)])))

    additions(0, wilds, 0, (0, 0, 0))
    return frozenset(found)


def _brute_can_go_out(hand: list[str], table: list[list[str]], *, several: bool, closed: bool, all_wild: bool,
                      cap: int, canastas: int, by_kind: dict, bonus: int | None) -> bool:
    """Whether some way puts down all the hand but at most one card and leaves the side's melds holding
    what going out needs (`bonus`: the bonus cards laid out, where canastas may not outnumber them)."""
    naturals = Counter(c[:-1] for c in hand if c[:-1] in RANKS)
    wilds = sum(c in WILD for c in hand)
    blacks = sum(c in ("3C", "3S") for c in hand)
    melded_blacks = blacks if blacks >= 3 else 0
    on_table: dict[str, tuple] = {}
    wild_table = []
    for cards in table:
        w = sum(c in WILD for c in cards)
        if w == len(cards):
            wild_table.append(w)
        else:
            on_table[cards[0][:-1]] = on_table.get(cards[0][:-1], ()) + ((len(cards) - w, w),)
    totals = {(0, 0, (0, 0, 0))}
    for rank in set(naturals) | set(on_table):
        ways = _rank_ways(naturals.get(rank, 0), on_table.get(rank, ()), several, closed, cap)
        totals = {(n + a, w + b, _plus(k, c)) for n, w, k in totals for a, b, c in ways if w + b <= wilds}
    if all_wild:
        ways = _wild_ways(wilds, tuple(wild_table), closed)
        totals = {(n, w + b, _plus(k, c)) for n, w, k in totals for b, c in ways if w + b <= wilds}
    else:
        totals = {(n, w, _plus(k, _tally([_kind(0, size) for size in wild_table]))) for n, w, k in totals}
    for n, w, (natural, mixed, wild) in totals:
        if len(hand) - n - w - melded_blacks > 1:
            continue
        held = {"natural": natural, "mixed": mixed, "wild": wild}
        total = natural + mixed + wild
        if total >= canastas and all(held[k] >= m for k, m in by_kind.items()) and (bonus is None or total <= bonus):
            return True
    return False


SETS = {
    "several": dict(one_per_rank=False),
    "several, closed": dict(one_per_rank=False, wild_onto_canasta=False),
    "all wild, closed": dict(all_wild=True, wild_onto_canasta=False, max_wilds=2),
    "several, all wild, closed": dict(one_per_rank=False, all_wild=True, wild_onto_canasta=False, max_wilds=2),
}
GOING_OUT = {
    "a natural": dict(canastas=1, by_kind=(("natural", 1),)),
    "a natural and a mixed": dict(canastas=2, by_kind=(("natural", 1), ("mixed", 1))),
    "a wild": dict(canastas=1, by_kind=(("wild", 1),)),
    "bonus cards": dict(canastas=1, bonus_cards_per_canasta=True),
    "two and bonus cards": dict(canastas=2, bonus_cards_per_canasta=True, by_kind=(("natural", 1),)),
}


@lru_cache(maxsize=None)
def _config(sets: str, going_out: str):
    entry = replace(CLASSIC, sets=replace(CLASSIC.sets, **SETS[sets]),
                    going_out=replace(CLASSIC.going_out, **GOING_OUT[going_out]), playable=True)
    return build_config(check_entry(entry), ())


# Side 0's melds on the table: kings; two melds of kings; a mixed canasta of eights; a natural canasta of aces
# and a meld of aces; wild cards alone; a canasta of wild cards alone beside a meld of sevens.
TABLES = [[["KC", "KD", "KH"]], [["KC", "KD", "KH"], ["KC", "KD", "2H"]],
          [["8C", "8D", "8H", "8S", "2S", "2H", "JK"]],
          [["AC", "AD", "AH", "AS", "AC", "AD", "AH"], ["AS", "AS", "2H"]],
          [["JK", "2S", "2H"]], [["JK", "JK", "2S", "2S", "2H", "2H", "2D"], ["7C", "7D", "7H"]]]


def _hands():
    return st.lists(st.sampled_from(POOL), min_size=2, max_size=11).filter(lambda cards: not Counter(cards) - DECK)


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(sets=st.sampled_from(sorted(SETS)), going_out=st.sampled_from(sorted(GOING_OUT)), hand=_hands(),
       table=st.sampled_from(TABLES), bonus=st.integers(0, 2))
def test_canasta_going_out_by_kind_and_bonus_cards_search_is_exact_against_brute_force(sets, going_out, hand,
                                                                                        table, bonus):
    cfg = _config(sets, going_out)
    rules = SETS[sets]
    if not rules.get("all_wild") and any(all(c in WILD for c in cards) for cards in table):
        assume(False)
    assume(not Counter(hand + [c for m in table for c in m]) - DECK)
    threes = ["3D", "3H"][:bonus]
    raw = position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                   melds=[[meld(cards) for cards in table], [meld(["QC", "QD", "QS"])]], red_threes=[threes, []],
                   hidden_stock=True, melded_before=[True, True, False, False], turn=meld_turn())
    try:
        state = _state(cfg, raw)
    except EngineError:
        assume(False)
    wanted = GOING_OUT[going_out]
    out = _brute_can_go_out(hand, table, several=not rules.get("one_per_rank", True),
                            closed=not rules.get("wild_onto_canasta", True), all_wild=rules.get("all_wild", False),
                            cap=rules.get("max_wilds", 3), canastas=wanted["canastas"],
                            by_kind=dict(wanted.get("by_kind", ())),
                            bonus=bonus if wanted.get("bonus_cards_per_canasta") else None)
    asked = check(cfg, state, _move({"type": "ask_go_out"}))
    assert (asked == []) is out, asked
    if out:
        _went_out_by_the_plan(_state(cfg, dict(raw, turn=meld_turn(question="yes"))), cfg)


@pytest.mark.parametrize("sets", sorted(SETS))
def test_canasta_going_out_by_kind_entries_combining_the_fields_load(sets):
    assert _config(sets, "a natural").table.going_out.by_kind == (("natural", 1),)


def test_canasta_going_out_bonus_cards_several_melds_of_a_rank_keep_the_kings_short_of_a_canasta():
    # One red three laid out and a canasta of aces: going out may not make a second canasta. With one meld of
    # a rank the four kings and the two all join the three kings, a canasta; with several, the kings and the
    # two share two melds of fewer than seven, the nine discarded.
    hand = ["KC", "KD", "KH", "KS", "2C", "9H"]
    aces = ["AC", "AD", "AH", "AS", "AC", "AD", "AH"]
    raw = position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                   melds=[[meld(aces), meld(["KC", "KD", "KS"])], [meld(["QC", "QD", "QS"])]],
                   red_threes=[["3H"], []], hidden_stock=True, melded_before=[True, True, False, False],
                   turn=meld_turn())
    one = build_config(replace(CLASSIC, going_out=replace(CLASSIC.going_out, bonus_cards_per_canasta=True)), ())
    assert [v.rule for v in check(one, _state(one, raw), _move({"type": "ask_go_out"}))] \
        == ["canasta.going-out.ask-partner"]
    cfg = _config("several", "bonus cards")
    assert check(cfg, _state(cfg, raw), _move({"type": "ask_go_out"})) == []
    state = _went_out_by_the_plan(_state(cfg, dict(raw, turn=meld_turn(question="yes"))), cfg)
    kings = sorted(len(m.cards) for m in state.melds[0] if m.rank == "K")
    assert len(kings) == 2 and sum(kings) == 8 and kings[-1] < 7
