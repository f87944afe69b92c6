"""canasta.melds.all-wild in Bolivia and Brazilian Canasta, from the rule text: wild cards may form a meld of their
own, at least three; seven of them make a bolivia, a finished canasta, and no wild card joins a finished canasta
there, so a meld of wild cards alone never holds more than seven cards, whether it is put down that large or
grown by wild cards laid onto it. The referee, the listing and /validate-meld hold every such meld to it."""

from __future__ import annotations

import pytest

from tests.api.samba_family import (answer, assert_allowed, assert_refused, group, judge_meld, judged, post,
                                    side_opened, wild)

ALL_WILD = "canasta.melds.all-wild"
WILD_ONTO_CANASTA = "canasta.melds.wild-onto-canasta"
VARIANTS = [pytest.param(variant, id=variant) for variant in ("bolivia", "brazilian")]
KINGS = group("KC", "KD", "KH")
FIVE_WILD = wild("2C", "2D", "2H", "2S", "JK")     # 130 with the kings: past any minimum at a score of 0


def wild_meld_sizes(moves: list[dict], own: list[dict]) -> list[int]:
    """The size of every meld of wild cards alone a listed move would leave on the table."""
    sizes = []
    for move in moves:
        if move["type"] == "lay_off" and move["meld"] < len(own) and own[move["meld"]].get("kind") == "wild":
            sizes.append(len(own[move["meld"]]["cards"]) + len(move["cards"]))
        if move["type"] == "meld":
            sizes += [len(m["cards"]) for m in move["melds"] if all(c[:-1] == "2" or c == "JK" for c in m["cards"])]
    return sizes


@pytest.mark.parametrize("variant", VARIANTS)
def test_canasta_melds_all_wild_grows_to_seven_and_no_further(client, variant):
    own = [FIVE_WILD, KINGS]
    state = side_opened(["2C", "2D", "JK", "5H", "5S", "9D", "QH"], own)
    assert_allowed(judged(client, variant, state, {"type": "lay_off", "meld": 0, "cards": ["2C", "2D"]}))
    assert_allowed(judged(client, variant, state, {"type": "lay_off", "meld": 0, "cards": ["JK"]}))
    verdict = judged(client, variant, state, {"type": "lay_off", "meld": 0, "cards": ["2C", "2D", "JK"]})
    assert_refused(verdict, ALL_WILD)
    assert "7" in next(v["message"] for v in verdict["violations"] if v["rule"] == ALL_WILD)


@pytest.mark.parametrize("variant", VARIANTS)
def test_canasta_melds_all_wild_a_new_meld_holds_at_most_seven(client, variant):
    own = [KINGS, group("QC", "QD", "QS"), group("AD", "AH", "AS")]     # 100 without the wild cards
    wilds = ["2C", "2C", "2D", "2D", "2H", "JK", "JK", "JK"]
    state = side_opened([*wilds, "5H", "9D"], own)
    assert_refused(judged(client, variant, state, {"type": "meld", "melds": [{"cards": wilds}]}), ALL_WILD)
    assert_allowed(judged(client, variant, state, {"type": "meld", "melds": [{"cards": wilds[:7]}]}))
    assert_allowed(judged(client, variant, state, {"type": "meld", "melds": [{"cards": wilds[:3]}]}))


@pytest.mark.parametrize("variant", VARIANTS)
def test_canasta_melds_all_wild_a_finished_bolivia_takes_no_wild_card(client, variant):
    bolivia = wild("2C", "2D", "2H", "2S", "JK", "JK", "2C")
    state = side_opened(["2D", "5H", "5S", "9D", "QH"], [bolivia, KINGS])
    assert_refused(judged(client, variant, state, {"type": "lay_off", "meld": 0, "cards": ["2D"]}),
                   WILD_ONTO_CANASTA, ALL_WILD)


@pytest.mark.parametrize("variant", VARIANTS)
def test_canasta_melds_all_wild_the_listing_never_leaves_one_past_seven(client, variant):
    for own, hand in (([FIVE_WILD, KINGS], ["2C", "2D", "JK", "JK", "5H", "9D"]),
                      ([KINGS, group("QC", "QD", "QS"), group("AD", "AH", "AS")],
                       ["2C", "2C", "2D", "2D", "2H", "JK", "JK", "JK", "JK", "5H"])):
        state = side_opened(hand, own)
        moves = answer(client, "/legal-moves", variant, state)["moves"]
        sizes = wild_meld_sizes(moves, own)
        assert sizes and max(sizes) == 7, sizes
        for move in moves:
            assert_allowed(judged(client, variant, state, move))


@pytest.mark.parametrize("variant", VARIANTS)
def test_canasta_melds_all_wild_a_table_meld_of_eight_is_refused_as_unreachable(client, variant):
    eight = wild("2C", "2D", "2H", "2S", "JK", "JK", "2C", "2D")
    response = post(client, "/legal-moves", variant, side_opened(["5H", "5S", "9D", "QH"], [eight, KINGS]))
    assert response.status_code == 422
    assert {"rule": ALL_WILD, "pointer": "/state/melds/0/0/cards"} in [
        {"rule": v["rule"], "pointer": v["pointer"]} for v in response.get_json()["violations"]]


@pytest.mark.parametrize("variant", VARIANTS)
def test_canasta_melds_all_wild_validate_meld_agrees(client, variant):
    eight = ["2C", "2D", "2H", "2S", "JK", "JK", "2C", "2D"]
    refused = judge_meld(client, variant, eight)
    assert refused["valid"] is False and ALL_WILD in {v["rule"] for v in refused["violations"]}
    assert judge_meld(client, variant, eight[:7])["valid"] is True
