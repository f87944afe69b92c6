"""Melds and canastas, judged through /validate-meld and /validate-move."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import GAME, broken, meld, meld_turn, position


def check(meld_cards=None, melds=None, **context_and_options) -> dict:
    options = context_and_options.pop("options", {})
    request = {"game": GAME, "options": options, "context": context_and_options}
    if meld_cards is not None:
        request["meld"] = {"cards": meld_cards}
    if melds is not None:
        request["melds"] = [{"cards": c} for c in melds]
    return answers.validate_meld(request)


def rules_of(answer: dict) -> list[str]:
    return [v["rule"] for v in answer["violations"]]


def test_canasta_melds_set_contract_example():
    answer = check(["QS", "QH", "2C"], team_score=1600, initial=False)
    assert answer["valid"] is True
    assert answer["kind"] == "set" and answer["canasta"] is None and answer["points"] == 40
    assert answer["violations"] == []


def test_canasta_opening_counting_worked_example_65_does_not_open_at_1600():
    answer = check(melds=[["6H", "6S", "6D"], ["KH", "KS", "KD", "2C"]], team_score=1600, initial=True)
    assert answer["points"] == 65 and answer["required"] == 90
    assert answer["valid"] is False
    assert rules_of(answer) == ["canasta.opening.minimum"]


def test_canasta_opening_counting_worked_example_95_opens_at_1600():
    answer = check(melds=[["6H", "6S", "6D"], ["AH", "AS", "AD", "2C"]], team_score=1600, initial=True)
    assert (answer["points"], answer["required"], answer["valid"]) == (95, 90, True)


@pytest.mark.parametrize("score,required", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120),
                                            (9000, 120)])
def test_canasta_opening_minimum_table(score, required):
    assert check(melds=[["AH", "AS", "AD"]], team_score=score, initial=True)["required"] == required


def test_canasta_opening_minimum_negative_score_option_zero():
    answer = check(melds=[["4H", "4S", "4D"]], team_score=-200, initial=True,
                   options={"opening_negative_minimum": 0})
    assert answer["required"] == 0 and answer["valid"]


def test_canasta_opening_minimum_both_examples_pass_below_1500_and_fail_from_3000():
    for melds in ([["6H", "6S", "6D"], ["KH", "KS", "KD", "2C"]], [["6H", "6S", "6D"], ["AH", "AS", "AD", "2C"]]):
        assert check(melds=melds, team_score=1000, initial=True)["valid"]
        assert not check(melds=melds, team_score=3000, initial=True)["valid"]


def test_canasta_opening_failed_attempt_raises_minimum_by_ten():
    answer = check(melds=[["AH", "AS", "AD"]], team_score=0, initial=True, failed_openings=1)
    assert answer["required"] == 60 and answer["points"] == 60 and answer["valid"]
    assert not check(melds=[["AH", "AS", "AD"]], team_score=0, initial=True, failed_openings=2)["valid"]


def test_canasta_melds_set_needs_three_cards_and_two_naturals():
    assert rules_of(check(["KH", "KS"])) == ["canasta.melds.set"]
    assert "canasta.melds.set" in rules_of(check(["KH", "2C", "JK"]))
    assert rules_of(check(["KH", "QS", "KD"])) == ["canasta.melds.set"]


def test_canasta_melds_no_wild_melds():
    assert rules_of(check(["2H", "2S", "JK"])) == ["canasta.melds.no-wild-melds"]


@pytest.mark.parametrize("cards,default_ok,not_more_ok,fewer_ok", [
    (["QH", "QS", "2C", "2D", "JK"], True, False, False),   # 2 naturals, 3 wilds
    (["5H", "5S", "2C"], True, True, True),
    (["5H", "2S", "2C"], False, False, False),              # one natural only
    (["9H", "9S", "9D", "2C", "2D", "JK"], True, True, False),
    (["9H", "9S", "2C", "2D", "2H", "JK"], False, False, False),   # four wilds
    (["9H", "9S", "9D", "9C", "2D", "2H", "JK"], True, True, True),
])
def test_canasta_melds_wild_limit_under_each_option(cards, default_ok, not_more_ok, fewer_ok):
    assert check(cards)["valid"] is default_ok
    assert check(cards, options={"wild_limit": "not_more_than_naturals"})["valid"] is not_more_ok
    assert check(cards, options={"wild_limit": "fewer_than_naturals"})["valid"] is fewer_ok


def test_canasta_melds_wild_limit_names_the_rule():
    answer = check(["QH", "QS", "2C", "2D", "JK"], options={"wild_limit": "not_more_than_naturals"})
    assert rules_of(answer) == ["canasta.melds.wild-limit"]
    assert "never more wild cards than natural" in answer["violations"][0]["message"]


def test_canasta_melds_black_threes_only_when_going_out_and_without_wilds():
    assert rules_of(check(["3C", "3S", "3C"])) == ["canasta.melds.black-threes"]
    assert check(["3C", "3S", "3C"], going_out=True)["valid"]
    assert rules_of(check(["3C", "3S", "2C"], going_out=True)) == ["canasta.melds.black-threes"]


def test_canasta_red_threes_are_never_melded():
    assert "canasta.red-threes.lay-out" in rules_of(check(["3H", "3D", "3H"]))


@pytest.mark.parametrize("cards,kind", [
    (["KH", "KS", "KD", "KC", "KH", "KS", "KD"], "natural"),
    (["KH", "KS", "KD", "KC", "KH", "2S", "JK"], "mixed"),
    (["KH", "KS", "KD", "KC", "KH", "2S"], None),
])
def test_canasta_canastas_size_and_kind(cards, kind):
    assert check(cards)["canasta"] == kind


def test_canasta_canastas_mixed_when_a_wild_joins_a_natural_canasta():
    existing = [{"cards": ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]}]
    answer = check(["2C"], existing=existing)
    assert answer["valid"] and answer["canasta"] == "mixed"
    assert answer["lay_off"]["meld"] == 0 and answer["points"] == 20


def test_canasta_melds_lay_off_checked_against_existing_meld():
    existing = [{"cards": ["QH", "QS", "2C"]}, {"cards": ["7H", "7S", "7D"]}]
    answer = check(["2D", "JK", "2H"], existing=existing)
    assert not answer["valid"] and rules_of(answer) == ["canasta.melds.no-wild-melds"]
    answer = check(["QD", "2D", "JK"], existing=existing)
    assert answer["valid"] and answer["lay_off"] == {"meld": 0, "total_points": 120}
    answer = check(["QD", "2D", "JK", "2S"], existing=existing)
    assert rules_of(answer) == ["canasta.melds.wild-limit"]


def test_canasta_melds_one_per_rank_within_an_opening():
    answer = check(melds=[["KH", "KS", "KD"], ["KC", "KH", "2C"]], team_score=0, initial=True)
    assert "canasta.melds.one-per-rank" in rules_of(answer)


def test_canasta_validate_meld_refuses_contradictions():
    with pytest.raises(InvalidRequest):
        answers.validate_meld({"game": GAME, "meld": {"cards": ["KH", "KS", "KD"]},
                               "melds": [{"cards": ["KH", "KS", "KD"]}]})
    with pytest.raises(InvalidRequest) as caught:
        answers.validate_meld({"game": GAME, "melds": [{"cards": ["KH", "KS", "KD"]}],
                               "context": {"initial": True, "existing": [{"cards": ["AH", "AS", "AD"]}]}})
    assert caught.value.problems[0].pointer == ("context", "existing")


def test_canasta_opening_concealed_exception_in_validate_meld():
    seven = ["5H", "5S", "5D", "5C", "5H", "5S", "2C"]
    assert not check(melds=[seven], team_score=3000, initial=True)["valid"]
    answer = check(melds=[seven], team_score=3000, initial=True, concealed=True)
    assert answer["valid"] and answer["exempt"]["rule"] == "canasta.opening.concealed-exception"


# -- the same rules inside a position ---------------------------------------------------------------
def opened_position(hand: list[str], side_melds: list[dict]) -> dict:
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                    melds=[side_melds, []], melded_before=[True, False, False, False], turn=meld_turn(0))


def test_canasta_melds_one_per_rank_in_a_move():
    state = opened_position(["KH", "KS", "2C", "4H", "9D"], [meld(["KD", "KC", "KS"])])
    assert broken(state, {"type": "meld", "melds": [{"cards": ["KH", "KS", "2C"]}]}) == ["canasta.melds.one-per-rank"]
    assert broken(state, {"type": "lay_off", "meld": 0, "cards": ["KH", "KS", "2C"]}) == []


def test_canasta_melds_from_hand():
    state = opened_position(["KH", "KS", "2C", "4H", "9D"], [meld(["KD", "KC", "KS"])])
    assert broken(state, {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}]}) == ["canasta.melds.from-hand"]


def test_canasta_melds_every_broken_rule_is_named():
    state = opened_position(["QH", "2C", "2D", "2H", "JK", "9D", "3H"][:-1], [meld(["KD", "KC", "KS"])])
    rules = broken(state, {"type": "meld", "melds": [{"cards": ["QH", "2C", "2D", "2H", "JK"]}]})
    assert rules.count("canasta.melds.set") == 1 and "canasta.melds.wild-limit" in rules


def test_canasta_turn_meld_lay_off_names_the_owner_of_the_meld():
    state = opened_position(["KH", "KS", "2C", "4H", "9D"], [meld(["KD", "KC", "KS"])])
    assert broken(state, {"type": "lay_off", "meld": 0, "cards": ["KH"], "owner": 0}) == []
    assert broken(state, {"type": "lay_off", "meld": 0, "cards": ["KH"], "owner": 1}) == ["canasta.turn.meld"]


def test_canasta_melds_set_kind_optional_in_a_move():
    state = opened_position(["QH", "QS", "QD", "4H", "9D"], [meld(["KD", "KC", "KS"])])
    assert broken(state, {"type": "meld", "melds": [{"cards": ["QH", "QS", "QD"], "kind": "set"}]}) == []
    with pytest.raises(InvalidRequest):
        broken(state, {"type": "meld", "melds": [{"cards": ["QH", "QS", "QD"], "kind": "sequence"}]})
