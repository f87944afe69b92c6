"""canasta.melds.*: the melds a side can have on the table. Melds only grow, so a meld shown breaking a rule of
shape was never made; each edit below moves cards between the melder's hand and its melds, so the count of
cards stays what play left."""

from __future__ import annotations

import pytest

from tests.api.canasta_positions import (
    WILD_LIMITS, accepted, applied, edited, first_melds, hidden, meld_holding, move_card, plain_card, refused,
    rigged,
)

SET = "canasta.melds.set"
WILD_LIMIT = "canasta.melds.wild-limit"
SHAPE = (SET, WILD_LIMIT, "canasta.melds.no-wild-melds")


def with_option(limit: str) -> dict:
    """The options naming a wild_limit."""
    return {"wild_limit": limit}


def opened(client, hand_extra: list[str] = (), *melds: list[str], options: dict | None = None) -> dict:
    """Seat 1 has opened with `melds` (kings and aces when none are given), holding `hand_extra` besides."""
    melds = melds or (["KC", "KD", "KH"], ["AC", "AD", "AH"])
    hand = [c for m in melds for c in m] + list(hand_extra)
    return first_melds(client, "classic", hand, list(melds), options)


def test_canasta_melds_wild_limit_two_naturals_three_wild_cards_stand_by_default(client):
    state = opened(client, (), ["QC", "QD", "2C", "2D", "JK"])
    accepted(client, "classic", state, with_option("at_most_three"))


@pytest.mark.parametrize("limit", WILD_LIMITS[1:])
def test_canasta_melds_wild_limit_more_wild_cards_than_naturals_is_refused_where_the_option_says(client, limit):
    state = opened(client, (), ["QC", "QD", "2C", "2D", "JK"])
    refused(client, "classic", state, WILD_LIMIT, with_option(limit))


@pytest.mark.parametrize("limit", WILD_LIMITS[:2])
def test_canasta_melds_wild_limit_as_many_wild_cards_as_naturals(client, limit):
    state = opened(client, (), ["9C", "9D", "9H", "2C", "2D", "JK"])
    accepted(client, "classic", state, with_option(limit))


def test_canasta_melds_wild_limit_as_many_wild_cards_as_naturals_is_refused_when_naturals_must_outnumber(client):
    state = opened(client, (), ["9C", "9D", "9H", "2C", "2D", "JK"])
    refused(client, "classic", state, WILD_LIMIT, with_option("fewer_than_naturals"))


@pytest.mark.parametrize("limit", WILD_LIMITS)
def test_canasta_melds_wild_limit_a_pair_and_a_two_stands_under_every_option(client, limit):
    state = opened(client, (), ["5C", "5D", "2C"], ["KC", "KD", "KH"], options=with_option(limit))
    accepted(client, "classic", state, with_option(limit))


@pytest.mark.parametrize("limit", WILD_LIMITS)
def test_canasta_melds_wild_limit_a_fourth_wild_card_is_refused_under_every_option(client, limit):
    state = edited(opened(client, ["2H"], ["KC", "KD", "KH", "KS", "2C", "2D", "JK"], options=with_option(limit)))
    accepted(client, "classic", state, with_option(limit))
    move_card("2H", state["hands"][1], meld_holding(state, 1, "KC"))
    refused(client, "classic", state, WILD_LIMIT, with_option(limit))


@pytest.mark.parametrize("limit", WILD_LIMITS)
def test_canasta_melds_set_one_natural_and_two_wild_cards_is_refused(client, limit):
    state = edited(opened(client, [], ["5C", "5D", "2C"], ["KC", "KD", "KH"], options=with_option(limit)))
    fives = meld_holding(state, 1, "5C")
    move_card("5D", fives, state["hands"][1])
    move_card("2S", state["stock"], fives)
    state["stock"].append(state["hands"][1].pop())  # the 5D gone back, the hand as long as before
    refused(client, "classic", state, SHAPE, with_option(limit))


