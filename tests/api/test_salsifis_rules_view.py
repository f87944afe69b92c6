"""Salsifis from one seat's view, written from the rule texts: hidden hands and heap agree with the full table."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.salsifis.reference_model import Model
from tests.engine.salsifis.reference_play import post, random_calls, random_change

SEEN = ("turn", "packets", "won", "shared", "penalties", "alone_streak")


def view_of(state: dict, seat: int) -> dict:
    """salsifis.state.view: the table as one seat sees it."""
    view = copy.deepcopy(state)
    view["hands"] = [hand if other == seat else {"count": len(hand)} for other, hand in enumerate(state["hands"])]
    view["placements"] = [p if p["seat"] == seat else {**p, "card": None} for p in state["placements"]]
    view["heap"] = {"count": len(state["heap"])}
    return view


def as_seen(state: dict, seat: int) -> dict:
    """What both the full table and one seat's view must agree on."""
    seen = {field: state[field] for field in SEEN}
    seen["packets"] = [sorted(packet) for packet in state["packets"]]
    seen["won"] = [sorted(pile) for pile in state["won"]]
    seen["hand"] = sorted(state["hands"][seat])
    seen["counts"] = [hand["count"] if isinstance(hand, dict) else len(hand) for hand in state["hands"]]
    seen["heap"] = state["heap"]["count"] if isinstance(state["heap"], dict) else len(state["heap"])
    seen["placements"] = sorted((p["seat"], p["packet"]) for p in state["placements"])
    seen["discarded"] = sorted(state["discarded"])
    return seen


def listing(client, options, state, seat):
    """The (seat, packet, card or None) of the placings /legal-moves lists, a hidden seat's card left out."""
    listed = post(client, "/legal-moves", {"options": options, "state": state})
    return listed, {(m["seat"], m["packet"], m.get("card")) for m in listed["moves"] if m["type"] == "place"}


def play_both_ways(client, players, options, seed, viewer):
    """One random hand played on the full table and in the viewer's view side by side."""
    rng = random.Random(seed)
    full = post(client, "/deal", {"players": players, "seed": seed, "options": options})["state"]
    view = view_of(full, viewer)
    model = Model(full, options)
    while True:
        full_listed, full_moves = listing(client, options, full, viewer)
        view_listed, view_moves = listing(client, options, view, viewer)
        assert (view_listed["to_act"], view_listed["phase"]) == (full_listed["to_act"], full_listed["phase"])
        if full_listed["phase"] == "over":
            break
        seat = full_listed["to_act"]
        if full_listed["phase"] == "place":
            hidden = {(s, packet, None) for s, packet, _ in full_moves}
            assert view_moves == (full_moves if seat == viewer else hidden)
            chosen = rng.choice(full_listed["moves"])
            move = {key: chosen[key] for key in ("type", "seat", "card", "packet")}
            if model.placed() and rng.random() < 0.3:
                change = random_change(model, rng)
                if model.place_allowed(change["seat"], change["card"], change["packet"]):
                    move = change
            mover = move["seat"]
            view_move = move if mover == viewer else {"type": "place", "seat": mover, "packet": move["packet"]}
            model.place(mover, move["card"], move["packet"])
        else:
            calls = random_calls(model, rng)
            move = {"type": "resolve", "calls": calls}
            view_move = {"type": "resolve", "calls": calls,
                         "revealed": [{"seat": p["seat"], "card": p["card"]} for p in full["placements"]
                                      if p["seat"] != viewer]}
            before = [list(packet) for packet in full["packets"]]
        full_answer = post(client, "/apply-move", {"options": options, "state": full, "move": move})
        view_answer = post(client, "/apply-move", {"options": options, "state": view, "move": view_move})
        full, view = full_answer["state"], view_answer["state"]
        if move["type"] == "resolve":
            model.resolve(calls)
            assert [e for e in view_answer["events"] if e["type"] == "penalty"] == \
                [e for e in full_answer["events"] if e["type"] == "penalty"]
            if full_answer["phase"] != "over":
                assert (view_answer["to_act"], view_answer["phase"]) == (full.get("dealer", 0), "lay_out")
                laid = [list((Counter(packet) - Counter(old if old_kept else [])).elements())
                        for packet, old, old_kept in zip(full["packets"], before, carried(full_answer))]
                view = post(client, "/apply-move", {"options": options, "state": view,
                                                    "move": {"type": "lay_out", "packets": laid}})["state"]
        assert as_seen(view, viewer) == as_seen(full, viewer)
    full_score = post(client, "/score", {"options": options, "state": full})
    view_score = post(client, "/score", {"options": options, "state": view})
    assert (view_score["scores"], view_score["winners"]) == (full_score["scores"], full_score["winners"])
    return model


def carried(answer: dict) -> list[bool]:
    """Per packet, whether it was left empty and carried into this turn."""
    kinds = {e["packet"]: e for e in answer["events"] if e["type"] == "packet_settled"}
    return [kinds[p]["kind"] == "empty" and kinds[p].get("outcome") != "discarded" for p in (0, 1)]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), viewer=st.integers(0, 4))
