"""Scoring a hand and the game: makers' point, march, lone march, euchre, lone defender's euchre, target, report."""

from __future__ import annotations

import pytest

from tests.engine.euchre import reference_model as ref
from tests.engine.euchre.hand_built import (NO_TRUMPS, THREE_TRUMPS, TOP_HEARTS, TOP_HEARTS_24, call, dealt,
                                            defend_alone, discard, order_up, pass_, play_out, replay)
from tests.engine.euchre.rule_http import post

# Seat 1 holds four top hearts and a low club that seat 2's ace of clubs takes.
FOUR_TRUMPS = dealt([["9S", "8S", "7S", "9D", "7D"],
                     ["JH", "JD", "AH", "KH", "7C"],
                     ["AC", "KC", "QC", "JC", "10C"],
                     ["AS", "KS", "QS", "JS", "10S"]], "10H")

# Seat 1 holds the two bowers and three low clubs: two tricks, then seat 2's clubs take the rest.
TWO_TRUMPS = dealt([["9S", "8S", "7S", "9D", "7D"],
                    ["JH", "JD", "7C", "8C", "9C"],
                    ["AC", "KC", "QC", "JC", "10C"],
                    ["AS", "KS", "QS", "JS", "10S"]], "10H")

PICKED_BY_SEAT_1 = [order_up(), discard("7D")]
LONE_SEAT_1 = [order_up(alone=True), discard("7D")]


def finished(deal: dict, moves: list[dict], options: dict | None = None, score: list[int] | None = None) -> dict:
    """The hand played out from `deal` after `moves`, with the game score before it."""
    state = play_out(replay(deal, moves, options), options)
    if score is not None:
        state["score"] = score
    return state


def scored(client, state: dict, options: dict | None = None) -> dict:
    """/score's answer, checked against euchre.scoring.report: lines per team adding up, seats sharing."""
    answer = post(client, "/score", state, options=options)
    assert answer["scores"] == [answer["teams"][seat % 2] for seat in range(4)]
    for team in (0, 1):
        assert sum(line["points"] for line in answer["lines"] if line.get("team") == team) == answer["teams"][team]
    assert all(line["rule"] and line["text"] for line in answer["lines"])
    assert sum(1 for points in answer["teams"] if points) <= 1
    return answer


def scoring_rules(answer: dict) -> list[str]:
    return [line["rule"] for line in answer["lines"] if line["points"]]


@pytest.mark.parametrize("deal, tricks", [(THREE_TRUMPS, 3), (FOUR_TRUMPS, 4)])
def test_euchre_scoring_makers_point_three_or_four_tricks_score_one(client, deal, tricks):
    state = finished(deal, PICKED_BY_SEAT_1)
    assert sum(1 for trick in state["tricks"] if trick["winner"] % 2 == 1) == tricks
    answer = scored(client, state)
    assert answer["teams"] == [0, 1]
    assert scoring_rules(answer) == ["euchre.scoring.makers-point"]


@pytest.mark.parametrize("deal", [THREE_TRUMPS, FOUR_TRUMPS])
def test_euchre_scoring_makers_point_a_lone_maker_too(client, deal):
    answer = scored(client, finished(deal, LONE_SEAT_1))
    assert answer["teams"] == [0, 1]
    assert scoring_rules(answer) == ["euchre.scoring.makers-point"]


@pytest.mark.parametrize("deal, moves, options", [
    (TOP_HEARTS, PICKED_BY_SEAT_1, {}),
    (TOP_HEARTS, [pass_()] * 4 + [call("D")], {}),
    (TOP_HEARTS_24, [order_up(), discard("10D")], {"deck": "24"}),
])
def test_euchre_scoring_march_partners_take_all_five_for_two(client, deal, moves, options):
    answer = scored(client, finished(deal, moves, options), options)
    assert answer["teams"] == [0, 2]
    assert scoring_rules(answer) == ["euchre.scoring.march"]


@pytest.mark.parametrize("options", [{}, {"deck": "32", "lone_first_lead": "maker_left"}])
def test_euchre_scoring_lone_march_four_points(client, options):
    answer = scored(client, finished(TOP_HEARTS, LONE_SEAT_1, options), options)
    assert answer["teams"] == [0, 4]
    assert scoring_rules(answer) == ["euchre.scoring.lone-march"]


def test_euchre_scoring_lone_march_against_a_lone_defender(client):
    options = {"lone_defender": True}
    answer = scored(client, finished(TOP_HEARTS, LONE_SEAT_1 + [defend_alone()], options), options)
    assert answer["teams"] == [0, 4]
    assert scoring_rules(answer) == ["euchre.scoring.lone-march"]


