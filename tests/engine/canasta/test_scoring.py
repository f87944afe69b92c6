"""Scoring a hand line by line, and the game."""

from __future__ import annotations

from collections import Counter

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import DECK, OPPONENTS_MELD, body, meld, position

SEVEN_KINGS = meld(["KD", "KC", "KS", "KH", "KD", "KC", "KS"])
MIXED_FIVES = meld(["5D", "5C", "5S", "5H", "5D", "2C", "JK"])
# Side 0's melds at a game score from 3000: at least the 120 it opened with (130).
OPENED_AT_3000 = [SEVEN_KINGS, meld(["AC", "AD", "AS"])]


def finished(hands, melds, red_threes=None, ending="went_out", seat=0, concealed=False, **fields) -> dict:
    fields.setdefault("melded_before", [bool(melds[s % 2]) for s in range(4)])
    return position(hands, discard=["8C"], melds=melds, red_threes=red_threes or [[], []], hidden_stock=True,
                    turn={"seat": seat, "phase": "over", "ending": ending, "concealed": concealed}, **fields)


def scored(state: dict, **options) -> dict:
    return answers.score(body(state, **options))


def rule_points(answer: dict, rule: str, team: int) -> int:
    return sum(line["points"] for line in answer["lines"] if line["rule"] == rule and line["team"] == team)


def test_canasta_scoring_lines_add_up_and_scores_are_by_seat():
    state = finished([[], ["9D", "JK"], ["4C"], ["AH"]], [[SEVEN_KINGS, MIXED_FIVES], [meld(["QH", "QS", "QD"])]],
                     red_threes=[["3H"], []])
    answer = scored(state)
    assert answer["teams"] == [
        70 + 500 + 0 + (25 + 20 + 50) + 300 + 100 + 100 - 5,
        30 - 60 - 20]
    assert answer["scores"] == [answer["teams"][0], answer["teams"][1]] * 2
    for team in (0, 1):
        assert sum(line["points"] for line in answer["lines"] if line["team"] == team) == answer["teams"][team]
    assert rule_points(answer, "canasta.canastas.natural", 0) == 500
    assert rule_points(answer, "canasta.canastas.mixed", 0) == 300
    assert rule_points(answer, "canasta.going-out.bonus", 0) == 100
    assert rule_points(answer, "canasta.scoring.hand-cards", 1) == -80
    assert all(line["rule"].startswith("canasta.") and line["text"] for line in answer["lines"])


def test_canasta_canastas_natural_seven_kings_count_570():
    answer = scored(finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], []]))
    assert rule_points(answer, "canasta.scoring.melded-cards", 0) + rule_points(
        answer, "canasta.canastas.natural", 0) == 570


@pytest.mark.parametrize("threes,melded,expected,options", [
    (["3H"], True, 100, {}),
    (["3H", "3D", "3H"], True, 300, {}),
    (["3H", "3D", "3H", "3D"], True, 800, {}),
    (["3H", "3D"], False, -200, {}),
    (["3H", "3D", "3H", "3D"], False, -800, {}),
    (["3H", "3D", "3H", "3D"], False, -400, {"four_red_threes_unmelded": -400}),
])
def test_canasta_red_threes_score(threes, melded, expected, options):
    side1 = [meld(["QH", "QS", "QD"])] if melded else []
    state = finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], side1], red_threes=[[], threes])
    assert rule_points(scored(state, **options), "canasta.red-threes.score", 1) == expected


def test_canasta_penalties_are_score_lines():
    state = finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], []],
                     penalties=[{"retracted_cards": 2}, {"undeclared_red_threes": 1}])
    answer = scored(state)
    assert rule_points(answer, "canasta.penalties.retracted", 0) == -200
    assert rule_points(answer, "canasta.penalties.undeclared-red-three", 1) == -500


def stock_run_out(hands: list, melds: list, turn: dict) -> dict:
    """A position with an empty stock: every card neither held nor melded is in the pile or laid out."""
    state = position(hands, discard=[], melds=melds, hidden_stock=True, turn=turn,
                     melded_before=[bool(melds[s % 2]) for s in range(4)])
    rest = DECK - Counter(c for hand in hands for c in hand) - Counter(c for side in melds for m in side
                                                                      for c in m["cards"])
    state["red_threes"] = [["3H", "3H"], ["3D", "3D"]]
    state["discard"] = sorted((rest - Counter(["3H", "3H", "3D", "3D"])).elements(), key=lambda c: c == "8C")
    state["stock"] = {"count": 0}
    return state


def test_canasta_stock_exhausted_earns_no_going_out_bonus():
    answer = scored(stock_run_out([["4S"], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], [OPPONENTS_MELD]],
                                  {"seat": 0, "phase": "over", "ending": "stock_exhausted"}))
    assert not [line for line in answer["lines"] if line["rule"].startswith("canasta.going-out")]
    assert answer["ending"] == "stock_exhausted"


def test_canasta_scoring_game_over_and_winner():
    state = finished([[], ["9D"], ["4C"], ["AH"]], [list(OPENED_AT_3000), []], score=[4500, 4900])
    answer = scored(state)
    assert answer["game_scores"] == [4500 + answer["teams"][0], 4900 + answer["teams"][1]]
    assert answer["game_over"] is True and answer["winner"] == 0


def test_canasta_scoring_game_goes_on_below_5000():
    answer = scored(finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], []], score=[100, 100]))
    assert answer["game_over"] is False and "winner" not in answer


def test_canasta_scoring_game_tie_has_no_winner():
    state = finished([[], ["9D"], ["4C"], ["AH"]], [list(OPENED_AT_3000), []], score=[5000, 5000])
    teams = scored(state)["teams"]
    state["score"] = [5000, 5000 + teams[0] - teams[1]]
    answer = scored(state)
    assert answer["game_over"] is True and answer["winner"] is None


def test_canasta_scoring_hand_cards_need_every_hand():
    state = finished([[], {"count": 1}, ["4C"], ["AH"]], [[SEVEN_KINGS], []])
    with pytest.raises(InvalidRequest) as caught:
        scored(state)
    assert caught.value.problems[0].pointer == ("state", "hands", 1)


def test_canasta_stock_exhausted_going_out_without_a_stock_earns_the_bonus():
    # The stock is gone; seat 0 took the pile onto the kings and goes out with 5-5-5 and a discard.
    # Seat 1 took the pile earlier, so it may hold every other card.
    others = DECK - Counter(["5H", "5S", "5D", "9C", "4C", "AH", "3H", "3H", "3D", "3D"]) - Counter(
        SEVEN_KINGS["cards"]) - Counter(OPPONENTS_MELD["cards"])
    hands = [["5H", "5S", "5D", "9C"], sorted(others.elements()), ["4C"], ["AH"]]
    state = position(hands, discard=[], melds=[[SEVEN_KINGS], [OPPONENTS_MELD]],
                     red_threes=[["3H", "3H"], ["3D", "3D"]], melded_before=[True, True, False, False],
                     turn={"seat": 0, "phase": "meld", "drew": "pile", "melded": False, "started": [],
                           "extended": True, "question": None})
    assert state["stock"] == []
    melded = answers.apply_move(body(state, {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D"]}]}))["state"]
    out = answers.apply_move(body(melded, {"type": "discard", "card": "9C"}))["state"]
    assert out["turn"]["ending"] == "went_out"
    assert rule_points(scored(out), "canasta.going-out.bonus", 0) == 100
    text = answers.explain({"rule_id": "canasta.stock.exhausted"})
    assert "goes out while play goes on without a stock" in str(text) and "earns the going-out bonus" in str(text)
