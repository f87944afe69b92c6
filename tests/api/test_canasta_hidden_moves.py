"""Moves of a Canasta seat whose hand is hidden, over HTTP: what they change, what is refused, what is unverified.

Seat 0 is the viewer; seat 1 (side 1, whose sevens are on the table) is hidden unless a test says otherwise. Side 0
has its kings on the table, so the viewer's short hand is one play can reach.
"""

from __future__ import annotations

import random

from tests.engine.canasta.helpers import OPPONENTS_MELD, meld, meld_turn, position

SEVENS_CANASTA = meld(["7C", "7C", "7D", "7D", "7S", "7S", "7H"])
VIEWER_HAND = ["QH", "5C", "9D", "9H"]
VIEWER_SIDE = [meld(["KC", "KD", "KS"])]


def hidden_table(turn: dict, *, seat_one: int = 11, discard: list[str] | None = None, **fields) -> dict:
    """The viewer's position: its own hand shown, the other hands and the stock as counts."""
    return position([list(VIEWER_HAND), {"count": seat_one}, {"count": 11}, {"count": 11}],
                    discard=discard or ["8C", "QH"], turn=turn, **{"melds": [VIEWER_SIDE, [OPPONENTS_MELD]],
                                                                 "melded_before": [True, True, False, False], **fields})


def post(client, path: str, state: dict, move: dict | None = None, **extra):
    body = {"game": "canasta", "state": state, **extra}
    if move is not None:
        body["move"] = move
    return client.post(path, json=body)


def test_canasta_deal_cards_hidden_seat_melding_a_card_every_copy_of_which_is_in_sight_is_refused_naming_where(client):
    state = hidden_table(meld_turn(1))
    answer = post(client, "/apply-move", state, {"type": "meld", "melds": [{"cards": ["QS", "QD", "QH"]}]})
    assert answer.status_code == 422
    problem = answer.get_json()["violations"][0]
    assert (problem["rule"], problem["pointer"]) == ("canasta.deal.cards", "/move/melds/0/cards/2")
    assert "in seat 0's hand" in problem["message"] and "in the discard pile" in problem["message"]
    judged = post(client, "/validate-move", state, {"type": "discard", "card": "QH"})
    assert judged.status_code == 422 and judged.get_json()["violations"][0]["pointer"] == "/move/card"


def test_canasta_deal_cards_hidden_seat_may_use_a_copy_not_in_sight(client):
    state = hidden_table(meld_turn(1))
    answer = post(client, "/apply-move", state, {"type": "discard", "card": "QS"})
    assert answer.status_code == 200
    assert answer.get_json()["state"]["discard"] == ["8C", "QH", "QS"]


def test_canasta_melds_from_hand_hidden_seat_cannot_put_down_more_cards_than_its_count(client):
    state = hidden_table(meld_turn(1), seat_one=2)
    answer = post(client, "/apply-move", state, {"type": "meld", "melds": [{"cards": ["KS", "KD", "KC"]}]})
    assert answer.status_code == 422
    problem = answer.get_json()["violations"][0]
    assert (problem["rule"], problem["pointer"]) == ("canasta.melds.from-hand", "/move/melds/0/cards")
    assert "holds 2 cards" in problem["message"]
    judged = post(client, "/validate-move", state, {"type": "take_back"})
    assert judged.status_code == 200 and judged.get_json()["legal"] is False


def test_canasta_melds_from_hand_hidden_seat_meld_leaves_its_count_and_is_unverified(client):
    state = hidden_table(meld_turn(1))
    move = {"type": "meld", "melds": [{"cards": ["KS", "KD", "KC"]}]}
    judged = post(client, "/validate-move", state, move).get_json()
    assert judged["legal"] is True and judged["unverified"] == ["canasta.melds.from-hand"]
    answer = post(client, "/apply-move", state, move).get_json()
    assert answer["unverified"] == ["canasta.melds.from-hand"]
    assert answer["state"]["hands"][1] == {"count": 8}
    assert answer["state"]["melds"][1][-1] == {"rank": "K", "cards": ["KS", "KD", "KC"]}
    assert (answer["to_act"], answer["phase"]) == (1, "meld")


