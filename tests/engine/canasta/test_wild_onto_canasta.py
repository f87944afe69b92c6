"""No wild card onto a completed canasta (`sets.wild_onto_canasta = False`, as in Samba), through the engine.

The entry is Classic with that field changed (and, for the going-out search, with several melds of a
rank as in Samba). The rule: a meld that is already a canasta takes no more wild cards, whether laid
off from the hand or brought with the pile's top card; natural cards may still join it.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_engine.games.canasta.checks import check
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.variants import CLASSIC

from .helpers import meld, meld_turn, position
from .test_several_melds_of_a_rank import TABLES, _hands, _move, _opened, _state, going_out_is_found_exactly

NO_WILD = build_config(replace(CLASSIC, sets=replace(CLASSIC.sets, wild_onto_canasta=False)), ())
SAMBA_LIKE = build_config(replace(CLASSIC, sets=replace(CLASSIC.sets, wild_onto_canasta=False, one_per_rank=False)),
                          ())
ONE = build_config(CLASSIC, ())
KINGS_CANASTA = meld(["KC", "KD", "KH", "KS", "KC", "KD", "KH"])


def _broken(cfg, raw: dict, move: dict) -> list[str]:
    return [v.rule for v in check(cfg, _state(cfg, raw), _move(move))]


def test_canasta_melds_wild_onto_canasta_refused_from_the_hand_naturals_still_join():
    raw = _opened(["2C", "KS", "5H", "6H"], [KINGS_CANASTA])
    assert _broken(NO_WILD, raw, {"type": "lay_off", "meld": 0, "cards": ["2C"]}) == ["canasta.melds.wild-onto-canasta"]
    assert _broken(ONE, raw, {"type": "lay_off", "meld": 0, "cards": ["2C"]}) == []
    assert _broken(NO_WILD, raw, {"type": "lay_off", "meld": 0, "cards": ["KS"]}) == []
    listed = [m["code"] for m in legal_moves(NO_WILD, _state(NO_WILD, raw))[0]]
    assert "lay_off:0:KS" in listed and "lay_off:0:2C" not in listed
    assert "lay_off:0:2C" in [m["code"] for m in legal_moves(ONE, _state(ONE, raw))[0]]


def test_canasta_melds_wild_onto_canasta_refused_with_the_pile_top_card():
    raw = position([["KS", "2C", "5H", "6H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C", "KH"],
                   melds=[[meld(["KC", "KD", "KS", "KC", "KD", "JK", "JK"])], [meld(["QC", "QD", "QS"])]],
                   hidden_stock=True, melded_before=[True, True, False, False])
    move = {"type": "take_pile", "cards": ["KS", "2C"]}
    assert _broken(NO_WILD, raw, move) == ["canasta.melds.wild-onto-canasta"]
    assert _broken(ONE, raw, move) == []
    assert _broken(NO_WILD, raw, {"type": "take_pile", "cards": []}) == []


def test_canasta_melds_wild_onto_canasta_not_counted_toward_an_initial_meld_in_steps():
    # The turn put down a canasta of fours (35); the two in the hand could bring it to 55 where wild
    # cards may join a canasta, and cannot here.
    fours = meld(["4C", "4D", "4H", "4S", "4C", "4D", "4H"])
    raw = position([["2C", "5H", "6S", "8D"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                   melds=[[fours], [meld(["QC", "QD", "QS"])]], hidden_stock=True,
                   melded_before=[False, True, False, False], turn=meld_turn(melded=True, started=["4"]))
    classic = legal_moves(ONE, _state(ONE, raw))[1]["constraints"][0]
    assert classic["met"] is True and classic["best"] == 55
    here = legal_moves(NO_WILD, _state(NO_WILD, raw))[1]["constraints"][0]
    assert here["met"] is False and here["best"] == 35


def test_canasta_melds_wild_onto_canasta_going_out_needs_another_place_for_the_wild_card():
    raw = _opened(["2C", "5H"], [KINGS_CANASTA])
    assert "canasta.going-out.ask-partner" in _broken(NO_WILD, raw, {"type": "ask_go_out"})
    assert _broken(ONE, raw, {"type": "ask_go_out"}) == []
    assert _broken(NO_WILD, _opened(["2C", "8C", "8D", "5H"], [KINGS_CANASTA]), {"type": "ask_go_out"}) == []


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=_hands(), table=st.sampled_from(TABLES))
def test_canasta_melds_wild_onto_canasta_going_out_is_found_exactly_against_brute_force(hand, table):
    going_out_is_found_exactly(SAMBA_LIKE, hand, table, wild_onto_canasta=False)
