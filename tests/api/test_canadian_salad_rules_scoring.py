"""Each hand's penalties, checked against a scorer written from the published rules over random complete hands."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.engine.canadian_salad import rule_reference as ref
from tests.engine.canadian_salad.rule_http import played_out, positions, post

PLAYERS = (3, 4, 5, 6)
RANDOM_HANDS = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SEEDS = st.integers(0, 2**32 - 1)
HAND_TOTAL = {3: (170, 130, 100, 100, 100, 600), 4: (130, 130, 100, 100, 100, 560),
              5: (100, 130, 100, 100, 100, 530), 6: (80, 130, 100, 100, 100, 510)}


def scored_random_hand(client, players: int, hand_number: int, seed: int) -> tuple[dict, dict]:
    """A random deal of the pack played out with random legal moves, and its /score answer."""
    rng = random.Random(seed)
    state = played_out(client, ref.deal_state(players, hand_number, rng), rng)
    return state, post(client, "/score", state)


def assert_scored_as_the_rules_say(state: dict, answer: dict, hand_number: int) -> None:
    """Totals and per-seat figures equal the reference scorer's, and the lines add up and cite the contract."""
    players = state["players"]
    expected = ref.penalties(hand_number, state["tricks"], players)
    assert len(state["tricks"]) == ref.HAND_SIZE[players]
    assert answer["scores"] == expected
    assert sum(answer["scores"]) == HAND_TOTAL[players][hand_number - 1]
    for seat in range(players):
        assert sum(line["points"] for line in answer["lines"] if line["seat"] == seat) == expected[seat]
    assert answer["contract"]["rule"] == ref.CONTRACT_RULE[hand_number]
    assert answer["contract"]["hand_number"] == hand_number
    assert {line["rule"] for line in answer["lines"]} <= {ref.CONTRACT_RULE[hand_number]}
    assert answer["hand_over"] is True


def _penalty_of(text: str) -> str:
    """Which of the five penalties a score line's words name."""
    for kind, words in (("tricks", "won, "), ("hearts", "heart"), ("queens", "queen"), ("king", "king of spades"),
                        ("last", "last trick")):
        if words in text:
            return kind
    raise AssertionError(text)


def assert_salad_lines_each_charge_one_penalty(state: dict, answer: dict) -> None:
    """In the salad every line cites the salad itself, names one penalty, and per seat and penalty adds up to it."""
    players = state["players"]
    breakdown = ref.penalty_breakdown(6, state["tricks"], players)
    assert {line["rule"] for line in answer["lines"]} <= {ref.CONTRACT_RULE[6]}
    named = [(line["seat"], _penalty_of(line["text"])) for line in answer["lines"]]
    assert len(named) == len(set(named)), "one line per seat and penalty"
    for seat in range(players):
        for kind in ("tricks", "hearts", "queens", "king", "last"):
            charged = sum(line["points"] for line in answer["lines"]
                          if line["seat"] == seat and _penalty_of(line["text"]) == kind)
            assert charged == breakdown[seat][kind], (seat, kind)


def assert_king_of_spades_charged_once(state: dict, answer: dict) -> None:
    """One seat, the taker of the spade king, pays 100."""
    takers = [seat for seat, points in enumerate(answer["scores"]) if points]
    assert len(takers) == 1 and answer["scores"][takers[0]] == 100


def assert_last_trick_charged_to_its_winner(state: dict, answer: dict) -> None:
    """The winner of the final trick pays 100."""
    last = state["tricks"][-1]
    assert answer["scores"][ref.trick_winner(last["leader"], last["cards"], state["players"])] == 100


def assert_salad_is_the_five_contracts_together(state: dict, answer: dict) -> None:
    """The salad charges per seat the sum of the five single contracts over the same tricks, line by penalty."""
    assert_salad_lines_each_charge_one_penalty(state, answer)
    singles = [ref.penalties(n, state["tricks"], state["players"]) for n in range(1, 6)]
    assert answer["scores"] == [sum(points) for points in zip(*singles)]


CONTRACT_CHECKS = {4: assert_king_of_spades_charged_once, 5: assert_last_trick_charged_to_its_winner,
                   6: assert_salad_is_the_five_contracts_together}


@pytest.mark.slow
@pytest.mark.parametrize(("hand_number", "players"), [(n, p) for n in range(1, 7) for p in PLAYERS],
                         ids=[f"{ref.CONTRACT_RULE[n].split('.')[-1]}-{p}-players" for n in range(1, 7) for p in PLAYERS])
@RANDOM_HANDS
@given(seed=SEEDS)
def test_canadian_salad_contract_random_hands_scored_as_the_rules_say(client, hand_number, players, seed):
    state, answer = scored_random_hand(client, players, hand_number, seed)
    assert_scored_as_the_rules_say(state, answer, hand_number)
    CONTRACT_CHECKS.get(hand_number, lambda *_: None)(state, answer)


