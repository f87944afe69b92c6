"""Several melds of one rank (`sets.one_per_rank = False`, as in Samba), played through the engine.

The entry is Classic with that one field changed. The rule: a side may hold more than one meld of a
rank; a card added to a meld, or the pile's top card laid on one, goes to the meld the player names.
The brute forces below enumerate every way to share a rank's cards among melds, from the rule text.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_engine.errors import EngineError
from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.state import dump_state, read_state
from rules_engine.games.canasta.variants import CLASSIC

from .helpers import DECK, clean, meld, meld_turn, position
from .test_opening_search import minimum, state_for

SEVERAL = build_config(replace(CLASSIC, sets=replace(CLASSIC.sets, one_per_rank=False)), ())
ONE = build_config(CLASSIC, ())
VALUES = {"A": 20, "K": 10, "8": 10, "7": 5, "4": 5}
WILD = {"JK": 50, "2C": 20, "2D": 20, "2H": 20, "2S": 20}
POOL = [rank + suit for rank in VALUES for suit in "CDHS"] + list(WILD) + ["3C", "3S"]
KINGS_MELDED = [meld(["KC", "KD", "KH"])]


def _state(cfg, raw: dict):
    return read_state(cfg, raw, [])


def _move(raw: dict) -> dict:
    return read_move(raw, 4)


def _opened(hand: list[str], melds: list, opponents: list[str] = ("QC", "QD", "QS"), **turn) -> dict:
    """Seat 0 after drawing from the stock, side 0 having melded in an earlier turn (side 1 `opponents`)."""
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                    melds=[melds, [meld(list(opponents))]], hidden_stock=True,
                    melded_before=[True, True, False, False], turn=meld_turn(**turn))


def _violations(cfg, raw_state: dict, move: dict) -> list[str]:
    return [v.rule for v in check(cfg, _state(cfg, raw_state), _move(move))]


def _went_out_by_the_plan(state, cfg=SEVERAL):
    """After a partner's yes: play the listed steps of going out, then the discard, until the hand ends."""
    for _ in range(20):
        moves = legal_moves(cfg, state)[0]
        step = next((m for m in moves if "canasta.going-out.how" in m["rules"]), None) or next(
            m for m in moves if m["type"] == "discard")
        state, _ = apply(cfg, state, _move(clean(step)))
        if state.over:
            break
    assert state.over and state.turn.ending == "went_out"
    return state


def test_canasta_melds_several_of_a_rank_a_second_meld_of_a_rank_goes_down():
    raw = _opened(["KS", "KS", "KD", "5H", "6H"], KINGS_MELDED)
    move = {"type": "meld", "melds": [{"cards": ["KD", "KS", "KS"]}]}
    assert _violations(SEVERAL, raw, move) == []
    assert "canasta.melds.one-per-rank" in _violations(ONE, raw, move)
    listed = [m["code"] for m in legal_moves(SEVERAL, _state(SEVERAL, raw))[0]]
    assert "meld:KD,KS,KS" in listed and "lay_off:0:KD,KS,KS" in listed
    after, _ = apply(SEVERAL, _state(SEVERAL, raw), _move(move))
    assert [m.rank for m in after.melds[0]] == ["K", "K"]
    # The turn records the meld it started by index: a rank would not say which meld of kings.
    assert dump_state(after)["turn"]["started"] == [1]


def test_canasta_melds_several_of_a_rank_a_lay_off_goes_to_the_meld_named():
    raw = _opened(["KS", "2C", "5H", "6H"], [meld(["KC", "KD", "KH"]), meld(["KC", "KD", "KS", "2D"])])
    listed = [m["code"] for m in legal_moves(SEVERAL, _state(SEVERAL, raw))[0]]
    assert {"lay_off:0:KS", "lay_off:1:KS", "lay_off:0:2C", "lay_off:1:2C"} <= set(listed)
    after, _ = apply(SEVERAL, _state(SEVERAL, raw), _move({"type": "lay_off", "meld": 1, "cards": ["KS"]}))
    assert [len(m.cards) for m in after.melds[0]] == [3, 5]
    # Adding to a meld from an earlier turn is what `extended` records.
    assert after.turn.extended is True


