"""A wild card on top of the pile taken with a pair of wild cards (`pile.wild_top_with_wild_pair`, as in Hand
and Foot), played through the engine.

The entry is Classic with that field set, wild cards no longer among the blocked tops and melds of wild cards
alone allowed. The rule: a wild top card is picked up only with wild cards from the hand, two at least; they
make a meld of wild cards alone with it, new or one the side has. Without the field a wild top blocks the pile.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.variants import CLASSIC, HAND_AND_FOOT, entry_problems

from .helpers import DECK, clean, meld, position
from .test_all_wild_melds import _ways
from .test_opening_search import minimum, reachable, state_for
from .test_several_melds_of_a_rank import VALUES, WILD, _move, _state

PAIR_ENTRY = replace(CLASSIC, pile=replace(CLASSIC.pile, blocked_tops=("black_three",), wild_top_with_wild_pair=True),
                     sets=replace(CLASSIC.sets, all_wild=True), canastas=replace(CLASSIC.canastas, wild=1500))
PAIR = build_config(PAIR_ENTRY, ())
NO_PAIR = build_config(replace(PAIR_ENTRY, pile=replace(PAIR_ENTRY.pile, wild_top_with_wild_pair=False)), ())
POOL = [rank + suit for rank in ("A", "K", "7") for suit in "CDHS"] + list(WILD) * 2


def _drawing(hand: list[str], melds: list, discard: list[str]) -> dict:
    """Seat 0 about to draw, side 0 having melded in an earlier turn."""
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=discard,
                    melds=[melds, [meld(["QC", "QD", "QS"])]], hidden_stock=True,
                    melded_before=[True, True, False, False], turn={"seat": 0, "phase": "draw"})


def _broken(cfg, raw: dict, move: dict) -> list[str]:
    return [v.rule for v in check(cfg, _state(cfg, raw), _move(move))]


def _codes(cfg, raw: dict) -> list[str]:
    return [m["code"] for m in legal_moves(cfg, _state(cfg, raw))[0]]


def test_canasta_pile_wild_top_pair_two_wild_cards_take_a_wild_top_card():
    raw = _drawing(["2C", "JK", "KS", "7D"], [meld(["KC", "KD", "KH"])], ["5C", "9H", "2H"])
    take = {"type": "take_pile", "cards": ["2C", "JK"]}
    assert _broken(PAIR, raw, take) == []
    assert _broken(NO_PAIR, raw, take) == ["canasta.pile.take"]
    assert "take_pile:2C,JK" in _codes(PAIR, raw)
    assert not [c for c in _codes(NO_PAIR, raw) if c.startswith("take_pile")]
    state, _ = apply(PAIR, _state(PAIR, raw), _move(take))
    assert [(m.kind, sorted(m.cards)) for m in state.melds[0]] == [("set", ["KC", "KD", "KH"]),
                                                                   ("wild", ["2C", "2H", "JK"])]
    assert sorted(state.hands[0]) == ["5C", "7D", "9H", "KS"] and state.discard == []


def test_canasta_pile_wild_top_pair_one_wild_card_or_natural_cards_do_not_take_it():
    raw = _drawing(["2C", "KS", "KS", "7D"], [meld(["KC", "KD", "KH"])], ["5C", "2H"])
    # Two cards are no meld of wild cards either, so that rule is named beside.
    assert set(_broken(PAIR, raw, {"type": "take_pile", "cards": ["2C"]})) == {"canasta.pile.wild-top-pair",
                                                                              "canasta.melds.all-wild"}
    assert "canasta.pile.wild-top-pair" in _broken(PAIR, raw, {"type": "take_pile", "cards": ["KS", "KS"]})
    assert "canasta.pile.wild-top-pair" in _broken(PAIR, raw, {"type": "take_pile", "cards": ["2C", "KS"]})
    # The top card alone onto the side's kings is no way to take it either.
    assert "canasta.pile.wild-top-pair" in _broken(PAIR, raw, {"type": "take_pile", "cards": []})
    assert not [c for c in _codes(PAIR, raw) if c.startswith("take_pile")]


def test_canasta_pile_wild_top_pair_joins_the_sides_meld_of_wild_cards():
    wild_meld = {"kind": "wild", "cards": ["2D", "2S", "JK"]}
    raw = _drawing(["2C", "JK", "KS", "7D"], [meld(["KC", "KD", "KH"]), wild_meld], ["5C", "2H"])
    onto = {"type": "take_pile", "cards": ["2C", "JK"], "meld": 1}
    assert _broken(PAIR, raw, onto) == []
    assert _broken(PAIR, raw, {"type": "take_pile", "cards": ["2C", "JK"], "meld": 0}) == ["canasta.pile.take"]
    assert _broken(PAIR, raw, {"type": "take_pile", "cards": [], "meld": 1}) == ["canasta.pile.wild-top-pair"]
    codes = _codes(PAIR, raw)
    assert "take_pile:1:2C,JK" in codes and "take_pile:2C,JK" in codes
    state, _ = apply(PAIR, _state(PAIR, raw), _move(onto))
    assert sorted(state.melds[0][1].cards) == ["2C", "2D", "2H", "2S", "JK", "JK"]


def test_canasta_pile_wild_top_pair_a_meld_of_seven_is_a_wild_canasta_and_size_limits_hold():
    capped = build_config(replace(PAIR_ENTRY, sets=replace(PAIR_ENTRY.sets, max_cards=7)), ())
    raw = _drawing(["2C", "JK", "2S", "7D"], [{"kind": "wild", "cards": ["2D", "2H", "JK", "JK"]}], ["5C", "2H"])
    assert _broken(capped, raw, {"type": "take_pile", "cards": ["2C", "JK"], "meld": 0}) == []
    assert _broken(capped, raw, {"type": "take_pile", "cards": ["2C", "JK", "2S"], "meld": 0}) \
        == ["canasta.melds.max-cards"]


def test_canasta_pile_wild_top_pair_the_entry_must_allow_melds_of_wild_cards_and_a_wild_top():
    assert entry_problems(PAIR_ENTRY) == []
    assert any("wild_top_with_wild_pair" in p for p in entry_problems(
        replace(PAIR_ENTRY, sets=replace(PAIR_ENTRY.sets, all_wild=False))))
    assert any("wild_top_with_wild_pair" in p for p in entry_problems(
        replace(PAIR_ENTRY, pile=replace(PAIR_ENTRY.pile, blocked_tops=("black_three", "wild")))))
    # A playable entry with no such rule still keeps wild cards among its blocked tops.
    assert any("blocked_tops" in p for p in entry_problems(
        replace(PAIR_ENTRY, pile=replace(PAIR_ENTRY.pile, wild_top_with_wild_pair=False))))
    assert HAND_AND_FOOT.pile.wild_top_with_wild_pair and "wild" not in HAND_AND_FOOT.pile.blocked_tops


def test_canasta_pile_wild_top_pair_opens_with_the_wild_meld():
    # 2H on top (20) with 2C and 2D (20 each): 60 reaches the 50 needed at a score of 0.
    hand = ["2C", "2D", "KS", "7D", "4H", "3C", "3S", "5H", "6S", "9D", "10H"]      # eleven dealt, none melded
    state = state_for("classic", hand, discard=["5C", "2H"], score=0, failed=0, turn={"seat": 0, "phase": "draw"})
    moves, notes = legal_moves(PAIR, _state(PAIR, state))
    constraint = notes["constraints"][0]
    assert constraint["met"] is True and constraint["best"] == 60
    assert [m["code"] for m in moves if m["type"] == "take_pile"] == ["take_pile:2C,2D"]
    # With a joker and a two it counts 90; short of 90 at 1500 with two twos.
    assert legal_moves(PAIR, _state(PAIR, dict(state, score=[1500, 0])))[1]["constraints"][0]["met"] is False


def _brute_best(hand: list[str], top: str, gain: int) -> int:
    """The most an opening taking a wild top card can count, from the rule text: two or more of the hand's
    wild cards go with the top card into a meld of wild cards alone, the rest of the hand melds as usual;
    two cards stay in the hand, or the hand empties to at most one card with a canasta made."""
    best = 0
    wild_cards = [c for c in hand if c in WILD]
    for j in range(2, len(wild_cards) + 1):
        for pair in set(combinations(sorted(wild_cards), j)):
            rest = list((Counter(hand) - Counter(pair)).elements())
            base = VALUES_ALL[top] + sum(WILD[c] for c in pair)
            for points, left, canastas, _ in [(0, len(rest), 0, 0), *_ways(rest)]:
                canastas += j + 1 >= 7
                if left + gain >= 2 or (gain <= 1 and left + gain <= 1 and canastas >= 1):
                    best = max(best, base + points)
    return best


VALUES_ALL = {**WILD, **{rank + suit: value for rank, value in VALUES.items() for suit in "CDHS"}}


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(POOL), min_size=2, max_size=11), top=st.sampled_from(list(WILD)),
       below=st.lists(st.sampled_from(["5C", "9H", "10S"]), max_size=3), score=st.sampled_from([0, 1500, 3000]))
def test_canasta_pile_wild_top_pair_opening_search_is_exact_against_brute_force(hand, top, below, score):
    assume(not Counter(hand + below + [top]) - DECK)
    hand = reachable("classic", hand, {"phase": "draw"}, below + [top])
    raw = state_for("classic", hand, discard=below + [top], score=score, failed=0, turn={"seat": 0, "phase": "draw"})
    state = _state(PAIR, raw)
    moves, notes = legal_moves(PAIR, state)
    constraint = notes["constraints"][0]
    best = _brute_best(hand, top, len(below))
    assert constraint["via"] == "take_pile" and constraint["best"] == best
    met = best >= minimum(score, 15, 0)
    assert constraint["met"] is met
    taken = [m for m in moves if m["type"] == "take_pile"]
    assert bool(taken) is met
    for move in taken:
        assert check(PAIR, state, _move(clean(move))) == []


def test_canasta_pile_wild_top_pair_a_hidden_hand_may_take_it_with_its_cards():
    raw = position([{"count": 6}, {"count": 11}, {"count": 11}, {"count": 11}], discard=["5C", "2H"],
                   melds=[[meld(["KC", "KD", "KH"])], [meld(["QC", "QD", "QS"])]], hidden_stock=True,
                   melded_before=[True, True, False, False], turn={"seat": 0, "phase": "draw"})
    hidden = legal_moves(PAIR, _state(PAIR, raw))[1]["hidden_moves"]
    assert {"type": "take_pile", "rules": ["canasta.melds.from-hand", "canasta.pile.wild-top-pair"]} in hidden
    assert not [m for m in legal_moves(NO_PAIR, _state(NO_PAIR, raw))[1]["hidden_moves"] if m["type"] == "take_pile"]
