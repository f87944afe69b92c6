"""Salsifis positions no game can reach, refused with the rule they break and a pointer to the field."""

from __future__ import annotations

import pytest

from tests.engine.salsifis.reference_play import post


def first_turn(client) -> dict:
    """A three-player deal."""
    return post(client, "/deal", {"players": 3, "seed": 2})["state"]


def second_turn(client) -> dict:
    """A three-player game after one turn: seat 0 alone by packet 0, seats 1 and 2 fighting by packet 1."""
    state = first_turn(client)
    for seat, packet in ((0, 0), (1, 1), (2, 1)):
        move = {"type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": packet}
        state = post(client, "/apply-move", {"state": state, "move": move})["state"]
    state = post(client, "/apply-move", {"state": state, "move": {"type": "resolve", "calls": []}})["state"]
    assert len(state["won"][0]) == 4 and state["alone_streak"] == [1, 0, 0] and state["discarded"] == []
    return state


def refusal(client, state, options=None, endpoint="/legal-moves") -> dict:
    """The 422 answer to a position."""
    answer = client.post(endpoint, json={"game": "salsifis", "options": options or {}, "state": state})
    assert answer.status_code == 422, answer.get_json()
    return answer.get_json()


def breaks(body: dict, rule: str, pointer: str) -> None:
    """The answer names the rule and points at the field."""
    assert any(v["rule"] == rule and v["pointer"].startswith(pointer) for v in body["violations"]), body


def card_doubled(state):
    state["hands"][0][0] = state["packets"][0][0]


def foreign_card(state):
    state["hands"][0][0] = "2C"


def hand_short(state):
    state["hands"][0].pop()


def seat_placed_twice(state):
    hand = state["hands"][0]
    state["placements"] = [{"seat": 0, "packet": 0, "card": hand[0]}, {"seat": 0, "packet": 1, "card": hand[1]}]
    del hand[:2]


def seat_out_of_range(state):
    state["placements"] = [{"seat": 3, "packet": 0, "card": state["hands"][0].pop()}]


def penalty_not_in_tens(state):
    state["penalties"] = [5, 0, 0]


def penalty_before_any_reveal(state):
    state["penalties"] = [0, 10, 0]


def streak_longer_than_the_game(state):
    state["alone_streak"] = [1, 0, 0]


def shared_by_one(state):
    state["shared"] = [{"seats": [0], "cards": state["heap"][:4]}]
    del state["heap"][:4]


def dealer_out_of_range(state):
    state["dealer"] = 3


def won_before_any_turn(state):
    state["won"][0] = state["heap"][:4]
    del state["heap"][:4]


FIRST_TURN = [
    (card_doubled, "salsifis.deal.cards", "/state/"),
    (foreign_card, "salsifis.deal.cards", "/state/hands/0"),
    (hand_short, "salsifis.deal.hands", "/state/hands/0"),
    (seat_placed_twice, "salsifis.turn.change", "/state/placements/1"),
    (seat_out_of_range, "salsifis.players", "/state/placements/0/seat"),
    (penalty_not_in_tens, "salsifis.formula.penalty", "/state/penalties/0"),
    (penalty_before_any_reveal, "salsifis.formula.penalty", "/state/penalties/1"),
    (streak_longer_than_the_game, "salsifis.turn.fleeing", "/state/alone_streak/0"),
    (shared_by_one, "salsifis.formula.shared", "/state/shared/0"),
    (dealer_out_of_range, "salsifis.players", "/state/dealer"),
    (won_before_any_turn, "salsifis.deal.", "/state/"),
]


@pytest.mark.parametrize("mutate,rule,pointer", FIRST_TURN, ids=[case[0].__name__ for case in FIRST_TURN])
@pytest.mark.parametrize("endpoint", ["/legal-moves", "/score"])
def test_salsifis_deal_cards_unreachable_first_turn_refused_with_rule_and_pointer(client, mutate, rule, pointer,
                                                                                   endpoint):
    state = first_turn(client)
    mutate(state)
    body = refusal(client, state, endpoint=endpoint)
    assert any(v["rule"].startswith(rule) and v["pointer"].startswith(pointer) for v in body["violations"]), body


