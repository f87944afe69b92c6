"""POST endpoints through HTTP: deal, legal moves, validate, apply, score, explain, validate-meld."""

from __future__ import annotations

from rules_engine import answers
from tests.engine.canasta.helpers import meld_turn, position

GAME = "canadian-salad"


def deal(client, players=4, seed=3, **setup):
    answer = client.post("/deal", json={"game": GAME, "players": players, "seed": seed, "setup": setup})
    assert answer.status_code == 200
    return answer.get_json()


def test_deal_answers_the_envelope_and_a_state(client):
    answer = deal(client)
    assert answer["game"] == GAME and answer["variant"] == "standard"
    assert answer["options"] == {"stop_when_penalties_taken": False}
    assert answer["ruleset"].startswith("canadian-salad.standard.")
    assert answer["to_act"] == 1 and answer["phase"] == "play"


def test_legal_moves_cite_rules(client):
    state = deal(client)["state"]
    answer = client.post("/legal-moves", json={"game": GAME, "state": state}).get_json()
    assert answer["to_act"] == 1
    assert {m["card"] for m in answer["moves"]} == set(state["hands"][1])
    assert all(m["code"] == "play:" + m["card"] and m["rules"] for m in answer["moves"])


def test_validate_move_illegal_is_200_with_violations(client):
    state = deal(client)["state"]
    answer = client.post("/validate-move", json={"game": GAME, "state": state,
                                                 "move": {"type": "play", "card": state["hands"][2][0]}})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["legal"] is False and body["violations"][0]["rule"] == "canadian-salad.play.card-held"
    assert len(body["allowed"]) == 13


def test_apply_move_gives_state_and_events(client):
    state = deal(client)["state"]
    card = state["hands"][1][0]
    answer = client.post("/apply-move", json={"game": GAME, "state": state, "move": {"type": "play", "card": card.lower()}})
    body = answer.get_json()
    assert body["state"]["current_trick"] == {"leader": 1, "cards": [card]}
    assert body["events"][0] == {"type": "card_played", "seat": 1, "card": card, "rules": ["canadian-salad.play.turn"]}
    assert body["to_act"] == 2


def test_apply_move_illegal_is_422_with_violations(client):
    state = deal(client)["state"]
    answer = client.post("/apply-move", json={"game": GAME, "state": state, "move": {"type": "play", "card": state["hands"][0][0]}})
    assert answer.status_code == 422
    assert answer.get_json()["violations"][0]["rule"] == "canadian-salad.play.card-held"


def test_ten_spelled_t_is_answered_as_10(client):
    state = deal(client)["state"]
    state["hands"] = [[c.replace("10", "T").lower() for c in h] for h in state["hands"]]
    answer = client.post("/legal-moves", json={"game": GAME, "state": state}).get_json()
    assert all("T" not in m["card"] for m in answer["moves"])


def test_move_on_finished_hand_is_409(client):
    state = deal(client, seed=5)["state"]
    while True:
        listed = client.post("/legal-moves", json={"game": GAME, "state": state}).get_json()
        if listed["to_act"] is None:
            break
        state = client.post("/apply-move", json={"game": GAME, "state": state, "move": listed["moves"][0]}).get_json()["state"]
    assert listed["moves"] == [] and listed["phase"] == "over"
    answer = client.post("/apply-move", json={"game": GAME, "state": state, "move": {"type": "play", "card": "AS"}})
    assert answer.status_code == 409
    score = client.post("/score", json={"game": GAME, "state": state}).get_json()
    assert sum(score["scores"]) == 130 and score["hand_over"] is True


def test_explain_by_rule_id(client):
    answer = client.post("/explain", json={"rule_id": "canadian-salad.play.follow-suit"}).get_json()
    assert answer["rules"][0]["id"] == "canadian-salad.play.follow-suit"
    assert answer["game"] == GAME


def test_explain_why_a_card_may_not_be_played(client):
    state = deal(client, seed=6)["state"]
    lead = state["hands"][1][0]
    state = client.post("/apply-move", json={"game": GAME, "state": state, "move": {"type": "play", "card": lead}}).get_json()["state"]
    held = state["hands"][2]
    off_suit = next((c for c in held if c[-1] != lead[-1]), None)
    if any(c[-1] == lead[-1] for c in held) and off_suit:
        answer = client.post("/explain", json={"game": GAME, "state": state, "move": {"type": "play", "card": off_suit}}).get_json()
        assert answer["legal"] is False
        assert answer["rules"][0]["id"] == "canadian-salad.play.follow-suit"
        assert "must follow" in answer["explanation"]
    situation = client.post("/explain", json={"game": GAME, "state": state}).get_json()
    assert [r["id"] for r in situation["rules"]][:2] == ["canadian-salad.play.follow-suit", "canadian-salad.play.trick-winner"]


def test_explain_needs_a_question(client):
    answer = client.post("/explain", json={"game": GAME})
    assert answer.status_code == 422
    assert "state" in answer.get_json()["errors"]["json"]


def test_validate_meld_refused_for_a_trick_game(client):
    answer = client.post("/validate-meld", json={"game": GAME, "meld": {"cards": ["QS", "QH", "QD"]}})
    assert answer.status_code == 422
    assert "no melds" in answer.get_json()["message"]


def test_answers_equal_the_engine_called_directly(client):
    state = deal(client, seed=7)["state"]
    request = {"game": GAME, "state": state}
    assert client.post("/legal-moves", json=request).get_json() == answers.legal_moves(request)


def test_canasta_opening_in_steps_over_http_step_notes_and_take_back(client):
    hand = ["KH", "KS", "KD", "QH", "QS", "QD", "9C", "4C"]
    state = position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"], turn=meld_turn(0),
                     score=[0, 0])
    kings = {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]}
    verdict = client.post("/validate-move", json={"game": "canasta", "state": state, "move": kings}).get_json()
    assert verdict["legal"] is True and [n["rule"] for n in verdict["notes"]] == ["canasta.opening.in-steps"]
    step = client.post("/apply-move", json={"game": "canasta", "state": state, "move": kings}).get_json()["state"]
    assert step["turn"]["opening"] == {"counted": 30, "required": 50}
    refused = client.post("/apply-move", json={"game": "canasta", "state": step,
                                               "move": {"type": "discard", "card": "9C"}})
    assert refused.status_code == 422 and refused.get_json()["violations"][0]["rule"] == "canasta.opening.in-steps"
    back = client.post("/apply-move", json={"game": "canasta", "state": step, "move": {"type": "take_back"}})
    assert back.status_code == 200 and back.get_json()["state"]["penalties"][0]["failed_openings"] == 1