@pytest.mark.parametrize("deal, taken", [(NO_TRUMPS, 0), (TWO_TRUMPS, 2)])
def test_euchre_scoring_euchred_defenders_score_two(client, deal, taken):
    state = finished(deal, PICKED_BY_SEAT_1)
    assert sum(1 for trick in state["tricks"] if trick["winner"] % 2 == 1) == taken
    answer = scored(client, state)
    assert answer["teams"] == [2, 0]
    assert scoring_rules(answer) == ["euchre.scoring.euchred"]


def test_euchre_scoring_euchred_a_lone_maker_without_a_lone_defender_gives_two(client):
    answer = scored(client, finished(NO_TRUMPS, LONE_SEAT_1))
    assert answer["teams"] == [2, 0]
    assert scoring_rules(answer) == ["euchre.scoring.euchred"]


@pytest.mark.parametrize("order", ["maker_left", "dealer_left"])
def test_euchre_scoring_lone_defender_euchre_four_points(client, order):
    options = {"lone_defender": True, "lone_defender_order": order}
    answer = scored(client, finished(NO_TRUMPS, LONE_SEAT_1 + [defend_alone()], options), options)
    assert answer["teams"] == [4, 0]
    assert scoring_rules(answer) == ["euchre.scoring.lone-defender-euchre"]


def test_euchre_scoring_lone_defender_euchre_not_when_both_defenders_play(client):
    options = {"lone_defender": True}
    answer = scored(client, finished(NO_TRUMPS, LONE_SEAT_1 + [pass_(), pass_()], options), options)
    assert answer["teams"] == [2, 0]
    assert scoring_rules(answer) == ["euchre.scoring.euchred"]


def test_euchre_scoring_lone_defender_makers_point_when_the_maker_takes_three(client):
    options = {"lone_defender": True}
    state = finished(THREE_TRUMPS, LONE_SEAT_1 + [defend_alone()], options)
    expected = ref.score(state, ref.with_defaults(options))
    answer = scored(client, state, options)
    assert answer["teams"] == expected.teams
    assert scoring_rules(answer) == expected.rules


def test_euchre_scoring_report_a_thrown_in_hand_scores_nothing(client):
    answer = scored(client, replay(TOP_HEARTS, [pass_()] * 8))
    assert answer["void"] is True and answer["teams"] == [0, 0]
    assert scoring_rules(answer) == []


@pytest.mark.parametrize("dealer", range(4))
def test_euchre_deal_rotation_the_next_dealer_is_on_the_left(client, dealer):
    state = {**TOP_HEARTS, "dealer": dealer}
    assert scored(client, replay(state, [pass_()] * 8))["next_dealer"] == (dealer + 1) % 4
    played = finished(state, [pass_()] * 4 + [call("S")])
    assert scored(client, played)["next_dealer"] == (dealer + 1) % 4


@pytest.mark.parametrize("before, target, after, over, winner", [
    ([9, 0], 10, [9, 2], False, None),
    ([0, 8], 10, [0, 10], True, 1),
    ([3, 9], 10, [3, 11], True, 1),
    ([3, 9], 11, [3, 11], True, 1),
    ([3, 9], 12, [3, 11], False, None),
    ([0, 4], 5, [0, 6], True, 1),
    ([0, 24], 25, [0, 26], True, 1),
])
def test_euchre_game_target_points_carry_over_and_the_target_ends_the_game(client, before, target, after, over,
                                                                           winner):
    options = {"target": target}
    answer = scored(client, finished(TOP_HEARTS, PICKED_BY_SEAT_1, options, score=before), options)
    assert answer["teams"] == [0, 2]
    assert answer["game_scores"] == after
    assert answer["game_over"] is over
    assert answer.get("winner") == winner


def test_euchre_game_target_a_euchre_can_win_the_game_for_the_defenders(client):
    answer = scored(client, finished(NO_TRUMPS, PICKED_BY_SEAT_1, score=[8, 9]))
    assert answer["game_scores"] == [10, 9]
    assert (answer["game_over"], answer["winner"]) == (True, 0)


def test_euchre_game_target_a_thrown_in_hand_leaves_the_game_score(client):
    state = replay({**TOP_HEARTS, "score": [9, 9]}, [pass_()] * 8)
    answer = scored(client, state)
    assert answer["game_scores"] == [9, 9] and answer["game_over"] is False


@pytest.mark.parametrize("moves", [[], [order_up(), discard("7D")], [pass_()] * 7])
def test_euchre_scoring_report_a_hand_not_over_scores_nothing_yet(client, moves):
    answer = post(client, "/score", replay(TOP_HEARTS, moves))
    assert answer["hand_over"] is False and answer["teams"] == [0, 0] and answer["lines"] == []