def test_canasta_melds_several_of_a_rank_extended_follows_the_meld_not_its_rank():
    raw = _opened(["KS", "KS", "KD", "KH", "5H", "6H"], KINGS_MELDED)
    state = _state(SEVERAL, raw)
    state, _ = apply(SEVERAL, state, _move({"type": "meld", "melds": [{"cards": ["KD", "KS", "KS"]}]}))
    onto_new, _ = apply(SEVERAL, state, _move({"type": "lay_off", "meld": 1, "cards": ["KH"]}))
    assert onto_new.turn.extended is False and onto_new.turn.started == (1,)
    onto_old, _ = apply(SEVERAL, state, _move({"type": "lay_off", "meld": 0, "cards": ["KH"]}))
    assert onto_old.turn.extended is True


def test_canasta_melds_several_of_a_rank_pile_top_card_joins_the_meld_named():
    kings = [meld(["KC", "KD", "KH"]), meld(["KC", "KD", "KS"])]
    raw = position([["5H", "6H", "7C"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C", "KH"],
                   melds=[kings, [meld(["QC", "QD", "QS"])]], hidden_stock=True,
                   melded_before=[True, True, False, False])
    state = _state(SEVERAL, raw)
    # Two melds of kings could take the king on top: a move bringing no card names one.
    unnamed = check(SEVERAL, state, _move({"type": "take_pile", "cards": []}))
    assert [v.rule for v in unnamed] == ["canasta.melds.several-of-a-rank"] and "`meld`" in unnamed[0].message
    assert check(SEVERAL, state, _move({"type": "take_pile", "cards": [], "meld": 1})) == []
    assert [v.rule for v in check(SEVERAL, state, _move({"type": "take_pile", "cards": [], "meld": 2}))] \
        == ["canasta.pile.take"]
    listed = [m for m in legal_moves(SEVERAL, state)[0] if m["type"] == "take_pile"]
    assert {m.get("meld") for m in listed} == {0, 1}
    after, _ = apply(SEVERAL, state, _move({"type": "take_pile", "cards": [], "meld": 1}))
    assert [len(m.cards) for m in after.melds[0]] == [3, 4]
    assert after.turn.extended is True and after.turn.started == ()


def test_canasta_melds_several_of_a_rank_pile_taken_with_a_pair_starts_a_new_meld():
    raw = position([["KS", "KS", "5H", "6H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C", "KH"],
                   melds=[KINGS_MELDED, [meld(["QC", "QD", "QS"])]], hidden_stock=True,
                   melded_before=[True, True, False, False])
    state = _state(SEVERAL, raw)
    new, _ = apply(SEVERAL, state, _move({"type": "take_pile", "cards": ["KS", "KS"]}))
    assert [len(m.cards) for m in new.melds[0]] == [3, 3] and new.turn.started == (1,)
    onto, _ = apply(SEVERAL, state, _move({"type": "take_pile", "cards": ["KS", "KS"], "meld": 0}))
    assert [len(m.cards) for m in onto.melds[0]] == [6] and onto.turn.extended is True
    classic, _ = apply(ONE, _state(ONE, raw), _move({"type": "take_pile", "cards": ["KS", "KS"]}))
    assert [len(m.cards) for m in classic.melds[0]] == [6]


def test_canasta_melds_several_of_a_rank_started_names_melds_by_index_where_a_rank_is_ambiguous():
    two_kings = [meld(["KC", "KD", "KH"]), meld(["KC", "KD", "KS"])]
    raw = _opened(["5H", "6H", "7C"], two_kings, melded=True, started=[1])
    state = _state(SEVERAL, raw)
    assert state.turn.started == (1,) and dump_state(state)["turn"]["started"] == [1]
    with pytest.raises(EngineError) as refused:
        _state(SEVERAL, _opened(["5H", "6H", "7C"], two_kings, melded=True, started=["K"]))
    problem = refused.value.problems[0]
    assert problem.pointer == ("state", "turn", "started", 0) and problem.rule == "canasta.melds.several-of-a-rank"
    # One meld of a rank: the rank names it, and the state is written back as it came.
    one_king = _opened(["5H", "6H", "7C"], [meld(["KC", "KD", "KH"]), meld(["8C", "8D", "8H"])], melded=True,
                       started=["8"])
    assert _state(SEVERAL, one_king).turn.started == (1,)
    assert dump_state(_state(SEVERAL, one_king))["turn"]["started"] == ["8"]
    assert dump_state(_state(ONE, one_king))["turn"]["started"] == ["8"]


def test_canasta_melds_several_of_a_rank_going_out_splits_a_rank_to_hold_the_wild_cards():
    # Four kings and five wild cards: one meld of kings holds three wild cards at most, two melds hold five.
    canasta = meld(["QC", "QD", "QH", "QS", "2H", "2S", "JK"])
    hand = ["KC", "KD", "KH", "KS", "JK", "JK", "2C", "2D", "2C", "5H"]
    raw = position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                   melds=[[canasta], [meld(["7C", "7D", "7S"])]], hidden_stock=True,
                   melded_before=[True, True, False, False], turn=meld_turn())
    assert _violations(SEVERAL, raw, {"type": "ask_go_out"}) == []
    assert "canasta.going-out.ask-partner" in _violations(ONE, raw, {"type": "ask_go_out"})
    state = _went_out_by_the_plan(_state(SEVERAL, dict(raw, turn=meld_turn(question="yes"))))
    assert sorted(len(m.cards) for m in state.melds[0]) == [4, 5, 7]


# --- the opening and going out, exactly, against a brute force over every sharing of the cards ---

def _ways_for_rank(naturals: int, existing: tuple[tuple[int, int], ...], top: bool = False,
                   wild_onto_canasta: bool = True) -> set[tuple[int, int, int]]:
    """(naturals used, wild cards used, canastas) over every way to share up to `naturals` cards of a rank
    among its melds on the table (given as (naturals, wild cards)) and any number of new melds; with `top`,
    the pile's top card of the rank goes into a new meld with at least two naturals of the hand. Without
    `wild_onto_canasta`, a meld on the table that is a canasta takes no wild card."""
    found = set()
    if top:
        for n in range(2, naturals + 1):
            for w in range(0, 4):
                inner = _ways_for_rank(naturals - n, existing, wild_onto_canasta=wild_onto_canasta)
                found |= {(a + n, b + w, c + (n + 1 + w >= 7)) for a, b, c in inner}
        return found

    def melds_from(left: int, smallest: int, used: int, wilds: int, canastas: int) -> None:
        found.add((used, wilds, canastas))
        for n in range(max(2, smallest), left + 1):        # a new meld: at least two naturals
            for w in range(0, 4):                           # at most three wild cards
                if n + w >= 3:
                    melds_from(left - n, n, used + n, wilds + w, canastas + (n + w >= 7))

    def additions(i: int, left: int, used: int, wilds: int, canastas: int) -> None:
        if i == len(existing):
            melds_from(left, 2, used, wilds, canastas)
            return
        held_n, held_w = existing[i]
        for a in range(0, left + 1):
            for b in range(0, 4 - held_w if wild_onto_canasta or held_n + held_w < 7 else 1):
                additions(i + 1, left - a, used + a, wilds + b, canastas + (held_n + held_w + a + b >= 7))

    additions(0, naturals, 0, 0, 0)
    return found


@lru_cache(maxsize=None)
def _totals(ranks: tuple[tuple[str, int, tuple], ...], top: str | None = None,
            wild_onto_canasta: bool = True) -> dict[tuple[int, int, int], int]:
    """Over all ranks: (naturals used, wild cards used, canastas) and the most natural points for it."""
    totals = {(0, 0, 0): 0}
    for rank, have, existing in ranks:
        grown: dict = {}
        for (n, w, c), points in totals.items():
            for a, b, made in _ways_for_rank(have, existing, rank == top, wild_onto_canasta):
                key = (n + a, w + b, c + made)
                grown[key] = max(grown.get(key, -1), points + VALUES[rank] * a)
        totals = grown
    return totals


def _brute(hand: list[str], existing: dict[str, tuple] | None = None, top: str | None = None, gain: int = 0,
           wild_onto_canasta: bool = True):
    """Every way to put cards down: (points, cards left in the hand, canastas, black threes meldable).
    With `top` the pile is taken: its top card is melded and its `gain` other cards come to the hand."""
    existing = existing or {}
    counts = Counter(c[:-1] for c in hand if c in POOL and c[:-1] in VALUES)
    top_rank = top[:-1] if top else None
    ranks = tuple(sorted((r, counts.get(r, 0), existing.get(r, ()))
                         for r in set(counts) | set(existing) | ({top_rank} if top else set())))
    wild_values = sorted((WILD[c] for c in hand if c in WILD), reverse=True)
    blacks = sum(c in ("3C", "3S") for c in hand)
    for (n, w, c), points in _totals(ranks, top_rank, wild_onto_canasta).items():
        if w > len(wild_values) or (n == 0 and w == 0 and not existing):
            continue
        yield points + sum(wild_values[:w]) + (VALUES[top_rank] if top else 0), len(hand) - n - w + gain, c, blacks


def _hands():
    return st.lists(st.sampled_from(POOL), min_size=3, max_size=12).filter(lambda cards: not Counter(cards) - DECK)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=_hands(), score=st.sampled_from([0, 1500, 3000]))
def test_canasta_melds_several_of_a_rank_opening_search_is_exact_against_brute_force(hand, score):
    raw = state_for("classic", hand, discard=["9C"], score=score, failed=0, turn=meld_turn())
    state = _state(SEVERAL, raw)
    moves, notes = legal_moves(SEVERAL, state)
    constraint = notes["constraints"][0]
    best = max([p for p, left, _, _ in _brute(hand) if left >= 2 and p > 0], default=0)
    assert constraint["best"] == best
    required = minimum(score, 15, 0)
    assert constraint["met"] is (best >= required)
    listed = [m for m in moves if m.get("opening") and not m["opening"].get("exempt")]
    assert bool(listed) is constraint["met"]
    for move in listed[:1]:
        assert check(SEVERAL, state, _move(clean(move))) == []
    # Going out at once needs no minimum: offered exactly when some way empties the hand.
    out = any(left - (blacks if blacks >= 3 else 0) <= 1 and c >= 1 for _, left, c, blacks in _brute(hand))
    assert ("going_out" in constraint) is out


# Side 0's melds on the table: kings, two melds of kings, a canasta of eights, a canasta and a meld of aces.
TABLES = [[["KC", "KD", "KH"]], [["KC", "KD", "KH"], ["KC", "KD", "2H"]], [["8C", "8D", "8H", "8S", "2S", "2H", "2D"]],
          [["AC", "AD", "AH", "AS", "AC", "AD", "JK"], ["AH", "AS", "2H"]], [["8C", "8D", "8H", "8S", "8C", "8D", "8H"]]]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=_hands(), table=st.sampled_from(TABLES))
