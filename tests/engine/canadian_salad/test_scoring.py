"""Canadian Salad penalties and game totals, one test per rule id."""

from __future__ import annotations

import pytest

from rules_engine import answers

from .helpers import GAME, body, dealt, play_out

HAND_TOTALS = {3: [170, 130, 100, 100, 100, 600], 4: [130, 130, 100, 100, 100, 560],
               5: [100, 130, 100, 100, 100, 530], 6: [80, 130, 100, 100, 100, 510]}


def trick_state(tricks: list[list[str]], hand_number: int, hands=None) -> dict:
    """A four-player state whose tricks are given; seat 0 leads the first (dealer 3)."""
    return {"players": 4, "hand_number": hand_number, "dealer": 3,
            "hands": hands or [[], [], [], []], "tricks": [{"leader": 0, "cards": t} for t in tricks]}


def all_tricks_led_by_seat_0() -> list[list[str]]:
    """13 tricks where seat 0 leads and wins each: seat 0 holds the top of every suit it leads."""
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    clubs = [r + "C" for r in ranks]
    # Seat 0 leads each club in turn; the others, void in clubs, discard diamonds, hearts, spades.
    return [[clubs[i], ranks[i] + "D", ranks[i] + "H", ranks[i] + "S"] for i in range(13)]


@pytest.mark.parametrize("hand_number,rule,points", [
    (1, "canadian-salad.contract.no-tricks", [130, 0, 0, 0]),
    (2, "canadian-salad.contract.no-hearts", [130, 0, 0, 0]),
    (3, "canadian-salad.contract.no-queens", [100, 0, 0, 0]),
    (4, "canadian-salad.contract.no-king-of-spades", [100, 0, 0, 0]),
    (5, "canadian-salad.contract.no-last-trick", [100, 0, 0, 0]),
    (6, "canadian-salad.contract.salad", [560, 0, 0, 0]),
])
def test_canadian_salad_contract_scores(hand_number, rule, points):
    answer = answers.score(body(trick_state(all_tricks_led_by_seat_0(), hand_number)))
    assert answer["scores"] == points
    assert answer["contract"]["rule"] == rule
    assert sum(line["points"] for line in answer["lines"]) == sum(points)


def test_canadian_salad_contract_no_hearts_lines_count_hearts():
    answer = answers.score(body(trick_state(all_tricks_led_by_seat_0(), 2)))
    assert answer["lines"] == [{"seat": 0, "points": 130, "rule": "canadian-salad.contract.no-hearts",
                                "text": "13 hearts taken, 10 each"}]


def test_canadian_salad_contract_salad_last_trick_worth_175():
    # The seed's example: a final trick of four hearts (8, 9, Q, K) costs its winner 175.
    clubs = ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]
    diamonds = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"]
    spades = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]
    seat3 = ["2C", "2H", "3H", "4H", "5H", "6H", "7H", "10H", "JH", "AH", "AD", "AS"]
    tricks = [{"leader": 0, "cards": [clubs[i], diamonds[i], spades[i], seat3[i]]} for i in range(12)]
    state = {"players": 4, "hand_number": 6, "dealer": 3, "hands": [["8H"], ["9H"], ["QH"], ["KH"]],
             "tricks": tricks, "current_trick": {"leader": 0, "cards": ["8H", "9H", "QH"]}}
    state["hands"] = [[], [], [], ["KH"]]
    finished = answers.apply_move(body(state, {"type": "play", "card": "KH"}))
    won = finished["events"][-2]
    assert won["type"] == "trick_won" and won["seat"] == 3 and won["points"] == 175
    answer = answers.score(body(finished["state"]))
    assert answer["scores"][3] == 175
    assert [(l["rule"], l["text"], l["points"]) for l in answer["lines"] if l["seat"] == 3] == [
        ("canadian-salad.contract.salad", "1 trick won, 10 each", 10),
        ("canadian-salad.contract.salad", "4 hearts taken, 10 each", 40),
        ("canadian-salad.contract.salad", "1 queen taken, 25 each", 25),
        ("canadian-salad.contract.salad", "won the last trick: 100", 100)]
    assert won["rules"] == ["canadian-salad.play.trick-winner", "canadian-salad.contract.salad"]
    assert sum(answer["scores"]) == 560


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_canadian_salad_scoring_totals(players):
    score = [0] * players
    for hand_number in range(1, 7):
        state = dealt(players, seed=100 + hand_number, hand_number=hand_number, score=score)
        finished = play_out(state)
        answer = answers.score(body(finished))
        assert sum(answer["scores"]) == HAND_TOTALS[players][hand_number - 1]
        assert answer["game_scores"] == [a + b for a, b in zip(score, answer["scores"])]
        score = answer["game_scores"]
    assert sum(score) == {3: 1200, 4: 1120, 5: 1060, 6: 1020}[players]
    assert answer["game_over"] is True
    assert answer["losers"] == [s for s, p in enumerate(score) if p == max(score)]


def earlier_hands(tens: list[int], queens: list[int], hundreds: list[int]) -> list[int]:
    """The game score after hands 1 to 5 of a four-player game, from what each seat took in them."""
    assert sum(tens) == 26 and sum(queens) == 4 and sum(hundreds) == 2  # 13 tricks + 13 hearts; K of spades, last
    return [10 * t + 25 * q + 100 * h for t, q, h in zip(tens, queens, hundreds)]


def test_canadian_salad_scoring_loser_ties_are_shared():
    finished = play_out(dealt(4, seed=9, hand_number=6))
    assert answers.score(body(finished))["scores"] == [145, 125, 60, 230]
    finished["score"] = earlier_hands([3, 7, 9, 7], [1, 1, 2, 0], [1, 0, 1, 0])  # [155, 95, 240, 70]
    answer = answers.score(body(finished))
    assert answer["game_scores"] == [300, 220, 300, 300]
    assert answer["loser"] is None and answer["losers"] == [0, 2, 3]
    assert answer["winner"] == 1 and answer["winners"] == [1]


def test_canadian_salad_scoring_loser_single():
    finished = play_out(dealt(4, seed=9, hand_number=6))
    finished["score"] = earlier_hands([3, 7, 12, 4], [1, 1, 1, 1], [1, 0, 1, 0])  # [155, 95, 245, 65]
    answer = answers.score(body(finished))
    assert answer["game_scores"] == [300, 220, 305, 295]
    assert answer["loser"] == 2 and answer["losers"] == [2]
    assert answer["rules"] == ["canadian-salad.scoring.loser"]


def test_canadian_salad_scoring_partial_hand_counts_tricks_so_far():
    state = dealt(4, seed=12, hand_number=1)
    for _ in range(8):
        move = answers.legal_moves(body(state))["moves"][0]
        state = answers.apply_move(body(state, {"type": "play", "card": move["card"]}))["state"]
    answer = answers.score(body(state))
    assert answer["hand_over"] is False
    assert sum(answer["scores"]) == 20
    assert "game_scores" not in answers.score({"game": GAME, "state": {**state, "score": [0, 0, 0, 0]}})
