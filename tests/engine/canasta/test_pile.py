"""The discard pile: frozen or not, what takes it, black threes, and the end of the stock."""

from __future__ import annotations

import pytest

from .helpers import OPPONENTS_MELD, apply, broken, codes, legal, meld, position

KINGS = meld(["KD", "KC", "KS"])
SEVENS = meld(["7H", "7S", "7D"])


def opened(hand: list[str], discard: list[str], side_melds=None, **fields) -> dict:
    """Seat 0 to draw; side 0 has opened with kings (unless told otherwise), seat 1 has melded sevens."""
    side_melds = side_melds if side_melds is not None else [KINGS]
    fields.setdefault("melded_before", [bool(side_melds), True, False, False])
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=discard,
                    melds=[side_melds, [OPPONENTS_MELD]], **fields)


def never_taken(hand: list[str], pile: list[str]) -> dict:
    """Seat 0 to draw on a pile never taken: the upcard, then discards by seats 2 and 3 (dealer 1); seat 0
    melded the kings from the eleven cards it was dealt."""
    assert len(hand) == 8
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=pile, melds=[[KINGS], []],
                    melded_before=[True, False, False, False], dealer=1)


def take(cards, **extra) -> dict:
    return {"type": "take_pile", "cards": cards, **extra}


def test_canasta_pile_unfrozen_take_with_a_natural_pair():
    state = opened(["QH", "QS", "4H", "9D"], ["5C", "8D", "QD"])
    assert broken(state, take(["QH", "QS"])) == []
    assert "take_pile:QH,QS" in codes(state)


def test_canasta_pile_unfrozen_take_with_one_natural_and_a_wild():
    state = opened(["QH", "2S", "4H", "9D"], ["5C", "8D", "QD"])
    assert broken(state, take(["QH", "2S"])) == []
    assert "take_pile:QH,2S" in codes(state)


def test_canasta_pile_unfrozen_take_onto_a_side_meld():
    state = opened(["QH", "4H", "9D"], ["5C", "8D", "KH"])
    assert broken(state, take([])) == []
    after = apply(state, take([]))["state"]
    assert after["melds"][0][0]["cards"] == ["KD", "KC", "KS", "KH"]
    assert sorted(after["hands"][0]) == sorted(["QH", "4H", "9D", "5C", "8D"])
    assert after["discard"] == [] and after["turn"]["drew"] == "pile" and after["turn"]["extended"] is True


def test_canasta_pile_unfrozen_take_refused_with_a_single_natural():
    state = opened(["QH", "4H", "9D"], ["5C", "8D", "QD"])
    assert broken(state, take(["QH"])) == ["canasta.pile.unfrozen-take", "canasta.melds.set"]
    assert not [c for c in codes(state) if c.startswith("take_pile")]


@pytest.mark.parametrize("pile,reason", [
    (["5C", "2D", "8D", "QD"], "wild card"),
    (["3H", "5C", "8D", "QD"], "red three"),
])
def test_canasta_pile_frozen_by_a_wild_card_or_a_red_three(pile, reason):
    state = never_taken(["QH", "2S", "4H", "9D", "QC", "6H", "10S", "JD"], pile)
    assert broken(state, take(["QH", "2S"])) == ["canasta.pile.frozen-take"]
    assert broken(state, take(["QH", "QC"])) == []
    answer = legal(state)
    assert answer["pile"]["frozen"] is True and any(reason in why for why in answer["pile"]["why"])


def test_canasta_pile_frozen_take_ignores_a_side_meld_of_the_rank():
    state = opened(["4H", "9D"], ["2C", "8D", "KH"])
    assert broken(state, take([])) == ["canasta.pile.frozen-take"]


def test_canasta_pile_frozen_for_a_side_that_has_not_opened():
    state = opened(["QH", "2S", "AH", "AS", "AD", "9D"], ["5C", "8D", "QD"], side_melds=[])
    rules = broken(state, take(["QH", "2S"]))
    assert rules[0] == "canasta.pile.frozen-take"


def test_canasta_pile_take_wild_on_top_is_refused():
    state = opened(["2H", "2S", "4H"], ["5C", "8D", "2D"])
    assert broken(state, take(["2H", "2S"])) == ["canasta.pile.take"]