def test_canasta_melds_several_of_a_rank_going_out_is_found_exactly_against_brute_force(hand, table):
    going_out_is_found_exactly(SEVERAL, hand, table, wild_onto_canasta=True)


def going_out_is_found_exactly(cfg, hand: list[str], table: list[list[str]], wild_onto_canasta: bool) -> None:
    """ask_go_out is legal exactly when the brute force finds a way out, and the listed plan goes out."""
    assume(len(hand) >= 2 and not Counter(hand + [c for m in table for c in m]) - DECK)
    raw = _opened(hand, [meld(cards) for cards in table])
    try:
        state = _state(cfg, raw)
    except EngineError:
        assume(False)
    existing: dict[str, tuple] = {}
    for cards in table:
        wild = sum(c in WILD for c in cards)
        existing[cards[0][:-1]] = existing.get(cards[0][:-1], ()) + ((len(cards) - wild, wild),)
    out = any(left - (blacks if blacks >= 3 else 0) <= 1 and c >= 1
              for _, left, c, blacks in _brute(hand, existing, wild_onto_canasta=wild_onto_canasta))
    asked = check(cfg, state, _move({"type": "ask_go_out"}))
    assert (asked == []) is out, asked
    if out:
        _went_out_by_the_plan(_state(cfg, dict(raw, turn=meld_turn(question="yes"))), cfg)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=_hands(), top=st.sampled_from([c for c in POOL if c[:-1] in VALUES]),
       below=st.lists(st.sampled_from(["5C", "6D", "9H", "QS"]), max_size=2))
