"""Positions sent without alone_streak, or with a seat's entry null, over HTTP: the rule against fleeing holds a seat
the other records show bound, and is listed as unverified for a seat they leave open."""

from __future__ import annotations

from tests.engine.salsifis.reach_brute import reachable, state_of
from tests.engine.salsifis.reference_play import post
from rules_engine.games.salsifis.layout import layout_for
from rules_engine.registry import GAMES

FLEEING = "salsifis.turn.fleeing"


def place_others(client, state: dict, lone: int, options: dict) -> dict:
    """Every seat but `lone` puts its first card by packet 0."""
    for seat in range(state["players"]):
        if seat != lone:
            move = {"type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": 0}
            state = post(client, "/apply-move", {"options": options, "state": state, "move": move})["state"]
    return state


def after_a_lone_turn(client, options: dict) -> dict:
    """Three seats after turn 1, seat 0 alone by packet 0 and the others fighting by packet 1."""
    state = post(client, "/deal", {"players": 3, "seed": 2, "options": options})["state"]
    for seat, packet in enumerate([0, 1, 1]):
        move = {"type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": packet}
        state = post(client, "/apply-move", {"options": options, "state": state, "move": move})["state"]
    return post(client, "/apply-move", {"options": options, "state": state,
                                        "move": {"type": "resolve", "calls": []}})["state"]


def test_salsifis_turn_fleeing_a_seat_the_won_piles_show_alone_is_bound_without_its_streak(client):
    options = {"flee_limit": 1}
    state = after_a_lone_turn(client, options)
    assert state["alone_streak"] == [1, 0, 0] and len(state["won"][0]) == 4
    for streaks in (None, [None, 0, 0]):
        sent = {key: value for key, value in state.items() if key != "alone_streak"}
        if streaks is not None:
            sent["alone_streak"] = streaks
        sent = place_others(client, sent, 0, options)
        # Only a lone card brings back a pile of 4 after one turn: seat 0 was alone, so it must fight now.
        assert sent["alone_streak"] == [1, None, None] if streaks is None else [1, 0, 0]
        listed = post(client, "/legal-moves", {"options": options, "state": sent})
        assert listed["to_act"] == 0 and {move["packet"] for move in listed["moves"]} == {0}
        assert all(FLEEING in move["rules"] and "unverified" not in move for move in listed["moves"])
        verdict = post(client, "/validate-move", {"options": options, "state": sent, "move": {
            "type": "place", "card": sent["hands"][0][0], "packet": 1}})
        assert not verdict["legal"] and [v["rule"] for v in verdict["violations"]] == [FLEEING]


def test_salsifis_turn_fleeing_unknown_streaks_answered_as_null_and_kept_through_a_turn(client):
    options = {"flee_limit": 2}
    state = after_a_lone_turn(client, options)
    sent = {key: value for key, value in state.items() if key != "alone_streak"}
    # One turn settled and flee_limit 2: nobody can be bound yet, so nothing is worked out.
    placed = place_others(client, sent, 0, options)
    assert placed["alone_streak"] == [None, None, None]
    move = {"type": "place", "card": placed["hands"][0][0], "packet": 1}
    placed = post(client, "/apply-move", {"options": options, "state": placed, "move": move})["state"]
    answer = post(client, "/apply-move", {"options": options, "state": placed,
                                          "move": {"type": "resolve", "calls": []}})
    # Seat 0 was alone again: two lone turns, which the piles now show (4 + 4 cards), so it is bound to fight;
    # the others fought, which ends any streak.
    assert answer["state"]["alone_streak"] == [2, 0, 0]
    assert {"type": "must_fight", "seats": [0], "rules": [FLEEING]} in answer["events"]


def _open_position():
    """A fully shown position after two turns of two players, flee_limit 1, whose records leave seat 0 alone in
    the last turn under some runs of turns and not under others; its alone_streak left out."""
    options = GAMES["salsifis"].ruleset(None, {"flee_limit": 1}).options
    layout = layout_for(2, options)
    reach = reachable(layout.packet_sizes, 2, options["losing_cards"], options["unclaimed_packet"] == "carried", 1, 2)
    by_rest: dict = {}
    for won, streak, shared, discarded, carried in reach:
        by_rest.setdefault((won, shared, discarded, carried), set()).add(streak[0])
    for (won, shared, discarded, carried), streaks in sorted(by_rest.items()):
        state = state_of((won, (0, 0), shared, discarded, carried), layout, 2)
        if streaks == {0, 1} and state is not None:
            del state["alone_streak"]
            return state
    raise AssertionError("no open record after two turns")


def test_salsifis_turn_fleeing_an_open_seat_may_place_alone_with_the_rule_unverified(client):
    options = {"flee_limit": 1}
    state = place_others(client, _open_position(), 0, options)
    listed = post(client, "/legal-moves", {"options": options, "state": state})
    lone = [move for move in listed["moves"] if move["packet"] == 1]
    assert lone and all(move["unverified"] == [FLEEING] for move in lone)
    assert all("unverified" not in move for move in listed["moves"] if move["packet"] == 0)
    assert FLEEING in listed["unverified"]
    state = post(client, "/apply-move", {"options": options, "state": state, "move": {
        "type": "place", "card": lone[0]["card"], "packet": 1}})["state"]
    listed = post(client, "/legal-moves", {"options": options, "state": state})
    assert listed["phase"] == "resolve" and all(FLEEING in move["unverified"] for move in listed["moves"])
    verdict = post(client, "/validate-move", {"options": options, "state": state,
                                              "move": {"type": "resolve", "calls": []}})
    assert verdict["legal"] and FLEEING in verdict["unverified"]
