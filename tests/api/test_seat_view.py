"""view: a seat's view made by the server. A client that starts from /deal's view and applies the moves /apply-move
answers for its seat to its own viewed position stays equal to the server's view of the full position at every
step, for every game and variant, and its position is accepted everywhere (no endpoint refuses it)."""

from __future__ import annotations

import random

import pytest

LISTING_ONLY = ("code", "rules", "unverified", "opening")
PLAYS = [("canadian-salad", None, 4), ("canadian-salad", None, 3), ("euchre", None, 4), ("salsifis", None, 3),
         ("salsifis", None, 5), ("canasta", "classic", 4), ("canasta", "two-hand", 2), ("canasta", "samba", 4),
         ("canasta", "bolivia", 4), ("canasta", "brazilian", 4)]


def same_view(view: dict, answer: dict) -> dict:
    """The client's view after the seat's moves, checked against the server's: equal, but for the hands the
    server's view lays open once the hand is over (to be counted), which the client then takes from the answer."""
    if answer["phase"] == "over":
        assert {**view, "hands": None} == {**answer["state"], "hands": None}
        return answer["state"]
    assert view == answer["state"], answer["moves"]
    return view


def post(client, path: str, body: dict) -> dict:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, (path, answer.get_json())
    return answer.get_json()


@pytest.mark.parametrize("game, variant, players", PLAYS)
@pytest.mark.parametrize("seed", [1, 2, *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(3, 13))])
def test_every_game_a_client_applying_its_seats_moves_stays_equal_to_the_servers_view(client, game, variant, players,
                                                                                      seed):
    base = {"game": game, **({"variant": variant} if variant else {}),
            **({"options": {"bolivia_opening": "tiers"}} if variant == "bolivia" else {})}
    rng = random.Random(seed)
    seat = seed % players
    dealt = post(client, "/deal", {**base, "players": players, "seed": seed})
    full = dealt["state"]
    view = post(client, "/deal", {**base, "players": players, "seed": seed, "view": seat})["state"]
    assert view == post(client, "/deal", {**base, "players": players, "seed": seed, "view": seat})["state"]
    for _ in range(400):
        listed = post(client, "/legal-moves", {**base, "state": full})
        seen = post(client, "/legal-moves", {**base, "state": view})
        assert (seen["to_act"], seen["phase"]) == (listed["to_act"], listed["phase"])
        if listed["to_act"] is None:
            break
        takes = [m for m in listed["moves"] if m["type"] in ("take_pile", "meld")]
        chosen = rng.choice(takes if takes and rng.random() < 0.5 else listed["moves"])
        move = {key: value for key, value in chosen.items() if key not in LISTING_ONLY}
        answer = post(client, "/apply-move", {**base, "state": full, "move": move, "view": seat})
        assert answer["move"] == answer["moves"][0] and answer["view"] == seat
        for viewed in answer["moves"]:
            view = post(client, "/apply-move", {**base, "state": view, "move": viewed})["state"]
        full = post(client, "/apply-move", {**base, "state": full, "move": move})["state"]
        view = same_view(view, answer)
    else:
        raise AssertionError("the hand did not end")
    assert post(client, "/score", {**base, "state": view}) == post(client, "/score", {**base, "state": full})


def test_view_names_a_seat_of_the_table(client):
    answer = client.post("/deal", json={"game": "euchre", "seed": 1, "view": 4})
    assert answer.status_code == 422 and answer.get_json()["message"].startswith("/view: ")


@pytest.mark.parametrize("game, variant, players", PLAYS)
def test_every_game_validate_game_in_a_seats_view_replays_to_that_seats_view(client, game, variant, players):
    # A log replayed in one seat's view ends in the seat's view of the full final position, and its moves as the
    # seat saw them, applied to the seat's view of the deal, reach the same position.
    base = {"game": game, **({"variant": variant} if variant else {}),
            **({"options": {"bolivia_opening": "tiers"}} if variant == "bolivia" else {})}
    rng, seat = random.Random(3), 1
    full = post(client, "/deal", {**base, "players": players, "seed": 3})["state"]
    moves = []
    for _ in range(60):
        listed = post(client, "/legal-moves", {**base, "state": full})
        if listed["to_act"] is None:
            break
        move = {key: value for key, value in rng.choice(listed["moves"]).items() if key not in LISTING_ONLY}
        moves.append(move)
        full = post(client, "/apply-move", {**base, "state": full, "move": move})["state"]
    log = {**base, "players": players, "seed": 3, "moves": moves}
    whole = post(client, "/validate-game", log)
    seen = post(client, "/validate-game", {**log, "view": seat})
    assert whole["valid"] and seen["valid"] and seen["view"] == seat and len(seen["moves"]) >= len(moves)
    # The seat's view of the full final position, as a log of no moves from it answers it.
    expected = post(client, "/validate-game", {**base, "state": whole["final_state"], "moves": [], "view": seat})
    assert seen["final_state"] == expected["final_state"] != whole["final_state"]
    view = post(client, "/deal", {**base, "players": players, "seed": 3, "view": seat})["state"]
    for viewed in seen["moves"]:
        view = post(client, "/apply-move", {**base, "state": view, "move": viewed})["state"]
    if not seen["hand_over"]:
        assert view == seen["final_state"]
