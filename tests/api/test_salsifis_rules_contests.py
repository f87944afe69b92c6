"""Salsifis contests, written from the rule texts: the card order, lone cards, fights, ties, cycles and their mix."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.salsifis.reference_positions import (
    PACKET_0,
    PACKET_1,
    last_turn,
    reveal,
    settled,
)

FIGHTS = [  # (winning card, losing card): salsifis.order.ranks and salsifis.order.ace
    ("KS", "QH"), ("QS", "JH"), ("JS", "10D"), ("10D", "9H"), ("9H", "8C"), ("6D", "5C"), ("4D", "3S"),
    ("AS", "KS"), ("AS", "QH"), ("AS", "JH"), ("10D", "AS"), ("9H", "AH"), ("3S", "AD"), ("4C", "AS"),
]


@pytest.mark.parametrize("strong,weak", FIGHTS)
@pytest.mark.parametrize("strong_seat", [0, 1])
def test_salsifis_order_ranks_and_ace_decide_a_fight(client, strong, weak, strong_seat):
    weak_seat = 1 - strong_seat
    state = last_turn({strong_seat: (0, strong), weak_seat: (0, weak), 2: (1, "6C")})
    answer = reveal(client, state)
    fight = settled(answer, 0)
    assert (fight["kind"], fight["winner"], fight["by_formula"]) == ("fight", strong_seat, False)
    assert "salsifis.contest.fight" in fight["rules"]
    won = answer["state"]["won"]
    assert Counter(won[strong_seat]) == Counter(PACKET_0 + [strong, weak])
    assert won[weak_seat] == []


def test_salsifis_contest_alone_lone_card_takes_packet_and_comes_back(client):
    answer = reveal(client, last_turn({0: (0, "KS"), 1: (0, "QH"), 2: (1, "6C")}))
    alone = settled(answer, 1)
    assert (alone["kind"], alone["winner"]) == ("alone", 2)
    assert alone["rules"] == ["salsifis.contest.alone"]
    assert Counter(answer["state"]["won"][2]) == Counter(PACKET_1 + ["6C"])


def test_salsifis_contest_empty_packet_set_aside_by_default(client):
    answer = reveal(client, last_turn({0: (0, "KS"), 1: (0, "QH"), 2: (0, "6C")}))
    empty = settled(answer, 1)
    assert (empty["kind"], empty["outcome"]) == ("empty", "discarded")
    assert all(card not in pile for pile in answer["state"]["won"] for card in PACKET_1)
    assert answer["state"]["shared"] == []


def test_salsifis_contest_tie_first_right_formula_wins_everything(client):
    state = last_turn({0: (0, "QS"), 1: (0, "QH"), 2: (0, "9H")})
    answer = reveal(client, state, [{"seat": 1, "names": ["QS"]}])
    tie = settled(answer, 0)
    assert (tie["kind"], tie["winner"], tie["by_formula"]) == ("tie", 1, True)
    assert Counter(answer["state"]["won"][1]) == Counter(PACKET_0 + ["QS", "QH", "9H"])
    assert answer["state"]["penalties"] == [0, 0, 0]


def test_salsifis_contest_tie_without_formula_shared_by_the_tied_players(client):
    answer = reveal(client, last_turn({0: (0, "QS"), 1: (0, "QH"), 2: (0, "9H")}))
    tie = settled(answer, 0)
    assert (tie["kind"], tie["outcome"], tie["winner"], tie["shared_by"]) == ("tie", "shared", None, [0, 1])
    assert [(s["seats"], Counter(s["cards"])) for s in answer["state"]["shared"]] == \
        [([0, 1], Counter(PACKET_0 + ["QS", "QH", "9H"]))]
    assert answer["state"]["won"] == [[], [], []]


@pytest.mark.parametrize("caller", [0, 1, 2])
def test_salsifis_contest_cycle_soup_from_any_fighter_wins(client, caller):
    state = last_turn({0: (0, "AS"), 1: (0, "QH"), 2: (0, "9H")})
    answer = reveal(client, state, [{"seat": caller, "soup": True}])
    cycle = settled(answer, 0)
    assert (cycle["kind"], cycle["winner"]) == ("cycle", caller)
    assert Counter(answer["state"]["won"][caller]) == Counter(PACKET_0 + ["AS", "QH", "9H"])


def test_salsifis_contest_cycle_without_formula_shared_by_everyone_in_it(client):
    answer = reveal(client, last_turn({0: (0, "AS"), 1: (0, "QH"), 2: (0, "9H")}))
    assert [(s["seats"], Counter(s["cards"])) for s in answer["state"]["shared"]] == \
        [([0, 1, 2], Counter(PACKET_0 + ["AS", "QH", "9H"]))]


def test_salsifis_contest_mixed_ace_ace_king_is_a_tie_between_the_aces(client):
    answer = reveal(client, last_turn({0: (0, "AS"), 1: (0, "AH"), 2: (0, "KS")}), [{"seat": 2, "soup": True}])
    tie = settled(answer, 0)
    assert (tie["kind"], tie["shared_by"]) == ("tie", [0, 1])
    assert answer["state"]["penalties"] == [0, 0, 10]


def test_salsifis_contest_mixed_nine_nine_ace_queen_is_a_cycle_for_all_four(client):
    state = last_turn({0: (0, "9H"), 1: (0, "9D"), 2: (0, "AS"), 3: (0, "QH")}, players=4)
    answer = reveal(client, state, [{"seat": 0, "names": ["9D"]}, {"seat": 3, "soup": True}])
    cycle = settled(answer, 0)
    assert (cycle["kind"], cycle["winner"]) == ("cycle", 3)
    assert answer["state"]["penalties"] == [10, 0, 0, 0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_salsifis_contest_fight_many_cards_strongest_takes_all(client, players):
    cards = ["KS", "10D", "JH", "5C", "9H"][:players]
    state = last_turn({seat: (0, card) for seat, card in enumerate(cards)}, players=players)
    answer = reveal(client, state)
    assert settled(answer, 0)["winner"] == 0
    assert Counter(answer["state"]["won"][0]) == Counter(state["packets"][0] + cards)


MIXED = [  # cards by seat on packet 0 -> (kind, seats in the running): salsifis.contest.mixed
    (["AS", "9H", "5C"], "fight", [1]),
    (["AS", "10D", "10C"], "tie", [1, 2]),
    (["AS", "KS", "QH"], "fight", [0]),
    (["KD", "AS", "KS"], "fight", [1]),
    (["AS", "AH", "10D"], "fight", [2]),
    (["AS", "AH", "JD", "JC"], "tie", [0, 1]),
    (["KS", "QH", "AS", "5C"], "cycle", [0, 1, 2, 3]),
    (["AS", "AH", "QH", "9C"], "cycle", [0, 1, 2, 3]),
    (["JS", "JH", "9C", "9D"], "tie", [0, 1]),
    (["9C", "9D", "9H", "9S"], "tie", [0, 1, 2, 3]),
    (["KS", "AS", "JH", "10C", "6D"], "cycle", [0, 1, 2, 3, 4]),
    (["AS", "AH", "AD", "AC"], "tie", [0, 1, 2, 3]),
]


@pytest.mark.parametrize("cards,kind,running", MIXED)
def test_salsifis_contest_mixed_ranks_decide_the_kind_of_contest(client, cards, kind, running):
    players = max(3, len(cards))
    placed = {seat: (0, card) for seat, card in enumerate(cards)}
    placed.update({seat: (1, "4H") for seat in range(len(cards), players)})
    packets = [["8H", "7H"], ["7D"]] if players == 5 else [["8H", "7H", "6H"], ["7D", "8D", "5S"]]
    answer = reveal(client, last_turn(placed, players=players, packets=packets))
    contest = settled(answer, 0)
    assert contest["kind"] == kind
    assert contest.get("shared_by", [contest["winner"]]) == running