def test_canasta_melds_several_of_a_rank_opening_by_the_pile_is_exact_against_brute_force(hand, top, below):
    assume(not Counter(hand + below + [top]) - DECK)
    raw = state_for("classic", hand, discard=below + [top], score=0, failed=0, turn={"seat": 0, "phase": "draw"})
    state = _state(SEVERAL, raw)
    moves, notes = legal_moves(SEVERAL, state)
    constraint = notes["constraints"][0]
    ways = list(_brute(hand, top=top, gain=len(below)))
    best = max([p for p, left, _, _ in ways if left >= 2], default=0)
    if len(below) <= 1:     # the pile brings at most one card: taking it may go out at once
        best = max([best] + [p + (5 * blacks if blacks >= 3 else 0) for p, left, c, blacks in ways
                             if left - (blacks if blacks >= 3 else 0) <= 1 and c >= 1])
    assert constraint["via"] == "take_pile" and constraint["best"] == best
    listed = [m for m in moves if m["type"] == "take_pile"]
    assert bool(listed) is constraint["met"] is (best >= 50)
    for move in listed:
        assert check(SEVERAL, state, _move(clean(move))) == []


# --- whole hands under entries that combine the fields, as Samba and Bolivia do ---

COMBINED = {
    "several melds of a rank, no wild card onto a canasta":
        build_config(replace(CLASSIC, sets=replace(CLASSIC.sets, one_per_rank=False, wild_onto_canasta=False)), ()),
    "and melds of wild cards alone": build_config(replace(
        CLASSIC, sets=replace(CLASSIC.sets, one_per_rank=False, wild_onto_canasta=False, all_wild=True, max_wilds=2),
        canastas=replace(CLASSIC.canastas, wild=2500)), ()),
}


@pytest.mark.parametrize("name", sorted(COMBINED))
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_canasta_melds_several_of_a_rank_whole_hands_listing_and_referee_agree(name, seed):
    """Every listed move is legal and applies; every position written out reads back the same; the hand
    never stalls."""
    cfg = COMBINED[name]
    rng = random.Random(seed)
    state = deal(cfg, 4, seed, {})[0]
    for _ in range(300):
        moves, _ = legal_moves(cfg, state)
        assert moves, dump_state(state)
        for move in rng.sample(moves, min(4, len(moves))):
            assert check(cfg, state, _move(clean(move))) == [], move
        melding = [m for m in moves if m["type"] not in ("discard", "draw")]
        move = rng.choice(melding if melding and rng.random() < 0.8 else moves)
        state, _ = apply(cfg, state, _move(clean(move)))
        assert dump_state(read_state(cfg, dump_state(state), [])) == dump_state(state)
        if state.over:
            break