def test_salsifis_deal_cards_missing_card_refused_when_discards_are_given(client):
    state = second_turn(client)
    state["won"][0].pop()
    breaks(refusal(client, state), "salsifis.deal.cards", "/state/")


@pytest.mark.parametrize("options", [{"five_players": "four-cards"}])
def test_salsifis_turn_turns_fifth_turn_of_a_four_turn_game_refused(client, options):
    state = post(client, "/deal", {"players": 5, "seed": 1, "options": options})["state"]
    state["turn"] = 5
    assert "turn" in refusal(client, state, options)["errors"]["json"]["state"]


@pytest.mark.parametrize("field,value", [("turn", 6), ("turn", 0), ("players", 6), ("penalties", [-10, 0, 0])])
def test_salsifis_turn_turns_out_of_range_fields_refused_with_a_pointer(client, field, value):
    state = first_turn(client)
    state[field] = value
    assert field in refusal(client, state)["errors"]["json"]["state"]


def test_salsifis_state_record_move_on_a_finished_game_is_409(client):
    state = {"players": 3, "turn": 5, "hands": [[], [], []], "packets": [], "heap": [], "placements": [],
             "won": [["AC", "KD", "9S", "QS"], [], []]}
    answer = client.post("/apply-move", json={"game": "salsifis", "state": state,
                                              "move": {"type": "resolve", "calls": []}})
    assert answer.status_code == 409


def test_salsifis_contest_alone_three_lone_seats_by_two_packets_refused(client):
    state = second_turn(client)
    state["alone_streak"] = [1, 1, 1]
    breaks(refusal(client, state), "salsifis.turn.fleeing", "/state/alone_streak")


def two_player_fight(client) -> dict:
    """A two-player game after one turn in which both seats fought by packet 0."""
    state = post(client, "/deal", {"players": 2, "seed": 2})["state"]
    for seat in (0, 1):
        move = {"type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": 0}
        state = post(client, "/apply-move", {"state": state, "move": move})["state"]
    return post(client, "/apply-move", {"state": state, "move": {"type": "resolve", "calls": []}})["state"]


def test_salsifis_contest_alone_lone_seat_with_nothing_won_refused(client):
    state = two_player_fight(client)
    assert sorted(len(pile) for pile in state["won"]) == [0, 5] and state["alone_streak"] == [0, 0]
    state["alone_streak"] = [1, 1]
    loser = state["won"].index([])
    breaks(refusal(client, state), "salsifis.contest.alone", f"/state/won/{loser}")


def test_salsifis_contest_fight_two_card_won_pile_after_one_turn_refused(client):
    state = second_turn(client)
    state["discarded"] = state["won"][0][2:]
    state["won"][0] = state["won"][0][:2]
    breaks(refusal(client, state), "salsifis.contest.fight", "/state/won/0")


def test_salsifis_formula_shared_stake_smaller_than_a_packet_and_two_cards_refused(client):
    state = second_turn(client)
    won = state["won"][0]
    state["shared"] = [{"seats": [1, 2], "cards": won[:2]}]
    state["discarded"] = won[2:]
    state["won"][0] = []
    state["alone_streak"] = [0, 0, 0]
    breaks(refusal(client, state), "salsifis.formula.shared", "/state/shared/0")


