"""The foot (a second hand per seat) and the played_from_foot hook, played through the engine on Classic
entries given a foot: the deal, the position's zones, taking the foot up, going out over the hand and the
foot, scoring what a foot holds, and the view of a player who cannot see a foot."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.scoring import score
from rules_engine.games.canasta.state import dump_state
from rules_engine.games.canasta.variants import CLASSIC
from rules_engine.parsing import HiddenHand

from .helpers import meld_turn
from .zone_helpers import AUTO, play, play_out, read, refusal, verdict, zones_position

FOOT = 11
WITH_FOOT = build_config(replace(CLASSIC, foot=FOOT), ())
WITH_HOOK = build_config(replace(CLASSIC, foot=FOOT, hooks=("played_from_foot",)), ())
CLASSIC_CFG = build_config(CLASSIC, ())
QUEENS = ["QH", "QS", "QD"]
QUEEN_CANASTA = ["QH", "QS", "QD", "QC", "QH", "QS", "QD"]
SEVENS = ["7C", "7D", "7S"]


def zoned(hands: list, feet: list, **fields) -> dict:
    """A four-seat position of a Classic entry with a foot of `FOOT` cards per seat."""
    return zones_position(hands, feet=feet, **fields)


# -- the deal and the position ------------------------------------------------------------------------
def test_canasta_foot_take_up_deal_gives_each_seat_a_foot_after_the_hands():
    state, _ = deal(WITH_FOOT, 4, 7, {})
    assert [len(foot) for foot in state.feet] == [FOOT] * 4
    assert [len(hand) for hand in state.hands] == [11] * 4     # no red three among them here, or replaced
    shown = sum(len(h) for h in state.hands) + sum(len(f) for f in state.feet) + len(state.stock) \
        + len(state.discard) + sum(len(r) for r in state.red_threes)
    assert shown == 108
    dumped = dump_state(state)
    assert dumped["feet"] == state.feet
    assert dump_state(read(WITH_FOOT, dumped)) == dumped
    assert "feet" not in dump_state(deal(CLASSIC_CFG, 4, 7, {})[0])


def test_canasta_foot_take_up_a_face_down_foot_is_given_as_a_count():
    raw = zoned([AUTO, {"count": 11}, {"count": 11}, {"count": 11}], [{"count": FOOT}] * 4,
                melds=[[QUEENS], [SEVENS]], turn={"seat": 0, "phase": "draw"})
    assert read(WITH_FOOT, raw).feet[1] == HiddenHand(FOOT)
    left_out = dict(raw)
    del left_out["feet"]
    assert read(WITH_FOOT, left_out).feet == [HiddenHand(FOOT)] * 4


def test_canasta_foot_take_up_a_foot_holds_all_its_cards_or_none():
    raw = zoned([AUTO, {"count": 11}, {"count": 11}, {"count": 11}], [{"count": 5}] + [{"count": FOOT}] * 3,
                melds=[[QUEENS], [SEVENS]], turn={"seat": 0, "phase": "draw"})
    assert refusal(WITH_FOOT, raw) == (("state", "feet", 0), "canasta.foot.take-up")


def test_canasta_foot_take_up_no_feet_in_a_variant_without_them():
    raw = zoned([AUTO, {"count": 11}, {"count": 11}, {"count": 11}], [{"count": FOOT}] * 4,
                melds=[[QUEENS], [SEVENS]], turn={"seat": 0, "phase": "draw"})
    with pytest.raises(InvalidRequest) as caught:
        read(CLASSIC_CFG, raw)
    assert caught.value.problems[0].pointer == ("state", "feet")


def test_canasta_foot_take_up_no_empty_hand_beside_a_foot_still_down():
    raw = zoned([AUTO, [], AUTO, AUTO], [AUTO] * 4, melds=[[QUEENS], [SEVENS]], turn={"seat": 0, "phase": "draw"})
    assert refusal(WITH_FOOT, raw) == (("state", "feet", 1), "canasta.foot.take-up")


def test_canasta_foot_take_up_only_by_a_seat_that_put_cards_down():
    raw = zoned([AUTO] * 4, [AUTO, AUTO, [], AUTO], melds=[[QUEENS], [SEVENS]], turn={"seat": 0, "phase": "draw"})
    assert refusal(WITH_FOOT, raw) == (("state", "feet", 2), "canasta.foot.take-up")
    raw["melded_before"] = [True, True, True, False]
    assert read(WITH_FOOT, raw).feet[2] == []


# -- taking the foot up --------------------------------------------------------------------------------
def test_canasta_foot_take_up_melding_the_whole_hand_turns_the_foot_over_and_play_goes_on():
    raw = zoned([["KH", "KS", "KD"], AUTO, AUTO, AUTO], [AUTO] * 4, melds=[[QUEENS], [SEVENS]], turn=meld_turn())
    move = {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]}
    assert verdict(WITH_FOOT, raw, move) == ([], [])
    listed = legal_moves(WITH_FOOT, read(WITH_FOOT, raw))[0]
    assert {"type": "meld", "melds": [{"cards": ["KD", "KH", "KS"]}]} in [
        {"type": m["type"], "melds": m.get("melds")} for m in listed]
    foot = raw["feet"][0]
    after, events = play(WITH_FOOT, raw, move)
    assert after.hands[0] == foot and after.feet[0] == []
    assert (after.turn.seat, after.turn.phase) == (0, "meld")
    assert [e["type"] for e in events] == ["melded", "took_up_foot"]
    assert events[-1]["rules"] == ["canasta.foot.take-up"]
    # Without a foot the same meld empties the hand without a canasta: going out, refused.
    assert "canasta.melds.keep-a-card" in verdict(CLASSIC_CFG, _without_feet(raw), move)[0]


def _without_feet(raw: dict) -> dict:
    """The same position in Classic: the feet's cards go back to the stock."""
    plain = dict(raw)
    feet = plain.pop("feet")
    plain["stock"] = list(raw["stock"]) + [card for foot in feet for card in foot]
    return plain


