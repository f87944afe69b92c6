"""The player's view of Euchre and Canadian Salad through HTTP: random hands played in full view and, move for
move, from one seat's view (the other hands, and the dealer's discard it did not see, hidden) agree at every
step and on the final score."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

EUCHRE_OPTIONS = st.fixed_dictionaries({
    "deck": st.sampled_from(["32", "24"]), "dealer_may_discard_upcard": st.booleans(),
    "stick_the_dealer": st.booleans(), "lone_defender": st.booleans(),
    "dealer_exchange_when_partner_alone": st.sampled_from(["none", "exchange"]),
})
# Without a hand's cards: whether it holds the card played, whether it could have followed suit, what it discards.
UNCHECKABLE = {"euchre": {"euchre.play.card-held", "euchre.play.follow-suit", "euchre.bidding.dealer-discard"},
               "canadian-salad": {"canadian-salad.play.card-held", "canadian-salad.play.follow-suit"}}


def seen_by(state: dict, viewer: int) -> dict:
    """The state as `viewer` sees it: its own hand; every other hand, and a discard it did not make, as a count."""
    seen = dict(state, hands=[hand if seat == viewer else {"count": len(hand)} for seat, hand in enumerate(state["hands"])])
    if type(state.get("dealer_discard")) is str and state["dealer"] != viewer:
        seen["dealer_discard"] = {"count": 1}
    return seen


def as_shown(move: dict, mover: int, viewer: int) -> dict:
    """The move as the viewer learns of it: a discard made face down by another seat names no card."""
    if move["type"] == "discard" and mover != viewer:
        return {key: value for key, value in move.items() if key != "card"}
    return move


def post(client, path: str, body: dict) -> dict:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, (path, answer.get_json())
    return answer.get_json()


def play_both_views(client, request: dict, viewer: int, choices) -> None:
    """Play a dealt hand to its end in full view, applying each move alike to the viewer's state."""
    full = post(client, "/deal", request)["state"]
    envelope = {key: request[key] for key in ("game", "options") if key in request}
    seen = seen_by(full, viewer)
    while True:
        listed = post(client, "/legal-moves", {**envelope, "state": full})
        viewed = post(client, "/legal-moves", {**envelope, "state": seen})
        assert (viewed["to_act"], viewed["phase"]) == (listed["to_act"], listed["phase"])
        if listed["to_act"] is None:
            break
        mover = listed["to_act"]
        if mover == viewer:
            assert viewed == listed and viewed["unverified"] == []
        else:
            # What the viewer is told the hidden seat may do covers everything it may really do.
            assert {m["code"] for m in listed["moves"]} <= {m["code"] for m in viewed["moves"]} or (
                listed["phase"] == "discard" and [m["code"] for m in viewed["moves"]] == ["discard"])
        move = choices.choice(listed["moves"])
        shown = as_shown(move, mover, viewer)
        verdict = post(client, "/validate-move", {**envelope, "state": seen, "move": shown})
        assert verdict["legal"] is True and verdict["violations"] == [], verdict
        after_full = post(client, "/apply-move", {**envelope, "state": full, "move": move})
        after_seen = post(client, "/apply-move", {**envelope, "state": seen, "move": shown})
        assert after_seen["unverified"] == verdict["unverified"]
        if mover == viewer or move["type"] not in ("play", "discard"):
            assert after_seen["unverified"] == []
        else:
            assert set(after_seen["unverified"]) <= UNCHECKABLE[request["game"]]
        assert (after_seen["to_act"], after_seen["phase"]) == (after_full["to_act"], after_full["phase"])
        full, seen = after_full["state"], after_seen["state"]
        assert seen == seen_by(full, viewer)
    assert post(client, "/score", {**envelope, "state": seen}) == post(client, "/score", {**envelope, "state": full})


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(options=EUCHRE_OPTIONS, dealer=st.integers(0, 3), viewer=st.integers(0, 3), seed=st.integers(0, 2**32),
       choices=st.randoms(use_true_random=False))
def test_euchre_player_view_agrees_with_the_full_view_at_every_step(client, options, dealer, viewer, seed, choices):
    request = {"game": "euchre", "options": options, "seed": seed, "setup": {"dealer": dealer}}
    play_both_views(client, request, viewer, choices)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(3, 6), hand_number=st.integers(1, 6), viewer=st.integers(0, 5),
       seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_canadian_salad_player_view_agrees_with_the_full_view_at_every_step(client, players, hand_number, viewer,
                                                                              seed, choices):
    request = {"game": "canadian-salad", "players": players, "seed": seed, "setup": {"hand_number": hand_number}}
    play_both_views(client, request, viewer % players, choices)


def played_in_both_views(client, request: dict, viewer: int, seed: int) -> tuple[dict, dict, list, list, dict]:
    """A whole hand played at random: the deal as the viewer sees it, the moves in full and as shown, the end."""
    chooser = random.Random(seed)
    start = full = post(client, "/deal", request)["state"]
    envelope = {key: request[key] for key in ("game", "options") if key in request}
    moves, shown = [], []
    while True:
        listed = post(client, "/legal-moves", {**envelope, "state": full})
        if listed["to_act"] is None:
            return envelope, seen_by(start, viewer), moves, shown, full
        move = chooser.choice(listed["moves"])
        moves.append(move)
        shown.append(as_shown(move, listed["to_act"], viewer))
        full = post(client, "/apply-move", {**envelope, "state": full, "move": move})["state"]


