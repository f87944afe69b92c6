"""The pack, the deal, who leads, the order of the hands and the early end, as the published rules state them."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.engine.canadian_salad import rule_reference as ref
from tests.engine.canadian_salad.rule_http import GAME, played_out, positions, post

PLAYERS = (3, 4, 5, 6)
FEW = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def dealt(client, players: int, seed: int, **setup) -> dict:
    """/deal's answer for a table and seed."""
    answer = client.post("/deal", json={"game": GAME, "players": players, "seed": seed, "setup": setup})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


@pytest.mark.parametrize("players", PLAYERS)
@FEW
@given(seed=st.integers(0, 2**32 - 1), hand_number=st.integers(1, 6))
def test_canadian_salad_deal_cards_whole_pack_less_removed_cards_dealt_evenly(client, players, seed, hand_number):
    state = dealt(client, players, seed, hand_number=hand_number)["state"]
    hands = state["hands"]
    assert [len(hand) for hand in hands] == [ref.HAND_SIZE[players]] * players
    every_card = [card for hand in hands for card in hand]
    assert sorted(every_card) == sorted(ref.pack(players))
    assert state["tricks"] == [] and state["current_trick"]["cards"] == []


@pytest.mark.parametrize(("players", "removed", "size"), [
    (3, {"2C"}, 17), (4, set(), 13), (5, {"2C", "2D"}, 10), (6, {"2C", "3C", "2D", "3D"}, 8)])
def test_canadian_salad_deal_cards_removed_cards_per_player_count(client, players, removed, size):
    state = dealt(client, players, 7)["state"]
    every_card = {card for hand in state["hands"] for card in hand}
    full_pack = {rank + suit for rank in ref.RANKS for suit in ref.SUITS}
    assert full_pack - every_card == removed
    assert {len(hand) for hand in state["hands"]} == {size}


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("hand_number", range(1, 7))
def test_canadian_salad_deal_rotation_deal_passes_left_each_hand(client, players, hand_number):
    answer = dealt(client, players, 11, hand_number=hand_number)
    state = answer["state"]
    assert state["hand_number"] == hand_number
    assert state["dealer"] == ref.dealer_of(hand_number, players)
    leader = ref.first_leader(state["dealer"], players)
    assert state["current_trick"]["leader"] == leader
    assert answer["to_act"] == leader and answer["phase"] == "play"


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("dealer", range(6))
def test_canadian_salad_play_lead_left_of_dealer_leads_any_card(client, players, dealer):
    # The first dealer is cut for, so any seat may deal any hand: the seat to its left leads.
    dealer %= players
    state = ref.deal_state(players, 1, random.Random(dealer), first_dealer=dealer)
    assert state["dealer"] == dealer
    listed = post(client, "/legal-moves", state)
    assert listed["to_act"] == (dealer + 1) % players
    assert {move["card"] for move in listed["moves"]} == set(state["hands"][(dealer + 1) % players])


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_canadian_salad_play_lead_trick_winner_leads_next(client, players, seed):
    rng = random.Random(seed)
    for state, listed in positions(client, ref.deal_state(players, 1, rng), rng):
        if state["tricks"] and not state["current_trick"]["cards"] and listed["to_act"] is not None:
            last = state["tricks"][-1]
            winner = ref.trick_winner(last["leader"], last["cards"], players)
            assert state["current_trick"]["leader"] == winner == listed["to_act"]
            assert {move["card"] for move in listed["moves"]} == set(state["hands"][winner])


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_trick_size_a_hand_has_as_many_tricks_as_cards_dealt(client, players):
    rng = random.Random(players)
    state = played_out(client, ref.deal_state(players, 1, rng), rng)
    assert len(state["tricks"]) == ref.HAND_SIZE[players]
    assert all(len(trick["cards"]) == players for trick in state["tricks"])
    assert state["hands"] == [[]] * players


@pytest.mark.parametrize("hand_number", range(1, 7))
def test_canadian_salad_game_hands_fixed_order_of_contracts(client, hand_number):
    rng = random.Random(hand_number)
    state = played_out(client, ref.deal_state(4, hand_number, rng), rng)
    answer = post(client, "/score", state)
    # Every line cites the hand's own contract: in hand 6 the salad, whichever of its five penalties it charges.
    assert {line["rule"] for line in answer["lines"]} == {ref.CONTRACT_RULE[hand_number]}
    assert answer["scores"] == ref.penalties(hand_number, state["tricks"], 4)


def test_canadian_salad_game_hands_six_hands_only(client):
    state = ref.deal_state(4, 1, random.Random(0))
    for hand_number in (0, 7):
        answer = client.post("/legal-moves", json={"game": GAME, "state": {**state, "hand_number": hand_number}})
        assert answer.status_code == 422
        assert "hand_number" in answer.get_json()["errors"]["json"]["state"]


