"""POST /validate-game: a whole hand's log replayed, agreeing with /apply-move step by step; the first illegal
move caught at its step with the rules it breaks; a move past the end of the hand refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rules_engine.registry import GAMES
from tests.api.every_game import default_players

ALL_GAMES = sorted(GAMES)


def played_hand(client, game: str, seed: int) -> tuple[dict, list, list]:
    """A deal request, the moves of a whole random hand and the position before each move, via /apply-move."""
    chooser = random.Random(seed)
    dealt = {"game": game, "players": default_players(game), "seed": seed}
    state = client.post("/deal", json=dealt).get_json()["state"]
    moves, states = [], [state]
    while True:
        listed = client.post("/legal-moves", json={"game": game, "state": state}).get_json()
        if listed["to_act"] is None:
            return dealt, moves, states
        move = chooser.choice(listed["moves"])
        state = client.post("/apply-move", json={"game": game, "state": state, "move": move}).get_json()["state"]
        moves.append(move)
        states.append(state)


def validate(client, body: dict) -> dict:
    answer = client.post("/validate-game", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_valid_log_agrees_with_apply_move_step_by_step(client, game):
    dealt, moves, states = played_hand(client, game, seed=21)
    answer = validate(client, {**dealt, "moves": moves})
    assert answer["valid"] is True and answer["first_illegal"] is None and answer["steps"] == len(moves)
    assert answer["final_state"] == states[-1]
    assert (answer["to_act"], answer["phase"]) == (None, "over")
    assert answer["score"] == client.post("/score", json={"game": game, "state": states[-1]}).get_json()
    middle = len(moves) // 2
    from_state = validate(client, {"game": game, "state": states[middle], "moves": moves[middle:middle + 3]})
    assert from_state["valid"] is True and from_state["final_state"] == states[middle + 3]
    assert from_state["score"] is None
    turn = client.post("/legal-moves", json={"game": game, "state": states[middle + 3]}).get_json()
    assert (from_state["to_act"], from_state["phase"]) == (turn["to_act"], turn["phase"])


@pytest.mark.slow
@pytest.mark.parametrize("game", ALL_GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**20), pick=st.randoms(use_true_random=False))
def test_every_game_log_corrupted_at_a_random_step_is_caught_there_with_the_rule(client, game, seed, pick):
    dealt, moves, states = played_hand(client, game, seed)
    for index in pick.sample(range(len(moves)), len(moves)):
        body = {"game": game, "state": states[index]}
        candidates = [m for m in moves + [dict(m, seat=(m.get("seat", 0) + 1) % dealt["players"]) for m in moves]]
        verdicts = [(m, client.post("/validate-move", json={**body, "move": m})) for m in candidates]
        illegal = [(m, v.get_json()) for m, v in verdicts if v.status_code == 200 and not v.get_json()["legal"]]
        if illegal:
            break
    else:
        pytest.skip("no illegal move found among the log's own moves")
    wrong, verdict = pick.choice(illegal)
    answer = validate(client, {**dealt, "moves": moves[:index] + [wrong] + moves[index + 1:]})
    assert answer["valid"] is False and answer["steps"] == index
    found = answer["first_illegal"]
    assert found["index"] == index and found["state"] == states[index] == answer["final_state"]
    assert found["violations"] == verdict["violations"] and found["move"] == verdict["move"]
    assert found["violations"] and all(GAMES[game].rulebook[v["rule"]].text for v in found["violations"])


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_game_log_past_the_end_of_the_hand_is_refused_at_the_first_extra_move(client, game):
    dealt, moves, states = played_hand(client, game, seed=33)
    answer = validate(client, {**dealt, "moves": moves + [moves[-1], moves[0]]})
    assert answer["valid"] is False and answer["steps"] == len(moves)
    found = answer["first_illegal"]
    assert found["index"] == len(moves) and found["state"] == states[-1]
    assert [v["rule"].split(".")[0] for v in found["violations"]] == [game]
    assert GAMES[game].rulebook[found["violations"][0]["rule"]].text
    assert "hand is over" in found["violations"][0]["message"]
    assert answer["score"] == client.post("/score", json={"game": game, "state": states[-1]}).get_json()


def test_validate_game_needs_a_seed_or_a_state(client):
    answer = client.post("/validate-game", json={"game": "euchre", "moves": []})
    assert answer.status_code == 422 and "seed" in answer.get_json()["errors"]["json"]


def test_validate_game_unreadable_move_points_into_moves(client):
    dealt, moves, _ = played_hand(client, "canadian-salad", seed=5)
    broken = moves[:3] + [{"type": "play", "card": "ZZ"}] + moves[4:]
    answer = client.post("/validate-game", json={**dealt, "moves": broken})
    assert answer.status_code == 422
    assert "3" in answer.get_json()["errors"]["json"]["moves"]


def test_validate_game_log_longer_than_the_limit_is_refused(client):
    answer = client.post("/validate-game", json={"game": "euchre", "seed": 1,
                                                 "moves": [{"type": "pass"}] * 1001})
    assert answer.status_code == 422 and "moves" in answer.get_json()["errors"]["json"]


def test_validate_game_in_a_batch_answers_as_its_single_call(client):
    dealt, moves, _ = played_hand(client, "euchre", seed=8)
    body = {**dealt, "moves": moves}
    single = client.post("/validate-game", json=body)
    batch = client.post("/batch", json={"requests": [{"path": "/validate-game", "body": body}]}).get_json()
    assert batch["responses"] == [{"status": single.status_code, "body": single.get_json()}]


def played_hands(client, game: str, count: int) -> tuple[list, list]:
    """Hands of one game, each from its own deal and the set-up the hands before carry over (the log's own answer
    deals it), and the position each ends in."""
    hands, ends = [], []
    for number in range(count):
        chooser = random.Random(number)
        hands.append({"seed": 100 + number, "moves": []})
        state = hand_start(client, game, hands)
        moves = []
        while (listed := client.post("/legal-moves", json={"game": game, "state": state}).get_json())["to_act"] is not None:
            move = chooser.choice(listed["moves"])
            state = client.post("/apply-move", json={"game": game, "state": state, "move": move}).get_json()["state"]
            moves.append(move)
        hands[-1]["moves"] = moves
        ends.append(state)
    return hands, ends


def hand_start(client, game: str, hands: list) -> dict:
    """The position the last hand of the log starts from (dealt from what the hands before carry over)."""
    empty = hands[:-1] + [{**hands[-1], "moves": []}]
    return validate(client, {"game": game, "players": default_players(game), "hands": empty})["hands"][-1]["final_state"]


GAME_LOGS = [("canadian-salad", 6), ("euchre", 3)]


@pytest.mark.parametrize("game,count", GAME_LOGS)
def test_several_hands_log_agrees_with_each_hand_played_by_apply_move(client, game, count):
    hands, ends = played_hands(client, game, count)
    answer = validate(client, {"game": game, "players": default_players(game), "hands": hands})
    assert answer["valid"] is True and answer["first_illegal"] is None
    assert answer["steps"] == sum(len(hand["moves"]) for hand in hands)
    assert [hand["final_state"] for hand in answer["hands"]] == ends
    assert [hand["score"] for hand in answer["hands"]] == [
        client.post("/score", json={"game": game, "state": end}).get_json() for end in ends]
    assert answer["final_state"] == ends[-1] and answer["score"] == answer["hands"][-1]["score"]


@pytest.mark.parametrize("game,count", GAME_LOGS)
def test_several_hands_log_corrupted_in_a_later_hand_is_caught_there(client, game, count):
    hands, ends = played_hands(client, game, count)
    last = len(hands) - 1
    start = hand_start(client, game, hands)
    verdicts = [client.post("/validate-move", json={"game": game, "state": start, "move": move}).get_json()
                for move in hands[last]["moves"]]
    wrong, verdict = next((move, v) for move, v in zip(hands[last]["moves"], verdicts) if not v["legal"])
    hands[last]["moves"][0] = wrong
    answer = validate(client, {"game": game, "players": default_players(game), "hands": hands})
    found = answer["first_illegal"]
    assert answer["valid"] is False and (found["hand"], found["index"]) == (last, 0)
    assert found["violations"] == verdict["violations"] and found["state"] == start
    assert answer["steps"] == sum(len(hand["moves"]) for hand in hands[:last])


def test_several_hands_log_with_a_hand_cut_short_is_caught_at_its_end(client):
    hands, ends = played_hands(client, "canadian-salad", 3)
    hands[1]["moves"] = hands[1]["moves"][:10]
    answer = validate(client, {"game": "canadian-salad", "players": 4, "hands": hands})
    found = answer["first_illegal"]
    assert answer["valid"] is False and (found["hand"], found["index"], found["move"]) == (1, 10, None)
    assert "not over" in found["violations"][0]["message"] and len(answer["hands"]) == 2


def test_several_hands_log_unreadable_move_points_into_its_hand(client):
    answer = client.post("/validate-game", json={"game": "canadian-salad", "players": 4, "hands": [
        {"seed": 1, "moves": [{"type": "play", "card": "ZZ"}]}]})
    assert answer.status_code == 422
    assert "0" in answer.get_json()["errors"]["json"]["hands"]["0"]["moves"]


def test_several_hands_log_holds_at_most_32_hands(client):
    hand = {"seed": 0, "moves": []}
    assert client.post("/validate-game", json={"game": "euchre", "hands": [hand] * 32}).status_code == 200
    answer = client.post("/validate-game", json={"game": "euchre", "hands": [hand] * 33})
    assert answer.status_code == 422 and "hands" in answer.get_json()["errors"]["json"]


def test_canasta_turn_draw_a_logged_draw_missing_the_cards_of_a_counted_stock_points_into_moves(client):
    state = client.post("/deal", json={"game": "canasta", "seed": 2}).get_json()["state"]
    counted = {**state, "stock": {"count": len(state["stock"])}}
    answer = client.post("/validate-game", json={"game": "canasta", "state": counted, "moves": [{"type": "draw"}]})
    assert answer.status_code == 422
    errors = answer.get_json()["errors"]["json"]
    assert list(errors) == ["moves"] and list(errors["moves"]) == ["0"], errors