HANDS = [{"game": "euchre", "seed": 5, "setup": {"dealer": 2}}, {"game": "canadian-salad", "players": 4, "seed": 9}]


@pytest.mark.parametrize("request_", HANDS, ids=lambda r: r["game"])
def test_player_view_validate_game_replays_a_log_from_a_state_with_hidden_hands(client, request_):
    envelope, start, _, shown, end = played_in_both_views(client, request_, 1, 3)
    replayed = post(client, "/validate-game", {**envelope, "state": start, "moves": shown})
    assert replayed["valid"] is True and replayed["steps"] == len(shown)
    assert replayed["final_state"] == seen_by(end, 1) and replayed["to_act"] is None
    assert replayed["score"] == post(client, "/score", {**envelope, "state": end})
    assert f"{request_['game']}.play.card-held" in replayed["unverified"]


@pytest.mark.parametrize("request_", HANDS, ids=lambda r: r["game"])
def test_player_view_validate_game_stops_at_a_card_the_state_shows_elsewhere(client, request_):
    envelope, start, _, shown, _ = played_in_both_views(client, request_, 1, 3)
    first = next(i for i, move in enumerate(shown) if move["type"] == "play")
    played = shown[first]["card"]
    # A hidden seat plays the card again later: the log goes wrong there.
    again = next(i for i in range(first + 1, len(shown)) if shown[i]["type"] == "play")
    moves = shown[:again] + [{"type": "play", "card": played}] + shown[again + 1:]
    replayed = post(client, "/validate-game", {**envelope, "state": start, "moves": moves})
    assert replayed["valid"] is False and replayed["first_illegal"]["index"] == again
    violation = replayed["first_illegal"]["violations"][0]
    assert violation["rule"] == f"{request_['game']}.play.card-held"
    mover = post(client, "/legal-moves", {**envelope, "state": replayed["first_illegal"]["state"]})["to_act"]
    assert ("already in" if mover != 1 else "does not hold") in violation["message"]


@pytest.mark.parametrize("request_", HANDS, ids=lambda r: r["game"])
def test_player_view_batch_answers_hidden_states_as_single_calls(client, request_):
    envelope, start, moves, shown, _ = played_in_both_views(client, request_, 1, 3)
    items, state = [], start
    for move in shown[:12]:
        items += [{"path": "/legal-moves", "body": {**envelope, "state": state}},
                  {"path": "/validate-move", "body": {**envelope, "state": state, "move": move}},
                  {"path": "/apply-move", "body": {**envelope, "state": state, "move": move, "include_legal_moves": True}}]
        state = post(client, "/apply-move", {**envelope, "state": state, "move": move})["state"]
    items.append({"path": "/apply-move", "body": {**envelope, "state": state, "move": {"type": "play", "card": "ZZ"}}})
    responses = client.post("/batch", json={"requests": items}).get_json()["responses"]
    for item, response in zip(items, responses):
        single = client.post(item["path"], json=item["body"])
        assert response == {"status": single.status_code, "body": single.get_json()}
    assert responses[-1]["status"] == 422


def test_player_view_include_legal_moves_lists_bids_of_a_hidden_seat_and_not_its_cards(client):
    state = seen_by(post(client, "/deal", {"game": "euchre", "seed": 5, "setup": {"dealer": 2}})["state"], 1)
    bidding = post(client, "/apply-move", {"game": "euchre", "state": state, "move": {"type": "pass"},
                                           "include_legal_moves": True})
    assert bidding["to_act"] != 1 and bidding["legal_moves"] == post(client, "/legal-moves", {
        "game": "euchre", "state": bidding["state"]})
    assert bidding["legal_moves"]["unverified"] == [] and bidding["legal_moves"]["moves"]
    state = post(client, "/deal", {"game": "canadian-salad", "players": 4, "seed": 3})["state"]
    leader = post(client, "/legal-moves", {"game": "canadian-salad", "state": state})["to_act"]
    seen = seen_by(state, (leader + 2) % 4)
    move = {"type": "play", "card": state["hands"][leader][0]}
    played = post(client, "/apply-move", {"game": "canadian-salad", "state": seen, "move": move,
                                          "include_legal_moves": True})
    assert played["legal_moves"] is None and played["unverified"] == ["canadian-salad.play.card-held"]
    listed = post(client, "/legal-moves", {"game": "canadian-salad", "state": played["state"]})
    assert listed["unverified"] and all(m["unverified"] for m in listed["moves"])


def test_player_view_explain_names_the_unverified_rules_of_a_hidden_seats_play(client):
    state = post(client, "/deal", {"game": "canadian-salad", "players": 4, "seed": 3})["state"]
    leader = post(client, "/legal-moves", {"game": "canadian-salad", "state": state})["to_act"]
    seen = seen_by(state, (leader + 2) % 4)
    explained = post(client, "/explain", {"game": "canadian-salad", "state": seen,
                                          "move": {"type": "play", "card": state["hands"][leader][0]}})
    assert explained["legal"] is True and explained["unverified"] == ["canadian-salad.play.card-held"]
