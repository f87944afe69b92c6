"""Every Salsifis option played with its effect checked, as its rule text describes it."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.salsifis.reference_model import DEFAULTS
from tests.engine.salsifis.reference_play import post
from tests.engine.salsifis.reference_positions import (
    PACKET_0,
    last_turn,
    reveal,
    settled,
)

FIGHT = {0: (0, "KS"), 1: (0, "QH"), 2: (0, "9H")}  # seat 0 beats seats 1 and 2; packet 1 is left empty
TIE = {0: (0, "QS"), 1: (0, "QH"), 2: (0, "9H")}


def test_salsifis_state_record_options_declared_are_the_ones_played_here(client):
    game = client.get("/games/salsifis").get_json()
    assert {option["name"]: option["default"] for option in game["options"]} == DEFAULTS


@pytest.mark.parametrize("losing,won,discarded", [
    ("winner", [PACKET_0 + ["KS", "QH", "9H"], [], []], []),
    ("owners", [PACKET_0 + ["KS"], ["QH"], ["9H"]], []),
    ("discarded", [PACKET_0 + ["KS"], [], []], ["QH", "9H"]),
])
def test_salsifis_contest_losing_cards_option_sends_losing_cards(client, losing, won, discarded):
    answer = reveal(client, last_turn(FIGHT), options={"losing_cards": losing})
    assert [Counter(pile) for pile in answer["state"]["won"]] == [Counter(pile) for pile in won]
    assert settled(answer, 0)["winner"] == 0
    # discards not given are unknown, and stay so: the position answered leaves them out as the one sent did
    assert answer["state"]["discarded"] is None
    assert answer["options"]["losing_cards"] == losing


@pytest.mark.parametrize("losing,shared,won", [
    ("winner", PACKET_0 + ["QS", "QH", "9H"], [[], [], []]),
    ("owners", PACKET_0 + ["QS", "QH"], [[], [], ["9H"]]),
    ("discarded", PACKET_0 + ["QS", "QH"], [[], [], []]),
])
def test_salsifis_contest_losing_cards_in_a_shared_tie(client, losing, shared, won):
    answer = reveal(client, last_turn(TIE), options={"losing_cards": losing})
    assert [(s["seats"], Counter(s["cards"])) for s in answer["state"]["shared"]] == [([0, 1], Counter(shared))]
    assert answer["state"]["won"] == won


def test_salsifis_contest_losing_cards_discarded_kept_in_the_discards_mid_game(client):
    options = {"losing_cards": "discarded"}
    state = post(client, "/deal", {"players": 3, "seed": 4, "options": options})["state"]
    cards = [hand[0] for hand in state["hands"]]
    for seat in range(3):
        state = post(client, "/apply-move", {"options": options, "state": state,
                                             "move": {"type": "place", "seat": seat, "card": cards[seat],
                                                      "packet": 0}})["state"]
    answer = post(client, "/apply-move", {"options": options, "state": state,
                                          "move": {"type": "resolve", "calls": []}})
    fight = settled(answer, 0)
    if fight["kind"] == "fight":
        losers = [card for seat, card in enumerate(cards) if seat != fight["winner"]]
        assert Counter(answer["state"]["discarded"]) >= Counter(losers)
        assert not set(losers) & {card for pile in answer["state"]["won"] for card in pile}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_salsifis_contest_empty_carried_packet_joins_the_next_turns_packet(client, players):
    options = {"unclaimed_packet": "carried"}
    state = post(client, "/deal", {"players": players, "seed": 6, "options": options})["state"]
    left = list(state["packets"][1])
    heap = list(state["heap"])
    for seat in range(players):
        state = post(client, "/apply-move", {"options": options, "state": state, "move": {
            "type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": 0}})["state"]
    answer = post(client, "/apply-move", {"options": options, "state": state,
                                          "move": {"type": "resolve", "calls": []}})
    empty = settled(answer, 1)
    assert empty["kind"] == "empty" and empty["outcome"] != "discarded"
    after = answer["state"]
    assert Counter(after["packets"][1]) == Counter(left + heap[3:6])
    assert Counter(after["packets"][0]) == Counter(heap[:3])
    assert after["heap"] == heap[6:]
    assert after["discarded"] == []


@pytest.mark.parametrize("players", [2, 5])
def test_salsifis_contest_empty_carried_packet_grows_each_turn_then_set_aside(client, players):
    options = {"unclaimed_packet": "carried"}
    answer = post(client, "/deal", {"players": players, "seed": 8, "options": options})
    state = answer["state"]
    carried = list(state["packets"][1])
    while answer["phase"] != "over":
        for seat in range(players):
            state = post(client, "/apply-move", {"options": options, "state": state, "move": {
                "type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": 0}})["state"]
        answer = post(client, "/apply-move", {"options": options, "state": state,
                                              "move": {"type": "resolve", "calls": []}})
        state = answer["state"]
        if answer["phase"] != "over":
            assert Counter(state["packets"][1]) >= Counter(carried)
            carried = list(state["packets"][1])
    assert len(carried) == (13 if players == 5 else 15)  # 3 + 3 + 3 + 3 + 1 at five players, short last turn
    assert Counter(state["discarded"]) == Counter(carried)
    assert all(card not in pile for pile in state["won"] for card in carried)