def lone_seat_zero(client, count: int) -> dict:
    """A three-player game after `count` turns with seat 0 alone by packet 0 each time (no limit on fleeing)."""
    options = {"flee_limit": 0}
    state = post(client, "/deal", {"players": 3, "seed": 2, "options": options})["state"]
    for _ in range(count):
        for seat, packet in ((0, 0), (1, 1), (2, 1)):
            move = {"type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": packet}
            state = post(client, "/apply-move", {"options": options, "state": state, "move": move})["state"]
        state = post(client, "/apply-move", {"options": options, "state": state,
                                             "move": {"type": "resolve", "calls": []}})["state"]
    return state


def test_salsifis_turn_fleeing_streak_up_to_the_limit_is_accepted(client):
    state = lone_seat_zero(client, 2)
    assert state["alone_streak"] == [2, 0, 0]
    listed = post(client, "/legal-moves", {"options": {"flee_limit": 2}, "state": state})
    assert listed["to_act"] == 0


def test_salsifis_turn_fleeing_streak_beyond_the_limit_refused(client):
    state = lone_seat_zero(client, 3)
    assert state["alone_streak"] == [3, 0, 0]
    breaks(refusal(client, state, {"flee_limit": 2}), "salsifis.turn.fleeing", "/state/alone_streak/0")


def test_salsifis_turn_fleeing_two_players_are_alone_together_or_not_at_all(client):
    state = post(client, "/deal", {"players": 2, "seed": 2})["state"]
    for seat in (0, 1):
        move = {"type": "place", "seat": seat, "card": state["hands"][seat][0], "packet": seat}
        state = post(client, "/apply-move", {"state": state, "move": move})["state"]
    state = post(client, "/apply-move", {"state": state, "move": {"type": "resolve", "calls": []}})["state"]
    assert state["alone_streak"] == [1, 1]
    state["alone_streak"] = [1, 0]
    breaks(refusal(client, state), "salsifis.turn.fleeing", "/state/alone_streak/1")


def test_salsifis_turn_fleeing_two_lone_seats_of_three_leave_the_third_no_packet_refused(client):
    state = second_turn(client)
    state["alone_streak"] = [1, 1, 0]
    breaks(refusal(client, state), "salsifis.turn.fleeing", "/state/alone_streak/1")


def test_salsifis_formula_shared_stake_of_a_seat_alone_that_turn_refused(client):
    state = second_turn(client)
    winner = next(seat for seat in (1, 2) if state["won"][seat])
    stake = state["won"][winner]
    state["won"][winner] = []
    # The stake is the packet, then the winning card and the card it beat. A tie nobody won needs the two of one
    # rank: the beaten card changes places with a card of the winning card's rank from elsewhere.
    winning, beaten = stake[3], stake[4]
    twin = next(card for pile in state["hands"] + [state["heap"]] for card in pile if card[:-1] == winning[:-1])
    state["hands"] = [[beaten if card == twin else card for card in hand] for hand in state["hands"]]
    state["heap"] = [beaten if card == twin else card for card in state["heap"]]
    stake = stake[:4] + [twin]
    state["shared"] = [{"seats": [1, 2], "cards": stake}]  # the fight by packet 1 as a tie nobody won: reachable
    post(client, "/legal-moves", {"state": state})
    state["shared"] = [{"seats": [0, 1], "cards": stake}]  # seat 0 was alone by packet 0
    breaks(refusal(client, state), "salsifis.formula.shared", "/state/shared/0/seats")


@pytest.mark.parametrize("field, value, rule", [("players", 6, "salsifis.players"), ("players", 1, "salsifis.players"),
                                                ("turn", 6, "salsifis.turn.turns"), ("turn", 0, "salsifis.turn.turns")])
def test_salsifis_players_and_turn_turns_out_of_range_cite_their_rules(client, field, value, rule):
    state = {**first_turn(client), field: value}
    breaks(refusal(client, state), rule, f"/state/{field}")


def test_salsifis_formula_penalty_a_negative_total_cites_the_rule(client):
    state = {**first_turn(client), "penalties": [-10, 0, 0]}
    breaks(refusal(client, state), "salsifis.formula.penalty", "/state/penalties/0")