def test_canasta_foot_take_up_down_to_one_card_then_the_discard_turns_the_foot_over():
    raw = zoned([["QC", "9D"], AUTO, AUTO, AUTO], [AUTO] * 4, melds=[[QUEENS], [SEVENS]], turn=meld_turn())
    lay_off = {"type": "lay_off", "meld": 0, "cards": ["QC"]}
    assert verdict(WITH_FOOT, raw, lay_off) == ([], [])
    assert "canasta.melds.keep-a-card" in verdict(CLASSIC_CFG, _without_feet(raw), lay_off)[0]
    foot = raw["feet"][0]
    state, _ = apply(WITH_FOOT, read(WITH_FOOT, raw), read_move(lay_off, 4))
    raw_after = dump_state(state)
    assert raw_after["hands"][0] == ["9D"]
    assert verdict(WITH_FOOT, raw_after, {"type": "discard", "card": "9D"}) == ([], [])
    after, events = play(WITH_FOOT, raw_after, {"type": "discard", "card": "9D"})
    assert after.hands[0] == foot and after.feet[0] == []
    assert (after.turn.seat, after.turn.phase) == (1, "draw")
    assert [e["type"] for e in events] == ["discarded", "took_up_foot"]


def test_canasta_foot_take_up_red_threes_in_the_foot_are_laid_out_and_replaced():
    foot = ["3H", "3D", "4C", "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C"]
    raw = zoned([["KH", "KS", "KD"], AUTO, AUTO, AUTO], [foot, AUTO, AUTO, AUTO], melds=[[QUEENS], [SEVENS]],
                turn=meld_turn())
    next_two = raw["stock"][:2]
    after, events = play(WITH_FOOT, raw, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]})
    assert after.red_threes[0] == ["3H", "3D"]
    assert after.hands[0] == foot[2:] + next_two
    assert events[-1]["type"] == "red_threes" and "canasta.foot.take-up" in events[-1]["rules"]


def test_canasta_melds_keep_a_card_once_the_foot_is_taken_up():
    raw = zoned([["QC", "9D"], AUTO, AUTO, AUTO], [[], AUTO, AUTO, AUTO], melds=[[QUEENS], [SEVENS]],
                turn=meld_turn())
    rules, _ = verdict(WITH_FOOT, raw, {"type": "lay_off", "meld": 0, "cards": ["QC"]})
    assert rules == ["canasta.melds.keep-a-card"]


