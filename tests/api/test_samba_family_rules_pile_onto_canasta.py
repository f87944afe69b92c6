"""canasta.pile.onto-meld-unless-canasta in Samba, Bolivia and Brazilian, from the rule text: natural cards from the
hand may be added to a canasta, but the top discard may not be taken for that purpose; a natural pair still takes
the pile, the pair and the top card making a meld of their own."""

from __future__ import annotations

import pytest

from tests.api.samba_family import (OPPONENTS_OPENED, answer, assert_allowed, assert_refused, each, group, judged,
                                    side_opened, table)

RULE = "canasta.pile.onto-meld-unless-canasta"
KING_CANASTA = group("KC", "KD", "KH", "KC", "KD", "KH", "KS")
OWN = [KING_CANASTA, group("AD", "AH", "AS"), group("QC", "QD", "QS")]
HAND = ["KS", "KH", "5C", "8D", "9D"]


def to_draw(discard: list[str]) -> dict:
    """Seat 0 to draw; its side opened with a canasta of kings; the top discard is a king."""
    return table([HAND, {"count": 11}, {"count": 11}, {"count": 11}], discard=discard, melds=[OWN, OPPONENTS_OPENED],
                 melded_before=[True, True, False, False], turn={"seat": 0, "phase": "draw"})


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_onto_meld_unless_canasta_a_pair_does_not_carry_the_top_card_onto_a_canasta(client, variant):
    state = to_draw(["9C", "4D", "KD"])
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": ["KS", "KH"], "meld": 0}), RULE)
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": [], "meld": 0}), RULE)
    assert_allowed(judged(client, variant, state, {"type": "take_pile", "cards": ["KS", "KH"]}))
    takes = [move for move in answer(client, "/legal-moves", variant, state)["moves"] if move["type"] == "take_pile"]
    assert takes and all(move.get("meld") != 0 for move in takes)


@pytest.mark.parametrize("variant", each())
def test_canasta_pile_onto_meld_unless_canasta_natural_cards_from_the_hand_still_join_a_canasta(client, variant):
    state = side_opened(HAND, OWN)
    assert_allowed(judged(client, variant, state, {"type": "lay_off", "meld": 0, "cards": ["KS"]}))