def test_canasta_melds_set_hidden_seat_breaking_a_rule_the_cards_named_show_is_illegal(client):
    state = hidden_table(meld_turn(1))
    move = {"type": "meld", "melds": [{"cards": ["KS", "KD", "QD"]}]}
    judged = post(client, "/validate-move", state, move).get_json()
    assert judged["legal"] is False and judged["violations"]
    assert judged["unverified"] == ["canasta.melds.from-hand"]   # what could not be checked, even so
    assert post(client, "/apply-move", state, move).status_code == 422


def test_canasta_turn_hand_known_shown_hands_leave_nothing_unverified(client):
    state = position([list(VIEWER_HAND), ["KS", "KD", "KC", "4H", "5H"], ["5D", "6D"], ["8H", "8S"]],
                     discard=["8C", "QH"], turn=meld_turn(1), melds=[VIEWER_SIDE, [OPPONENTS_MELD]],
                     melded_before=[True, True, False, False])
    move = {"type": "meld", "melds": [{"cards": ["KS", "KD", "KC"]}]}
    assert post(client, "/validate-move", state, move).get_json()["unverified"] == []
    assert post(client, "/apply-move", state, move).get_json()["unverified"] == []


def test_canasta_red_threes_lay_out_hidden_seat_cannot_discard_a_red_three(client):
    judged = post(client, "/validate-move", hidden_table(meld_turn(1)), {"type": "discard", "card": "3H"}).get_json()
    assert [v["rule"] for v in judged["violations"]] == ["canasta.red-threes.lay-out"]


def test_canasta_going_out_how_hidden_seat_discarding_its_last_card_goes_out(client):
    state = hidden_table(meld_turn(1), seat_one=1, melds=[VIEWER_SIDE, [SEVENS_CANASTA]])
    answer = post(client, "/apply-move", state, {"type": "discard", "card": "KS"})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["state"]["hands"][1] == {"count": 0}
    assert body["state"]["turn"] == {"seat": 1, "phase": "over", "ending": "went_out", "concealed": False}
    assert (body["to_act"], body["phase"]) == (None, "over")
    assert [e["type"] for e in body["events"]] == ["discarded", "went_out", "hand_over"]
    assert body["unverified"] == ["canasta.turn.discard"]


def test_canasta_melds_keep_a_card_hidden_seat_without_a_canasta_cannot_empty_its_hand(client):
    state = hidden_table(meld_turn(1), seat_one=3)
    judged = post(client, "/validate-move", state, {"type": "meld", "melds": [{"cards": ["KS", "KD", "KC"]}]})
    assert [v["rule"] for v in judged.get_json()["violations"]] == ["canasta.melds.keep-a-card"]


def test_canasta_turn_draw_hidden_seat_draws_from_a_counted_stock_without_naming_cards(client):
    state = hidden_table({"seat": 1, "phase": "draw"})
    stock = state["stock"]["count"]
    answer = post(client, "/apply-move", state, {"type": "draw"}).get_json()
    assert answer["state"]["hands"][1] == {"count": 12} and answer["state"]["stock"] == {"count": stock - 1}
    assert answer["unverified"] == ["canasta.red-threes.lay-out", "canasta.turn.draw"]
    assert answer["events"][0] == {"type": "drew", "seat": 1, "cards": [None], "rules": ["canasta.turn.draw"]}


def test_canasta_red_threes_lay_out_hidden_seat_names_the_red_three_it_lays_out(client):
    state = hidden_table({"seat": 1, "phase": "draw"})
    stock = state["stock"]["count"]
    answer = post(client, "/apply-move", state, {"type": "draw", "cards": ["3H", None]})
    assert answer.status_code == 200, answer.get_json()
    after = answer.get_json()["state"]
    assert after["red_threes"][1] == ["3H"] and after["hands"][1] == {"count": 12}
    assert after["stock"] == {"count": stock - 2}


def test_canasta_deal_cards_hidden_seat_cannot_draw_a_red_three_whose_copies_are_laid_out(client):
    state = hidden_table({"seat": 1, "phase": "draw"}, red_threes=[["3H"], ["3H"]])
    answer = post(client, "/apply-move", state, {"type": "draw", "cards": ["3H", None]})
    assert answer.status_code == 422
    problem = answer.get_json()["violations"][0]
    assert problem["pointer"] == "/move/cards/0" and "among side 0's red threes" in problem["message"]


