"""The variant table: Classic read from it; Samba and Hand & Foot known by their static rules, not played yet."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import NotBuilt
from rules_engine.games.canasta.variants import CLASSIC, HAND_AND_FOOT, PLANNED, SAMBA, TABLE

from .helpers import GAME


def test_canasta_deal_cards_classic_entry():
    assert CLASSIC.deck.size == 108 and CLASSIC.deal == 11 and CLASSIC.draw == 1
    values = CLASSIC.values.table()
    assert (values["JK"], values["2C"], values["AS"], values["8D"], values["7H"], values["3S"], values["3H"]) == (
        50, 20, 20, 10, 5, 5, 0)
    assert [CLASSIC.opening.minimum(s) for s in (-10, 0, 1495, 1500, 2995, 3000)] == [15, 50, 50, 90, 90, 120]


def test_canasta_variant_table_samba_entry_on_paper():
    assert SAMBA.deck.size == 162 and SAMBA.deal == 15 and SAMBA.draw == 2
    assert SAMBA.sequences is not None and SAMBA.sequences.max_cards == 7 and SAMBA.canastas.sequence == 1500
    assert SAMBA.sets.max_wilds == 2 and SAMBA.going_out.canastas == 2 and SAMBA.going_out.bonus == 200
    assert SAMBA.opening.minimum(7000) == 150 and SAMBA.threes.red_all == 1000 and SAMBA.game_target == 10000


def test_canasta_variant_table_hand_and_foot_entry_on_paper():
    assert HAND_AND_FOOT.deck.size == 270 and HAND_AND_FOOT.foot == 13 and HAND_AND_FOOT.draw == 2
    assert HAND_AND_FOOT.opening.basis == "round" and HAND_AND_FOOT.opening.minimum(4) == 150
    assert HAND_AND_FOOT.pile.take_limit == 7 and HAND_AND_FOOT.sets.max_cards == 7
    assert HAND_AND_FOOT.canastas.wild == 1500 and HAND_AND_FOOT.game_rounds == 4


@pytest.mark.parametrize("variant", sorted(PLANNED))
def test_canasta_variant_table_planned_variants_are_not_played_yet(variant):
    assert variant not in TABLE
    with pytest.raises(NotBuilt):
        answers.deal({"game": GAME, "variant": variant, "seed": 1})