def test_canasta_melds_set_a_meld_of_two_cards_is_refused(client):
    state = edited(opened(client))
    move_card("KH", meld_holding(state, 1, "KC"), state["hands"][1])
    refused(client, "classic", state, SET)


def test_canasta_melds_set_a_meld_of_two_ranks_is_refused(client):
    state = edited(opened(client, ["QH"]))
    kings = meld_holding(state, 1, "KC")
    move_card("KH", kings, state["hands"][1])
    move_card("QH", state["hands"][1], kings)
    refused(client, "classic", state, SET)


def test_canasta_melds_no_wild_melds_a_meld_of_wild_cards_alone_is_refused(client):
    state = edited(opened(client, ["2C", "2D", "JK"]))
    wild = []
    for card in ("2C", "2D", "JK"):
        move_card(card, state["hands"][1], wild)
    state["melds"][1].append({"cards": wild})
    refused(client, "classic", state, ("canasta.melds.no-wild-melds", SET))


def test_canasta_melds_one_per_rank_two_melds_of_kings_for_a_side_are_refused(client):
    state = edited(opened(client, ["KS", "KC", "KD"]))
    second = []
    for card in ("KS", "KC", "KD"):
        move_card(card, state["hands"][1], second)
    state["melds"][1].append({"cards": second})
    refused(client, "classic", state, "canasta.melds.one-per-rank")


def test_canasta_melds_one_per_rank_both_sides_may_meld_kings(client):
    state = rigged(client, "classic", {1: ["KC", "KD", "KH", "AC", "AD", "AH"],
                                       2: ["KC", "KD", "KS", "QC", "QD", "QH"]})
    state = applied(client, "classic", state, {"type": "draw"})
    state = applied(client, "classic", state, {"type": "meld", "melds": [
        {"cards": ["KC", "KD", "KH"]}, {"cards": ["AC", "AD", "AH"]}]})
    state = applied(client, "classic", state, {"type": "discard", "card": plain_card(state["hands"][1])})
    state = applied(client, "classic", state, {"type": "draw"})
    state = applied(client, "classic", state, {"type": "meld", "melds": [
        {"cards": ["KC", "KD", "KS"]}, {"cards": ["QC", "QD", "QH"]}]})
    answer = accepted(client, "classic", hidden(state, 0, 1, 3))
    assert answer["to_act"] == 2


def test_canasta_melds_black_threes_a_meld_of_black_threes_in_play_is_refused(client):
    state = rigged(client, "classic", {1: ["KC", "KD", "KH", "AC", "AD", "AH", "3C", "3S", "3S"]})
    state = applied(client, "classic", state, {"type": "draw"})
    state = edited(applied(client, "classic", state, {"type": "meld", "melds": [
        {"cards": ["KC", "KD", "KH"]}, {"cards": ["AC", "AD", "AH"]}]}))
    threes = []
    for card in ("3C", "3S", "3S"):
        move_card(card, state["hands"][1], threes)
    state["melds"][1].append({"cards": threes})
    assert len(state["hands"][1]) == 3  # the turn goes on: nobody went out
    refused(client, "classic", state, ("canasta.melds.black-threes", SET))


def test_canasta_melds_set_a_meld_named_for_another_rank_is_refused(client):
    state = edited(opened(client))
    state["melds"][1][0]["rank"] = "Q"
    assert "KC" in state["melds"][1][0]["cards"]
    refused(client, "classic", state, (SET, "canasta.melds.one-per-rank"))


@pytest.mark.parametrize("variant", ("classic", "two-hand"))
def test_canasta_melds_set_melds_built_in_play_are_accepted_with_hidden_hands(client, variant):
    state = first_melds(client, variant, ["KC", "KD", "KH", "2C", "AC", "AD", "AH"],
                        [["KC", "KD", "KH", "2C"], ["AC", "AD", "AH"]])
    accepted(client, variant, hidden(state, 0))
