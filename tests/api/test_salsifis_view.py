"""Salsifis from one seat's view over HTTP: the other hands, their face-down cards and the heap hidden, a random
game played alongside the full table agrees with it at every step and on the final score."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

GAME = "salsifis"
OPTIONS = [{}, {"unclaimed_packet": "carried"}, {"losing_cards": "owners", "flee_limit": 1},
           {"five_players": "four-cards"}, {"five_players": "packets-of-two"}]
MAX_CHANGES = 6


def view_of(state: dict, viewer: int) -> dict:
    """What `viewer` sees: its own hand and card down; the other hands and cards down, and the heap, as counts."""
    view = dict(state)
    view["hands"] = [hand if seat == viewer else {"count": len(hand)} for seat, hand in enumerate(state["hands"])]
    view["heap"] = {"count": len(state["heap"])}
    view["placements"] = [p if p["seat"] == viewer else {**p, "card": None} for p in state["placements"]]
    return view


def post(client, path: str, body: dict, status: int = 200) -> dict:
    answer = client.post(path, json={"game": GAME, **body})
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


def assert_agree(full: dict, view: dict, viewer: int) -> None:
    """The viewer's table is the full table seen from its seat: every public field equal, every hidden pile counted."""
    for name in ("players", "turn", "dealer", "packets", "won", "shared", "discarded", "penalties", "alone_streak"):
        assert view[name] == full[name], name
    assert view["hands"][viewer] == full["hands"][viewer]
    assert [hand if type(hand) is dict else {"count": len(hand)} for hand in view["hands"]] == \
        [{"count": len(hand)} for hand in full["hands"]]
    assert view["heap"] == {"count": len(full["heap"])}
    assert [(p["seat"], p["packet"]) for p in view["placements"]] == [(p["seat"], p["packet"]) for p in full["placements"]]
    for seen, real in zip(view["placements"], full["placements"]):
        assert seen["card"] in (None, real["card"])


def assert_listings_agree(full_listed: dict, view_listed: dict, viewer: int) -> None:
    """Whose turn and phase agree; the viewer's own moves are the full table's; a hidden seat's moves are its
    placings' packets, with the card left out."""
    assert (view_listed["to_act"], view_listed["phase"]) == (full_listed["to_act"], full_listed["phase"])
    assert full_listed["unverified"] == []
    if full_listed["phase"] != "place":
        return
    if full_listed["to_act"] == viewer:
        assert view_listed["moves"] == full_listed["moves"] and view_listed["unverified"] == []
    else:
        assert {m["packet"] for m in view_listed["moves"]} == {m["packet"] for m in full_listed["moves"]}
        assert all("card" not in m for m in view_listed["moves"])


def choose(full: dict, listed: dict, chooser: random.Random, changes: int) -> dict:
    """A random legal move of the full table: mostly a listed one, sometimes (a few times a game) another seat
    changing its mind."""
    placed = [p for p in full["placements"] if p["seat"] != listed["to_act"]]
    if listed["phase"] == "place" and placed and changes < MAX_CHANGES and chooser.random() < 0.2:
        other = chooser.choice(placed)
        return {"type": "place", "seat": other["seat"], "card": other["card"], "packet": 1 - other["packet"]}
    move = chooser.choice(listed["moves"])
    return {key: value for key, value in move.items() if key not in ("code", "rules")}


def seen_by(move: dict, full: dict, view: dict, viewer: int, chooser: random.Random) -> dict:
    """The same move as the viewer's client sends it: another seat's card down unseen (or, now and then, named),
    and the reveal naming the cards the viewer saw turned over."""
    if move["type"] == "place" and move["seat"] != viewer and chooser.random() < 0.8:
        return {key: value for key, value in move.items() if key != "card"}
    if move["type"] == "resolve":
        hidden = {p["seat"] for p in view["placements"] if p["card"] is None}
        revealed = [{"seat": p["seat"], "card": p["card"]} for p in full["placements"] if p["seat"] in hidden]
        return {**move, "revealed": revealed} if revealed else move
    return move


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(2, 5), options=st.sampled_from(OPTIONS), seed=st.integers(0, 2**32),
       viewer_pick=st.integers(0, 4), chooser=st.randoms(use_true_random=False))
def test_salsifis_view_one_seat_agrees_with_the_full_table_at_every_step_and_on_the_score(
        client, players, options, seed, viewer_pick, chooser):
    viewer = viewer_pick % players
    full = post(client, "/deal", {"players": players, "seed": seed, "options": options})["state"]
    view = view_of(full, viewer)
    changes = 0
    for _ in range(300):
        full_listed = post(client, "/legal-moves", {"state": full, "options": options})
        view_listed = post(client, "/legal-moves", {"state": view, "options": options})
        assert_listings_agree(full_listed, view_listed, viewer)
        if full_listed["to_act"] is None:
            break
        move = choose(full, full_listed, chooser, changes)
        changes += move.get("seat", full_listed["to_act"]) != full_listed["to_act"]
        if not post(client, "/validate-move", {"state": full, "move": move, "options": options})["legal"]:
            continue
        viewer_move = seen_by(move, full, view, viewer, chooser)
        verdict = post(client, "/validate-move", {"state": view, "move": viewer_move, "options": options})
        assert verdict["legal"], verdict["violations"]
        full_after = post(client, "/apply-move", {"state": full, "move": move, "options": options})
        view_after = post(client, "/apply-move", {"state": view, "move": viewer_move, "options": options,
                                                  "include_legal_moves": True})
        assert view_after["unverified"] == verdict["unverified"]
        listed = post(client, "/legal-moves", {"state": view_after["state"], "options": options})
        # include_legal_moves adds exactly that listing, unless the hidden cards leave some of it unchecked.
        assert view_after["legal_moves"] == (None if listed["unverified"] else listed)
        if view_after["phase"] == "lay_out":
            # The reveal ended the turn; the viewer's client names the packets it sees laid out.
            assert (view_after["to_act"], listed["unverified"]) == (full["dealer"], ["salsifis.deal.packets"])
            laid = [packet[len(carried):] for packet, carried in zip(full_after["state"]["packets"],
                                                                     view_after["state"]["packets"])]
            view_after = post(client, "/apply-move", {"state": view_after["state"], "options": options,
                                                      "move": {"type": "lay_out", "packets": laid}})
            assert view_after["unverified"] == ["salsifis.deal.packets"]
        assert (view_after["to_act"], view_after["phase"]) == (full_after["to_act"], full_after["phase"])
        full, view = full_after["state"], view_after["state"]
        assert_agree(full, view, viewer)
    else:
        raise AssertionError("the game did not end")
    assert post(client, "/score", {"state": view, "options": options}) == \
        post(client, "/score", {"state": full, "options": options})