def test_canasta_black_threes_stop_the_next_player():
    state = opened(["3C", "3S", "4H", "9D"], ["5C", "8D", "3S"])
    assert broken(state, take(["3C", "3S"])) == ["canasta.black-threes.stop"]
    assert codes(state) == ["draw"]


def test_canasta_black_threes_stop_blocks_only_until_covered_by_default():
    state = opened(["QH", "2S", "4H", "9D"], ["5C", "3S", "QD"])
    assert broken(state, take(["QH", "2S"])) == []


def test_canasta_black_threes_stop_freezes_the_pile_under_the_option():
    state = opened(["QH", "2S", "4H", "9D"], ["5C", "3S", "QD"])
    assert broken(state, take(["QH", "2S"]), black_three_on_pile="freezes") == ["canasta.pile.frozen-take"]
    assert legal(state, black_three_on_pile="freezes")["pile"]["why"] == ["the pile holds a black three"]


def test_canasta_pile_take_refuses_cards_of_another_rank():
    state = opened(["QH", "QS", "9D", "4H"], ["5C", "8D", "QD"])
    assert "canasta.pile.take" in broken(state, take(["QH", "QS", "9D"]))


def test_canasta_pile_take_red_three_in_pile_goes_to_the_side_without_replacement():
    state = never_taken(["QH", "QS", "4H", "9D", "6H", "10S", "JD", "JC"], ["3H", "5C", "8D", "QD"])
    after = apply(state, take(["QH", "QS"]))
    assert after["state"]["red_threes"][0] == ["3H"]
    assert sorted(after["state"]["hands"][0]) == sorted(["4H", "9D", "6H", "10S", "JD", "JC", "5C", "8D"])


def test_canasta_opening_counting_only_the_top_card_counts_when_taking_the_pile():
    # Needs 50: top queen + QH QS = 30, the aces in the pile do not count; AH AS AD from hand do.
    hand = ["QH", "QS", "4H", "9D", "6C"]
    state = opened(hand, ["AC", "AC", "8D", "QD"], side_melds=[])
    assert broken(state, take(["QH", "QS"])) == ["canasta.opening.minimum"]
    hand = ["QH", "QS", "AH", "AS", "AD", "6C", "9D"]
    state = opened(hand, ["5C", "8D", "QD"], side_melds=[])
    assert broken(state, take(["QH", "QS"], melds=[{"cards": ["AH", "AS", "AD"]}])) == []
    listed = [m for m in legal(state)["moves"] if m["type"] == "take_pile"]
    assert listed and listed[0]["opening"]["required"] == 50
    constraint = legal(state)["constraints"][0]
    assert constraint["via"] == "take_pile" and constraint["met"] is True


def test_canasta_opening_constraint_unmet_when_taking_the_pile():
    state = opened(["QH", "QS", "4H", "9D", "6C"], ["AC", "AC", "8D", "QD"], side_melds=[])
    answer = legal(state)
    assert [m["type"] for m in answer["moves"]] == ["draw"]
    assert answer["constraints"][0]["met"] is False and answer["constraints"][0]["best"] == 30


def test_canasta_stock_exhausted_draw_ends_the_hand():
    state = opened(["QH", "QS", "4H", "9D"], ["5C", "8D", "JD"], stock_count=0)
    assert codes(state) == ["draw"]
    result = apply(state, {"type": "draw"})
    assert result["to_act"] is None and result["state"]["turn"]["ending"] == "stock_exhausted"
    assert any(e["type"] == "stock_exhausted" for e in result["events"])


def test_canasta_stock_exhausted_must_take_a_matching_discard():
    state = opened(["QH", "QS", "4H", "9D"], ["5C", "8D", "KH"], stock_count=0)
    assert broken(state, {"type": "draw"}) == ["canasta.stock.exhausted"]
    assert codes(state) == ["take_pile:"]


def test_canasta_stock_exhausted_pair_take_is_optional():
    state = opened(["QH", "QS", "4H", "9D"], ["5C", "8D", "QD"], stock_count=0)
    assert codes(state) == ["draw", "take_pile:QH,QS"]
