"""The memo of table melds: filled only by accepted positions, bounded in bytes."""

from __future__ import annotations

import copy

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.config import config_for
from rules_engine.games.canasta.examples import MID_HAND, complete
from rules_engine.games.canasta.meld_memo import CARD_BYTES, ENTRY_BYTES, MeldMemo
from rules_engine.registry import get_game

GAME = get_game("canasta")


def memo():
    return config_for(GAME.ruleset()).table_melds


def with_meld(cards: list[str], stock_count_change: int = 0) -> dict:
    position = copy.deepcopy(MID_HAND)
    position["melds"][1].append({"cards": cards})
    state = complete(position)
    state["stock"]["count"] += stock_count_change
    return state


def test_rejected_position_leaves_no_meld_in_the_memo():
    cards = ["9C", "9D", "9H", "9S"]
    before = memo().get(tuple(cards))  # an accepted position met earlier in the run may have put it there
    state = with_meld(cards, stock_count_change=+1)  # one card more than the deck holds: refused
    with pytest.raises(InvalidRequest):
        GAME.read_state(GAME.ruleset(), state)
    assert memo().get(tuple(cards)) is before


def test_accepted_position_remembers_its_melds():
    cards = ["6C", "6D", "6H", "6S"]
    state = with_meld(cards)
    answers.legal_moves({"game": "canasta", "state": state})
    remembered = memo().get(tuple(cards))
    assert remembered is not None and remembered.rank == "6"


def test_memo_never_holds_more_than_its_bytes():
    small = MeldMemo(max_bytes=10 * (ENTRY_BYTES + 3 * CARD_BYTES))
    melds = [((f"{rank}C", f"{rank}D", f"{rank}H", str(n)), object()) for n in range(7) for rank in "4567"]
    for cards, meld in melds:
        small.remember([(cards, meld)])
        assert small.bytes <= 10 * (ENTRY_BYTES + 3 * CARD_BYTES)
    assert 0 < len(small) <= 10
    last_cards, last_meld = melds[-1]
    assert small.get(last_cards) is last_meld
