"""canasta.melds.merge: a side's two melds of one rank put together (the merge_melds_of_a_rank hook, Samba family).

The rule, as its text states it: where a side may hold several melds of one rank and the variant lets it
join them, the player may make one meld of two of the side's melds of the same rank during the turn;
neither may be a canasta yet, the joined meld must be valid, no card comes from the hand, and the joined
meld keeps the lower of the two places. The entry is Classic with several melds of a rank and the hook.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.errors import EngineError
from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.state import dump_state
from rules_engine.games.canasta.variants import CLASSIC, check_entry

from .helpers import DECK, meld, meld_turn, position
from .test_going_out_search_combined import _plus, _rank_ways
from .test_several_melds_of_a_rank import SEVERAL, _move, _state, _went_out_by_the_plan

MERGING = build_config(check_entry(replace(CLASSIC, sets=replace(CLASSIC.sets, one_per_rank=False),
                                           hooks=("merge_melds_of_a_rank",))), ())
KINGS_FOUR, KINGS_THREE = ["KC", "KD", "KH", "KS"], ["KC", "KD", "2C"]
ACES = ["AC", "AD", "AH"]


def _table(hand: list[str], ours: list[list[str]], **turn) -> dict:
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                    melds=[[meld(cards) for cards in ours], [meld(["QC", "QD", "QS"])]], hidden_stock=True,
                    melded_before=[True, True, False, False], turn=meld_turn(**turn))


def _refused(cfg, raw: dict, move: dict) -> list[str]:
    return [v.rule for v in check(cfg, _state(cfg, raw), _move(move))]


def _codes(cfg, raw: dict) -> list[str]:
    return [m["code"] for m in legal_moves(cfg, _state(cfg, raw))[0]]


def test_canasta_melds_merge_two_melds_of_a_rank_become_one_at_the_lower_place():
    raw = _table(["5H", "6H", "9D"], [KINGS_THREE, ACES, KINGS_FOUR])
    assert _refused(MERGING, raw, {"type": "merge", "melds": [2, 0]}) == []
    assert "merge:0,2" in _codes(MERGING, raw)
    after, events = apply(MERGING, _state(MERGING, raw), _move({"type": "merge", "melds": [2, 0]}))
    assert [m["cards"] for m in dump_state(after)["melds"][0]] == [KINGS_THREE + KINGS_FOUR, ACES]
    assert events[0]["type"] == "merged" and events[0]["rules"] == ["canasta.melds.merge"]
    # Joining melds from earlier turns adds cards to a meld that was on the table: the turn has melded.
    assert after.turn.melded and after.turn.extended and after.hands[0] == ["5H", "6H", "9D"]


def test_canasta_melds_merge_only_where_the_variant_joins_melds():
    raw = _table(["5H", "6H", "9D"], [KINGS_THREE, ACES, KINGS_FOUR])
    assert _refused(SEVERAL, raw, {"type": "merge", "melds": [0, 2]}) == ["canasta.melds.merge"]
    assert not any(code.startswith("merge") for code in _codes(SEVERAL, raw))
    with pytest.raises(ValueError, match="merge_melds_of_a_rank"):
        check_entry(replace(CLASSIC, hooks=("merge_melds_of_a_rank",)))


@pytest.mark.parametrize("ours, melds", [
    ([KINGS_THREE, ACES], [0, 1]),                                            # two ranks
    ([["KH", "KS", "2S"], ["KC", "KD", "KH", "KS", "KC", "KD", "2D"]], [0, 1]),   # a canasta already
    ([["KC", "KD", "2C", "2D"], ["KH", "KS", "2H", "JK"]], [0, 1]),           # four wild cards: three at most
    ([KINGS_THREE, KINGS_FOUR], [0, 5]),                                      # no meld 5
])
def test_canasta_melds_merge_refused(ours, melds):
    raw = _table(["5H", "6H", "9D"], ours)
    rules = set(_refused(MERGING, raw, {"type": "merge", "melds": melds}))
    # Two ranks joined would also make a meld of two ranks, which the set rule forbids.
    assert rules and rules <= {"canasta.melds.merge", "canasta.melds.wild-limit", "canasta.melds.set"}
    assert f"merge:{melds[0]},{melds[1]}" not in _codes(MERGING, raw)


def test_canasta_melds_merge_two_melds_of_this_turn_stay_a_meld_of_this_turn():
    raw = _table(["5H", "6H", "9D"], [ACES, KINGS_THREE, KINGS_FOUR], melded=True, started=[1, 2])
    after, _ = apply(MERGING, _state(MERGING, raw), _move({"type": "merge", "melds": [1, 2]}))
    assert after.turn.started == (1,) and not after.turn.extended
    one_new = _table(["5H", "6H", "9D"], [ACES, KINGS_THREE, KINGS_FOUR], melded=True, started=[2])
    after, _ = apply(MERGING, _state(MERGING, one_new), _move({"type": "merge", "melds": [1, 2]}))
    assert after.turn.started == () and after.turn.extended


def test_canasta_melds_merge_going_out_joins_two_melds_into_the_canasta_it_needs():
    # Four and three kings: joined, a canasta; the ace goes on the aces and the nine is discarded.
    raw = _table(["AS", "9H"], [KINGS_FOUR, ACES, KINGS_THREE])
    assert _refused(MERGING, raw, {"type": "ask_go_out"}) == []
    assert _refused(SEVERAL, raw, {"type": "ask_go_out"}) == ["canasta.going-out.ask-partner"]
    yes = _table(["AS", "9H"], [KINGS_FOUR, ACES, KINGS_THREE], question="yes")
    assert {"merge:0,2", "lay_off:1:AS"} <= set(_codes(MERGING, yes))
    state = _went_out_by_the_plan(_state(MERGING, yes), MERGING)
    assert sorted(len(m.cards) for m in state.melds[0]) == [4, 7]


def test_canasta_melds_keep_a_card_the_last_card_may_wait_for_a_merge():
    # Laying the ace off leaves one card and no canasta yet; the kings can still be joined before the discard.
    raw = _table(["AS", "9H"], [KINGS_FOUR, ACES, KINGS_THREE])
    move = {"type": "lay_off", "meld": 1, "cards": ["AS"]}
    assert _refused(MERGING, raw, move) == []
    assert _refused(SEVERAL, raw, move) == ["canasta.melds.keep-a-card"]
    no_kings = _table(["AS", "9H"], [KINGS_FOUR, ACES])
    assert _refused(MERGING, no_kings, move) == ["canasta.melds.keep-a-card"]


def test_canasta_melds_merge_classic_refuses_it_through_the_api():
    raw = _table(["5H", "6H", "9D"], [KINGS_THREE, ACES])
    verdict = answers.validate_move({"game": "canasta", "state": raw, "move": {"type": "merge", "melds": [0, 1]}})
    assert verdict["legal"] is False and [v["rule"] for v in verdict["violations"]] == ["canasta.melds.merge"]


# --- going out with merges, exactly, against a brute force over every grouping of the melds of a rank ---

def _mergeable(block: tuple[tuple[int, int], ...]) -> bool:
    """Whether melds (naturals, wild cards) can be joined into one, two at a time, neither a canasta."""
    if len(block) == 1:
        return True
    if sum(w for _, w in block) > 3:
        return False
    for mask in range(1, 2 ** len(block) - 1):
        left = tuple(m for i, m in enumerate(block) if mask >> i & 1)
        right = tuple(m for i, m in enumerate(block) if not mask >> i & 1)
        if all(sum(n + w for n, w in part) < 7 and _mergeable(part) for part in (left, right)):
            return True
    return False


def _room(block: tuple[tuple[int, int], ...], closed: bool) -> int:
    """How many wild cards from the hand the joined block may take: where a canasta takes none, a joined
    canasta takes them only on its two parts before the last merge, while each part stays short of seven."""
    size = sum(n + w for n, w in block)
    if not closed or size < 7:
        return 9
    if len(block) == 1:
        return 0
    rooms = [0]
    for mask in range(1, 2 ** len(block) - 1):
        parts = [tuple(m for i, m in enumerate(block) if (mask >> i & 1) == side) for side in (1, 0)]
        if all(sum(n + w for n, w in part) < 7 and _mergeable(part) for part in parts):
            rooms.append(sum(6 - sum(n + w for n, w in part) for part in parts))
    return max(rooms)


def _groupings(melds: list[tuple[int, int]], closed: bool) -> list[tuple[tuple[int, int, int], ...]]:
    """The melds on the table each grouping of mergeable blocks leaves, as (naturals, wild cards, room)."""
    if not melds:
        return [()]
    first, rest = melds[0], melds[1:]
    found = []
    for mask in range(2 ** len(rest)):
        block = (first,) + tuple(m for i, m in enumerate(rest) if mask >> i & 1)
        others = [m for i, m in enumerate(rest) if not mask >> i & 1]
        if not _mergeable(block):
            continue
        joined = (sum(n for n, _ in block), sum(w for _, w in block), _room(block, closed))
        found += [(joined,) + more for more in _groupings(others, closed)]
    return found


def _brute_out(hand: list[str], table: list[list[str]], closed: bool) -> bool:
    wild_cards = ("JK", "2C", "2D", "2H", "2S")
    naturals = Counter(c[:-1] for c in hand if c not in wild_cards)
    wilds = sum(c in wild_cards for c in hand)
    by_rank: dict[str, list] = {}
    for cards in table:
        w = sum(c in wild_cards for c in cards)
        by_rank.setdefault(cards[0][:-1], []).append((len(cards) - w, w))
    totals = {(0, 0, (0, 0, 0))}
    for rank in set(naturals) | set(by_rank):
        ways = set()
        for grouped in _groupings(by_rank.get(rank, []), closed):
            ways |= _rank_ways(naturals.get(rank, 0), tuple(sorted(grouped)), True, closed, 3)
        totals = {(n + a, w + b, _plus(k, c)) for n, w, k in totals for a, b, c in ways if w + b <= wilds}
    return any(len(hand) - n - w <= 1 and sum(k) >= 1 for n, w, k in totals)


TABLES = [[KINGS_FOUR, KINGS_THREE], [["KC", "KD", "KH"], ["KC", "KD", "2C"], ["KH", "KS", "JK"]],
          [["KC", "KD", "KH", "KS", "KC", "2C"], ["KD", "KH", "KS"], ["AC", "AD", "AH"], ["AC", "AS", "2D"]],
          [["AC", "AD", "AH", "AS", "2C", "2D"], ["AC", "AD", "2H"], ["KC", "KD", "KH"]]]


MERGING_CLOSED = build_config(check_entry(replace(CLASSIC, sets=replace(CLASSIC.sets, one_per_rank=False,
                                                                        wild_onto_canasta=False),
                                                  hooks=("merge_melds_of_a_rank",))), ())


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=st.lists(st.sampled_from(["AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS", "JK", "2S", "2H", "9H"]),
                     min_size=2, max_size=7), table=st.sampled_from(TABLES), closed=st.booleans())
def test_canasta_melds_merge_going_out_is_found_exactly_against_brute_force(hand, table, closed):
    assume(not Counter(hand + [c for m in table for c in m]) - DECK)
    cfg = MERGING_CLOSED if closed else MERGING
    raw = _table(hand, table)
    try:
        state = _state(cfg, raw)
    except EngineError:
        assume(False)
    out = _brute_out(hand, table, closed)
    asked = check(cfg, state, _move({"type": "ask_go_out"}))
    assert (asked == []) is out, asked
    if out:
        _went_out_by_the_plan(_state(cfg, _table(hand, table, question="yes")), cfg)


def test_canasta_melds_merge_wild_cards_join_the_parts_before_a_closed_canasta_is_joined():
    # Four and three kings make a canasta when joined, and a canasta takes no wild card here: the joker goes
    # on the four kings first, then the melds are joined (eight, mixed), the nine discarded.
    hand = ["JK", "9H"]
    raw = _table(hand, [KINGS_FOUR, ["KC", "KD", "KH"]], question="yes")
    moves = [m for m in legal_moves(MERGING_CLOSED, _state(MERGING_CLOSED, raw))[0]
             if "canasta.going-out.how" in m["rules"]]
    assert moves[0]["type"] == "lay_off" and moves[0]["cards"] == ["JK"]
    state = _went_out_by_the_plan(_state(MERGING_CLOSED, raw), MERGING_CLOSED)
    assert [(m.naturals, m.wilds) for m in state.melds[0]] == [(7, 1)]

