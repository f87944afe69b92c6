"""Kitties (hands set aside on the table for players who play theirs out) and the stock running out into a
kitty, played through the engine on Classic entries given two kitties of eleven."""

from __future__ import annotations

import random
from dataclasses import replace

from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.scoring import score
from rules_engine.games.canasta.state import dump_state
from rules_engine.games.canasta.variants import CLASSIC
from rules_engine.parsing import HiddenHand

from .helpers import meld_turn
from .zone_helpers import AUTO, ZONE, play, play_out, read, refusal, verdict, zones_position

KITTIES = (2, ZONE)
WITH_KITTIES = build_config(replace(CLASSIC, kitties=KITTIES), ())
KITTY_STOCK = build_config(replace(CLASSIC, kitties=KITTIES, stock_end="kitty"), ())
QUEENS = ["QH", "QS", "QD"]
QUEEN_CANASTA = ["QH", "QS", "QD", "QC", "QH", "QS", "QD"]
SEVENS = ["7C", "7D", "7S"]


def kitty_position(hands: list, kitties: list, **fields) -> dict:
    fields.setdefault("melds", [[QUEENS], [SEVENS]])
    fields.setdefault("turn", meld_turn())
    return zones_position(hands, kitties=kitties, **fields)


def test_canasta_kitty_take_up_deal_sets_the_kitties_aside_after_the_hands():
    state, _ = deal(WITH_KITTIES, 4, 5, {})
    assert [len(kitty) for kitty in state.kitties] == [ZONE, ZONE]
    assert len(state.stock) + len(state.discard) + sum(map(len, state.red_threes)) == 108 - 4 * 11 - 2 * ZONE
    dumped = dump_state(state)
    assert dumped["kitties"] == state.kitties and dump_state(read(WITH_KITTIES, dumped)) == dumped


def test_canasta_kitty_take_up_a_kitty_holds_all_its_cards_or_none():
    raw = kitty_position([AUTO] * 4, [{"count": 4}, {"count": ZONE}], turn={"seat": 0, "phase": "draw"})
    assert refusal(WITH_KITTIES, raw) == (("state", "kitties", 0), "canasta.kitty.take-up")


def test_canasta_kitty_take_up_melding_the_hand_out_without_a_canasta_takes_a_kitty():
    raw = kitty_position([["KH", "KS", "KD"], AUTO, AUTO, AUTO], [AUTO, AUTO])
    move = {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]}
    assert verdict(WITH_KITTIES, raw, move) == ([], [])
    kitty = raw["kitties"][0]
    after, events = play(WITH_KITTIES, raw, move)
    assert after.hands[0] == kitty and after.kitties[0] == [] and after.kitties[1] == raw["kitties"][1]
    assert (after.turn.seat, after.turn.phase) == (0, "meld")
    assert events[-1] == {"type": "took_kitty", "seat": 0, "kitty": 0, "cards": ZONE,
                          "rules": ["canasta.kitty.take-up"]}


def test_canasta_kitty_take_up_the_last_discard_takes_a_kitty_played_next_turn():
    raw = kitty_position([["QC", "9D"], AUTO, AUTO, AUTO], [[], AUTO],
                         melded_before=[True, True, True, False])
    assert verdict(WITH_KITTIES, raw, {"type": "lay_off", "meld": 0, "cards": ["QC"]}) == ([], [])
    state, _ = play(WITH_KITTIES, raw, {"type": "lay_off", "meld": 0, "cards": ["QC"]})
    after, events = apply(WITH_KITTIES, state, read_move({"type": "discard", "card": "9D"}, 4))
    assert after.hands[0] == raw["kitties"][1] and after.kitties == [[], []]
    assert (after.turn.seat, after.turn.phase) == (1, "draw")
    assert [e["type"] for e in events] == ["discarded", "took_kitty"]


def test_canasta_kitty_take_up_a_side_able_to_go_out_goes_out():
    raw = kitty_position([["QC", "9D"], AUTO, AUTO, AUTO], [AUTO, AUTO], melds=[[QUEEN_CANASTA], [SEVENS]])
    state, _ = play(WITH_KITTIES, raw, {"type": "lay_off", "meld": 0, "cards": ["QC"]})
    after, events = apply(WITH_KITTIES, state, read_move({"type": "discard", "card": "9D"}, 4))
    assert after.over and after.turn.ending == "went_out" and after.kitties == raw["kitties"]


def test_canasta_melds_keep_a_card_once_no_kitty_is_left():
    raw = kitty_position([["QC", "9D"], AUTO, AUTO, AUTO], [[], []], melded_before=[True, True, True, True])
    assert verdict(WITH_KITTIES, raw, {"type": "lay_off", "meld": 0, "cards": ["QC"]})[0] == \
        ["canasta.melds.keep-a-card"]


def test_canasta_kitty_take_up_a_hidden_kitty_is_unverified_and_becomes_a_count():
    raw = kitty_position([["KH", "KS", "KD"], AUTO, AUTO, AUTO], [{"count": ZONE}, {"count": ZONE}])
    move = {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]}
    assert verdict(WITH_KITTIES, raw, move) == ([], ["canasta.kitty.take-up"])
    after, _ = play(WITH_KITTIES, raw, move)
    assert after.hands[0] == HiddenHand(ZONE) and after.kitties == [[], HiddenHand(ZONE)]


def _drawn_but_one(raw: dict) -> None:
    """The stock drawn down to its first card: the red threes laid out, the other cards discarded."""
    spare = raw["stock"][1:]
    raw["stock"] = raw["stock"][:1]
    raw["red_threes"] = [[], [card for card in spare if card in ("3D", "3H")]]
    raw["discard"] = raw["discard"] + [card for card in spare if card not in ("3D", "3H")]


def test_canasta_stock_kitty_the_last_card_drawn_turns_a_kitty_into_the_stock():
    raw = kitty_position([AUTO] * 4, [AUTO, AUTO], turn={"seat": 0, "phase": "draw"})
    _drawn_but_one(raw)
    after, events = play(KITTY_STOCK, raw, {"type": "draw"})
    assert after.stock == raw["kitties"][0] and after.kitties == [[], raw["kitties"][1]]
    assert events[-1] == {"type": "kitty_to_stock", "kitty": 0, "cards": ZONE, "rules": ["canasta.stock.kitty"]}
    classic, _ = play(WITH_KITTIES, raw, {"type": "draw"})
    assert classic.stock == [] and classic.kitties == raw["kitties"]


def test_canasta_stock_kitty_no_empty_stock_beside_a_kitty():
    raw = kitty_position([AUTO] * 4, [AUTO, AUTO], turn={"seat": 0, "phase": "draw"})
    _drawn_but_one(raw)
    raw["discard"].append(raw["stock"].pop())
    assert refusal(KITTY_STOCK, raw) == (("state", "stock"), "canasta.stock.kitty")
    assert read(WITH_KITTIES, raw).stock == []


def test_canasta_stock_kitty_random_hands_stay_readable():
    """Hands played from a deal by random legal moves: every position reached reads back as written, and a
    kitty comes into play."""
    rng = random.Random(11)
    kitty_events = 0
    for seed in range(8):
        state, seen = play_out(KITTY_STOCK, seed, rng, 400, ("took_kitty", "kitty_to_stock"))
        kitty_events += seen
        assert state.over
        assert score(KITTY_STOCK, state)["lines"]
    assert kitty_events
