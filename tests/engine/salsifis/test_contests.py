"""Salsifis contests, one test per rule id: lone cards, fights, ties, cycles, empty packets, losing cards."""

from __future__ import annotations

import pytest

from rules_engine.games.salsifis.contests import classify, rank_beats

from .helpers import apply, showdown

RESOLVE = {"type": "resolve", "calls": []}


def settled(answer: dict, packet: int) -> dict:
    return next(e for e in answer["events"] if e["type"] == "packet_settled" and e["packet"] == packet)


def test_salsifis_contest_alone_takes_packet_and_own_card():
    state = showdown({0: "QS"}, {1: "9H", 2: "5D"})
    answer = apply(state, RESOLVE)
    event = settled(answer, 0)
    assert event["kind"] == "alone" and event["winner"] == 0
    assert answer["state"]["won"][0] == state["packets"][0] + ["QS"]


@pytest.mark.parametrize("cards,winner", [
    ({0: "KS", 1: "QH"}, 0),               # king over queen
    ({0: "9S", 1: "10H", 2: "3D"}, 1),     # plain numbers
    ({0: "AS", 1: "KH", 2: "JD"}, 0),      # the ace takes the faces
    ({0: "AS", 1: "3S"}, 1),               # any number takes the ace
    ({0: "AS", 1: "10H", 2: "3D"}, 1),     # the highest number takes ace and lower numbers
])
def test_salsifis_contest_fight_strongest_card_wins(cards, winner):
    answer = apply(showdown(cards, {len(cards): "8C"}), RESOLVE)
    event = settled(answer, 0)
    assert event["kind"] == "fight"
    assert event["winner"] == winner
    assert set(cards.values()) <= set(answer["state"]["won"][winner])


def test_salsifis_order_ace_beats_faces_and_loses_to_numbers():
    assert all(rank_beats("A", face) for face in ("K", "Q", "J"))
    assert all(rank_beats(number, "A") for number in ("2", "5", "9", "10"))
    assert not rank_beats("A", "A")


def test_salsifis_order_ranks_king_high_two_low():
    ascending = [str(n) for n in range(2, 11)] + ["J", "Q", "K"]
    for low, high in zip(ascending, ascending[1:]):
        assert rank_beats(high, low) and not rank_beats(low, high)


def test_salsifis_contest_tie_of_two_without_formula_is_shared():
    state = showdown({0: "QS", 1: "QH"}, {2: "5D"})
    answer = apply(state, RESOLVE)
    event = settled(answer, 0)
    assert event["kind"] == "tie" and event["outcome"] == "shared"
    assert event["shared_by"] == [0, 1]
    assert answer["state"]["shared"] == [{"seats": [0, 1], "cards": state["packets"][0] + ["QS", "QH"]}]


def test_salsifis_contest_tie_of_three():
    contest = classify(0, {0: "JS", 1: "JH", 2: "JD", 3: "4C"})
    assert contest.kind == "tie" and contest.contenders == (0, 1, 2)


def test_salsifis_contest_tie_of_three_won_by_formula():
    state = showdown({0: "JS", 1: "JH", 2: "JD"}, {3: "4C"})
    answer = apply(state, {"type": "resolve", "calls": [{"seat": 2, "names": ["JH", "JS"]}]})
    event = settled(answer, 0)
    assert event["kind"] == "tie" and event["winner"] == 2 and event["by_formula"] is True


def test_salsifis_contest_cycle_of_three_cards():
    contest = classify(0, {0: "AS", 1: "QH", 2: "9D"})
    assert contest.kind == "cycle" and contest.contenders == (0, 1, 2)


def test_salsifis_contest_cycle_of_four_cards():
    contest = classify(0, {0: "AS", 1: "KH", 2: "QD", 3: "5C"})
    assert contest.kind == "cycle" and contest.contenders == (0, 1, 2, 3)


def test_salsifis_contest_cycle_won_by_soup():
    state = showdown({0: "AS", 1: "KH", 2: "QD", 3: "5C"}, {4: "8C"})
    answer = apply(state, {"type": "resolve", "calls": [{"seat": 3, "text": "Salsifis soup!"}]})
    event = settled(answer, 0)
    assert event["kind"] == "cycle" and event["winner"] == 3
    assert set(answer["state"]["won"][3]) == set(state["packets"][0]) | {"AS", "KH", "QD", "5C"}


