"""Following suit, turn order and the trick winner, checked at every position of random play."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.engine.canadian_salad import rule_reference as ref
from tests.engine.canadian_salad.rule_http import positions, post

PLAYERS = (3, 4, 5, 6)
FEW = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SEEDS = st.integers(0, 2**32 - 1)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@FEW
@given(seed=SEEDS, hand_number=st.integers(1, 6))
def test_canadian_salad_play_follow_suit_listing_is_the_reference_rule(client, players, seed, hand_number):
    rng = random.Random(seed)
    for state, listed in positions(client, ref.deal_state(players, hand_number, rng), rng):
        if listed["to_act"] is None:
            assert not any(state["hands"])
            continue
        hand = state["hands"][listed["to_act"]]
        allowed = ref.allowed_cards(hand, state["current_trick"]["cards"])
        assert sorted(move["card"] for move in listed["moves"]) == sorted(allowed)
        assert all(move["rules"] and move["code"] == "play:" + move["card"] for move in listed["moves"])


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@FEW
@given(seed=SEEDS)
def test_canadian_salad_play_follow_suit_referee_judges_every_card_held(client, players, seed):
    rng = random.Random(seed)
    for state, listed in positions(client, ref.deal_state(players, 2, rng), rng):
        if listed["to_act"] is None:
            continue
        trick = state["current_trick"]["cards"]
        hand = state["hands"][listed["to_act"]]
        allowed = ref.allowed_cards(hand, trick)
        for card in hand:
            verdict = post(client, "/validate-move", state, {"type": "play", "card": card})
            assert verdict["legal"] is (card in allowed), (state, card)
            if card not in allowed:
                assert [v["rule"] for v in verdict["violations"]] == ["canadian-salad.play.follow-suit"]


@pytest.mark.parametrize("players", PLAYERS)
def test_canadian_salad_play_card_held_a_card_of_another_hand_is_refused(client, players):
    rng = random.Random(players)
    for state, listed in positions(client, ref.deal_state(players, 1, rng), rng):
        if listed["to_act"] is None:
            continue
        other = next((hand for seat, hand in enumerate(state["hands"]) if seat != listed["to_act"] and hand), None)
        if other is None:
            continue
        verdict = post(client, "/validate-move", state, {"type": "play", "card": other[0]})
        assert verdict["legal"] is False
        assert "canadian-salad.play.card-held" in [v["rule"] for v in verdict["violations"]]


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@FEW
@given(seed=SEEDS)
def test_canadian_salad_play_turn_clockwise_from_the_leader(client, players, seed):
    rng = random.Random(seed)
    for state, listed in positions(client, ref.deal_state(players, 5, rng), rng):
        if listed["to_act"] is not None:
            trick = state["current_trick"]
            assert listed["to_act"] == (trick["leader"] + len(trick["cards"])) % players


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@FEW
@given(seed=SEEDS)
def test_canadian_salad_play_trick_winner_top_card_of_the_suit_led(client, players, seed):
    rng = random.Random(seed)
    state = ref.deal_state(players, 1, rng)
    while True:
        listed = post(client, "/legal-moves", state)
        if listed["to_act"] is None:
            break
        card = rng.choice(listed["moves"])["card"]
        trick = state["current_trick"]
        applied = post(client, "/apply-move", state, {"type": "play", "card": card})
        won = [event for event in applied["events"] if event["type"] == "trick_won"]
        if len(trick["cards"]) + 1 == players:
            cards = [*trick["cards"], card]
            assert [event["seat"] for event in won] == [ref.trick_winner(trick["leader"], cards, players)]
            assert won[0]["cards"] == cards
            assert applied["state"]["tricks"][-1]["cards"] == cards
        else:
            assert won == []
        state = applied["state"]


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS, tricks=st.integers(0, 16), started=st.integers(0, 5))
def test_canadian_salad_play_follow_suit_positions_built_by_the_reference(client, players, seed, tricks, started):
    # Positions played out by the reference rules alone, then posted whole: the engine's listing must
    # allow exactly the cards the rule allows, and its referee must agree card by card.
    rng = random.Random(seed)
    state = ref.play_tricks(ref.deal_state(players, 1 + seed % 6, rng), min(tricks, ref.HAND_SIZE[players] - 1), rng)
    state = ref.play_cards(state, started % players, rng)
    leader, cards, hands = state["current_trick"]["leader"], state["current_trick"]["cards"], state["hands"]
    listed = post(client, "/legal-moves", state)
    seat = (leader + len(cards)) % players
    assert listed["to_act"] == seat
    allowed = ref.allowed_cards(hands[seat], cards)
    assert sorted(move["card"] for move in listed["moves"]) == sorted(allowed)
    for card in hands[seat]:
        assert post(client, "/validate-move", state, {"type": "play", "card": card})["legal"] is (card in allowed)


def reference_log(players: int, hand_number: int, seed: int) -> tuple[dict, list[str], dict]:
    """A deal, the cards of a whole hand played by the reference rules in order, and the final position."""
    rng = random.Random(seed)
    deal = ref.deal_state(players, hand_number, rng)
    final = ref.play_tricks(deal, ref.HAND_SIZE[players], rng)
    return deal, [card for trick in final["tricks"] for card in trick["cards"]], final


@pytest.mark.parametrize("players", PLAYERS)
@FEW
@given(seed=SEEDS, hand_number=st.integers(1, 6))
def test_canadian_salad_play_follow_suit_reference_log_is_a_valid_game(client, players, seed, hand_number):
    deal, cards, final = reference_log(players, hand_number, seed)
    answer = client.post("/validate-game", json={"game": "canadian-salad", "state": deal,
                                                 "moves": [{"type": "play", "card": card} for card in cards]})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["valid"] is True and body["first_illegal"] is None
    assert [t["cards"] for t in body["final_state"]["tricks"]] == [t["cards"] for t in final["tricks"]]
    assert body["score"]["scores"] == ref.penalties(hand_number, final["tricks"], players)


@pytest.mark.parametrize("players", PLAYERS)
@FEW
@given(seed=SEEDS, pick=st.randoms(use_true_random=False))
def test_canadian_salad_play_follow_suit_log_with_a_renege_is_caught_at_that_step(client, players, seed, pick):
    deal, cards, final = reference_log(players, 2, seed)
    hands = [list(hand) for hand in deal["hands"]]
    reneges = []
    for step, card in enumerate(cards):
        trick_no, offset = divmod(step, players)
        trick = final["tricks"][trick_no]
        seat = (trick["leader"] + offset) % players
        led = trick["cards"][:offset]
        wrong = sorted(set(hands[seat]) - ref.allowed_cards(hands[seat], led))
        if wrong:
            reneges.append((step, wrong))
        hands[seat].remove(card)
    if not reneges:
        return
    step, wrong = pick.choice(reneges)
    log = [{"type": "play", "card": card} for card in cards[:step]] + [{"type": "play", "card": pick.choice(wrong)}]
    body = client.post("/validate-game", json={"game": "canadian-salad", "state": deal, "moves": log}).get_json()
    assert body["valid"] is False
    assert body["first_illegal"]["index"] == step
    assert [v["rule"] for v in body["first_illegal"]["violations"]] == ["canadian-salad.play.follow-suit"]
