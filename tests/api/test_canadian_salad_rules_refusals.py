"""Positions the rules cannot reach are refused with 422, the rule they break and a pointer to the field."""

from __future__ import annotations

import copy
import random

import pytest

from tests.engine.canadian_salad import rule_reference as ref
from tests.engine.canadian_salad.rule_http import hidden_but, post, request

PLAYERS = (3, 4, 5, 6)
ENDPOINTS = ("/legal-moves", "/validate-move", "/apply-move")


def midway(players: int, seed: int = 0, tricks: int = 3) -> dict:
    """A reachable position: a reference deal with a few tricks played by the reference rules."""
    rng = random.Random(seed)
    return ref.play_tricks(ref.deal_state(players, 6, rng), tricks, rng)


def assert_refused(client, state: dict, rule: str, pointers: set[str]) -> None:
    """Every position endpoint answers 422 citing `rule` with a pointer to one of `pointers` or to a card inside it."""
    shown = next(card for hand in state["hands"] if isinstance(hand, list) for card in hand)
    for endpoint in ENDPOINTS:
        move = None if endpoint == "/legal-moves" else {"type": "play", "card": shown}
        answer = client.post(endpoint, json=request(state, move))
        assert answer.status_code == 422, (endpoint, answer.get_json())
        violations = answer.get_json()["violations"]
        cited = [v for v in violations if v["rule"] == rule]
        assert cited, (endpoint, violations)
        pointer = cited[0]["pointer"]
        assert pointer in pointers or pointer.rsplit("/", 1)[0] in pointers, (endpoint, cited)
        assert cited[0]["message"]


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_reference_positions_are_accepted(client, players):
    # The positions the refusals below start from are reachable, so every refusal is the change's doing.
    for seed in range(5):
        state = midway(players, seed)
        assert post(client, "/legal-moves", state)["to_act"] == state["current_trick"]["leader"]


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_hand_size_a_card_moved_between_hands_is_refused(client, players):
    state = midway(players)
    state["hands"][1].append(state["hands"][0].pop())
    assert_refused(client, state, "canadian-salad.play.hand-size", {"/state/hands/0", "/state/hands/1"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_hand_size_a_hidden_count_off_by_one_is_refused(client, players):
    state = midway(players)
    seat = (state["current_trick"]["leader"] + 1) % players
    state["hands"][seat] = {"count": len(state["hands"][seat]) + 1}
    assert_refused(client, state, "canadian-salad.play.hand-size", {f"/state/hands/{seat}"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_hand_size_dealt_short_is_refused(client, players):
    state = ref.deal_state(players, 1, random.Random(players))
    for hand in state["hands"]:
        hand.pop()
    answer = client.post("/legal-moves", json=request(state))
    assert answer.status_code == 422
    rules = {v["rule"] for v in answer.get_json()["violations"]}
    assert rules & {"canadian-salad.play.hand-size", "canadian-salad.deal.cards"}, rules


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_cards_a_card_held_twice_is_refused(client, players):
    state = midway(players)
    state["hands"][1][0] = state["hands"][0][0]
    assert_refused(client, state, "canadian-salad.deal.cards", {"/state/hands/0", "/state/hands/1"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_cards_a_card_both_held_and_played_is_refused(client, players):
    state = midway(players)
    played = state["tricks"][0]["cards"][0]
    seat = next(i for i, hand in enumerate(state["hands"]) if hand)
    state["hands"][seat][0] = played
    assert_refused(client, state, "canadian-salad.deal.cards", {f"/state/hands/{seat}", "/state/tricks/0/cards/0"})


@pytest.mark.parametrize(("players", "removed"), [(3, "2C"), (5, "2D"), (6, "3C"), (6, "3D")])
def test_canadian_salad_deal_cards_a_removed_card_in_play_is_refused(client, players, removed):
    state = midway(players)
    state["hands"][0][0] = removed
    assert_refused(client, state, "canadian-salad.deal.cards", {"/state/hands/0"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_trick_winner_a_wrong_winner_is_refused(client, players):
    state = midway(players)
    trick = state["tricks"][1]
    right = ref.trick_winner(trick["leader"], trick["cards"], players)
    assert post(client, "/legal-moves", {**state, "tricks": [
        {**t, "winner": ref.trick_winner(t["leader"], t["cards"], players)} for t in state["tricks"]]})
    trick["winner"] = (right + 1) % players
    assert_refused(client, state, "canadian-salad.play.trick-winner", {"/state/tricks/1/winner"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_lead_next_trick_led_by_another_than_the_winner_is_refused(client, players):
    state = midway(players)
    state["current_trick"]["leader"] = (state["current_trick"]["leader"] + 1) % players
    assert_refused(client, state, "canadian-salad.play.lead", {"/state/current_trick/leader"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_lead_first_trick_led_by_another_than_the_dealers_left_is_refused(client, players):
    state = ref.deal_state(players, 1, random.Random(players))
    state["current_trick"]["leader"] = (state["dealer"] + 2) % players
    assert_refused(client, state, "canadian-salad.play.lead", {"/state/current_trick/leader"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_trick_size_a_finished_trick_with_a_card_short_is_refused(client, players):
    state = midway(players)
    dropped = state["tricks"][2]["cards"].pop()
    # The card goes back to the hand of the seat that played it, so only the trick is wrong.
    state["hands"][(state["tricks"][2]["leader"] + players - 1) % players].append(dropped)
    assert_refused(client, state, "canadian-salad.play.trick-size", {"/state/tricks/2", "/state/tricks/2/cards"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_trick_size_a_current_trick_of_a_full_round_is_refused(client, players):
    state = midway(players)
    leader = state["current_trick"]["leader"]
    cards = []
    for offset in range(players):
        seat = (leader + offset) % players
        cards.append(sorted(ref.allowed_cards(state["hands"][seat], cards))[0])
        state["hands"][seat].remove(cards[-1])
    state["current_trick"]["cards"] = cards
    assert_refused(client, state, "canadian-salad.play.trick-size",
                   {"/state/current_trick", "/state/current_trick/cards"})


def void_shown(state: dict) -> tuple[int, str] | None:
    """A seat with cards left and a suit it showed it lacks, when another hand still holds that suit."""
    for seat, suits in enumerate(ref.voids_shown(state)):
        for suit in sorted(suits):
            if state["hands"][seat] and any(ref.suit(c) == suit for hand in state["hands"] for c in hand):
                return seat, suit
    return None


def position_with_void(players: int) -> tuple[dict, int, str]:
    """A reachable position in which a seat with cards left has shown a void that another hand could fill."""
    for seed in range(200):
        state = midway(players, seed, tricks=4)
        found = void_shown(state)
        if found:
            return state, *found
    raise AssertionError("no deal showed a void")


def slipped_in(state: dict, seat: int, suit: str) -> tuple[dict, str]:
    """The position with a card of `suit` swapped into `seat`'s hand, the donor getting a card it may hold."""
    state = copy.deepcopy(state)
    shown = ref.voids_shown(state)
    for donor, hand in enumerate(state["hands"]):
        card = next((c for c in hand if ref.suit(c) == suit), None)
        given = next((c for c in state["hands"][seat] if ref.suit(c) not in shown[donor]), None)
        if donor != seat and card and given:
            break
    else:
        raise AssertionError("no card to swap")
    hand = state["hands"][seat]
    hand[hand.index(given)] = card
    state["hands"][donor][state["hands"][donor].index(card)] = given
    return state, card


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_a_seat_holding_a_suit_it_showed_void_in_is_refused(client, players):
    state, seat, suit = position_with_void(players)
    changed, _ = slipped_in(state, seat, suit)
    assert_refused(client, changed, "canadian-salad.play.follow-suit",
                   {f"/state/hands/{seat}", f"/state/hands/{seat}/0"})


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("in_trick", ("finished", "under-way"))
def test_canadian_salad_play_follow_suit_a_seat_playing_a_suit_it_showed_void_in_is_refused(client, players, in_trick):
    state, seat, suit = position_with_void(players)
    changed, card = slipped_in(state, seat, suit)
    # The seat leads that card to the next trick (or plays it in the trick under way when it is not the
    # leader): whatever the suit led there, the void shown earlier says it could not hold the card.
    leader = changed["current_trick"]["leader"]
    order = [(leader + offset) % players for offset in range(players)]
    hands = changed["hands"]
    cards: list[str] = []
    for player in order[:order.index(seat) + 1] if in_trick == "under-way" else order:
        if player == seat:
            cards.append(card)
        else:
            cards.append(sorted(ref.allowed_cards(hands[player], cards))[0])
        hands[player].remove(cards[-1])
    if len(cards) < players:
        changed["current_trick"]["cards"] = cards
        where = "/state/current_trick/cards"
    else:
        changed["tricks"].append({"leader": leader, "cards": cards})
        changed["current_trick"] = {"leader": ref.trick_winner(leader, cards, players), "cards": []}
        where = f"/state/tricks/{len(changed['tricks']) - 1}/cards"
    assert_refused(client, changed, "canadian-salad.play.follow-suit", {where, f"{where}/{order.index(seat)}"})


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_a_hidden_seat_cannot_play_a_suit_it_showed_void_in(client, players):
    for seed in range(200):
        state = midway(players, seed, tricks=4)
        leader = state["current_trick"]["leader"]
        shown = ref.voids_shown(state)[leader]
        unseen = [(i, c) for i, hand in enumerate(state["hands"]) if i != leader for c in hand if ref.suit(c) in shown]
        viewers = [v for v in range(players) if v != leader and unseen and v != unseen[0][0]]
        if viewers:
            break
    else:
        raise AssertionError("no deal showed a void of the leader")
    card = unseen[0][1]
    # From the viewer's seat the card could be in the leader's hidden hand, but the leader showed that void.
    verdict = post(client, "/validate-move", hidden_but(state, viewers[0]), {"type": "play", "card": card})
    assert verdict["legal"] is False
    assert "canadian-salad.play.follow-suit" in [v["rule"] for v in verdict["violations"]]


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_scoring_totals_game_score_of_another_total_is_refused(client, players):
    state = ref.deal_state(players, 2, random.Random(players))
    hand_one = {3: 170, 4: 130, 5: 100, 6: 80}[players]
    assert post(client, "/legal-moves", {**state, "score": [hand_one] + [0] * (players - 1)})
    answer = client.post("/legal-moves", json=request({**state, "score": [hand_one + 10] + [0] * (players - 1)}))
    assert answer.status_code == 422
    violation = answer.get_json()["violations"][0]
    assert (violation["rule"], violation["pointer"]) == ("canadian-salad.scoring.totals", "/state/score")


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_lead_first_finished_trick_led_by_another_than_the_dealers_left_is_refused(client, players):
    state = midway(players)
    state["tricks"][0]["leader"] = (state["dealer"] + 2) % players
    assert_refused(client, state, "canadian-salad.play.lead", {"/state/tricks/0/leader", "/state/tricks/0"})


@pytest.mark.parametrize("players", (2, 7))
def test_canadian_salad_players_three_to_six_only(client, players):
    state = ref.deal_state(4, 1, random.Random(0))
    answer = client.post("/legal-moves", json=request({**state, "players": players}))
    assert answer.status_code == 422
    assert "players" in answer.get_json()["errors"]["json"]["state"]


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_deal_rotation_dealer_is_a_seat_at_the_table(client, players):
    state = ref.deal_state(players, 1, random.Random(0))
    answer = client.post("/legal-moves", json=request({**state, "dealer": players}))
    assert answer.status_code == 422
    assert "dealer" in str(answer.get_json()["errors"])


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_follow_suit_a_discard_in_the_trick_under_way_while_holding_the_suit_is_refused(
        client, players):
    for seed in range(200):
        state = midway(players, seed)
        leader = state["current_trick"]["leader"]
        follower = (leader + 1) % players
        lead = state["hands"][leader][0]
        held = [c for c in state["hands"][follower] if ref.suit(c) == ref.suit(lead)]
        other = [c for c in state["hands"][follower] if ref.suit(c) != ref.suit(lead)]
        if held and other:
            break
    state["hands"][leader].remove(lead)
    state["hands"][follower].remove(other[0])
    state["current_trick"]["cards"] = [lead, other[0]]
    assert_refused(client, state, "canadian-salad.play.follow-suit",
                   {"/state/current_trick/cards", "/state/current_trick/cards/1", f"/state/hands/{follower}"})