def test_salsifis_contest_cycle_without_soup_is_shared_by_everyone_in_it():
    answer = apply(showdown({0: "AS", 1: "QH", 2: "9D"}, {3: "8C"}), RESOLVE)
    assert settled(answer, 0)["shared_by"] == [0, 1, 2]


def test_salsifis_contest_mixed_two_aces_and_a_king_is_a_tie_of_the_aces():
    contest = classify(0, {0: "AS", 1: "AH", 2: "KD"})
    assert contest.kind == "tie" and contest.contenders == (0, 1)


def test_salsifis_contest_mixed_pair_inside_a_cycle_is_a_cycle():
    contest = classify(0, {0: "9S", 1: "9H", 2: "AD", 3: "QC"})
    assert contest.kind == "cycle" and contest.contenders == (0, 1, 2, 3)


def test_salsifis_contest_mixed_ace_and_numbers_only_is_a_fight_or_tie():
    assert classify(0, {0: "AS", 1: "7H", 2: "7D"}).kind == "tie"
    assert classify(0, {0: "AS", 1: "AH", 2: "2D"}).kind == "fight"


def test_salsifis_contest_mixed_only_aces_tie():
    contest = classify(0, {0: "AS", 1: "AH"})
    assert contest.kind == "tie" and contest.contenders == (0, 1)


def test_salsifis_contest_empty_packet_discarded_by_default():
    state = showdown({0: "QS", 1: "KH"})
    answer = apply(state, RESOLVE)
    event = settled(answer, 1)
    assert event["kind"] == "empty" and event["outcome"] == "discarded"
    assert answer["state"]["discarded"] == state["packets"][1]


def test_salsifis_contest_empty_packet_carried_into_next_turn():
    state = showdown({0: "QS", 1: "KH"})
    answer = apply(state, RESOLVE, unclaimed_packet="carried")
    assert settled(answer, 1)["outcome"] == "carried"
    after = answer["state"]
    assert after["discarded"] == []
    assert after["packets"][1][:3] == state["packets"][1] and len(after["packets"][1]) == 6
    assert len(after["packets"][0]) == 3


def test_salsifis_contest_empty_packet_carried_is_discarded_after_last_turn():
    # Both packets of turn 4 were claimed (nothing is carried), so with two seats each was alone by one.
    state = showdown({0: "QS", 1: "KH"}, turn=5, hands=[[], []], heap=[], alone_streak=[1, 1])
    # Move the cards of the earlier turns into the won piles so the position is complete.
    used = set(state["packets"][0] + state["packets"][1] + ["QS", "KH"])
    from rules_engine.games.salsifis.layout import layout_for
    rest = [c for c in layout_for(2, {}).deck if c not in used]
    state["won"] = [rest[:14], rest[14:]]
    answer = apply(state, RESOLVE, unclaimed_packet="carried")
    assert answer["to_act"] is None
    assert answer["state"]["discarded"] == state["packets"][1]


@pytest.mark.parametrize("option,winner_gets_loser,loser_keeps,discarded", [
    ("winner", True, False, False), ("owners", False, True, False), ("discarded", False, False, True),
])
def test_salsifis_contest_losing_cards_follow_the_option(option, winner_gets_loser, loser_keeps, discarded):
    state = showdown({0: "KS", 1: "QH"}, {2: "5D"})
    after = apply(state, RESOLVE, losing_cards=option)["state"]
    assert ("QH" in after["won"][0]) is winner_gets_loser
    assert ("QH" in after["won"][1]) is loser_keeps
    assert ("QH" in after["discarded"]) is discarded
    assert "KS" in after["won"][0]


def test_salsifis_contest_losing_cards_go_into_a_shared_stake():
    state = showdown({0: "AS", 1: "AH", 2: "KD"}, {3: "5C"})
    after = apply(state, RESOLVE)["state"]
    assert after["shared"][0]["seats"] == [0, 1]
    assert "KD" in after["shared"][0]["cards"]
    owners = apply(state, RESOLVE, losing_cards="owners")["state"]
    assert owners["won"][2] == ["KD"] and "KD" not in owners["shared"][0]["cards"]
