"""Euchre deal: the pack, five cards each in batches, the upcard, reproducible from a seed."""

from __future__ import annotations

import random

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import GAME, dealt, legal

PACK_32 = {r + s for s in "CDHS" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")}
PACK_24 = {r + s for s in "CDHS" for r in ("9", "10", "J", "Q", "K", "A")}


@pytest.mark.parametrize("deck,pack", [("32", PACK_32), ("24", PACK_24)])
def test_euchre_deal_deck_five_each_from_the_chosen_pack(deck, pack):
    state = dealt(seed=5, options={"deck": deck})
    held = [card for hand in state["hands"] for card in hand]
    assert [len(hand) for hand in state["hands"]] == [5, 5, 5, 5]
    assert len(set(held)) == 20 and set(held) <= pack
    assert state["upcard"] in pack and state["upcard"] not in held


def test_euchre_deal_deck_defaults_to_the_seeds_32_cards():
    answer = answers.deal({"game": GAME, "seed": 1})
    assert answer["options"]["deck"] == "32"


def test_euchre_deal_cards_is_reproducible_from_its_seed():
    assert dealt(seed=77) == dealt(seed=77)
    assert dealt(seed=77) != dealt(seed=78)


@pytest.mark.parametrize("batches,sizes", [("3-2", (3, 2)), ("2-3", (2, 3))])
@pytest.mark.parametrize("dealer", [0, 3])
def test_euchre_deal_cards_batches_start_left_of_the_dealer(batches, sizes, dealer):
    state = dealt(seed=9, dealer=dealer, batches=batches)
    # The engine shuffles its pack listed suit by suit (clubs, diamonds, hearts, spades), low to high.
    order = [r + s for s in "CDHS" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    random.Random(9).shuffle(order)
    expected: list[list[str]] = [[], [], [], []]
    position = 0
    for size in sizes:
        for step in range(1, 5):
            expected[(dealer + step) % 4].extend(order[position:position + size])
            position += size
    assert state["hands"] == expected
    assert state["upcard"] == order[-1]  # the seed turns up the bottom card


def test_euchre_deal_cards_first_bidder_is_left_of_the_dealer():
    state = dealt(seed=3, dealer=2)
    answer = legal(state)
    assert (answer["to_act"], answer["phase"]) == (3, "bidding1")
    assert state["current_trick"] == {"leader": 3, "cards": []}


def test_euchre_game_target_setup_score_is_carried():
    state = dealt(seed=3, score=[4, 9])
    assert state["score"] == [4, 9]


@pytest.mark.parametrize("setup,pointer", [
    ({"dealer": 4}, ("setup", "dealer")),
    ({"score": [10, 0]}, ("setup", "score", 0)),
    ({"score": [1]}, ("setup", "score")),
    ({"batches": "1-4"}, ("setup", "batches")),
    ({"hand_number": 2}, ("setup", "hand_number")),
])
def test_euchre_deal_refuses_bad_setup(setup, pointer):
    with pytest.raises(InvalidRequest) as caught:
        answers.deal({"game": GAME, "seed": 1, "setup": setup})
    assert caught.value.problems[0].pointer == pointer


def test_euchre_players_four_only():
    with pytest.raises(InvalidRequest):
        answers.deal({"game": GAME, "seed": 1, "players": 3})
    assert answers.deal({"game": GAME, "seed": 1, "players": 4})["to_act"] == 1