def penalties_out_at(state: dict) -> int | None:
    """The number of tricks after which every penalty card of hands 2 to 4 has been taken."""
    wanted = ref.penalty_cards(state["hand_number"], state["players"])
    taken: set[str] = set()
    for number, trick in enumerate(state["tricks"], start=1):
        taken.update(trick["cards"])
        if wanted <= taken:
            return number
    return None


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("hand_number", (2, 3, 4))
@FEW
@given(seed=st.integers(0, 2**32 - 1))
def test_canadian_salad_play_early_end_stops_once_every_penalty_card_is_taken(client, players, hand_number, seed):
    rng = random.Random(seed)
    state = played_out(client, ref.deal_state(players, hand_number, rng), rng, stop_when_penalties_taken=True)
    stopped = penalties_out_at(state)
    assert stopped == len(state["tricks"]) and not state["current_trick"]["cards"]
    listed = post(client, "/legal-moves", state, stop_when_penalties_taken=True)
    assert listed["to_act"] is None and listed["moves"] == [] and listed["phase"] == "over"
    answer = post(client, "/score", state, stop_when_penalties_taken=True)
    expected = ref.penalties(hand_number, state["tricks"], players)
    assert answer["scores"] == expected and sum(expected) == {2: 130, 3: 100, 4: 100}[hand_number]
    if stopped < ref.HAND_SIZE[players]:
        # The same cards, without the option, go on to the last trick.
        listed = post(client, "/legal-moves", state)
        assert listed["to_act"] == state["current_trick"]["leader"] and listed["moves"]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("hand_number", (1, 5, 6))
def test_canadian_salad_play_early_end_never_in_tricks_last_trick_and_salad(client, players, hand_number):
    rng = random.Random(hand_number * 10 + players)
    state = played_out(client, ref.deal_state(players, hand_number, rng), rng, stop_when_penalties_taken=True)
    assert len(state["tricks"]) == ref.HAND_SIZE[players]


@pytest.mark.parametrize("hand_number", (2, 3, 4))
def test_canadian_salad_play_early_end_off_by_default_plays_every_trick(client, hand_number):
    rng = random.Random(hand_number)
    state = played_out(client, ref.deal_state(4, hand_number, rng), rng)
    assert len(state["tricks"]) == 13
    assert post(client, "/legal-moves", state)["options"] == {"stop_when_penalties_taken": False}


@pytest.mark.parametrize("hand_number", (2, 3, 4))
def test_canadian_salad_play_early_end_no_trick_after_the_penalties_are_out(client, hand_number):
    # With the option on, a hand that went on after the last penalty card was taken is not a position of
    # the game.
    for seed in range(100):
        deal = ref.deal_state(4, hand_number, random.Random(seed))
        full = played_out(client, deal, random.Random(seed))
        stopped = penalties_out_at(full)
        if stopped < 13:
            break
    tricks = full["tricks"][:stopped + 1]
    played = {card for trick in tricks for card in trick["cards"]}
    last = tricks[-1]
    state = {**deal, "hands": [sorted(set(hand) - played) for hand in deal["hands"]], "tricks": tricks,
             "current_trick": {"leader": ref.trick_winner(last["leader"], last["cards"], 4), "cards": []}}
    assert_refused_only_with_early_end(client, state, "/state/tricks")
    # One card into the next trick is no position either.
    leader = state["current_trick"]["leader"]
    if stopped + 1 < 13:
        lead = state["hands"][leader][0]
        state["hands"][leader] = state["hands"][leader][1:]
        state["current_trick"]["cards"] = [lead]
        assert_refused_only_with_early_end(client, state, "/state/")


def assert_refused_only_with_early_end(client, state: dict, pointer: str) -> None:
    """The position is accepted by default and refused, citing the early end, with the option on."""
    assert client.post("/legal-moves", json={"game": GAME, "state": state}).status_code == 200
    answer = client.post("/legal-moves", json={"game": GAME, "state": state,
                                               "options": {"stop_when_penalties_taken": True}})
    assert answer.status_code == 422, answer.get_json()
    violation = answer.get_json()["violations"][0]
    assert violation["rule"] == "canadian-salad.play.early-end"
    assert violation["pointer"].startswith(pointer)


@pytest.mark.parametrize("hand_number", (2, 3, 4))
def test_canadian_salad_play_early_end_a_move_after_the_stop_is_409(client, hand_number):
    for seed in range(100):
        rng = random.Random(seed)
        state = played_out(client, ref.deal_state(4, hand_number, rng), rng, stop_when_penalties_taken=True)
        leader = state["current_trick"]["leader"]
        if state["hands"][leader]:
            break
    answer = client.post("/apply-move", json={"game": GAME, "state": state, "options": {"stop_when_penalties_taken": True},
                                              "move": {"type": "play", "card": state["hands"][leader][0]}})
    assert answer.status_code == 409
