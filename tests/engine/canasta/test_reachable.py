"""Positions no legal play reaches are refused with the rule and the field; positions play reaches are not."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import DECK, OPPONENTS_MELD, body, meld, meld_turn, position

KINGS = meld(["KD", "KC", "KS"])
CANASTA = meld(["KD", "KC", "KS", "KH", "KD", "KC", "2S"])


def refused(state: dict, variant: str = "classic") -> tuple:
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves({"game": "canasta", "variant": variant, "state": state})
    problem = caught.value.problems[0]
    return problem.pointer, problem.rule


def accepted(state: dict, variant: str = "classic") -> dict:
    return answers.legal_moves({"game": "canasta", "variant": variant, "state": state})


def dealt(variant: str = "classic", seed: int = 11, dealer: int = 0) -> dict:
    return answers.deal({"game": "canasta", "variant": variant, "seed": seed, "setup": {"dealer": dealer}})["state"]


def play(state: dict, move: dict, variant: str = "classic") -> dict:
    return answers.apply_move({"game": "canasta", "variant": variant, "state": state, "move": move})["state"]


def stock_to_hand(state: dict, seat: int, count: int = 1) -> dict:
    """The state with cards moved from the stock into a hand (the deck stays whole)."""
    changed = copy.deepcopy(state)
    for _ in range(count):
        changed["hands"][seat].append(changed["stock"].pop())
    return changed


# -- the stock and the end of the hand --------------------------------------------------------------------
def test_canasta_stock_exhausted_ending_needs_an_empty_stock():
    state = position([["4S"], ["9D"], ["4C"], ["AH"]], discard=["8C"], melds=[[CANASTA], []],
                     melded_before=[True, False, False, False], hidden_stock=True,
                     turn={"seat": 0, "phase": "over", "ending": "stock_exhausted"})
    assert refused(state) == (("state", "stock"), "canasta.stock.exhausted")


def test_canasta_going_out_how_only_the_player_who_went_out_holds_no_card():
    state = position([[], [], ["4C"], ["AH"]], discard=["8C"], melds=[[CANASTA], [OPPONENTS_MELD]],
                     melded_before=[True, True, False, False], hidden_stock=True,
                     turn={"seat": 0, "phase": "over", "ending": "went_out"})
    assert refused(state) == (("state", "hands", 1), "canasta.going-out.how")


# -- the going-out question -------------------------------------------------------------------------------
def asking(hand: list[str], side_melds: list[dict], **turn) -> dict:
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C", "9D"],
                    melds=[side_melds, []], melded_before=[True, False, False, False], turn=meld_turn(0, **turn))


@pytest.mark.parametrize("turn", [{"phase": "answer", "question": "asked"}, {"question": "yes"}, {"question": "no"}])
def test_canasta_going_out_ask_partner_only_a_player_able_to_go_out_asks(turn):
    # Queens to meld and a four to discard, but no canasta: this player cannot go out.
    assert refused(asking(["QH", "QS", "QD", "4H"], [KINGS], **turn)) == (("state", "turn", "question"),
                                                                          "canasta.going-out.ask-partner")
    able = accepted(asking(["QH", "QS", "QD", "4H"], [CANASTA], **turn))
    assert able["moves"]


def test_canasta_going_out_ask_partner_after_no_the_player_may_meld_on():
    # Told no, the player laid off onto the kings: going out was possible when asking, not any more.
    state = asking(["QH", "QS", "4H"], [KINGS], question="no", melded=True, extended=True)
    assert accepted(state)["moves"]


def test_canasta_going_out_ask_partner_no_keeps_two_cards():
    state = asking(["4H"], [CANASTA], question="no")
    assert refused(state) == (("state", "hands", 0), "canasta.going-out.ask-partner")


def test_canasta_going_out_ask_partner_nothing_melded_while_the_answer_waits():
    state = asking(["QH", "QS", "QD", "4H"], [CANASTA], phase="answer", question="asked", melded=True,
                   extended=True)
    assert refused(state) == (("state", "turn", "melded"), "canasta.going-out.ask-partner")


# -- what the turn record says happened -------------------------------------------------------------------
def test_canasta_pile_take_drew_pile_needs_a_meld_of_the_side():
    state = position([["QH", "QS", "4H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=[],
                     turn=meld_turn(0, drew="pile"))
    assert refused(state) == (("state", "turn", "drew"), "canasta.pile.take")
    state = position([["QH", "QS", "4H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=[],
                     melds=[[KINGS], []], melded_before=[True, False, False, False], turn=meld_turn(0, drew="pile"))
    assert refused(state) == (("state", "turn", "drew"), "canasta.pile.take")
    state["turn"]["extended"] = True
    assert accepted(state)["moves"]


def test_canasta_turn_meld_record_agrees_with_what_was_put_down():
    base = dict(discard=["8C", "9D"], melds=[[KINGS], []], melded_before=[True, False, False, False])
    hands = [["QH", "QS", "4H"], {"count": 11}, {"count": 11}, {"count": 11}]
    state = position(copy.deepcopy(hands), turn=meld_turn(0, melded=True), **base)
    assert refused(state) == (("state", "turn", "melded"), "canasta.turn.meld")
    state = position(copy.deepcopy(hands), turn=meld_turn(0, melded=True, started=["K"], extended=True), **base)
    assert refused(state) == (("state", "turn", "extended"), "canasta.turn.meld")
    state = position(copy.deepcopy(hands), turn=meld_turn(0, melded=True, extended=True), **base)
    assert accepted(state)["moves"]


def test_canasta_turn_discard_a_stock_draw_leaves_the_pile_as_it_was():
    state = position([["QH", "QS", "4H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=[],
                     melds=[[KINGS], []], melded_before=[True, False, False, False], turn=meld_turn(0))
    assert refused(state) == (("state", "discard"), "canasta.turn.discard")


# -- the deal and the turns taken, while the pile was never taken ----------------------------------------
def test_canasta_turn_order_the_first_turn_is_the_dealers_left():
    state = dealt(dealer=2)
    assert accepted(state)["to_act"] == 3
    state["turn"]["seat"] = 1
    assert refused(state) == (("state", "turn", "seat"), "canasta.turn.order")


def test_canasta_turn_order_follows_the_discards_on_a_pile_never_taken():
    state = dealt(dealer=0)
    for _ in range(3):
        state = play(state, {"type": "draw"})
        state = play(state, {"type": "discard", "card": state["hands"][state["turn"]["seat"]][0]})
    assert accepted(state)["to_act"] == 0
    state["turn"]["seat"] = 2
    assert refused(state) == (("state", "turn", "seat"), "canasta.turn.order")


def test_canasta_deal_hands_eleven_cards_each_while_nobody_has_melded():
    state = dealt()
    assert accepted(state)["to_act"] == 1
    assert refused(stock_to_hand(state, 2)) == (("state", "hands", 2), "canasta.deal.hands")
    drawn = play(state, {"type": "draw"})
    assert len(drawn["hands"][1]) == 12 and accepted(drawn)["moves"]
    shorter = copy.deepcopy(drawn)
    shorter["stock"].append(shorter["hands"][1].pop())
    assert refused(shorter) == (("state", "hands", 1), "canasta.deal.hands")
    counted = copy.deepcopy(drawn)
    counted["hands"][3] = {"count": 10}
    counted["stock"] = {"count": len(counted["stock"]) + 1}
    assert refused(counted) == (("state", "hands", 3), "canasta.deal.hands")


def test_canasta_deal_two_hand_hand_sizes_follow_the_turns_taken():
    state = dealt("two-hand")
    state = play(play(state, {"type": "draw"}, "two-hand"), {"type": "discard", "card": state["hands"][1][0]},
                 "two-hand")
    assert [len(h) for h in state["hands"]] == [15, 16]
    assert accepted(state, "two-hand")["to_act"] == 0
    assert refused(stock_to_hand(state, 0), "two-hand") == (("state", "hands", 0), "canasta.deal.two-hand")


def test_canasta_deal_upcard_pile_never_taken_starts_with_a_whole_upcard():
    state = dealt()
    state["stock"].append(state["discard"].pop())
    state["discard"] = [state["stock"].pop(next(i for i, c in enumerate(state["stock"]) if c == "JK"))]
    assert refused(state) == (("state", "discard"), "canasta.deal.upcard")


def test_canasta_deal_hands_melds_come_from_the_hands_on_a_pile_never_taken():
    # A red three in the pile shows it was never taken: side 0's melds came out of its hands.
    state = position([["QH", "QS", "4H", "5C", "6D", "10S", "JD", "AC"], {"count": 11}, {"count": 11},
                      {"count": 11}], discard=["3H", "8C", "9D"], melds=[[KINGS], []],
                     melded_before=[True, False, False, False], dealer=2)
    assert accepted(state)["to_act"] == 0
    state["melds"][0] = [meld(["KD", "KC", "KS", "KH"])]
    state["stock"]["count"] -= 1
    assert refused(state) == (("state", "melds", 0), "canasta.deal.hands")


def test_canasta_deal_two_hand_short_draws_at_the_end_of_the_stock_are_reached():
    # Nobody has melded and the pile was never taken: the upcard (a joker, then the first natural) and 35
    # discards. The stock's last three cards are AS, 3H and 7D.
    cards = sorted((DECK - Counter(["AS", "3H", "7D", "3H", "3D", "3D", "JK"])).elements())
    discard, cards = ["JK"] + cards[:36], cards[36:]
    state = {"players": 2, "dealer": 1, "hands": [cards[:33], cards[33:]], "stock": ["AS", "3H", "7D"],
             "discard": discard, "melds": [[], []], "red_threes": [["3H", "3D", "3D"], []],
             "turn": {"seat": 1, "phase": "draw"}}
    assert [len(h) for h in state["hands"]] == [33, 32] and accepted(state, "two-hand")["to_act"] == 1
    state = play(state, {"type": "draw"}, "two-hand")     # AS, and the 3H brings no replacement
    assert len(state["hands"][1]) == 33 and accepted(state, "two-hand")["moves"]
    state = play(state, {"type": "discard", "card": state["hands"][1][0]}, "two-hand")
    state = play(state, {"type": "draw"}, "two-hand")     # the single last card is the whole draw
    assert len(state["hands"][0]) == 34 and accepted(state, "two-hand")["moves"]
    state = play(state, {"type": "discard", "card": state["hands"][0][0]}, "two-hand")
    over = play(state, {"type": "draw"}, "two-hand")
    assert over["turn"]["ending"] == "stock_exhausted" and accepted(over, "two-hand")["to_act"] is None


# -- game scores --------------------------------------------------------------------------------------------
def test_canasta_scoring_game_scores_are_multiples_of_five():
    state = dealt()
    state["score"] = [1203, 0]
    assert refused(state) == (("state", "score", 0), "canasta.scoring.game")
    with pytest.raises(InvalidRequest) as caught:
        answers.deal({"game": "canasta", "seed": 1, "setup": {"score": [0, 12]}})
    assert caught.value.problems[0].pointer == ("setup", "score", 1)


def test_canasta_turn_order_refusal_over_http_names_the_rule_and_the_field(client):
    state = dealt(dealer=2)
    state["turn"]["seat"] = 1
    answer = client.post("/legal-moves", json=body(state))
    assert answer.status_code == 422
    found = answer.get_json()
    assert found["violations"][0]["rule"] == "canasta.turn.order"
    assert "seat" in found["errors"]["json"]["state"]["turn"]


# -- melded_before ---------------------------------------------------------------------------------------
def test_canasta_turn_meld_melded_before_needed_once_a_side_has_a_meld_from_an_earlier_turn():
    state = position([["QH", "QS", "4H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C", "9D"],
                     melds=[[KINGS], []])
    with pytest.raises(InvalidRequest) as caught:
        accepted(state)
    problem = caught.value.problems[0]
    assert (problem.pointer, problem.rule) == (("state", "melded_before"), "canasta.turn.meld")
    assert "melded_before must be true" in problem.message and "may be left out only while" in problem.message
    # The kings put down by the seat to act in this very turn need no entry.
    state["turn"] = meld_turn(0, melded=True, started=["K"])
    assert accepted(state)["moves"]


def test_canasta_deal_hands_a_seat_that_put_nothing_down_never_took_the_pile():
    # Seat 2 holds fifteen cards: only taking the pile grows a hand in Classic, and taking it melds.
    fifteen = ["QH", "QS", "4H", "5C", "6D", "10S", "JD", "AC", "9H", "9S", "8D", "8H", "JC", "JH", "10D"]
    state = position([["4C", "5D", "6H", "10C"], {"count": 11}, fifteen, {"count": 11}], discard=["8C", "9D"],
                     melds=[[KINGS], []], melded_before=[True, False, False, False])
    assert refused(state) == (("state", "hands", 2), "canasta.deal.hands")
    state["melded_before"] = [True, False, True, False]
    assert accepted(state)["to_act"] == 0