def test_canasta_turn_hand_known_shown_seat_names_every_card_it_draws(client):
    state = hidden_table({"seat": 0, "phase": "draw"}, discard=["8C", "JS"])
    answer = post(client, "/apply-move", state, {"type": "draw", "cards": [None]})
    assert answer.status_code == 422
    assert answer.get_json()["violations"][0]["pointer"] == "/move/cards/0"


def test_canasta_pile_take_hidden_seat_takes_the_pile_into_its_count(client):
    state = hidden_table({"seat": 1, "phase": "draw"}, discard=["8C", "4D", "KH"])
    move = {"type": "take_pile", "cards": ["KS", "KD"], "melds": [{"cards": ["JS", "JD", "JC"]}]}
    answer = post(client, "/apply-move", state, move)
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["state"]["hands"][1] == {"count": 11 - 5 + 2}
    assert body["state"]["discard"] == []
    assert [m["rank"] for m in body["state"]["melds"][1]] == ["7", "K", "J"]
    assert body["unverified"] == ["canasta.melds.from-hand"]


def test_canasta_going_out_ask_partner_hidden_seat_asks_and_the_shown_partner_answers(client):
    state = position([["5C", "9D", "9H"], {"count": 11}, {"count": 11}, ["KS", "KD", "4C", "4S"]],
                     discard=["8C", "QH"], turn=meld_turn(1), melds=[VIEWER_SIDE, [OPPONENTS_MELD]],
                     melded_before=[True, True, False, False])
    asked = post(client, "/apply-move", state, {"type": "ask_go_out"}).get_json()
    assert asked["unverified"] == ["canasta.going-out.ask-partner"]
    assert (asked["to_act"], asked["phase"]) == (3, "answer")
    answered = post(client, "/apply-move", asked["state"], {"type": "answer_go_out", "yes": True}).get_json()
    assert answered["unverified"] == [] and answered["state"]["turn"]["question"] == "yes"
    # After a yes, whether a move keeps going out possible depends on the hidden cards.
    melded = post(client, "/validate-move", answered["state"],
                  {"type": "meld", "melds": [{"cards": ["QS", "QD", "QC"]}]}).get_json()
    assert melded["legal"] is True
    assert melded["unverified"] == ["canasta.going-out.ask-partner", "canasta.melds.from-hand"]


def test_canasta_opening_in_steps_hidden_seat_short_step_is_unverified_and_the_turn_cannot_end_short(client):
    state = position([{"count": 11}, list(VIEWER_HAND), {"count": 11}, {"count": 11}], discard=["8C", "QH"],
                     turn=meld_turn(0))
    stepped = post(client, "/apply-move", state, {"type": "meld", "melds": [{"cards": ["5S", "5D", "5C"]}]})
    assert stepped.status_code == 200, stepped.get_json()
    body = stepped.get_json()
    assert body["unverified"] == ["canasta.melds.from-hand", "canasta.opening.in-steps"]
    assert body["state"]["turn"]["opening"] == {"counted": 15, "required": 50}
    judged = post(client, "/validate-move", body["state"], {"type": "discard", "card": "KS"}).get_json()
    assert [v["rule"] for v in judged["violations"]] == ["canasta.opening.in-steps"]
    listed = post(client, "/legal-moves", body["state"]).get_json()
    assert [m["type"] for m in listed["moves"]] == ["take_back"]


def test_canasta_turn_hand_known_legal_moves_of_a_hidden_seat_list_what_needs_no_card(client):
    state = hidden_table({"seat": 1, "phase": "draw"}, discard=["8C", "4D", "7H"])
    listed = post(client, "/legal-moves", state).get_json()
    assert [m["code"] for m in listed["moves"]] == ["draw", "take_pile:"]   # the top 7 joins side 1's sevens
    assert listed["hidden_moves"] == [{"type": "take_pile", "rules": ["canasta.melds.from-hand"]}]
    assert listed["unverified"] == ["canasta.melds.from-hand", "canasta.red-threes.lay-out", "canasta.turn.draw"]
    mine = post(client, "/legal-moves", hidden_table({"seat": 0, "phase": "draw"}, discard=["8C", "JS"])).get_json()
    assert "hidden_moves" not in mine and mine["unverified"] == ["canasta.turn.draw"]


