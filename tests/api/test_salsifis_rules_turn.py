"""A Salsifis turn, written from the rule texts: placing, changing, the reveal, and the rule against fleeing."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.salsifis.reference_play import post


def deal(client, players=3, seed=2, options=None, setup=None):
    """A fresh deal's state."""
    body = {"players": players, "seed": seed, "options": options or {}}
    if setup:
        body["setup"] = setup
    return post(client, "/deal", body)["state"]


def apply(client, state, move, options=None, status=200):
    """/apply-move's answer."""
    return post(client, "/apply-move", {"options": options or {}, "state": state, "move": move}, status=status)


def placing(seat, card, packet):
    """A place move naming its seat."""
    return {"type": "place", "seat": seat, "card": card, "packet": packet}


def test_salsifis_turn_place_card_leaves_the_hand_and_lies_by_its_packet(client):
    state = deal(client)
    card = state["hands"][1][2]
    answer = apply(client, state, placing(1, card, 1))
    assert card not in answer["state"]["hands"][1] and len(answer["state"]["hands"][1]) == 4
    assert answer["state"]["placements"] == [{"seat": 1, "packet": 1, "card": card}]
    assert (answer["to_act"], answer["phase"]) == (0, "place")  # the lowest seat without a card down


def test_salsifis_turn_place_any_seat_in_any_order_then_the_dealer_reveals(client):
    state = deal(client, setup={"dealer": 1})
    for seat in (2, 0, 1):
        answer = apply(client, state, placing(seat, state["hands"][seat][0], seat % 2))
        state = answer["state"]
    assert (answer["to_act"], answer["phase"]) == (1, "resolve")
    listed = post(client, "/legal-moves", {"state": state})
    assert listed["to_act"] == 1 and all(move["type"] == "resolve" for move in listed["moves"])


def test_salsifis_turn_change_takes_the_earlier_card_back(client):
    state = deal(client)
    first, second = state["hands"][0][:2]
    state = apply(client, state, placing(0, first, 0))["state"]
    answer = apply(client, state, placing(0, second, 1))
    assert answer["state"]["placements"] == [{"seat": 0, "packet": 1, "card": second}]
    assert Counter(answer["state"]["hands"][0]) == Counter(deal(client)["hands"][0]) - Counter([second])
    moved = apply(client, answer["state"], placing(0, second, 0))["state"]
    assert moved["placements"] == [{"seat": 0, "packet": 0, "card": second}]


def test_salsifis_turn_change_same_card_same_packet_is_refused(client):
    state = deal(client)
    card = state["hands"][0][0]
    state = apply(client, state, placing(0, card, 0))["state"]
    verdict = post(client, "/validate-move", {"state": state, "move": placing(0, card, 0)})
    assert verdict["legal"] is False
    assert [v["rule"] for v in verdict["violations"]] == ["salsifis.turn.change"]


def test_salsifis_turn_change_after_everyone_placed_still_legal_until_the_reveal(client):
    state = deal(client)
    for seat in range(3):
        state = apply(client, state, placing(seat, state["hands"][seat][0], 0))["state"]
    answer = apply(client, state, placing(2, state["hands"][2][0], 1))
    assert answer["phase"] == "resolve"
    assert {"seat": 2, "packet": 1, "card": state["hands"][2][0]} in answer["state"]["placements"]


def test_salsifis_turn_card_held_card_of_another_hand_refused(client):
    state = deal(client)
    verdict = post(client, "/validate-move", {"state": state, "move": placing(0, state["hands"][1][0], 0)})
    assert verdict["legal"] is False
    assert "salsifis.turn.card-held" in [v["rule"] for v in verdict["violations"]]
    apply(client, state, placing(0, state["hands"][1][0], 0), status=422)


def test_salsifis_turn_reveal_before_every_seat_placed_is_refused(client):
    state = deal(client)
    state = apply(client, state, placing(0, state["hands"][0][0], 0))["state"]
    verdict = post(client, "/validate-move", {"state": state, "move": {"type": "resolve", "calls": []}})
    assert verdict["legal"] is False
    assert "salsifis.turn.reveal" in [v["rule"] for v in verdict["violations"]]


def lone_turns(client, players, options, count):
    """Deal and play `count` turns in which seat s sits alone by packet s % 2 where it can; the last answer."""
    state = deal(client, players=players, options=options)
    answer = None
    for _ in range(count):
        for seat in range(players):
            state = apply(client, state, placing(seat, state["hands"][seat][0], seat % 2), options)["state"]
        answer = apply(client, state, {"type": "resolve", "calls": []}, options)
        state = answer["state"]
    return answer


@pytest.mark.parametrize("limit,bound_after", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_salsifis_turn_fleeing_must_fight_after_flee_limit_lone_turns(client, limit, bound_after):
    options = {"flee_limit": limit}
    for count in range(1, bound_after + 1):
        answer = lone_turns(client, 2, options, count)
        assert answer["state"]["alone_streak"] == [count, count]
        must = [event for event in answer["events"] if event["type"] == "must_fight"]
        assert must == ([{"type": "must_fight", "seats": [0, 1], "rules": ["salsifis.turn.fleeing"]}]
                        if count == bound_after else [])
    state = answer["state"]
    state = apply(client, state, placing(0, state["hands"][0][0], 0), options)["state"]
    listed = post(client, "/legal-moves", {"options": options, "state": state})
    assert listed["to_act"] == 1 and {move["packet"] for move in listed["moves"]} == {0}
    verdict = post(client, "/validate-move", {"options": options, "state": state,
                                              "move": placing(1, state["hands"][1][0], 1)})
    assert [v["rule"] for v in verdict["violations"]] == ["salsifis.turn.fleeing"]


def test_salsifis_turn_fleeing_flee_limit_zero_never_binds(client):
    answer = lone_turns(client, 2, {"flee_limit": 0}, 4)
    assert answer["state"]["alone_streak"] == [4, 4]
    assert not [event for event in answer["events"] if event["type"] == "must_fight"]
    answer = lone_turns(client, 2, {"flee_limit": 0}, 5)
    assert answer["phase"] == "over"


def test_salsifis_turn_fleeing_seat_left_alone_must_move_to_the_other_packet(client):
    options = {"flee_limit": 1}
    answer = lone_turns(client, 3, options, 1)  # seats 0 and 2 share packet 0, seat 1 sits alone
    state = answer["state"]
    assert state["alone_streak"] == [0, 1, 0]
    cards = [hand[0] for hand in state["hands"]]
    for seat, packet in ((0, 0), (1, 0), (2, 1)):
        state = apply(client, state, placing(seat, cards[seat], packet), options)["state"]
    answer = apply(client, state, placing(0, cards[0], 1), options)  # seat 0 leaves seat 1 alone
    assert (answer["to_act"], answer["phase"]) == (1, "place")
    state = answer["state"]
    listed = post(client, "/legal-moves", {"options": options, "state": state})
    assert listed["moves"] and {move["packet"] for move in listed["moves"]} == {1}
    assert cards[1] in {move["card"] for move in listed["moves"]}
    verdict = post(client, "/validate-move", {"options": options, "state": state,
                                              "move": {"type": "resolve", "calls": []}})
    assert verdict["legal"] is False
    assert "salsifis.turn.fleeing" in [v["rule"] for v in verdict["violations"]]
    answer = apply(client, state, placing(1, cards[1], 1), options)
    assert (answer["to_act"], answer["phase"]) == (0, "resolve")
