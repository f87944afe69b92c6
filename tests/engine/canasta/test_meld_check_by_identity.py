"""/validate-meld with melds on the table: the meld added to is found by its place (`onto`, an index into
context.existing, as a lay-off names it in play) and its kind, not by its rank alone, since a side may hold
several melds of a rank (Samba, Bolivia, Brazilian).

The rules: canasta.melds.several-of-a-rank (a card added goes to the meld the player names), canasta.melds.
wild-limit (Samba's melds hold at most two wild cards), canasta.melds.all-wild (Bolivia's melds of wild cards
alone take only wild cards).
"""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

KINGS = {"cards": ["KC", "KD", "KH"]}
KINGS_WITH_A_TWO = {"cards": ["KS", "KS", "KH", "2C"]}


def _check(variant: str, meld: dict, existing: list[dict]) -> dict:
    return answers.validate_meld({"game": "canasta", "variant": variant, "meld": meld,
                                  "context": {"existing": existing}})


def test_canasta_melds_several_of_a_rank_validate_meld_adds_to_the_meld_named():
    answer = _check("samba", {"cards": ["KD"], "onto": 1}, [KINGS, KINGS_WITH_A_TWO])
    assert answer["valid"] and answer["lay_off"] == {"meld": 1, "total_points": 60}
    answer = _check("samba", {"cards": ["KD"], "onto": 0}, [KINGS, KINGS_WITH_A_TWO])
    assert answer["valid"] and answer["lay_off"] == {"meld": 0, "total_points": 40}


def test_canasta_melds_wild_limit_validate_meld_counts_the_wild_cards_of_the_meld_named():
    # Two more wild cards: the kings with a two would hold three, the plain kings two.
    two_wilds = {"cards": ["2D", "2H"]}
    answer = _check("samba", {**two_wilds, "onto": 1}, [KINGS, KINGS_WITH_A_TWO])
    assert [v["rule"] for v in answer["violations"]] == ["canasta.melds.wild-limit"]
    assert _check("samba", {**two_wilds, "onto": 0}, [KINGS, KINGS_WITH_A_TWO])["valid"]


def test_canasta_melds_several_of_a_rank_validate_meld_cards_of_a_rank_make_a_new_meld():
    answer = _check("samba", {"cards": ["KD", "KS", "KC"]}, [KINGS, KINGS_WITH_A_TWO])
    assert answer["valid"] and answer["kind"] == "set" and "lay_off" not in answer and answer["points"] == 30
    # Where a side holds one meld of each rank, the same cards still find the kings by their rank.
    classic = _check("classic", {"cards": ["KD", "KS"]}, [KINGS])
    assert classic["valid"] and classic["lay_off"]["meld"] == 0


def test_canasta_melds_several_of_a_rank_validate_meld_wild_cards_alone_name_their_meld():
    with pytest.raises(InvalidRequest) as refused:
        _check("samba", {"cards": ["2D"], "rank": "K"}, [KINGS, KINGS_WITH_A_TWO])
    problem = refused.value.problems[0]
    assert problem.pointer == ("meld", "onto") and problem.rule == "canasta.melds.several-of-a-rank"
    answer = _check("samba", {"cards": ["2D"], "rank": "K"}, [KINGS, {"cards": ["AC", "AD", "AH"]}])
    assert answer["valid"] and answer["lay_off"]["meld"] == 0


def test_canasta_melds_all_wild_validate_meld_the_meld_of_wild_cards_found_by_its_place():
    wild = {"cards": ["JK", "2C", "2D"]}
    answer = _check("bolivia", {"cards": ["2S"], "onto": 1}, [KINGS, wild])
    assert answer["valid"] and answer["kind"] == "wild" and answer["lay_off"]["meld"] == 1
    answer = _check("bolivia", {"cards": ["KS"], "onto": 1}, [KINGS, wild])
    assert [v["rule"] for v in answer["violations"]] == ["canasta.melds.all-wild"]


def test_canasta_melds_validate_meld_onto_a_meld_not_on_the_table_is_refused():
    with pytest.raises(InvalidRequest) as refused:
        _check("samba", {"cards": ["KD"], "onto": 2}, [KINGS, KINGS_WITH_A_TWO])
    assert refused.value.problems[0].pointer == ("meld", "onto")


@pytest.mark.parametrize("variant", ["classic", "joker"])
def test_canasta_melds_black_threes_validate_meld_reads_no_rank_beside_a_black_three(variant):
    # Black threes are bonus cards in Joker Canasta, yet a meld showing one still has its rank in its cards:
    # the `rank` field is read only for wild cards alone, so anything sent there is passed over.
    answer = answers.validate_meld({"game": "canasta", "variant": variant,
                                    "meld": {"cards": ["3S", "3C", "3S"], "rank": {"not": "a rank"}}})
    assert not answer["valid"] and answer["violations"]