def test_canasta_going_out_how_needs_the_foot_played_out_too():
    over = {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}
    raw = zoned([[], AUTO, AUTO, AUTO], [AUTO] * 4, melds=[[QUEEN_CANASTA], [SEVENS]], turn=over)
    assert refusal(WITH_FOOT, raw) == (("state", "feet", 0), "canasta.foot.take-up")
    raw = zoned([[], AUTO, AUTO, AUTO], [[], AUTO, AUTO, AUTO], melds=[[QUEEN_CANASTA], [SEVENS]], turn=over)
    assert read(WITH_FOOT, raw).over


def test_canasta_going_out_how_a_foot_still_down_cannot_go_out_nor_ask():
    raw = zoned([["QC", "9D"], AUTO, AUTO, AUTO], [AUTO] * 4, melds=[[QUEEN_CANASTA[:6]], [SEVENS]],
                turn=meld_turn())
    rules, _ = verdict(WITH_FOOT, raw, {"type": "ask_go_out"})
    assert rules == ["canasta.going-out.ask-partner"]
    assert verdict(CLASSIC_CFG, _without_feet(raw), {"type": "ask_go_out"})[0] == []


# -- the played_from_foot hook -------------------------------------------------------------------------
def test_canasta_going_out_played_from_foot_partner_yet_to_play_from_the_foot():
    raw = zoned([["QC", "9D"], AUTO, AUTO, AUTO], [[], AUTO, [], AUTO], melds=[[QUEEN_CANASTA], [SEVENS]],
                turn=meld_turn(), melded_before=[True, True, True, False], played_from_foot=[True, False, False, False])
    lay_off = {"type": "lay_off", "meld": 0, "cards": ["QC"]}
    assert verdict(WITH_HOOK, raw, lay_off)[0] == ["canasta.going-out.played-from-foot"]
    assert verdict(WITH_FOOT, _unhooked(raw), lay_off) == ([], [])
    raw["played_from_foot"] = [True, False, True, False]
    assert verdict(WITH_HOOK, raw, lay_off) == ([], [])
    state, _ = apply(WITH_HOOK, read(WITH_HOOK, raw), read_move(lay_off, 4))
    after, events = apply(WITH_HOOK, state, read_move({"type": "discard", "card": "9D"}, 4))
    assert after.over and after.turn.ending == "went_out"


def _unhooked(raw: dict) -> dict:
    plain = dict(raw)
    plain.pop("played_from_foot")
    return plain


def test_canasta_going_out_played_from_foot_a_finished_hand_shows_it():
    over = {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}
    raw = zoned([[], AUTO, AUTO, AUTO], [[], AUTO, [], AUTO], melds=[[QUEEN_CANASTA], [SEVENS]], turn=over,
                melded_before=[True, True, True, False], played_from_foot=[True, False, False, False])
    assert refusal(WITH_HOOK, raw) == (("state", "played_from_foot", 2), "canasta.going-out.played-from-foot")


def test_canasta_going_out_played_from_foot_only_from_a_foot_taken_up():
    raw = zoned([AUTO] * 4, [AUTO] * 4, melds=[[QUEENS], [SEVENS]], turn={"seat": 0, "phase": "draw"},
                played_from_foot=[False, True, False, False])
    assert refusal(WITH_HOOK, raw) == (("state", "played_from_foot", 1), "canasta.going-out.played-from-foot")


def test_canasta_going_out_played_from_foot_a_turn_under_way_with_the_foot_in_hand_is_one():
    raw = zoned([AUTO] * 4, [[], AUTO, AUTO, AUTO], melds=[[QUEENS], [SEVENS]], turn=meld_turn(),
                played_from_foot=[False] * 4)
    assert refusal(WITH_HOOK, raw) == (("state", "played_from_foot", 0), "canasta.going-out.played-from-foot")
    raw["played_from_foot"] = [True, False, False, False]
    assert read(WITH_HOOK, raw).played_from_foot[0]


def test_canasta_going_out_played_from_foot_a_turn_begun_with_the_foot_in_hand():
    raw = zoned([AUTO] * 4, [AUTO, AUTO, [], AUTO], melds=[[QUEENS], [SEVENS]], turn={"seat": 2, "phase": "draw"},
                melded_before=[True, True, True, False], played_from_foot=[False] * 4)
    after, _ = play(WITH_HOOK, raw, {"type": "draw"})
    assert after.played_from_foot == [False, False, True, False]
    assert dump_state(after)["played_from_foot"] == [False, False, True, False]


