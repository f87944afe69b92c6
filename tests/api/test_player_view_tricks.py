"""The player's view of Euchre and Canadian Salad through HTTP: random hands played in full view and, move for
move, from one seat's view (the other hands, and the dealer's discard it did not see, hidden) agree at every
step and on the final score."""

from __future__ import annotations

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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(options=EUCHRE_OPTIONS, dealer=st.integers(0, 3), viewer=st.integers(0, 3), seed=st.integers(0, 2**32),
       choices=st.randoms(use_true_random=False))
def test_euchre_player_view_agrees_with_the_full_view_at_every_step(client, options, dealer, viewer, seed, choices):
    request = {"game": "euchre", "options": options, "seed": seed, "setup": {"dealer": dealer}}
    play_both_views(client, request, viewer, choices)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(3, 6), hand_number=st.integers(1, 6), viewer=st.integers(0, 5),
       seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_canadian_salad_player_view_agrees_with_the_full_view_at_every_step(client, players, hand_number, viewer,
                                                                              seed, choices):
    request = {"game": "canadian-salad", "players": players, "seed": seed, "setup": {"hand_number": hand_number}}
    play_both_views(client, request, viewer % players, choices)
