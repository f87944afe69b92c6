"""Hidden hands: a seat that sees only its own cards gets the answers the full view gives."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.engine.canadian_salad import rule_reference as ref
from tests.engine.canadian_salad.rule_http import hidden_but, post, request

PLAYERS = (3, 4, 5, 6)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), hand_number=st.integers(1, 6), early_end=st.booleans())
def test_canadian_salad_play_card_held_seat_view_agrees_with_full_view(client, players, seed, hand_number,
                                                                   early_end):
    options = {"stop_when_penalties_taken": early_end}
    rng = random.Random(seed)
    state = ref.deal_state(players, hand_number, rng)
    while True:
        full = post(client, "/legal-moves", state, **options)
        for seat in range(players):
            view = post(client, "/legal-moves", hidden_but(state, seat), **options)
            assert (view["to_act"], view["phase"]) == (full["to_act"], full["phase"])
            if full["to_act"] == seat:
                assert sorted(m["code"] for m in view["moves"]) == sorted(m["code"] for m in full["moves"])
        if full["to_act"] is None:
            break
        move = {"type": "play", "card": rng.choice(full["moves"])["card"]}
        applied = post(client, "/apply-move", state, move, **options)
        for seat in range(players):
            seen = post(client, "/apply-move", hidden_but(state, seat), move, **options)
            assert seen["state"] == hidden_but(applied["state"], seat)
            assert seen["events"] == applied["events"]
            assert (seen["to_act"], seen["phase"]) == (applied["to_act"], applied["phase"])
        state = applied["state"]
    score = post(client, "/score", state, **options)
    for seat in range(players):
        assert post(client, "/score", hidden_but(state, seat), **options)["scores"] == score["scores"]
    assert score["scores"] == ref.penalties(hand_number, state["tricks"], players)


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_seat_view_referee_agrees_with_full_view(client, players):
    rng = random.Random(players)
    state = ref.play_tricks(ref.deal_state(players, 2, rng), 2, rng)
    leader = state["current_trick"]["leader"]
    led = state["hands"][leader][0]
    hands = [list(hand) for hand in state["hands"]]
    hands[leader].remove(led)
    state = {**state, "hands": hands, "current_trick": {"leader": leader, "cards": [led]}}
    seat = (leader + 1) % players
    for card in hands[seat]:
        move = {"type": "play", "card": card}
        full = post(client, "/validate-move", state, move)
        seen = post(client, "/validate-move", hidden_but(state, seat), move)
        assert (seen["legal"], seen["violations"]) == (full["legal"], full["violations"])
        assert full["legal"] is (card in ref.allowed_cards(hands[seat], [led]))


def every_other_seat_void(players: int) -> tuple[dict, int, str]:
    """A reachable position where every seat but one showed a void in a suit the remaining seat still holds."""
    for seed in range(3000):
        for tricks in range(2, ref.HAND_SIZE[players] - 1):
            state = ref.play_tricks(ref.deal_state(players, 1, random.Random(seed)), tricks, random.Random(seed + 1))
            shown = ref.voids_shown(state)
            for viewer in range(players):
                common = set.intersection(*(shown[seat] for seat in range(players) if seat != viewer))
                held = [c for c in state["hands"][viewer] if ref.suit(c) in common]
                if held and len(state["hands"][viewer]) > 1:
                    return state, viewer, held[0]
    raise AssertionError("no deal found")


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_unseen_card_no_hidden_hand_can_hold_is_refused(client, players):
    state, viewer, card = every_other_seat_void(players)
    assert post(client, "/legal-moves", hidden_but(state, viewer))
    # The viewer's hand shows another card in place of its last card of the suit: that card must then be in a
    # hidden hand, and every hidden hand showed it has none of that suit.
    other = next(c for seat, hand in enumerate(state["hands"]) if seat != viewer for c in hand)
    hands = [list(hand) for hand in state["hands"]]
    hands[viewer][hands[viewer].index(card)] = other
    answer = client.post("/legal-moves", json=request(hidden_but({**state, "hands": hands}, viewer)))
    assert answer.status_code == 422, answer.get_json()
    violation = answer.get_json()["violations"][0]
    assert violation["rule"] == "canadian-salad.play.follow-suit" and violation["pointer"].startswith("/state/hands")


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_card_held_hidden_seat_cannot_play_a_card_the_viewer_holds(client, players):
    rng = random.Random(players)
    state = ref.play_tricks(ref.deal_state(players, 3, rng), 1, rng)
    actor = state["current_trick"]["leader"]
    viewer = (actor + 1) % players
    verdict = post(client, "/validate-move", hidden_but(state, viewer),
                   {"type": "play", "card": state["hands"][viewer][0]})
    assert verdict["legal"] is False
    assert "canadian-salad.play.card-held" in [v["rule"] for v in verdict["violations"]]
    answer = client.post("/apply-move", json=request(hidden_but(state, viewer),
                                                     {"type": "play", "card": state["hands"][viewer][0]}))
    assert answer.status_code == 422


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_canadian_salad_play_follow_suit_seat_view_accepted_exactly_when_hidden_hands_can_hold_the_rest(
        client, players, seed):
    # A seat's view in which some of its cards are swapped for cards of other hands: the hidden hands must
    # then hold the swapped-out cards, which a void they showed may forbid. Accepted exactly when some
    # sharing of the unseen cards respects every void shown.
    rng, pick = random.Random(seed), random.Random(seed + 1)
    tricks = pick.randrange(ref.HAND_SIZE[players] // 2, ref.HAND_SIZE[players] - 1)
    state = ref.play_tricks(ref.deal_state(players, 1, rng), tricks, rng)
    state = ref.play_cards(state, pick.randrange(players), rng)
    viewer = pick.randrange(players)
    shown = ref.voids_shown(state)
    # Most often the viewer's cards of one suit go out, for cards of hands that showed that void.
    voids_of = {s: sum(s in shown[seat] for seat in range(players) if seat != viewer) for s in ref.SUITS}
    suit = max(ref.SUITS, key=voids_of.get) if pick.random() < 0.7 else pick.choice(ref.SUITS)
    donors = [seat for seat in range(players) if seat != viewer and (suit in shown[seat] or pick.random() < 0.2)]
    others = [c for seat in donors for c in state["hands"][seat] if ref.suit(c) not in shown[viewer] | {suit}]
    hands = [list(hand) for hand in state["hands"]]
    going = [i for i, c in enumerate(hands[viewer]) if ref.suit(c) == suit or pick.random() < 0.2]
    for index in pick.sample(going, len(going) if pick.random() < 0.6 else pick.randrange(len(going) + 1)):
        if others:
            hands[viewer][index] = others.pop(pick.randrange(len(others)))
    view = hidden_but({**state, "hands": hands}, viewer)
    answer = client.post("/legal-moves", json=request(view))
    if ref.hidden_hands_can_hold(view):
        assert answer.status_code == 200, (view, answer.get_json())
    else:
        assert answer.status_code == 422, view
        violation = answer.get_json()["violations"][0]
        assert violation["rule"] == "canadian-salad.play.follow-suit", violation
        assert violation["pointer"].startswith("/state/hands"), violation


def tight_room(players: int) -> tuple[dict, int, list[str], list[str], int]:
    """A position, a viewer, its cards of a suit, cards of hidden hands void in it, and the room left for the suit.

    The room is the number of other cards in the hidden hands that can still hold the suit: trading one
    more of the viewer's cards of the suit than that for cards of the void hands leaves a card no hidden
    hand can hold.
    """
    for seed in range(400):
        for tricks in range(2, ref.HAND_SIZE[players] - 1):
            state = ref.play_tricks(ref.deal_state(players, 1, random.Random(seed)), tricks, random.Random(seed + 1))
            shown = ref.voids_shown(state)
            for viewer in range(players):
                for suit in ref.SUITS:
                    void = [s for s in range(players) if s != viewer and suit in shown[s]]
                    able = [s for s in range(players) if s != viewer and suit not in shown[s]]
                    room = sum(1 for s in able for c in state["hands"][s] if ref.suit(c) != suit)
                    mine = [c for c in state["hands"][viewer] if ref.suit(c) == suit]
                    theirs = [c for s in void for c in state["hands"][s] if ref.suit(c) not in shown[viewer]]
                    if able and void and len(mine) > room and len(theirs) > room:
                        return state, viewer, mine, theirs, room
    raise AssertionError("no position found")


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_unseen_cards_beyond_the_room_of_hidden_hands_are_refused(client, players):
    state, viewer, mine, theirs, room = tight_room(players)
    for count in range(room + 2):
        hands = [list(hand) for hand in state["hands"]]
        for card, other in zip(mine[:count], theirs[:count]):
            hands[viewer][hands[viewer].index(card)] = other
        view = hidden_but({**state, "hands": hands}, viewer)
        answer = client.post("/legal-moves", json=request(view))
        assert answer.status_code == (200 if ref.hidden_hands_can_hold(view) else 422), (count, answer.get_json())
    assert answer.status_code == 422
    assert answer.get_json()["violations"][0]["rule"] == "canadian-salad.play.follow-suit"


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_canadian_salad_play_follow_suit_hidden_seat_to_act_may_play_what_some_sharing_allows(client, players, seed):
    # From another seat's view, the seat to act may play an unseen card when some sharing of the unseen
    # cards respecting every void shown gives it that card (and, to play off the suit led, none of that suit).
    rng, pick = random.Random(seed), random.Random(seed + 1)
    state = ref.play_tricks(ref.deal_state(players, 1, rng), pick.randrange(ref.HAND_SIZE[players] - 1), rng)
    state = ref.play_cards(state, pick.randrange(players), rng)
    trick = state["current_trick"]
    actor = (trick["leader"] + len(trick["cards"])) % players
    viewer = pick.choice([seat for seat in range(players) if seat != actor])
    view = hidden_but(state, viewer)
    listed = post(client, "/legal-moves", view)
    assert listed["to_act"] == actor
    assert sorted(move["card"] for move in listed["moves"]) == sorted(ref.hidden_seat_may_play(view, actor))
    assert ref.allowed_cards(state["hands"][actor], trick["cards"]) <= {move["card"] for move in listed["moves"]}
