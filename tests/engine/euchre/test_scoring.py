"""Scoring a hand line by line, and the game to its target."""

from __future__ import annotations

import pytest

from rules_engine import answers

from .helpers import body, scripted

# (winners of tricks 1-5, maker alone, lone defender seat) -> (team that scores, points, rule)
TABLE = [
    ([1, 3, 1, 0, 0], False, None, 1, 1, "euchre.scoring.makers-point"),
    ([1, 3, 1, 3, 0], False, None, 1, 1, "euchre.scoring.makers-point"),
    ([1, 3, 1, 3, 1], False, None, 1, 2, "euchre.scoring.march"),
    ([1, 0, 2, 0, 3], False, None, 0, 2, "euchre.scoring.euchred"),
    ([0, 0, 2, 0, 2], False, None, 0, 2, "euchre.scoring.euchred"),
    ([1, 1, 1, 1, 1], True, None, 1, 4, "euchre.scoring.lone-march"),
    ([1, 1, 0, 1, 2], True, None, 1, 1, "euchre.scoring.makers-point"),
    ([1, 1, 0, 1, 1], True, None, 1, 1, "euchre.scoring.makers-point"),
    ([1, 0, 0, 2, 1], True, None, 0, 2, "euchre.scoring.euchred"),
    ([1, 2, 2, 1, 2], True, 2, 0, 4, "euchre.scoring.lone-defender-euchre"),
    ([1, 2, 1, 1, 2], True, 2, 1, 1, "euchre.scoring.makers-point"),
    ([1, 1, 1, 1, 1], True, 2, 1, 4, "euchre.scoring.lone-march"),
]


@pytest.mark.parametrize("winners,alone,defender,team,points,rule", TABLE)
def test_euchre_scoring_table(winners, alone, defender, team, points, rule):
    options = {"lone_defender": defender is not None}
    state = scripted(winners, maker=1, alone=alone, defender=defender, **options)
    assert [t["winner"] for t in state["tricks"]] == winners
    scored = answers.score(body(state, **options))
    expected = [0, 0]
    expected[team] = points
    assert scored["teams"] == expected
    assert scored["scores"] == [expected[seat % 2] for seat in range(4)]
    assert [(line["team"], line["points"], line["rule"]) for line in scored["lines"]] == [(team, points, rule)]
    assert sum(line["points"] for line in scored["lines"]) == sum(scored["teams"])
    assert scored["hand_over"] is True and scored["makers"] == 1 and scored["alone"] is alone


def test_euchre_scoring_report_unfinished_hand_scores_nothing_yet():
    state = scripted([1, 3, 1, 3, 1])
    state["tricks"] = state["tricks"][:2]
    state["hands"] = [["10S", "10H", "KH"], ["AS", "9H", "JD"], ["9S", "8H", "QH"], ["8S", "JH", "7H"]]
    state["current_trick"] = {"leader": 3, "cards": []}
    scored = answers.score(body(state))
    assert scored["hand_over"] is False and scored["lines"] == [] and scored["teams"] == [0, 0]
    assert scored["tricks"] == [0, 2]


@pytest.mark.parametrize("before,winners,after,over,winner", [
    ([4, 7], [1, 3, 1, 0, 0], [4, 8], False, None),
    ([4, 9], [1, 3, 1, 0, 0], [4, 10], True, 1),
    ([9, 9], [1, 0, 2, 0, 3], [11, 9], True, 0),
])
def test_euchre_game_target_ten_by_default(before, winners, after, over, winner):
    state = scripted(winners, score=before)
    scored = answers.score(body(state))
    assert scored["game_scores"] == after and scored["game_over"] is over and scored["winner"] == winner
    assert ("euchre.game.target" in scored.get("rules", [])) is over


def test_euchre_game_target_option():
    state = scripted([1, 3, 1, 3, 1], score=[0, 3], target=5)
    scored = answers.score(body(state, target=5))
    assert scored["game_scores"] == [0, 5] and scored["game_over"] is True and scored["winner"] == 1


def test_euchre_game_target_hand_over_event_carries_the_game_score():
    state = scripted([1, 3, 1, 3, 1], score=[2, 2])
    # Take back the last card played, then play it again to see the event.
    last = state["tricks"].pop()
    state["current_trick"] = {"leader": last["leader"], "cards": last["cards"][:-1]}
    seats = [(last["leader"] + k) % 4 for k in range(4)]
    state["hands"][seats[-1]] = [last["cards"][-1]]
    answer = answers.apply_move(body(state, {"type": "play", "card": last["cards"][-1]}))
    over = answer["events"][-1]
    assert over["type"] == "hand_over" and over["teams"] == [0, 2] and over["game_scores"] == [2, 4]
    assert over["rules"] == ["euchre.scoring.march"] and over["next_dealer"] == 1
