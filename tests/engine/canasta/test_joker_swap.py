"""The joker swap (hook joker_swap, Oklahoma) on a modified Classic entry.

The rule: other players may take the joker (never a two) from a meld into their hand by swapping it with the
card it stands for; in a set that is a natural card of the set's rank.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_engine.errors import EngineError
from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.state import dump_state, read_state
from rules_engine.games.canasta.variants import CLASSIC, GoingOut, Opening, entry_problems

from .helpers import meld, meld_turn, position

ENTRY = replace(CLASSIC, hooks=("joker_swap",), opening=Opening(tiers=((None, 0),)),
                going_out=GoingOut(ask_partner="never"))
CFG = build_config(ENTRY, ())
THEIR_KINGS = meld(["KC", "KD", "JK"])      # side 1's set of kings, a joker standing for a king
THEIR_SEVENS = meld(["7C", "7D", "2S"])     # side 1's set of sevens, a two standing for a seven
OUR_QUEENS = meld(["QC", "QD", "JK"])


def _state(hand: list[str], turn: dict | None = None):
    return read_state(CFG, position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["6C"],
                                    melds=[[OUR_QUEENS], [THEIR_KINGS, THEIR_SEVENS]],
                                    melded_before=[True, True, False, False], turn=turn or meld_turn()), [])


def _swap(owner: int, index: int, card: str) -> dict:
    return read_move({"type": "swap_joker", "owner": owner, "meld": index, "card": card}, 4)


def test_canasta_melds_joker_swap_takes_the_joker_for_a_natural_of_the_sets_rank():
    state = _state(["KH", "7H", "QH", "5D"])
    assert check(CFG, state, _swap(1, 0, "KH")) == []
    swaps = [m for m in legal_moves(CFG, state)[0] if m["type"] == "swap_joker"]
    assert [(m["owner"], m["meld"], m["card"]) for m in swaps] == [(1, 0, "KH")]
    after, events = apply(CFG, state, _swap(1, 0, "KH"))
    kings = after.melds[1][0]
    assert sorted(kings.cards) == ["KC", "KD", "KH"] and (kings.naturals, kings.wilds) == (3, 0)
    assert sorted(after.hands[0]) == sorted(["7H", "QH", "5D", "JK"])
    assert events[0]["rules"] == ["canasta.melds.joker-swap"]


def test_canasta_melds_joker_swap_refused_for_a_two_another_rank_an_own_meld_or_a_card_not_held():
    state = _state(["KH", "7H", "QH", "5D"])
    rules = {"two": check(CFG, state, _swap(1, 1, "7H")), "rank": check(CFG, state, _swap(1, 0, "7H")),
             "own": check(CFG, state, _swap(0, 0, "QH")), "held": check(CFG, state, _swap(1, 0, "KS"))}
    for name, found in rules.items():
        assert [v.rule for v in found] == ["canasta.melds.joker-swap"], name


def test_canasta_melds_joker_swap_only_after_drawing():
    state = _state(["KH", "7H"], turn={"seat": 0, "phase": "draw"})
    assert [v.rule for v in check(CFG, state, _swap(1, 0, "KH"))] == ["canasta.turn.draw"]


def test_canasta_melds_joker_swap_refused_as_a_move_where_the_variant_lacks_it(client):
    state = position([["KH", "7H", "5D"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["6C"],
                     melds=[[], [THEIR_KINGS]], melded_before=[False, True, False, False], turn=meld_turn())
    answer = client.post("/validate-move", json={"game": "canasta", "variant": "classic", "state": state,
                                                 "move": {"type": "swap_joker", "owner": 1, "meld": 0, "card": "KH"}})
    assert answer.status_code == 422
    refusal = answer.get_json()["violations"][0]
    assert (refusal["rule"], refusal["pointer"]) == ("canasta.melds.joker-swap", "/move/type")


def test_canasta_melds_joker_swap_needs_no_opening_minimum_at_load():
    assert entry_problems(replace(ENTRY, playable=True)) == []
    assert any("joker_swap" in p for p in entry_problems(replace(ENTRY, opening=CLASSIC.opening, playable=True)))


def test_canasta_melds_joker_swap_wild_and_natural_wild_as_queen_listed_moves_are_legal_in_random_play():
    """Hands dealt and played at random under entries with each of these fields and hooks: every listed move
    passes the checks, and every position reached reads back as it was written."""
    twos = ("2C", "2D", "2H", "2S")
    entries = [ENTRY, replace(ENTRY, hooks=("joker_swap", "queen_of_spades_discarded_last")),
               replace(CLASSIC, roles=replace(CLASSIC.roles, wild=("JK",), wild_and_natural=twos)),
               replace(CLASSIC, values=replace(CLASSIC.values, wild_as=(("K", 15), ("7", 5))))]
    for entry in entries:
        cfg = build_config(entry, ())
        for seed in range(6):
            rng = random.Random(seed)
            state = deal(cfg, 4, seed, {})[0]
            for _ in range(120):
                moves, _ = legal_moves(cfg, state)
                if not moves:
                    break
                for move in moves:
                    assert check(cfg, state, _plain(move)) == [], move
                melding = [m for m in moves if m["type"] not in ("discard", "draw")]
                state, _ = apply(cfg, state, read_move(_plain(rng.choice(melding or moves)), 4))
                assert dump_state(read_state(cfg, dump_state(state), [])) == dump_state(state)
                if state.over:
                    break


def _plain(move: dict) -> dict:
    return read_move({k: v for k, v in move.items() if k not in ("code", "rules", "opening")}, 4)


def test_canasta_melds_joker_swap_from_a_hidden_hand_names_a_card_it_could_hold():
    hidden = read_state(CFG, position([{"count": 4}, {"count": 11}, {"count": 11}, {"count": 11}], discard=["KC", "6C"],
                                      melds=[[OUR_QUEENS], [THEIR_KINGS, THEIR_SEVENS]],
                                      melded_before=[True, True, False, False], turn=meld_turn(), hidden_stock=True),
                        [])
    assert check(CFG, hidden, _swap(1, 0, "KH")) == []
    with pytest.raises(EngineError) as refusal:     # both copies of the KC are in sight: the pile, the kings
        check(CFG, hidden, _swap(1, 0, "KC"))
    assert [problem.pointer for problem in refusal.value.problems] == [("move", "card")]
    after, _ = apply(CFG, hidden, _swap(1, 0, "KH"))
    assert after.hands[0].count == 4 and "KH" in after.melds[1][0].cards