def test_salsifis_state_view_hidden_hands_and_heap_agree_with_the_full_table(client, players, seed, viewer):
    assert play_both_ways(client, players, {}, seed, viewer % players).over


@pytest.mark.slow
@pytest.mark.parametrize("options", [{"unclaimed_packet": "carried", "losing_cards": "owners"},
                                     {"five_players": "packets-of-two", "losing_cards": "discarded", "flee_limit": 1},
                                     {"five_players": "four-cards", "shared_points": "exact"}])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), viewer=st.integers(0, 4))
def test_salsifis_state_view_agrees_under_the_options(client, options, seed, viewer):
    assert play_both_ways(client, 5, options, seed, viewer).over


def viewed_turn(client, viewer=0, players=3, seed=2):
    """A dealt table and the viewer's view of it, every seat's first card down by packet seat % 2."""
    full = post(client, "/deal", {"players": players, "seed": seed})["state"]
    for seat in range(players):
        move = {"type": "place", "seat": seat, "card": full["hands"][seat][0], "packet": seat % 2}
        full = post(client, "/apply-move", {"state": full, "move": move})["state"]
    return full, view_of(full, viewer)


def answer_to(client, state, move):
    """The raw /apply-move answer."""
    return client.post("/apply-move", json={"game": "salsifis", "state": state, "move": move})


def test_salsifis_state_view_hidden_seat_naming_a_card_is_unverified_but_accepted(client):
    full = post(client, "/deal", {"players": 3, "seed": 2})["state"]
    view = view_of(full, 0)
    named = answer_to(client, view, {"type": "place", "seat": 1, "card": full["hands"][1][0], "packet": 0})
    assert named.status_code == 200 and named.get_json()["unverified"] == ["salsifis.turn.card-held"]
    assert named.get_json()["state"]["hands"][1] == {"count": 4}
    unnamed = answer_to(client, view, {"type": "place", "seat": 1, "packet": 0})
    assert unnamed.status_code == 200 and unnamed.get_json()["unverified"] == []


def test_salsifis_state_view_hidden_seat_cannot_name_a_card_the_table_shows(client):
    full = post(client, "/deal", {"players": 3, "seed": 2})["state"]
    view = view_of(full, 0)
    for shown in (full["hands"][0][0], full["packets"][1][2]):
        answer = answer_to(client, view, {"type": "place", "seat": 1, "card": shown, "packet": 0})
        assert answer.status_code == 422
        assert answer.get_json()["violations"][0]["rule"].startswith("salsifis.")


def test_salsifis_turn_reveal_from_a_view_must_name_the_cards_turned_over(client):
    full, view = viewed_turn(client)
    answer = answer_to(client, view, {"type": "resolve", "calls": []})
    assert answer.status_code == 422
    assert answer.get_json()["violations"][0]["pointer"].startswith("/move/revealed")
    wrong = [{"seat": 1, "card": full["hands"][0][0]}, {"seat": 2, "card": full["placements"][2]["card"]}]
    answer = answer_to(client, view, {"type": "resolve", "calls": [], "revealed": wrong})
    assert answer.status_code == 422


def test_salsifis_deal_packets_lay_out_from_a_hidden_heap(client):
    full, view = viewed_turn(client)
    revealed = [{"seat": p["seat"], "card": p["card"]} for p in full["placements"] if p["seat"] != 0]
    after = answer_to(client, view, {"type": "resolve", "calls": [], "revealed": revealed}).get_json()
    assert (after["to_act"], after["phase"]) == (0, "lay_out")
    assert any(event["type"] == "lay_out_awaited" for event in after["events"])
    state = after["state"]
    heap = full["heap"]
    too_few = answer_to(client, state, {"type": "lay_out", "packets": [heap[:3], heap[3:5]]})
    assert too_few.status_code == 422
    shown = answer_to(client, state, {"type": "lay_out", "packets": [heap[:3], heap[3:5] + [state["hands"][0][0]]]})
    assert shown.status_code == 422
    laid = answer_to(client, state, {"type": "lay_out", "packets": [heap[:3], heap[3:6]]})
    assert laid.status_code == 200
    body = laid.get_json()
    assert body["unverified"] == ["salsifis.deal.packets"]
    assert body["state"]["packets"] == [heap[:3], heap[3:6]] and body["state"]["heap"] == {"count": len(heap) - 6}
    assert (body["to_act"], body["phase"], body["state"]["turn"]) == (0, "place", 2)


def test_salsifis_deal_hands_placed_card_still_in_the_hand_is_read_without_it(client):
    full = post(client, "/deal", {"players": 3, "seed": 2})["state"]
    card = full["hands"][0][0]
    sent = dict(full, placements=[{"seat": 0, "packet": 1, "card": card}])
    listed = post(client, "/legal-moves", {"state": sent})
    assert listed["to_act"] == 1
    applied = post(client, "/apply-move", {"state": sent, "move": {"type": "place", "seat": 1,
                                                                   "card": full["hands"][1][0], "packet": 0}})
    assert card not in applied["state"]["hands"][0] and len(applied["state"]["hands"][0]) == 4
