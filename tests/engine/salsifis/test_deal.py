"""Salsifis deal, one test per rule id: the pack for each player count, hands, packets and the heap."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_engine import answers
from rules_engine.cards import STANDARD_CARDS
from rules_engine.errors import InvalidRequest

from .helpers import body, dealt, deck_cards, place

ALL = set(STANDARD_CARDS)


def twos(*suits: str) -> set[str]:
    return {"2" + s for s in suits}


@pytest.mark.parametrize("players,options,removed", [
    (2, {}, {r + s for r in "234" for s in "CDHS"}),
    (3, {}, twos(*"CDHS") | {"3C", "3D", "3H"}),
    (3, {"kept_three": "C"}, twos(*"CDHS") | {"3D", "3H", "3S"}),
    (4, {}, twos("C", "D")),
    (4, {"removed_twos": "HS"}, twos("H", "S")),
    (5, {}, set()),
    (5, {"five_players": "packets-of-two"}, twos(*"CDHS") | {"3C", "3D", "3H"}),
    (5, {"five_players": "four-cards"}, {r + s for r in "23" for s in "CDHS"}),
])
def test_salsifis_deal_cards_pack_for_each_player_count(players, options, removed):
    state = dealt(players, seed=5, **options)
    assert Counter(deck_cards(state)) == Counter(ALL - removed)


@pytest.mark.parametrize("players,hand,packets,heap", [
    (2, 5, [3, 3], 24), (3, 5, [3, 3], 24), (4, 5, [3, 3], 24), (5, 5, [3, 3], 21),
])
def test_salsifis_deal_hands_five_cards_each_and_packets_laid(players, hand, packets, heap):
    state = dealt(players, seed=8)
    assert [len(h) for h in state["hands"]] == [hand] * players
    assert [len(p) for p in state["packets"]] == packets and len(state["heap"]) == heap
    assert state["turn"] == 1 and state["placements"] == [] and state["penalties"] == [0] * players


@pytest.mark.parametrize("reading,hand,sizes,heap", [
    ("short-last-turn", 5, [3, 3], 21), ("packets-of-two", 5, [2, 2], 16), ("four-cards", 4, [3, 3], 18),
])
def test_salsifis_deal_five_players_readings(reading, hand, sizes, heap):
    state = dealt(5, seed=2, five_players=reading)
    assert [len(h) for h in state["hands"]] == [hand] * 5
    assert [len(p) for p in state["packets"]] == sizes and len(state["heap"]) == heap


def test_salsifis_deal_five_players_short_last_turn_has_packets_of_two_and_one():
    from .helpers import play_turn
    state = dealt(5, seed=4)
    for _ in range(4):
        state = play_turn(state, [0, 0, 1, 1, 1], flee_limit=0)
    assert state["turn"] == 5 and [len(p) for p in state["packets"]] == [2, 1] and state["heap"] == []


def test_salsifis_deal_hands_dealt_from_the_dealers_left_and_reproducible():
    one = answers.deal({"game": "salsifis", "players": 3, "seed": 9, "setup": {"dealer": 2}})["state"]
    assert one["dealer"] == 2
    assert one == answers.deal({"game": "salsifis", "players": 3, "seed": 9, "setup": {"dealer": 2}})["state"]
    assert one != dealt(3, seed=10)


def test_salsifis_deal_cards_refuses_a_card_outside_the_pack():
    state = dealt(2)
    state["hands"][0][0] = "2C"
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].pointer == ("state", "hands", 0)
    assert caught.value.problems[0].rule == "salsifis.deal.cards"


def test_salsifis_deal_cards_refuses_a_card_twice():
    state = dealt(3)
    state["heap"][0] = state["hands"][1][0]
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].pointer == ("state", "heap")


def test_salsifis_deal_cards_refuses_missing_cards():
    state = dealt(3)
    state["won"][0] = []
    state["turn"] = 2  # claims a settled turn whose cards went nowhere
    state["hands"] = [h[:4] for h in state["hands"]]
    state["heap"] = state["heap"][:18]
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].rule == "salsifis.deal.cards"


def test_salsifis_deal_hands_refuses_wrong_hand_size():
    state = dealt(3)
    state["hands"][2] = {"count": 4}
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].pointer == ("state", "hands", 2)
    assert caught.value.problems[0].rule == "salsifis.deal.hands"


def test_salsifis_deal_packets_heap_may_be_hidden_or_omitted():
    state = dealt(3)
    hidden = dict(state, heap={"count": 24})
    assert answers.legal_moves(body(hidden))["to_act"] == 0
    del state["heap"]
    assert answers.legal_moves(body(state))["to_act"] == 0
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(dict(state, heap={"count": 23})))
    assert caught.value.problems[0].rule == "salsifis.deal.packets"


def test_salsifis_state_record_round_trips():
    state = dealt(4)
    answer = answers.apply_move(body(state, {"type": "place", "seat": 2, "card": state["hands"][2][0], "packet": 1}))
    again = answers.apply_move(body(answer["state"], {"type": "place", "seat": 0, "card": state["hands"][0][0],
                                                      "packet": 0}))
    assert set(again["state"]) == set(state)
    assert answers.legal_moves(body(again["state"]))["to_act"] == 1


def test_salsifis_deal_setup_refuses_unknown_fields():
    with pytest.raises(InvalidRequest) as caught:
        answers.deal({"game": "salsifis", "players": 3, "seed": 1, "setup": {"hand_number": 2}})
    assert caught.value.problems[0].pointer == ("setup", "hand_number")


CONTRACT_EXAMPLE = {
    "players": 3, "turn": 2,
    "hands": [["KS", "9H", "AD", "5C"], {"count": 4}, {"count": 4}],
    "packets": [["10D", "QC", "4H"], ["AS", "JH", "7S"]],
    "placements": [{"seat": 1, "card": "QS", "packet": 0}],
    "won": [["AC", "KD", "9S", "8C"], [], []],
    "penalties": [0, 10, 0],
}


def test_salsifis_deal_hands_contract_example_is_read_with_the_placed_card_out_of_the_hand():
    listed = answers.legal_moves(body(CONTRACT_EXAMPLE))
    assert listed["to_act"] == 0 and listed["phase"] == "place" and len(listed["moves"]) == 8
    after = answers.apply_move(body(CONTRACT_EXAMPLE, {"type": "place", "card": "KS", "packet": 1}))["state"]
    assert after["hands"][1] == {"count": 3} and after["hands"][0] == ["9H", "AD", "5C"]
    # The record gives no discards: the cards of turn 1 it places nowhere stay unknown in the position answered.
    assert after["discarded"] is None


def test_salsifis_deal_hands_visible_hand_with_its_placed_card():
    state = dealt(3)
    card = state["hands"][0][0]
    state = place(state, 0, card, 0)
    state["hands"][0] = [card] + state["hands"][0]
    assert answers.legal_moves(body(state))["to_act"] == 1
    state["hands"][0][0] = state["heap"].pop()  # one card too many, and not the placed one
    with pytest.raises(InvalidRequest):
        answers.legal_moves(body(state))


def test_salsifis_state_record_scores_won_piles_without_discards():
    # Each pile is one packet of three taken with the winning card: 4 cards.
    record = {"players": 2, "turn": 5, "hands": [[], []], "packets": [],
              "won": [["AS", "KS", "9S", "8S"], ["10H", "JH", "9H", "8H"]], "penalties": [10, 0]}
    scored = answers.score(body(record))
    assert scored["scores"] == [5, 12] and scored["winner"] == 1 and scored["game_over"] is True


def test_salsifis_state_record_unknown_discards_need_an_option_that_discards():
    state = dealt(3)
    # Turn 2 with the nine cards of turn 1 nowhere: no won pile holds them.
    heap = state["heap"]
    state.update(turn=2, hands=[h[:4] for h in state["hands"]], packets=[heap[:3], heap[3:6]], heap=heap[6:])
    del state["discarded"]
    assert answers.legal_moves(body(state))["to_act"] == 0  # by default, unclaimed packets are discarded
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state, unclaimed_packet="carried"))
    assert caught.value.problems[0].pointer == ("state", "won")