def test_canadian_salad_contract_salad_published_last_trick_of_four_hearts_costs_175(client):
    # pagat.com's worked example: when the final trick holds 8H, 9H, QH and KH, whoever played KH pays
    # 175 for it alone (four hearts 40, one trick 10, one queen 25, last trick 100).
    spades = [rank + "S" for rank in ref.RANKS[1:]]
    others = [c for c in ref.pack(4) if ref.suit(c) != "S" and c not in ("8H", "9H", "QH", "KH")]
    hands = [["8H", *spades], ["9H", "2S", *others[:11]], ["QH", *others[11:23]], ["KH", *others[23:]]]
    state = {"players": 4, "hand_number": 6, "dealer": 3, "hands": hands, "tricks": [],
             "current_trick": {"leader": 0, "cards": []}}
    reserved = {"8H", "9H", "QH", "KH"}
    while True:
        listed = post(client, "/legal-moves", state)
        if listed["to_act"] is None:
            break
        cards = [m["card"] for m in listed["moves"]]
        card = next((c for c in cards if c not in reserved), cards[0])
        state = post(client, "/apply-move", state, {"type": "play", "card": card})["state"]
    assert state["tricks"][-1]["cards"] == ["8H", "9H", "QH", "KH"]
    answer = post(client, "/score", state)
    # Seat 0 won the twelve spade tricks: 120 for tricks, 90 for the nine hearts discarded on them,
    # 75 for the queens of clubs, diamonds and spades, and 100 for the king of spades.
    assert answer["scores"] == [385, 0, 0, 175]
    assert sum(line["points"] for line in answer["lines"] if line["seat"] == 3) == 175


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS, first_dealer=st.integers(0, 5))
def test_canadian_salad_scoring_totals_six_hands_hand_out_the_game_total(client, players, seed, first_dealer):
    rng = random.Random(seed)
    game_score = [0] * players
    for hand_number in range(1, 7):
        state = ref.deal_state(players, hand_number, rng, first_dealer % players)
        state = {**played_out(client, state, rng), "score": game_score}
        answer = post(client, "/score", state)
        expected = [before + now for before, now in zip(game_score, ref.penalties(hand_number, state["tricks"], players))]
        assert answer["game_scores"] == expected
        game_score = expected
    assert sum(game_score) == ref.GAME_TOTAL[players]
    assert answer["game_over"] is True
    for best, one, every in ((max(game_score), "loser", "losers"), (min(game_score), "winner", "winners")):
        level = [seat for seat, points in enumerate(game_score) if points == best]
        assert answer[every] == level
        assert answer[one] == (level[0] if len(level) == 1 else None)


@pytest.mark.parametrize("hand_number", range(1, 6))
def test_canadian_salad_scoring_loser_not_before_the_sixth_hand(client, hand_number):
    rng = random.Random(hand_number)
    state = played_out(client, ref.deal_state(4, hand_number, rng), rng)
    totals = {1: 0, 2: 130, 3: 260, 4: 360, 5: 460}[hand_number]
    # Game scores from the earlier hands only in whole tens, one seat having taken everything.
    answer = post(client, "/score", {**state, "score": [totals, 0, 0, 0]})
    assert not answer.get("game_over")
    assert answer.get("loser") is None


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("hand_number", range(1, 7))
@pytest.mark.parametrize("early_end", (False, True))
def test_canadian_salad_contract_hand_over_event_charges_as_the_rules_say(client, players, hand_number, early_end):
    rng = random.Random(hand_number * 100 + players)
    state = ref.deal_state(players, hand_number, rng)
    events = []
    while True:
        listed = post(client, "/legal-moves", state, stop_when_penalties_taken=early_end)
        if listed["to_act"] is None:
            break
        applied = post(client, "/apply-move", state, {"type": "play", "card": rng.choice(listed["moves"])["card"]},
                       stop_when_penalties_taken=early_end)
        state, events = applied["state"], events + applied["events"]
    over = [event for event in events if event["type"] == "hand_over"]
    assert len(over) == 1 and events[-1] is over[0]
    assert over[0]["scores"] == ref.penalties(hand_number, state["tricks"], players)
    won = [event for event in events if event["type"] == "trick_won"]
    assert [event["seat"] for event in won] == [ref.trick_winner(t["leader"], t["cards"], players) for t in state["tricks"]]
    charged = [sum(ref.penalties(hand_number, state["tricks"][:i], players)) for i in range(len(state["tricks"]) + 1)]
    assert [event["points"] for event in won] == [after - before for before, after in zip(charged, charged[1:])]


@pytest.mark.parametrize("players", PLAYERS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS, hand_number=st.integers(1, 6))
def test_canadian_salad_contract_penalties_so_far_at_every_position(client, players, hand_number, seed):
    rng = random.Random(seed)
    for state, listed in positions(client, ref.deal_state(players, hand_number, rng), rng):
        answer = post(client, "/score", state)
        assert answer["scores"] == ref.penalties(hand_number, state["tricks"], players)
        assert answer["hand_over"] is (listed["to_act"] is None)
