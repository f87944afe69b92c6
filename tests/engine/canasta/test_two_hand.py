"""Two-hand Canasta: the second table entry (15 cards, two drawn, two canastas, no partner)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import DECK, OPPONENTS_MELD

GAME = "canasta"
VARIANT = "two-hand"
SEVEN_KINGS = {"cards": ["KD", "KC", "KS", "KH", "KD", "KC", "KS"]}
SEVEN_FIVES = {"cards": ["5D", "5C", "5S", "5H", "5D", "5C", "5S"]}
PLAYER_ZERO_MELD = {"cards": ["6H", "6S", "6H"]}


def request(state=None, move=None, **extra) -> dict:
    body = {"game": GAME, "variant": VARIANT, **extra}
    if state is not None:
        body["state"] = state
    if move is not None:
        body["move"] = move
    return body


def two_hand(hands, melds, turn, stock_top=(), discard=("8C",), red_threes=([], [])) -> dict:
    """A Two-hand position; without melds (None), player 0 has melded sixes and player 1 sevens, so the pile may
    have been taken and the hands may hold any number of cards."""
    if melds is None:
        melds = [[PLAYER_ZERO_MELD], [OPPONENTS_MELD]]
    shown = Counter(discard)
    for hand in hands:
        shown.update(hand)
    for side in melds:
        for m in side:
            shown.update(m["cards"])
    for threes in red_threes:
        shown.update(threes)
    rest = DECK - shown - Counter(stock_top)
    stock = list(stock_top) + sorted(rest.elements(), key=lambda c: (c in ("3D", "3H"), c))
    return {"players": 2, "dealer": 1, "hands": hands, "stock": stock, "discard": list(discard), "melds": melds,
            "red_threes": [list(r) for r in red_threes], "melded_before": [bool(melds[0]), bool(melds[1])],
            "turn": turn}


def test_canasta_deal_two_hand_fifteen_cards_each():
    answer = answers.deal(request(seed=4))
    state = answer["state"]
    assert answer["variant"] == "two-hand" and len(state["hands"]) == 2
    assert [len(h) for h in state["hands"]] == [15, 15]
    found = Counter(state["stock"]) + Counter(state["discard"])
    for part in state["hands"] + state["red_threes"]:
        found.update(part)
    assert found == DECK


def test_canasta_deal_two_hand_draws_two_cards():
    state = two_hand([["QH", "4H"], ["9D", "9C"]], None, {"seat": 0, "phase": "draw"}, stock_top=["AS", "3H", "7D", "JC"])
    after = answers.apply_move(request(state, {"type": "draw"}))["state"]
    assert after["hands"][0] == ["QH", "4H", "AS", "7D"] and after["red_threes"][0] == ["3H"]


def leave_in_stock(state: dict, keep: list[str]) -> dict:
    """Move every stock card but `keep` to seat 1 (its red threes to its side), leaving `keep` as the stock."""
    rest = Counter(state["stock"]) - Counter(keep)
    for card in rest.elements():
        (state["red_threes"][1] if card in ("3D", "3H") else state["hands"][1]).append(card)
    state["stock"] = list(keep)
    return state


def test_canasta_deal_two_hand_last_card_is_a_full_draw():
    state = leave_in_stock(two_hand([["QH", "4H"], ["9D", "9C"]], None, {"seat": 0, "phase": "draw"}), ["AS"])
    result = answers.apply_move(request(state, {"type": "draw"}))
    assert result["phase"] == "meld" and result["state"]["hands"][0] == ["QH", "4H", "AS"]
    assert result["state"]["stock"] == []


def test_canasta_deal_two_hand_red_three_among_last_two_not_replaced():
    state = leave_in_stock(two_hand([["QH", "4H"], ["9D", "9C"]], None, {"seat": 0, "phase": "draw"}),
                           ["3H", "AS"])
    result = answers.apply_move(request(state, {"type": "draw"}))
    assert result["phase"] == "meld"
    assert result["state"]["hands"][0] == ["QH", "4H", "AS"] and result["state"]["red_threes"][0] == ["3H"]


def test_canasta_red_threes_last_card_two_hand_single_red_three_ends_the_hand():
    state = leave_in_stock(two_hand([["QH", "4H"], ["9D", "9C"]], None, {"seat": 0, "phase": "draw"}), ["3H"])
    result = answers.apply_move(request(state, {"type": "draw"}))
    assert result["to_act"] is None and result["state"]["turn"]["ending"] == "stock_exhausted"


def test_canasta_red_threes_last_card_two_hand_red_three_second_of_the_last_two_ends_the_hand():
    state = leave_in_stock(two_hand([["QH", "4H"], ["9D", "9C"]], None, {"seat": 0, "phase": "draw"}),
                           ["AS", "3H"])
    result = answers.apply_move(request(state, {"type": "draw"}))
    assert result["to_act"] is None and result["state"]["turn"]["ending"] == "stock_exhausted"
    assert result["state"]["hands"][0] == ["QH", "4H", "AS"] and result["state"]["red_threes"][0] == ["3H"]


def test_canasta_red_threes_last_card_two_hand_two_red_threes_as_the_last_two_end_the_hand():
    # Seat 1 holds what the stock gave up: it has melded, so it may have taken piles to hold that many.
    state = leave_in_stock(two_hand([["QH"], ["9D", "9C"]], [[SEVEN_KINGS], [OPPONENTS_MELD]],
                                    {"seat": 0, "phase": "draw"}), ["3H", "3D"])
    result = answers.apply_move(request(state, {"type": "draw"}))
    assert result["to_act"] is None and result["state"]["turn"]["ending"] == "stock_exhausted"
    assert result["state"]["hands"][0] == ["QH"] and sorted(result["state"]["red_threes"][0]) == ["3D", "3H"]
    assert answers.score(request(result["state"]))["lines"]


def test_canasta_going_out_canastas_two_needed():
    turn = {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
            "question": None}
    move = {"type": "meld", "melds": [{"cards": ["9C", "9S", "9D"]}]}
    one = two_hand([["9C", "9S", "9D", "4H"], ["4D", "4S"]], [[SEVEN_KINGS], [OPPONENTS_MELD]], turn)
    answer = answers.validate_move(request(one, move))
    assert [v["rule"] for v in answer["violations"]] == ["canasta.melds.keep-a-card"]
    assert "needs 2 canastas" in answer["violations"][0]["message"]
    two = two_hand([["9C", "9S", "9D", "4H"], ["4D", "4S"]], [[SEVEN_KINGS, SEVEN_FIVES], [OPPONENTS_MELD]], turn)
    assert answers.validate_move(request(two, move))["legal"]
    over = two_hand([[], ["4D", "4S"]], [[SEVEN_KINGS], [OPPONENTS_MELD]],
                    {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False})
    with pytest.raises(InvalidRequest) as caught:
        answers.score(request(over))
    assert caught.value.problems[0].rule == "canasta.going-out.canastas-two"


def test_canasta_players_alone_nobody_to_ask():
    melds = [[SEVEN_KINGS, SEVEN_FIVES], [OPPONENTS_MELD]]
    state = two_hand([["9C", "9S", "9D", "4H"], ["4D", "4S"]], melds,
                     {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
                      "question": None})
    answer = answers.validate_move(request(state, {"type": "ask_go_out"}))
    assert [v["rule"] for v in answer["violations"]] == ["canasta.players.alone"]
    assert "ask_go_out" not in [m["code"] for m in answers.legal_moves(request(state))["moves"]]


def test_canasta_scoring_two_hand_by_player():
    melds = [[SEVEN_KINGS, SEVEN_FIVES], [OPPONENTS_MELD]]
    state = two_hand([[], ["4D", "4S"]], melds, {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False})
    answer = answers.score(request(state))
    assert answer["scores"] == answer["teams"] and answer["teams"][1] == 65 - 10      # its sevens, less its fours
    assert answer["teams"][0] == 70 + 35 + 500 + 500 + 100



@pytest.mark.parametrize("options, retracted", [({}, [-200]), ({"two_hand_penalties": "apply"}, [-200]),
                                                 ({"two_hand_penalties": "none"}, [])])
def test_canasta_penalties_retracted_two_hand_option_two_hand_penalties(options, retracted):
    # The basic game's 100 per card taken back, unless Bicycle's and rummy-games.com's Two-hand reading drops it;
    # the undeclared red three's 500 stays either way.
    melds = [[SEVEN_KINGS, SEVEN_FIVES], [OPPONENTS_MELD]]
    state = two_hand([[], ["4D", "4S"]], melds, {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False})
    state["penalties"] = [{"retracted_cards": 2}, {"undeclared_red_threes": 1}]
    answer = answers.score(request(state, options=options))
    by_rule = [(line["rule"], line["points"]) for line in answer["lines"] if line["rule"].startswith("canasta.penalties")]
    assert by_rule == [("canasta.penalties.retracted", points) for points in retracted] + [
        ("canasta.penalties.undeclared-red-three", -500)]

def test_canasta_stock_exhausted_a_red_three_last_ends_the_hand_with_the_card_drawn_before_it():
    # Reached in play: the stock holds 4S and 3H, the pile was never taken. The draw takes the four into the hand;
    # the red three, the stock's last card, is laid out with no replacement and the hand ends. The drawer then
    # holds one card more than a draw that brought nothing, which the turns counted from the pile allow.
    saved = json.loads((Path(__file__).parent / "positions" / "two_hand_red_three_last_of_the_stock.json").read_text())
    state, options = saved["state"], saved["options"]
    assert state["stock"] == ["4S", "3H"] and state["discard"][0] == "3H"
    after = answers.apply_move(request(state, {"type": "draw"}, options=options))
    assert (after["to_act"], after["phase"]) == (None, "over")
    assert after["state"]["turn"]["ending"] == "stock_exhausted" and "4S" in after["state"]["hands"][0]
    assert answers.legal_moves(request(after["state"], options=options))["phase"] == "over"
    assert answers.score(request(after["state"], options=options))["teams"]


@pytest.mark.parametrize("options, required", [({}, 60), ({"two_hand_penalties": "apply"}, 60),
                                               ({"two_hand_penalties": "none"}, 50)])
def test_canasta_opening_failed_attempt_two_hand_option_two_hand_penalties(options, required):
    # Without the basic game's penalties, a short initial meld taken back raises nothing: the minimum stays 50.
    judged = answers.validate_meld({"game": GAME, "variant": VARIANT, "options": options,
                                    "meld": {"cards": ["KH", "KS", "KD", "2C"]},
                                    "context": {"initial": True, "team_score": 0, "failed_openings": 1}})
    assert judged["required"] == required and judged["valid"] is (required == 50)
    # Fifteen dealt and two drawn, player 0 never melded.
    hand = ["KH", "KS", "KD", "2C", "9D", "4C", "7S", "5H", "6H", "8D", "10H", "JH", "QH", "AH", "3C", "3S", "9S"]
    other = ["4D", "4H", "5C", "5D", "6C", "6D", "8H", "8S", "9C", "10C", "10D", "JC", "JD", "QC", "QD"]
    state = {**two_hand([hand, other], [[], [OPPONENTS_MELD]], {"seat": 0, "phase": "meld", "drew": "stock",
                                                         "melded": False, "started": [], "extended": False,
                                                         "question": None}),
             "penalties": [{"failed_openings": 1}, {}]}
    state["melded_before"] = [False, True]
    found = answers.validate_move(request(state, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD", "2C"]}]},
                                          options=options))
    assert found["legal"] is (required == 50), found["violations"]


def test_canasta_opening_concealed_exception_two_hand_hand_gone_out_concealed_below_the_minimum_is_scored():
    # Going out concealed needs no minimum, so the finished hand the two moves leave is a position like any other.
    # Fifteen dealt and two drawn, all melded at once: two canastas and a set, 85 where 120 is the minimum.
    fours = {"cards": ["4D", "4C", "4S", "4H", "4D", "4C", "4S"]}
    sixes = {"cards": ["6H", "6S", "6H"]}
    hand = fours["cards"] + SEVEN_FIVES["cards"] + sixes["cards"]
    other = ["8D", "10H", "7C", "6C", "6D", "8H", "8S", "9C", "10C", "10D", "JC", "JD", "QC", "QD", "AS"]
    state = two_hand([hand, other], [[], [OPPONENTS_MELD]], {"seat": 0, "phase": "meld", "drew": "stock",
                                                             "melded": False, "started": [], "extended": False,
                                                             "question": None})
    state.update(score=[3000, 0], melded_before=[False, True])       # a minimum of 120
    over = answers.apply_move(request(state, {"type": "meld", "melds": [fours, SEVEN_FIVES, sixes]}))["state"]
    assert over["turn"] == {"seat": 0, "phase": "over", "ending": "went_out", "concealed": True}
    assert answers.legal_moves(request(over))["moves"] == []
    scored = answers.score(request(over))
    assert scored["hand_over"] is True and any(line["rule"] == "canasta.going-out.concealed" for line in scored["lines"])


ONLY_CARD = {"two_hand_last_red_three": "only_card"}


@pytest.mark.parametrize("options", [{}, {"two_hand_last_red_three": "ends_hand"}], ids=["default", "ends_hand"])
def test_canasta_red_threes_last_card_two_hand_second_of_the_last_two_ends_the_hand_by_default(options):
    # The basic game's rule as written: a red three that empties the stock ends the hand at once.
    state = leave_in_stock(two_hand([["QH", "4H"], ["9D", "9C"]], None, {"seat": 0, "phase": "draw"}),
                           ["AS", "3H"])
    result = answers.apply_move(request(state, {"type": "draw"}, options=options))
    assert result["to_act"] is None and result["state"]["turn"]["ending"] == "stock_exhausted"
    assert result["state"]["hands"][0] == ["QH", "4H", "AS"] and result["state"]["red_threes"][0] == ["3H"]


def test_canasta_red_threes_last_card_two_hand_option_only_card_the_turn_goes_on():
    # pagat: only a red three that is the stock's only card ends the hand; drawn after another card among the last
    # two it is laid out without a replacement, and the turn goes on with the card drawn.
    state = leave_in_stock(two_hand([["QH", "4H"], ["9D", "9C"]], None, {"seat": 0, "phase": "draw"}),
                           ["AS", "3H"])
    result = answers.apply_move(request(state, {"type": "draw"}, options=ONLY_CARD))
    assert (result["to_act"], result["phase"]) == (0, "meld")
    after = result["state"]
    assert after["hands"][0] == ["QH", "4H", "AS"] and after["red_threes"][0] == ["3H"] and after["stock"] == []
    assert "canasta.red-threes.last-card" not in {rule for e in result["events"] for rule in e.get("rules", [])}
    # The turn ends with a discard; the next draw finds the stock empty and ends the hand.
    discarded = answers.apply_move(request(after, {"type": "discard", "card": "4H"}, options=ONLY_CARD))
    assert (discarded["to_act"], discarded["phase"]) == (1, "draw")
    listed = answers.legal_moves(request(discarded["state"], options=ONLY_CARD))
    assert "draw" in [move["type"] for move in listed["moves"]]


@pytest.mark.parametrize("last", [["3H"], ["3D", "3H"]], ids=["only-card", "two-red-threes"])
def test_canasta_red_threes_last_card_two_hand_option_only_card_a_draw_bringing_no_card_ends_the_hand(last):
    # A red three that is the stock's only card ends the hand under either reading; two red threes as the last two
    # bring no card into the hand, and the hand ends too.
    state = leave_in_stock(two_hand([["QH", "4H"], ["9D", "9C"]], [[SEVEN_KINGS], [OPPONENTS_MELD]],
                                    {"seat": 0, "phase": "draw"}), last)
    result = answers.apply_move(request(state, {"type": "draw"}, options=ONLY_CARD))
    assert result["to_act"] is None and result["state"]["turn"]["ending"] == "stock_exhausted"
    assert sorted(result["state"]["red_threes"][0]) == sorted(last)