def test_canasta_going_out_played_from_foot_when_the_foot_is_taken_up_and_play_goes_on():
    raw = zoned([["KH", "KS", "KD"], AUTO, AUTO, AUTO], [AUTO] * 4, melds=[[QUEENS], [SEVENS]], turn=meld_turn())
    after, _ = play(WITH_HOOK, raw, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]})
    assert after.played_from_foot == [True, False, False, False]
    raw = zoned([["QC", "9D"], AUTO, AUTO, AUTO], [AUTO] * 4, melds=[[QUEENS], [SEVENS]], turn=meld_turn())
    state, _ = play(WITH_HOOK, raw, {"type": "lay_off", "meld": 0, "cards": ["QC"]})
    after, _ = apply(WITH_HOOK, state, read_move({"type": "discard", "card": "9D"}, 4))
    assert after.played_from_foot == [False] * 4      # taken up by the discard: played from the next turn


# -- scoring -------------------------------------------------------------------------------------------
def test_canasta_scoring_foot_cards_a_foot_never_taken_up_counts_against_its_side():
    over = {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}
    foot = ["AC", "AD", "KC", "KD", "9C", "9D", "5C", "5D", "4C", "4D", "JK"]
    raw = zoned([[], AUTO, AUTO, AUTO], [[], foot, AUTO, AUTO], melds=[[QUEEN_CANASTA], [SEVENS]], turn=over)
    lines = [line for line in score(WITH_FOOT, read(WITH_FOOT, raw))["lines"]
             if line["rule"] == "canasta.scoring.foot-cards"]
    assert [(line["team"], line["seat"], line["points"]) for line in lines if line["seat"] == 1] == \
        [(1, 1, -(20 + 20 + 10 + 10 + 10 + 10 + 5 + 5 + 5 + 5 + 50))]
    assert {line["seat"] for line in lines} == {1, 2, 3}
    assert [line["text"] for line in lines if line["seat"] == 1] == ["11 cards left in seat 1's foot"]


def test_canasta_scoring_foot_cards_a_hidden_foot_is_needed_to_score():
    over = {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}
    raw = zoned([[], AUTO, AUTO, AUTO], [[], {"count": FOOT}, AUTO, AUTO], melds=[[QUEEN_CANASTA], [SEVENS]],
                turn=over)
    with pytest.raises(InvalidRequest) as caught:
        score(WITH_FOOT, read(WITH_FOOT, raw))
    assert caught.value.problems[0].pointer == ("state", "feet", 1)
    assert caught.value.problems[0].rule == "canasta.scoring.foot-cards"


# -- a foot nobody sees --------------------------------------------------------------------------------
def test_canasta_foot_take_up_a_hidden_foot_taken_up_is_unverified_and_becomes_a_count():
    raw = zoned([["KH", "KS", "KD"], AUTO, AUTO, AUTO], [{"count": FOOT}] * 4, melds=[[QUEENS], [SEVENS]],
                turn=meld_turn())
    move = {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]}
    assert verdict(WITH_FOOT, raw, move) == ([], ["canasta.foot.take-up"])
    after, _ = play(WITH_FOOT, raw, move)
    assert after.hands[0] == HiddenHand(FOOT) and after.feet[0] == []
    moves, notes = legal_moves(WITH_FOOT, after)
    assert notes["hidden_moves"] and "canasta.melds.from-hand" in notes["unverified"]


def test_canasta_going_out_played_from_foot_random_hands_stay_readable():
    """Hands played from a deal by random legal moves: every position reached reads back as written."""
    rng = random.Random(3)
    taken_up = 0
    for seed in range(8):
        state, took = play_out(WITH_HOOK, seed, rng, 300, ("took_up_foot",))
        taken_up += took
        assert state.over
        feet_left = [seat for seat, foot in enumerate(state.feet) if foot]
        lines = score(WITH_HOOK, state)["lines"]
        assert sorted(line["seat"] for line in lines if line["rule"] == "canasta.scoring.foot-cards") == feet_left
    assert taken_up
