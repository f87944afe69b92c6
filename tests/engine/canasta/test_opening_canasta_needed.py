"""Opening tiers that ask for a canasta (Brazilian Canasta's initial meld at high scores), played on Classic's
entry with its tiers replaced: the checks, the listing's constraint and the opening search read them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules_engine.games.canasta.checks import judge_move
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.melds import Meld, canasta_kind
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.opening import plan_opening
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.state import dump_state, read_state
from rules_engine.games.canasta.variants import CLASSIC, CanastaTier, check_entry

from .helpers import meld, meld_turn, position

# Brazilian's shape, on Classic's cards: 50 below 7000, then a canasta, a canasta in melds of 200, a natural one.
TIERS = ((None, 15), (0, 50), (7000, CanastaTier()), (8000, CanastaTier(points=200)),
         (9000, CanastaTier(canasta="natural")))
TABLE = replace(CLASSIC, opening=replace(CLASSIC.opening, tiers=TIERS))
CFG = build_config(check_entry(TABLE), ())

SEVEN_KINGS = ["KD", "KC", "KS", "KH", "KD", "KC", "KS"]
MIXED_KINGS = ["KD", "KC", "KS", "KH", "KD", "2C", "JK"]


def state_at(score: int, hand: list[str], *, discard: tuple = ("4C",), turn: dict | None = None) -> dict:
    """Seat 0, whose side has `score` and has not opened, in its meld phase after drawing from the stock."""
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=list(discard),
                    melds=[[], [meld(["QH", "QS", "QD"])]], hidden_stock=True,
                    melded_before=[False, True, False, True], turn=turn or meld_turn(), score=[score, 0])


def drawing(score: int, hand: list[str], discard: list[str]) -> dict:
    """state_at, before seat 0 has drawn: the pile may be taken to open."""
    return state_at(score, hand, discard=tuple(discard), turn={"seat": 0, "phase": "draw"})


def judged(state: dict, move: dict) -> tuple[list, list]:
    found, notes = judge_move(CFG, read_state(CFG, state, []), read_move(move, 4))
    return [(v.rule, v.message) for v in found], notes


def rules_broken(state: dict, move: dict) -> list[str]:
    return [rule for rule, _ in judged(state, move)[0]]


def constraint(state: dict) -> tuple[list[dict], dict]:
    moves, notes = legal_moves(CFG, read_state(CFG, state, []))
    return moves, next(c for c in notes["constraints"] if c["type"] == "initial_meld")


def test_canasta_variant_table_opening_tiers_needing_a_canasta_load_for_a_playable_entry():
    assert check_entry(TABLE).playable


# canasta.opening.canasta-needed: from 7000, the initial meld holds a canasta; points alone do not open.
def test_canasta_opening_canasta_needed_melds_without_a_canasta_are_refused_at_7200():
    state = state_at(7200, ["AH", "AS", "AD", "KH", "KS", "KD", "9C", "8D"])
    found, _ = judged(state, {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}, {"cards": ["KH", "KS", "KD"]}]})
    assert [rule for rule, _ in found] == ["canasta.opening.canasta-needed"]
    assert "Side 0 has 7200 and needs a canasta for its initial meld; these melds make none." in found[0][1]


def test_canasta_opening_canasta_needed_a_mixed_canasta_opens_at_7200():
    state = state_at(7200, MIXED_KINGS + ["9C", "8D"])
    assert rules_broken(state, {"type": "meld", "melds": [{"cards": MIXED_KINGS}]}) == []


def test_canasta_opening_canasta_needed_below_7000_points_alone_open():
    state = state_at(6995, ["AH", "AS", "AD", "9C", "8D"])
    assert rules_broken(state, {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}]}) == []


# From 8000: a canasta, and the melds count at least 200.
def test_canasta_opening_canasta_needed_a_canasta_counting_under_200_is_short_at_8000():
    state = state_at(8200, SEVEN_KINGS + ["9C", "8D"])
    assert rules_broken(state, {"type": "meld", "melds": [{"cards": SEVEN_KINGS}]}) == ["canasta.opening.minimum"]


def test_canasta_opening_canasta_needed_a_canasta_with_melds_of_200_opens_at_8000():
    aces = ["AH", "AS", "AD", "AC", "AH", "AS", "AD"]            # 140
    state = state_at(8200, aces + ["QC", "QD", "JK", "9C", "8D"])
    move = {"type": "meld", "melds": [{"cards": aces}, {"cards": ["QC", "QD", "JK"]}]}     # 140 + 70
    assert rules_broken(state, move) == []


def test_canasta_opening_canasta_needed_200_without_a_canasta_is_refused_at_8000():
    state = state_at(8200, ["AH", "AS", "AD", "AC", "JK", "KH", "KS", "KD", "JK", "9C", "8D"])
    move = {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD", "AC", "JK"]},        # 130
                                      {"cards": ["KH", "KS", "KD", "JK"]}]}             # 80
    assert rules_broken(state, move) == ["canasta.opening.canasta-needed"]


# From 9000: a natural canasta; a mixed one does not open.
def test_canasta_opening_canasta_needed_a_mixed_canasta_is_refused_at_9000():
    state = state_at(9100, MIXED_KINGS + ["9C", "8D"])
    found, _ = judged(state, {"type": "meld", "melds": [{"cards": MIXED_KINGS}]})
    assert [rule for rule, _ in found] == ["canasta.opening.canasta-needed"]
    assert "needs a natural canasta" in found[0][1]


def test_canasta_opening_canasta_needed_a_natural_canasta_opens_at_9000():
    state = state_at(9100, SEVEN_KINGS + ["9C", "8D"])
    assert rules_broken(state, {"type": "meld", "melds": [{"cards": SEVEN_KINGS}]}) == []


# canasta.opening.in-steps: a first step without the canasta stands while the hand can still complete it.
def test_canasta_opening_in_steps_a_step_short_of_the_canasta_stands_while_the_hand_can_make_it():
    hand = ["KD", "KC", "KS", "KH", "KD", "KC", "KS", "9C", "8D"]
    state = state_at(9100, hand)
    found, notes = judged(state, {"type": "meld", "melds": [{"cards": ["KD", "KC", "KS"]}]})
    assert found == []
    assert any(n.rule == "canasta.opening.in-steps" and "0 points with a natural canasta" in n.message for n in notes)
    cfg_state = read_state(CFG, state, [])
    after, _ = apply(CFG, cfg_state, read_move({"type": "meld", "melds": [{"cards": ["KD", "KC", "KS"]}]}, 4))
    dumped = dump_state(after)
    assert dumped["turn"]["opening"] == {"counted": 30, "required": 0}     # 0 points, but no canasta yet
    assert rules_broken(dumped, {"type": "discard", "card": "9C"}) != []  # the turn cannot end so
    moves, note = constraint(dumped)
    assert note["required_canasta"] == "natural" and note["met"]
    assert ("lay_off", 0, ["KC", "KD", "KH", "KS"]) in [
        (m["type"], m.get("meld"), sorted(m.get("cards", []))) for m in moves]
    assert rules_broken(dumped, {"type": "lay_off", "meld": 0, "cards": ["KH", "KD", "KC", "KS"]}) == []


def test_canasta_opening_in_steps_a_step_the_hand_cannot_bring_to_the_canasta_is_refused():
    state = state_at(9100, ["KD", "KC", "KS", "KH", "2C", "9C", "8D"])
    found, _ = judged(state, {"type": "meld", "melds": [{"cards": ["KD", "KC", "KS"]}]})
    assert [rule for rule, _ in found] == ["canasta.opening.canasta-needed"]


# The listing's constraint says what the tier needs and whether the hand can meet it, with a witness.
def test_canasta_opening_canasta_needed_listing_constraint_with_witness():
    state = state_at(7200, MIXED_KINGS + ["AH", "AS", "AD", "9C", "8D"])
    moves, note = constraint(state)
    assert note["required_canasta"] == "any" and note["met"]
    assert "canasta.opening.canasta-needed" in note["rules"]
    assert any(len(w["cards"]) >= 7 for w in note["witness"])
    opening = [m for m in moves if m["type"] == "meld"]
    assert opening and all(rules_broken(state, {"type": "meld", "melds": m["melds"]}) == [] for m in opening)


def test_canasta_opening_canasta_needed_listing_constraint_unmet_without_a_canasta():
    state = state_at(9100, MIXED_KINGS + ["AH", "AS", "AD", "9C", "8D"])
    moves, note = constraint(state)
    assert note["required_canasta"] == "natural" and not note["met"] and note["witness"] == []
    assert not [m for m in moves if m["type"] in ("meld", "lay_off")]


# Brute force: every choice of melds from a small hand (rule text only: a meld holds at least two naturals
# and three cards, at most three wild cards; a canasta is seven cards, natural without a wild card).
VALUES = {"7": 5, "K": 10, "A": 20, "2": 20, "JK": 50}
SUITS = "CDHSCDHS"


def brute_best(hand: list[str], kind: str | None, keep: int, table: tuple[str, int, int] | None) -> int:
    """The most an opening counts that leaves `keep` cards and holds a canasta of `kind`; -1 if none.
    `table`: a meld (rank, naturals, wild cards) the turn already put down, which the hand may add to."""
    ranks = Counter(card[:-1] for card in hand if card[:-1] in ("7", "K", "A"))
    order = sorted(set(ranks) | ({table[0]} if table else set()))
    jokers, twos = hand.count("JK"), sum(card.startswith("2") for card in hand)
    best = -1
    for used in product(*(range(ranks[r] + 1) for r in order)):
        groups = []
        for rank, n in zip(order, used):
            base = table[1:] if table and table[0] == rank else (0, 0)
            if n or base[0]:
                groups.append((base[0] + n, base[1]))
        if not groups:
            continue
        points = sum(VALUES[r] * n for r, n in zip(order, used))
        for j, t in product(range(jokers + 1), range(twos + 1)):
            if len(hand) - sum(used) - j - t < keep:
                continue
            for share in product(*(range(4 - held) for _, held in groups)):
                if sum(share) != j + t:
                    continue
                melds = [(n, held + w) for (n, held), w in zip(groups, share)]
                if any(n < 2 or n + w < 3 for n, w in melds):
                    continue
                made = [("natural" if w == 0 else "mixed") for n, w in melds if n + w >= 7]
                if kind is None or (made and (kind == "any" or kind in made)):
                    best = max(best, points + 50 * j + 20 * t)
    return best


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8)), st.integers(0, 3), st.integers(0, 2),
       st.integers(0, 2), st.sampled_from([None, "any", "natural"]), st.sampled_from([0, 50, 120, 200]), st.booleans())
def test_canasta_opening_canasta_needed_search_is_exact_against_brute_force(ranks, twos, jokers, loose, kind, required,
                                                                            earlier):
    hand = [rank + SUITS[i] for rank, n in zip(("7", "K", "A"), ranks) for i in range(n)]
    hand += ["2C", "2D", "2H"][:twos] + ["JK"] * jokers + ["5C", "9D"][:loose]
    assume(5 <= len(hand) <= 16)      # a step of an opening leaves the two cards the hand keeps
    table = None
    melds: tuple = ()
    if earlier:           # three kings put down earlier this turn, which the hand may add to
        kings = [c for c in hand if c[0] == "K"][:3]
        if len(kings) == 3:
            hand = list(hand)
            for card in kings:
                hand.remove(card)
            table, melds = ("K", 3, 0), (Meld("K", kings, 3, 0),)
    counted = 30 if table else 0
    verdict = plan_opening(CFG, hand, required, keep=2, melds=melds, counted=counted, canasta=kind)
    best = brute_best(hand, kind, 2, table)
    reaches = best >= 0 and counted + best >= required and (best > 0 or table is not None)
    assert verdict.met == reaches
    if kind is not None and best >= 0:
        assert verdict.best == counted + best
    if verdict.met:
        left = Counter(hand)
        made = []
        for draft in verdict.witness:
            left.subtract(draft.hand_cards())
            before = melds[draft.onto] if draft.onto is not None else Meld(draft.rank, [], 0, 0)
            naturals, wilds = before.naturals + len(draft.naturals), before.wilds + len(draft.wilds)
            assert naturals >= 2 and naturals + wilds >= 3 and wilds <= 3
            made.append(canasta_kind(CFG, naturals, wilds))
        if table and not any(d.onto == 0 for d in verdict.witness):
            made.append(None)
        assert min(left.values(), default=0) >= 0 and sum(left.values()) >= 2
        assert counted + sum(d.points(CFG) for d in verdict.witness) >= required
        if kind is not None:
            assert any(m is not None and kind in ("any", m) for m in made)


# canasta.opening.canasta-needed with the pile: the melds made with the top card hold the canasta.
def test_canasta_opening_canasta_needed_pile_taken_into_a_natural_canasta_opens_at_9000():
    state = drawing(9100, ["KD", "KC", "KS", "KH", "KD", "KC", "9C", "8D", "7C"], ["4C", "KS"])
    move = {"type": "take_pile", "cards": ["KD", "KC", "KS", "KH", "KD", "KC"]}
    assert rules_broken(state, move) == []
    moves, note = constraint(state)
    assert note["via"] == "take_pile" and note["required_canasta"] == "natural" and note["met"]
    assert any(m["type"] == "take_pile" for m in moves)


def test_canasta_opening_canasta_needed_pile_taken_without_a_canasta_is_refused_at_7200():
    state = drawing(7200, ["KD", "KC", "AH", "AS", "AD", "9C", "8D"], ["4C", "KS"])
    move = {"type": "take_pile", "cards": ["KD", "KC"], "melds": [{"cards": ["AH", "AS", "AD"]}]}
    assert rules_broken(state, move) == ["canasta.opening.canasta-needed"]
    moves, note = constraint(state)
    assert not note["met"] and not any(m["type"] == "take_pile" for m in moves)


# canasta.opening.concealed-exception: going out concealed lifts the count, not the canasta the tier asks for.
def test_canasta_opening_concealed_exception_lifts_the_count_at_8000():
    state = state_at(8200, SEVEN_KINGS + ["AH", "AS", "AD", "AC", "9C"])     # 70 + 80, then the 9 discarded
    move = {"type": "meld", "melds": [{"cards": SEVEN_KINGS}, {"cards": ["AH", "AS", "AD", "AC"]}]}
    assert rules_broken(state, move) == []
    _, note = constraint(state)
    assert note.get("going_out") is not None


def test_canasta_opening_concealed_exception_keeps_the_natural_canasta_at_9000():
    state = state_at(9100, MIXED_KINGS + ["AH", "AS", "AD", "9C"])
    move = {"type": "meld", "melds": [{"cards": MIXED_KINGS}, {"cards": ["AH", "AS", "AD"]}]}
    assert rules_broken(state, move) == ["canasta.opening.canasta-needed"]
    moves, note = constraint(state)
    assert note.get("going_out") is None and not [m for m in moves if m["type"] == "meld"]
