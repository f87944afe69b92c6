"""One seat's view of a Canasta hand: the other hands and the stock as counts, followed through /apply-move.

Every hand is played twice alongside, over HTTP: in full view, and as one seat sees it. A move of a
seat whose hand is hidden names what the table sees (its melds, its discard, the red threes it lays
out) and nothing else; after every move the viewer's position is the full one with the same cards
hidden, and the final score agrees once the hands are shown.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rules_engine.games.canasta import GAME as CANASTA
from rules_engine.games.canasta.variants import TABLE

GAME = "canasta"
PLAYERS = {slug: entry.default_players for slug, entry in TABLE.items()}
LISTING_ONLY = ("code", "rules", "opening")


def seen_by(state: dict, viewer: int) -> dict:
    """The position as `viewer` sees it: its own hand, every other hand and the stock as counts."""
    seen = copy.deepcopy(state)
    seen["hands"] = [hand if seat == viewer else {"count": len(hand)} for seat, hand in enumerate(seen["hands"])]
    seen["stock"] = {"count": len(seen["stock"])}
    return seen


def post(client, path: str, body: dict, status: int = 200) -> dict:
    answer = client.post(path, json=body)
    assert answer.status_code == status, (path, answer.get_json(), body)
    return answer.get_json()


def sent(move: dict) -> dict:
    """A listed move as a client sends it back."""
    return {key: value for key, value in move.items() if key not in LISTING_ONLY}


def viewer_move(move: dict, before: dict, after: dict, hidden: bool, rng: random.Random,
                bonus: tuple[str, ...] = ("3D", "3H")) -> dict:
    """The move as the viewer reports it: a draw names what the viewer saw of the cards drawn (the bonus cards
    laid out among them)."""
    taken = before["stock"][:len(before["stock"]) - len(after["stock"])]
    # Cards leave the stock in a draw, and in Mexicana when a move completes the side's initial meld ("drawn").
    field = "cards" if move["type"] == "draw" else "drawn"
    if not taken or move["type"] not in ("draw", "meld", "take_pile", "lay_off"):
        return move
    if not hidden:
        return {**move, field: taken}              # the viewer's own draw: it saw its cards
    shown = [card if card in bonus else None for card in taken]
    if all(card is None for card in shown) and rng.random() < 0.7:
        return move                                # nothing seen: the cards may be left out
    return {**move, field: shown}


def check_hidden_listing(view_listed: dict, full_listed: dict, chosen: dict) -> None:
    """For a hidden seat, /legal-moves lists only moves that are legal in full view too, and names the type of
    every move the seat can make among its moves or its hidden moves."""
    full_codes = {m["code"] for m in full_listed["moves"]}
    assert {m["code"] for m in view_listed["moves"]} <= full_codes
    types = {m["type"] for m in view_listed["moves"]} | {m["type"] for m in view_listed["hidden_moves"]}
    assert chosen["type"] in types, (chosen, view_listed)
    assert all(rule in CANASTA.rulebook for rule in view_listed["unverified"])


def play_alongside(client, variant: str, seed: int, viewer: int, rng: random.Random,
                   meld_bias: float = 0.7) -> tuple[dict, dict, list]:
    """Play a random hand in full view and from the viewer's seat; the two final positions and the viewer's log
    (its first position, then every move as the viewer sent it)."""
    request = {"game": GAME, "variant": variant}
    full = post(client, "/deal", {**request, "seed": seed})["state"]
    view = seen_by(full, viewer)
    log: list = [view]
    while True:
        full_listed = post(client, "/legal-moves", {**request, "state": full})
        view_listed = post(client, "/legal-moves", {**request, "state": view})
        assert (view_listed["to_act"], view_listed["phase"]) == (full_listed["to_act"], full_listed["phase"])
        if full_listed["to_act"] is None:
            return full, view, log
        actor = full_listed["to_act"]
        mover = full["turn"]["seat"]   # whose hand the move changes (the asker, while the partner answers)
        active = [m for m in full_listed["moves"] if m["type"] not in ("draw", "discard")]
        chosen = rng.choice(active if active and rng.random() < meld_bias else full_listed["moves"])
        if mover == viewer or full["turn"]["phase"] == "answer":
            if actor == viewer:
                assert view_listed["moves"] == full_listed["moves"] and view_listed["unverified"] in ([], [
                    "canasta.turn.draw"]), view_listed
        else:
            check_hidden_listing(view_listed, full_listed, chosen)
        include = rng.random() < 0.2
        full_answer = post(client, "/apply-move", {**request, "state": full, "move": sent(chosen),
                                                   "include_legal_moves": include})
        assert full_answer["unverified"] == []
        move = viewer_move(sent(chosen), full, full_answer["state"], mover != viewer, rng, TABLE[variant].roles.bonus)
        judged = post(client, "/validate-move", {**request, "state": view, "move": move})
        assert judged["legal"], (move, judged["violations"])
        view_answer = post(client, "/apply-move", {**request, "state": view, "move": move,
                                                   "include_legal_moves": include})
        assert judged["unverified"] == view_answer["unverified"]
        assert all(rule in CANASTA.rulebook for rule in view_answer["unverified"])
        if mover != viewer and move["type"] in ("meld", "lay_off", "discard") \
                or move["type"] == "take_pile" and move["cards"] and mover != viewer:
            assert "canasta.melds.from-hand" in view_answer["unverified"] or move["type"] == "discard"
        full, view = full_answer["state"], view_answer["state"]
        assert view == seen_by(full, viewer), (move, view, full)
        assert (view_answer["to_act"], view_answer["phase"]) == (full_answer["to_act"], full_answer["phase"])
        if include and full_answer["to_act"] is not None:
            next_view = view_answer["legal_moves"]
            # Null exactly when the next seat's moves depend on cards the viewer cannot see.
            if next_view is None:
                listed = post(client, "/legal-moves", {**request, "state": view})
                assert listed["unverified"]
            else:
                assert (next_view["to_act"], next_view["phase"]) == (full_answer["to_act"], full_answer["phase"])
                assert next_view["unverified"] == []
        log.append(move)
        assert len(log) < 2000


def check_view_agrees(client, variant: str, seed: int, viewer: int, rng: random.Random, meld_bias: float) -> None:
    """A hand played alongside from the viewer's seat agrees with the full view, on the score and on replay."""
    full, view, log = play_alongside(client, variant, seed, viewer, rng, meld_bias)
    request = {"game": GAME, "variant": variant}
    # The hand is scored once its hands are shown, as they are at the end of a hand.
    shown = {**view, "hands": full["hands"], "stock": full["stock"]}
    assert shown == full
    assert post(client, "/score", {**request, "state": shown}) == post(client, "/score", {**request, "state": full})
    replayed = post(client, "/validate-game", {**request, "state": log[0], "moves": log[1:]})
    assert replayed["valid"] is True and replayed["steps"] == len(log) - 1
    assert replayed["final_state"] == view and (replayed["to_act"], replayed["phase"]) == (None, "over")


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(PLAYERS))
@pytest.mark.parametrize("seed", (3, 4))
def test_canasta_view_of_one_seat_agrees_with_full_view_in_every_variant(client, variant, seed):
    check_view_agrees(client, variant, seed, seed % PLAYERS[variant], random.Random(seed), 0.8)


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(variant=st.sampled_from(sorted(PLAYERS)), seed=st.integers(0, 2**20), pick=st.integers(0, 2**20),
       viewer_pick=st.integers(0, 3), meld_bias=st.sampled_from([0.3, 0.7, 0.95]))
def test_canasta_view_of_one_seat_agrees_with_full_view_at_every_step_and_on_the_score(
        client, variant, seed, pick, viewer_pick, meld_bias):
    viewer = viewer_pick % PLAYERS[variant]
    check_view_agrees(client, variant, seed, viewer, random.Random(pick), meld_bias)
