"""A Salsifis turn, one test per rule id: placing, changing, fleeing, the reveal and the turns."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import HandFinished, IllegalMove, InvalidRequest

from .helpers import apply, body, dealt, place, play_turn


def violations(state: dict, move: dict, **options) -> list[str]:
    return [v["rule"] for v in answers.validate_move(body(state, move, **options))["violations"]]


def test_salsifis_turn_place_card_leaves_the_hand():
    state = dealt(3)
    card = state["hands"][0][0]
    after = place(state, 0, card, 1)
    assert card not in after["hands"][0] and len(after["hands"][0]) == 4
    assert after["placements"] == [{"seat": 0, "card": card, "packet": 1}]


def test_salsifis_turn_place_to_act_is_lowest_seat_still_to_place():
    state = dealt(3)
    assert answers.legal_moves(body(state))["to_act"] == 0
    state = place(state, 1, state["hands"][1][0], 0)
    listed = answers.legal_moves(body(state))
    assert listed["to_act"] == 0 and listed["phase"] == "place"
    state = place(state, 0, state["hands"][0][0], 0)
    assert answers.legal_moves(body(state))["to_act"] == 2


def test_salsifis_turn_place_lists_every_card_by_both_packets():
    state = dealt(4)
    moves = answers.legal_moves(body(state))["moves"]
    assert len(moves) == 10 and all(m["seat"] == 0 for m in moves)
    assert {m["code"] for m in moves} == {f"place:{c}:{p}" for c in state["hands"][0] for p in (0, 1)}


def test_salsifis_turn_place_without_seat_is_for_the_seat_to_act():
    state = dealt(3)
    after = apply(state, {"type": "place", "card": state["hands"][0][2], "packet": 0})["state"]
    assert after["placements"][0]["seat"] == 0


@pytest.mark.parametrize("seat", [-1, 3, 4, 5, 99])
def test_salsifis_players_seat_not_at_the_table_is_refused_alike_wherever_it_is_read(seat):
    state = dealt(3)
    showing = place(place(place(state, 0, state["hands"][0][0], 0), 1, state["hands"][1][0], 0),
                    2, state["hands"][2][0], 1)
    where = [
        (body(state, {"type": "place", "seat": seat, "card": "AS", "packet": 0}), ("move", "seat")),
        (body(showing, {"type": "resolve", "calls": [{"seat": 0, "soup": True}, {"seat": seat, "soup": True}]}),
         ("move", "calls", 1, "seat")),
        (body({**showing, "placements": [{**showing["placements"][0], "seat": seat}]}),
         ("state", "placements", 0, "seat")),
        (body({**state, "dealer": seat}), ("state", "dealer")),
        (body({**state, "shared": [{"seats": [0, seat], "cards": ["AS"]}]}), ("state", "shared", 0, "seats", 1)),
    ]
    for request, pointer in where:
        with pytest.raises(InvalidRequest) as caught:
            answers.validate_move(request) if "move" in request else answers.legal_moves(request)
        problem = caught.value.problems[0]
        assert problem.pointer == pointer and problem.rule == "salsifis.players"
        assert problem.message == f"there is no seat {seat} at a 3-player table: the seats are numbered 0 to 2"
    with pytest.raises(InvalidRequest) as caught:
        answers.deal({"game": "salsifis", "players": 3, "seed": 1, "setup": {"dealer": seat}})
    assert caught.value.problems[0].message.startswith(f"there is no seat {seat} at a 3-player table")


def test_salsifis_turn_card_held():
    state = dealt(3)
    assert violations(state, {"type": "place", "seat": 1, "card": state["hands"][0][0], "packet": 0}) == [
        "salsifis.turn.card-held"]
    with pytest.raises(IllegalMove):
        apply(state, {"type": "place", "seat": 1, "card": state["hands"][0][0], "packet": 0})


def test_salsifis_turn_change_replaces_the_card_and_returns_the_old_one():
    state = dealt(3)
    first, second = state["hands"][2][:2]
    state = place(state, 2, first, 0)
    answer = apply(state, {"type": "place", "seat": 2, "card": second, "packet": 1})
    after = answer["state"]
    assert after["placements"] == [{"seat": 2, "card": second, "packet": 1}]
    assert first in after["hands"][2] and second not in after["hands"][2]
    assert answer["events"][0]["replaced"] == {"card": first, "packet": 0}


def test_salsifis_turn_change_moves_the_same_card():
    state = dealt(3)
    card = state["hands"][2][0]
    after = place(place(state, 2, card, 0), 2, card, 1)
    assert after["placements"] == [{"seat": 2, "card": card, "packet": 1}] and len(after["hands"][2]) == 4


def test_salsifis_turn_change_to_the_same_place_is_refused():
    state = dealt(3)
    card = state["hands"][2][0]
    state = place(state, 2, card, 0)
    assert violations(state, {"type": "place", "seat": 2, "card": card, "packet": 0}) == ["salsifis.turn.change"]


def test_salsifis_turn_change_still_allowed_when_everyone_has_placed():
    state = dealt(2)
    state = place(place(state, 0, state["hands"][0][0], 0), 1, state["hands"][1][0], 0)
    assert answers.legal_moves(body(state))["phase"] == "resolve"
    card = state["hands"][1][0]
    assert violations(state, {"type": "place", "seat": 1, "card": card, "packet": 1}) == []


def test_salsifis_turn_reveal_waits_for_every_seat():
    state = dealt(3)
    state = place(state, 0, state["hands"][0][0], 0)
    assert violations(state, {"type": "resolve", "calls": []}) == ["salsifis.turn.reveal"]


def test_salsifis_turn_reveal_dealer_is_to_act():
    state = answers.deal({"game": "salsifis", "players": 2, "seed": 3, "setup": {"dealer": 1}})["state"]
    state = place(place(state, 0, state["hands"][0][0], 0), 1, state["hands"][1][0], 0)
    listed = answers.legal_moves(body(state))
    assert listed["to_act"] == 1 and listed["phase"] == "resolve"
    assert listed["moves"][0] == {"type": "resolve", "calls": [], "code": "resolve", "rules": ["salsifis.turn.reveal"]}


def test_salsifis_turn_reveal_lists_formula_moves_for_a_tie():
    from .helpers import showdown
    listed = answers.legal_moves(body(showdown({0: "QS", 1: "QH"}, {2: "5D"}, dealer=2)))
    assert listed["to_act"] == 2
    codes = {m["code"] for m in listed["moves"]}
    assert codes == {"resolve", "resolve:0:QH", "resolve:1:QS"}


def test_salsifis_turn_turns_lay_out_the_next_packets_from_the_heap():
    state = dealt(3)
    heap = state["heap"]
    after = play_turn(state, [0, 0, 1])
    assert after["turn"] == 2 and after["placements"] == []
    assert after["packets"] == [heap[:3], heap[3:6]] and after["heap"] == heap[6:]


def test_salsifis_turn_turns_game_ends_after_five():
    state = dealt(2)
    for _ in range(5):
        state = play_turn(state, [0, 1], flee_limit=0)
    assert state["turn"] == 5 and state["packets"] == [] and state["heap"] == []
    listed = answers.legal_moves(body(state, flee_limit=0))
    assert listed["to_act"] is None and listed["phase"] == "over" and listed["moves"] == []
    with pytest.raises(HandFinished):
        apply(state, {"type": "resolve", "calls": []}, flee_limit=0)


def test_salsifis_turn_fleeing_streak_is_recorded():
    state = play_turn(dealt(2), [0, 1])
    assert state["alone_streak"] == [1, 1]
    state = play_turn(state, [0, 0])
    assert state["alone_streak"] == [0, 0]


def test_salsifis_turn_fleeing_bound_seat_cannot_make_the_last_placing_alone():
    state = play_turn(play_turn(dealt(2), [0, 1]), [0, 1])
    assert state["alone_streak"] == [2, 2]
    state = place(state, 0, state["hands"][0][0], 0)
    card = state["hands"][1][0]
    assert violations(state, {"type": "place", "seat": 1, "card": card, "packet": 1}) == ["salsifis.turn.fleeing"]
    assert violations(state, {"type": "place", "seat": 1, "card": card, "packet": 0}) == []
    assert {m["packet"] for m in answers.legal_moves(body(state))["moves"]} == {0}
    # Off by option: anything goes.
    assert violations(state, {"type": "place", "seat": 1, "card": card, "packet": 1}, flee_limit=0) == []


def test_salsifis_turn_fleeing_left_alone_seat_must_move_before_the_reveal():
    state = play_turn(play_turn(dealt(3), [0, 1, 1]), [0, 1, 1])
    assert state["alone_streak"] == [2, 0, 0]
    state = place(state, 0, state["hands"][0][0], 1)
    state = place(state, 1, state["hands"][1][0], 1)
    state = place(state, 2, state["hands"][2][0], 0)
    # Seat 1 moves away from seat 0, leaving it alone again.
    state = place(state, 1, state["placements"][1]["card"], 0)
    listed = answers.legal_moves(body(state))
    assert listed["to_act"] == 0 and listed["phase"] == "place"
    assert {m["packet"] for m in listed["moves"]} == {0}
    assert violations(state, {"type": "resolve", "calls": []}) == ["salsifis.turn.fleeing"]


def test_salsifis_turn_fleeing_event_names_bound_seats():
    state = play_turn(dealt(2), [0, 1])
    state = place(place(state, 0, state["hands"][0][0], 0), 1, state["hands"][1][0], 1)
    answer = apply(state, {"type": "resolve", "calls": []})
    bound = [e for e in answer["events"] if e["type"] == "must_fight"]
    assert bound == [{"type": "must_fight", "seats": [0, 1], "rules": ["salsifis.turn.fleeing"]}]


def test_salsifis_turn_card_held_shown_hand_names_the_card_it_puts_down():
    state = dealt(3)
    verdict = answers.validate_move(body(state, {"type": "place", "seat": 0, "packet": 0}))
    assert verdict["legal"] is False
    assert verdict["violations"] == [{"rule": "salsifis.turn.card-held", "message": "Seat 0's hand is shown, so its "
                                      "placing names the card it puts down."}]


def test_salsifis_turn_reveal_needs_the_placed_cards_named_and_a_hidden_heap_awaits_the_lay_out():
    state = dealt(2)
    state = place(place(state, 0, state["hands"][0][0], 0), 1, state["hands"][1][0], 1)
    hidden_card = dict(state, placements=[dict(state["placements"][0], card=None), state["placements"][1]])
    hidden_card["hands"] = [{"count": 4}, state["hands"][1]]
    with pytest.raises(InvalidRequest) as caught:
        apply(hidden_card, {"type": "resolve", "calls": []})
    assert caught.value.problems[0].pointer == ("move", "revealed")
    hidden_heap = dict(state, heap={"count": 24})
    after = apply(hidden_heap, {"type": "resolve", "calls": []})
    assert (after["to_act"], after["phase"], after["state"]["packets"]) == (0, "lay_out", [[], []])
    assert after["state"]["heap"] == {"count": 24} and after["state"]["turn"] == 2


def test_salsifis_turn_turns_last_reveal_with_hidden_won_piles():
    state = dealt(2)
    for _ in range(4):
        state = play_turn(state, [0, 0])
    state = place(place(state, 0, state["hands"][0][0], 0), 1, state["hands"][1][0], 1)
    state["won"] = [{"count": len(pile)} for pile in state["won"]]
    answer = apply(state, {"type": "resolve", "calls": []})
    assert answer["to_act"] is None
    assert answer["events"][-1]["type"] == "game_over" and "scores" not in answer["events"][-1]
    with pytest.raises(InvalidRequest) as caught:
        answers.score(body(answer["state"]))
    assert caught.value.problems[0].pointer == ("state", "won", 0)


def test_salsifis_turn_place_any_seat_with_the_other_hands_hidden():
    state = dealt(3)
    card = state["hands"][2][0]
    state["hands"][0] = {"count": 5}
    state["hands"][1] = {"count": 5}
    after = apply(state, {"type": "place", "seat": 2, "card": card, "packet": 1})["state"]
    assert after["placements"] == [{"seat": 2, "card": card, "packet": 1}] and after["hands"][0] == {"count": 5}
    listed = answers.legal_moves(body(after))
    assert [m["code"] for m in listed["moves"]] == ["place:hidden:0", "place:hidden:1"]
    assert listed["to_act"] == 0 and listed["unverified"] == []
