"""/validate-meld judges an addition to a meld on the table with the checks play uses, from the rule texts:
canasta.melds.wild-onto-canasta (in Samba, Bolivia and Brazilian no wild card joins a finished canasta, natural,
mixed or a bolivia, while natural cards of its rank still may) and canasta.melds.sequence (a sequence on the table
takes the cards that continue it in its suit, nothing else). Each addition gets the same verdict, citing the same
rules, from /validate-meld with the meld in context.existing and from /validate-move as a lay-off."""

from __future__ import annotations

import pytest

from tests.api.samba_family import answer, group, judged, seq, side_opened, wild

WILD_ONTO_CANASTA = "canasta.melds.wild-onto-canasta"
SEQUENCE = "canasta.melds.sequence"
# Beside the meld under test, melds counting 90 more: with it, past every minimum at a score of 0.
OPENED = [group("AD", "AH", "AS"), group("QC", "QD", "QS")]
HAND = ["2D", "JK", "KS", "7H", "9H", "5C", "8D"]

NATURAL_CANASTA = group("KC", "KD", "KH", "KC", "KD", "KH", "KS")
MIXED_CANASTA = group("KC", "KD", "KH", "KC", "KD", "KH", "2C")
BOLIVIA = wild("2C", "2C", "2H", "2S", "2S", "JK", "JK")
RUN = seq("4H", "5H", "6H")

ADDITIONS = [
    ("samba", NATURAL_CANASTA, ["2D"], WILD_ONTO_CANASTA),
    ("samba", MIXED_CANASTA, ["JK"], WILD_ONTO_CANASTA),
    ("samba", NATURAL_CANASTA, ["KS"], None),
    ("bolivia", NATURAL_CANASTA, ["JK"], WILD_ONTO_CANASTA),
    ("bolivia", MIXED_CANASTA, ["2D"], WILD_ONTO_CANASTA),
    ("bolivia", BOLIVIA, ["2D"], WILD_ONTO_CANASTA),
    ("bolivia", MIXED_CANASTA, ["KS"], None),
    ("brazilian", NATURAL_CANASTA, ["2D"], WILD_ONTO_CANASTA),
    ("brazilian", MIXED_CANASTA, ["JK"], WILD_ONTO_CANASTA),
    ("brazilian", BOLIVIA, ["JK"], WILD_ONTO_CANASTA),
    ("samba", RUN, ["7H"], None),
    ("samba", RUN, ["9H"], SEQUENCE),
    ("samba", RUN, ["2D"], SEQUENCE),
    ("bolivia", RUN, ["7H"], None),
    ("brazilian", RUN, ["9H"], SEQUENCE),
]


@pytest.mark.parametrize("variant,onto,cards,refused_by", [
    pytest.param(*case, id=f"{case[0]}-{'-'.join(case[1]['cards'][:2])}-{len(case[1]['cards'])}-{'-'.join(case[2])}")
    for case in ADDITIONS])
def test_canasta_melds_wild_onto_canasta_validate_meld_judges_an_addition_as_play_does(client, variant, onto,
                                                                                        cards, refused_by):
    alone = answer(client, "/validate-meld", variant, meld={"cards": cards, "onto": 0}, context={"existing": [onto]})
    in_play = judged(client, variant, side_opened(HAND, [onto, *OPENED]),
                     {"type": "lay_off", "meld": 0, "cards": cards})
    rules = {v["rule"] for v in alone["violations"]}
    assert alone["valid"] is in_play["legal"] is (refused_by is None), (alone, in_play["violations"])
    assert rules == {v["rule"] for v in in_play["violations"]}
    if refused_by is not None:
        assert refused_by in rules


def test_canasta_melds_wild_onto_canasta_classic_lets_a_wild_card_join_a_canasta(client):
    found = answer(client, "/validate-meld", "classic", meld={"cards": ["2D"], "onto": 0},
                   context={"existing": [NATURAL_CANASTA]})
    assert found["valid"] is True and found["canasta"] == "mixed"


@pytest.mark.parametrize("variant", ["samba", "bolivia", "brazilian"])
def test_canasta_melds_sequence_validate_meld_takes_a_sequence_on_the_table(client, variant):
    found = answer(client, "/validate-meld", variant, meld={"cards": ["7H", "8H", "9H", "10H"], "onto": 0},
                   context={"existing": [RUN]})
    assert found["valid"] is True and found["canasta"] is not None      # seven in one suit: a samba