def test_canasta_include_legal_moves_for_a_hidden_next_seat_is_null_as_its_moves_depend_on_its_cards(client):
    state = hidden_table(meld_turn(0))
    answer = post(client, "/apply-move", state, {"type": "discard", "card": "5C"}, include_legal_moves=True).get_json()
    assert (answer["to_act"], answer["phase"], answer["legal_moves"]) == (1, "draw", None)
    listed = post(client, "/legal-moves", answer["state"]).get_json()
    assert [m["type"] for m in listed["moves"]] == ["draw"] and listed["hidden_moves"] and listed["unverified"]


def test_canasta_validate_game_and_batch_follow_a_hidden_seat(client):
    state = hidden_table({"seat": 1, "phase": "draw"})
    moves = [{"type": "draw"}, {"type": "meld", "melds": [{"cards": ["KS", "KD", "KC"]}]},
             {"type": "discard", "card": "4S"}, {"type": "draw"}]
    replayed = client.post("/validate-game", json={"game": "canasta", "state": state, "moves": moves}).get_json()
    assert replayed["valid"] is True and replayed["steps"] == 4
    assert replayed["final_state"]["hands"][1:3] == [{"count": 8}, {"count": 12}]
    assert (replayed["to_act"], replayed["phase"], replayed["score"]) == (2, "meld", None)
    batch = client.post("/batch", json={"requests": [
        {"path": "/apply-move", "body": {"game": "canasta", "state": state, "move": moves[0]}},
        {"path": "/legal-moves", "body": {"game": "canasta", "state": state}},
        {"path": "/validate-move", "body": {"game": "canasta", "state": state, "move": moves[1]}}]}).get_json()
    assert [r["status"] for r in batch["responses"]] == [200, 200, 200]
    assert batch["responses"][0]["body"]["state"]["hands"][1] == {"count": 12}
    assert batch["responses"][2]["body"]["legal"] is False   # melding before drawing


def test_canasta_validate_game_hand_ending_with_hidden_hands_has_no_score(client):
    state = hidden_table(meld_turn(1), seat_one=1, melds=[VIEWER_SIDE, [SEVENS_CANASTA]])
    replayed = client.post("/validate-game", json={"game": "canasta", "state": state,
                                                   "moves": [{"type": "discard", "card": "KS"}]}).get_json()
    assert replayed["valid"] is True and (replayed["to_act"], replayed["phase"]) == (None, "over")
    assert replayed["score"] is None


def _hand_gone_out(client) -> dict:
    """A finished Classic hand in full view, ended by a seat going out (melding first, seeded choices)."""
    for seed in range(40):
        rng = random.Random(seed)
        state = client.post("/deal", json={"game": "canasta", "seed": seed}).get_json()["state"]
        while True:
            listed = client.post("/legal-moves", json={"game": "canasta", "state": state}).get_json()
            if listed["to_act"] is None:
                break
            melding = [m for m in listed["moves"] if m["type"] not in ("discard", "take_back")]
            move = rng.choice(melding or listed["moves"])
            state = client.post("/apply-move", json={"game": "canasta", "state": state, "move": move}).get_json()["state"]
        if state["turn"].get("ending") == "went_out":
            return state
    raise AssertionError("no hand went out")


def test_canasta_scoring_hand_cards_a_hidden_hand_of_no_cards_is_scored_as_empty(client):
    over = _hand_gone_out(client)
    out = over["turn"]["seat"]
    assert over["hands"][out] == []
    hidden = {**over, "hands": [{"count": 0} if seat == out else hand for seat, hand in enumerate(over["hands"])]}
    scored = client.post("/score", json={"game": "canasta", "state": over}).get_json()
    assert client.post("/score", json={"game": "canasta", "state": hidden}).get_json() == scored
    other = (out + 1) % 4
    held = {**hidden, "hands": [{"count": len(h)} if seat == other else h for seat, h in enumerate(hidden["hands"])]}
    refused = client.post("/score", json={"game": "canasta", "state": held})
    assert refused.status_code == 422 and "canasta.scoring.hand-cards" in str(refused.get_json())
