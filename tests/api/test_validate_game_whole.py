"""/validate-game with several hands answers the game: each hand's score, the game's running totals and result
(canadian-salad.game.hands, euchre.game.target, canasta.scoring.game), and each hand's setup follows from the hands
before (the deal moves left, scores carry over) instead of being taken as given."""

from __future__ import annotations

import random

import pytest

LISTING_ONLY = ("code", "rules", "unverified", "opening")


def replay(client, game: str, hands: list, **extra) -> dict:
    answer = client.post("/validate-game", json={"game": game, "hands": hands, **extra})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def played(client, game: str, state: dict, rng: random.Random, **extra) -> list[dict]:
    """A bot's moves from this position to the end of the hand (a random listed move each turn)."""
    moves = []
    while True:
        listed = client.post("/legal-moves", json={"game": game, "state": state, **extra}).get_json()
        if not listed["moves"]:
            return moves
        move = {key: value for key, value in rng.choice(listed["moves"]).items() if key not in LISTING_ONLY}
        moves.append(move)
        state = client.post("/apply-move", json={"game": game, "state": state, "move": move, **extra}
                            ).get_json()["state"]


def whole_game(client, game: str, seed: int, most: int = 32, **extra) -> tuple[list, dict]:
    """Hands dealt from the setups the log carries over, each played to its end, until the game is over."""
    rng, hands = random.Random(seed), []
    for number in range(most):
        hands.append({"seed": seed + number, "moves": []})
        start = replay(client, game, hands, **extra)["hands"][-1]["final_state"]
        hands[-1]["moves"] = played(client, game, start, rng, **extra)
        answer = replay(client, game, hands, **extra)
        assert answer["valid"] is True and answer["hand_over"] is True, answer["first_illegal"]
        if answer["game_over"]:
            return hands, answer
    raise AssertionError(f"no end after {most} hands")


def test_canadian_salad_game_hands_a_log_of_six_hands_answers_the_game(client):
    hands, answer = whole_game(client, "canadian-salad", seed=5)
    assert len(hands) == 6 and len(answer["hands"]) == 6
    per_hand = [hand["score"]["scores"] for hand in answer["hands"]]
    totals = [sum(scores) for scores in zip(*per_hand)]
    assert answer["game_scores"] == totals and answer["game_over"] is True
    assert answer["winners"] == [seat for seat, total in enumerate(totals) if total == min(totals)]
    # Each hand was dealt with the next contract and the next dealer.
    dealt = [hand["score"]["contract"]["hand_number"] for hand in answer["hands"]]
    assert dealt == [1, 2, 3, 4, 5, 6]


def test_euchre_game_target_a_log_to_the_target_answers_the_winner(client):
    hands, answer = whole_game(client, "euchre", seed=3, options={"target": 5})
    assert answer["game_over"] is True and max(answer["game_scores"]) >= 5
    assert answer["winner"] == answer["game_scores"].index(max(answer["game_scores"]))
    dealers = [hand["final_state"]["dealer"] for hand in answer["hands"]]
    assert dealers == [number % 4 for number in range(len(hands))]


def test_canasta_scoring_game_scores_and_the_deal_carry_to_the_next_hand(client):
    hands, rng = [{"seed": 7, "moves": []}], random.Random(7)
    start = replay(client, "canasta", hands)["hands"][0]["final_state"]
    hands[0]["moves"] = played(client, "canasta", start, rng)
    hands.append({"seed": 8, "moves": []})
    answer = replay(client, "canasta", hands)
    first, second = answer["hands"]
    assert first["score"]["game_scores"] == second["final_state"]["score"]
    assert second["final_state"]["dealer"] == 1 and answer["hand_over"] is False and answer["game_over"] is False


@pytest.mark.parametrize("field, value, rule", [("dealer", 3, "canadian-salad.deal.rotation"),
                                                ("hand_number", 4, "canadian-salad.game.hands"),
                                                ("score", [0, 0, 0, 0], "canadian-salad.scoring.totals")])
def test_canadian_salad_a_setup_the_hands_before_contradict_is_refused(client, field, value, rule):
    hands, _ = whole_game(client, "canadian-salad", seed=5)
    log = [hands[0], {**hands[1], "setup": {field: value}}]
    answer = client.post("/validate-game", json={"game": "canadian-salad", "hands": log})
    assert answer.status_code == 422
    problem = answer.get_json()["violations"][0]
    assert (problem["rule"], problem["pointer"]) == (rule, f"/hands/1/setup/{field}")
    # The values the hands before give are accepted when named.
    expected = replay(client, "canadian-salad", hands[:2])["hands"][1]["final_state"]
    named = {key: expected[key] for key in ("dealer", "hand_number", "score")}
    assert replay(client, "canadian-salad", [hands[0], {**hands[1], "setup": named}])["valid"] is True


def test_canadian_salad_game_hands_no_hand_follows_the_sixth(client):
    hands, _ = whole_game(client, "canadian-salad", seed=5)
    answer = client.post("/validate-game", json={"game": "canadian-salad", "hands": hands + [{"seed": 1, "moves": []}]})
    assert answer.status_code == 422 and answer.get_json()["violations"][0]["pointer"] == "/hands/6"


def test_a_log_that_stops_early_says_the_hand_is_not_over(client):
    single = client.post("/validate-game", json={"game": "euchre", "seed": 4, "moves": [{"type": "pass"}]}).get_json()
    assert single["valid"] is True and single["hand_over"] is False and single["to_act"] is not None
    several = replay(client, "euchre", [{"seed": 4, "moves": [{"type": "pass"}]}])
    assert several["hand_over"] is False and several["game_over"] is False
