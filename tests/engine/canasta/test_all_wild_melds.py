"""Melds of wild cards alone (`sets.all_wild`, as in Bolivia), played through the engine.

The entry is Classic with that field set (and a bonus for a canasta of wild cards). The rule: three or
more wild cards may form a meld on their own, twos and jokers mixed; such a meld takes only wild cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.errors import EngineError
from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.state import dump_state
from rules_engine.games.canasta.variants import CLASSIC

from .helpers import DECK, clean, meld, meld_turn
from .test_opening_search import minimum, state_for
from .test_several_melds_of_a_rank import VALUES, WILD, _move, _state, _totals, _went_out_by_the_plan
from .test_several_melds_of_a_rank import _opened as opened

ALL_WILD = build_config(replace(CLASSIC, sets=replace(CLASSIC.sets, all_wild=True),
                                canastas=replace(CLASSIC.canastas, wild=2000)), ())
ONE = build_config(CLASSIC, ())
POOL = [rank + suit for rank in ("A", "K", "7") for suit in "CDHS"] + list(WILD) * 2 + ["3C"]
FULL_CANASTA = meld(["QC", "QD", "QH", "QS", "2H", "2S", "JK"])   # a canasta holding three wild cards


def _opened(hand: list[str], melds: list, **turn) -> dict:
    return opened(hand, melds, ("7C", "7D", "7S"), **turn)


def _broken(cfg, raw: dict, move: dict) -> list[str]:
    return [v.rule for v in check(cfg, _state(cfg, raw), _move(move))]


def test_canasta_melds_all_wild_three_wild_cards_meld_alone():
    raw = _opened(["2C", "2D", "JK", "5H", "6H"], [meld(["KC", "KD", "KH"])])
    move = {"type": "meld", "melds": [{"cards": ["2C", "2D", "JK"]}]}
    assert _broken(ALL_WILD, raw, move) == []
    assert _broken(ONE, raw, move) == ["canasta.melds.no-wild-melds"]
    listed = [m["code"] for m in legal_moves(ALL_WILD, _state(ALL_WILD, raw))[0]]
    assert "meld:2C,2D,JK" in listed
    assert "meld:2C,2D,JK" not in [m["code"] for m in legal_moves(ONE, _state(ONE, raw))[0]]
    # Two wild cards are no meld, even here.
    assert _broken(ALL_WILD, raw, {"type": "meld", "melds": [{"cards": ["2C", "JK"]}]}) == ["canasta.melds.all-wild"]


def test_canasta_melds_all_wild_such_a_meld_takes_only_wild_cards():
    raw = _opened(["2H", "KS", "5H", "6H"], [meld(["KC", "KD", "KH"]), {"kind": "wild", "cards": ["2C", "2D", "JK"]}])
    assert _broken(ALL_WILD, raw, {"type": "lay_off", "meld": 1, "cards": ["2H"]}) == []
    assert _broken(ALL_WILD, raw, {"type": "lay_off", "meld": 1, "cards": ["KS"]}) == ["canasta.melds.all-wild"]
    listed = [m["code"] for m in legal_moves(ALL_WILD, _state(ALL_WILD, raw))[0]]
    assert "lay_off:1:2H" in listed and "lay_off:0:KS" in listed and "lay_off:1:KS" not in listed


def test_canasta_melds_all_wild_on_the_table_read_and_written_by_kind():
    raw = _opened(["5H", "6H", "8C"], [meld(["KC", "KD", "KH"]), {"kind": "wild", "cards": ["2C", "2D", "JK"]}])
    state = _state(ALL_WILD, raw)
    assert dump_state(state)["melds"][0] == [{"rank": "K", "cards": ["KC", "KD", "KH"]},
                                             {"kind": "wild", "cards": ["2C", "2D", "JK"]}]
    with pytest.raises(EngineError) as refused:
        _state(ALL_WILD, _opened(["5H", "6H", "8C"], [{"kind": "set", "cards": ["2C", "2D", "JK"]}]))
    assert refused.value.problems[0].pointer == ("state", "melds", 0, 0, "kind")
    with pytest.raises(EngineError) as refused:
        _state(ONE, raw)
    assert refused.value.problems[0].rule == "canasta.melds.no-wild-melds"


def test_canasta_melds_all_wild_a_meld_named_wild_is_made_of_wild_cards():
    raw = _opened(["KS", "KS", "KD", "5H", "6H"], [meld(["8C", "8D", "8H"])])
    assert _broken(ALL_WILD, raw, {"type": "meld", "melds": [{"cards": ["KS", "KS", "KD"], "kind": "wild"}]}) \
        == ["canasta.melds.all-wild"]
    assert _broken(ONE, raw, {"type": "meld", "melds": [{"cards": ["KS", "KS", "KD"], "kind": "wild"}]}) \
        == ["canasta.melds.no-wild-melds"]
    assert _broken(ONE, raw, {"type": "meld", "melds": [{"cards": ["KS", "KS", "KD"], "kind": "set"}]}) == []


def test_canasta_melds_all_wild_going_out_with_a_meld_of_wild_cards():
    raw = _opened(["JK", "2C", "2D", "5H"], [FULL_CANASTA])
    assert _broken(ALL_WILD, raw, {"type": "ask_go_out"}) == []
    assert "canasta.going-out.ask-partner" in _broken(ONE, raw, {"type": "ask_go_out"})
    state = _went_out_by_the_plan(_state(ALL_WILD, dict(raw, turn=meld_turn(question="yes"))), ALL_WILD)
    assert sorted(m.kind for m in state.melds[0]) == ["set", "wild"]


# --- the opening, exactly, against a brute force from the rule text ---

def _ways(hand: list[str]):
    """Every way to put cards of the hand down, one meld per rank, wild cards alone in melds of three or
    more: (points, cards left, canastas, black threes)."""
    counts = Counter(c[:-1] for c in hand if c not in WILD and c[:-1] in VALUES)
    totals = {(0, 0, 0): 0}
    for rank, have in counts.items():
        grown: dict = {}
        for (n, w, c), points in totals.items():
            options = [(0, 0)] + [(a, b) for a in range(2, have + 1) for b in range(0, 4) if a + b >= 3]
            for a, b in options:
                key = (n + a, w + b, c + (a + b >= 7))
                grown[key] = max(grown.get(key, -1), points + VALUES[rank] * a)
        totals = grown
    wild_values = sorted((WILD[c] for c in hand if c in WILD), reverse=True)
    for (n, w, c), points in totals.items():
        if w > len(wild_values):
            continue
        # Wild cards alone: none, or three or more in melds of three or more (seven make a canasta).
        for k in [0] + list(range(3, len(wild_values) - w + 1)):
            if n or w or k:
                yield points + sum(wild_values[:w + k]), len(hand) - n - w - k, c + k // 7, hand.count("3C")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(POOL), min_size=3, max_size=12).filter(lambda cards: not Counter(cards) - DECK),
       score=st.sampled_from([0, 1500, 3000]))
def test_canasta_melds_all_wild_counted_in_the_opening_exactly_against_brute_force(hand, score):
    state = _state(ALL_WILD, state_for("classic", hand, discard=["9C"], score=score, failed=0, turn=meld_turn()))
    moves, notes = legal_moves(ALL_WILD, state)
    constraint = notes["constraints"][0]
    ways = list(_ways(hand))
    best = max([p for p, left, _, _ in ways if left >= 2], default=0)
    assert constraint["best"] == best
    assert constraint["met"] is (best >= minimum(score, 15, 0))
    for move in [m for m in moves if m.get("opening")][:2]:
        assert check(ALL_WILD, state, _move(clean(move))) == []
    out = any(left <= 1 and c >= 1 for _, left, c, _ in ways)
    assert ("going_out" in constraint) is out
    # Three wild cards are a building block of their own.
    wild_blocks = [b for b in constraint["blocks"] if all(card in WILD for card in b["cards"])]
    assert bool(wild_blocks) is (sum(card in WILD for card in hand) >= 3)


BOTH = build_config(replace(CLASSIC, sets=replace(CLASSIC.sets, all_wild=True, one_per_rank=False)), ())


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(POOL), min_size=3, max_size=12).filter(lambda cards: not Counter(cards) - DECK))
def test_canasta_melds_all_wild_beside_several_melds_of_a_rank_opening_exact_against_brute_force(hand):
    """As in Bolivia: sets of a rank in any number and wild melds, sharing the hand's wild cards."""
    state = _state(BOTH, state_for("classic", hand, discard=["9C"], score=0, failed=0, turn=meld_turn()))
    constraint = legal_moves(BOTH, state)[1]["constraints"][0]
    counts = Counter(c[:-1] for c in hand if c not in WILD and c[:-1] in VALUES)
    wild_values = sorted((WILD[c] for c in hand if c in WILD), reverse=True)
    best, out = 0, False
    for (n, w, c), points in _totals(tuple(sorted((r, k, ()) for r, k in counts.items()))).items():
        for k in [0] + list(range(3, len(wild_values) - w + 1)):
            if w + k > len(wild_values) or not (n or w or k):
                continue
            left = len(hand) - n - w - k
            total = points + sum(wild_values[:w + k])
            if left >= 2:
                best = max(best, total)
            out = out or (left <= 1 and c + k // 7 >= 1)
    assert constraint["best"] == best
    assert ("going_out" in constraint) is out
