"""canasta.stock.exhausted in Samba, Bolivia and Brazilian, from the rule text: once the stock is gone, a player
must take the discard when the pile is not frozen and the top card fits a meld of the player's side; in these
variants the top card joins a meld only by continuing a sequence of fewer than seven cards (or, under the option
that lets it, a set that is not a canasta), so then the draw that would end the hand is refused and not listed."""

from __future__ import annotations

import pytest

from tests.api.samba_family import answer, assert_allowed, assert_refused, each, group, judged, seq, stock_gone

EXHAUSTED = "canasta.stock.exhausted"
HAND = ["5C", "8D", "9D", "JD"]
OWN = [seq("4H", "5H", "6H"), group("KC", "KD", "KH"), group("AD", "AH", "AS"), group("QC", "QD", "QS")]
DRAW = {"type": "draw"}


def listed(client, variant: str, state: dict, options: dict | None = None) -> list[dict]:
    return answer(client, "/legal-moves", variant, state, options=options)["moves"]


@pytest.mark.parametrize("variant", each())
def test_canasta_stock_exhausted_top_card_continuing_a_sequence_must_be_taken(client, variant):
    state = stock_gone(HAND, OWN, "7H")
    assert_refused(judged(client, variant, state, DRAW), EXHAUSTED)
    assert_allowed(judged(client, variant, state, {"type": "take_pile", "cards": [], "meld": 0}))
    assert [move["type"] for move in listed(client, variant, state)] == ["take_pile"]


@pytest.mark.parametrize("variant", each())
def test_canasta_stock_exhausted_no_take_is_forced_where_none_is_allowed(client, variant):
    samba = seq("4H", "5H", "6H", "7H", "8H", "9H", "10H")
    for own, top in (([samba, *OWN[1:]], "JH"),       # a samba takes no eighth card
                     (OWN, "KS"),                      # the top card joins no set by default
                     (OWN, "9C")):                     # it fits no meld
        state = stock_gone(HAND, own, top)
        assert_allowed(judged(client, variant, state, DRAW))
        assert "draw" in [move["type"] for move in listed(client, variant, state)]


@pytest.mark.parametrize("variant", each())
def test_canasta_stock_exhausted_a_frozen_pile_is_never_forced(client, variant):
    state = stock_gone(HAND, OWN, "7H", frozen_by="JK")
    assert_allowed(judged(client, variant, state, DRAW))


@pytest.mark.parametrize("variant", each())
def test_canasta_stock_exhausted_the_option_letting_the_top_card_join_a_set_forces_it(client, variant):
    options = {"top_card_onto_set": "unless_canasta"}
    state = stock_gone(HAND, OWN, "KS")
    verdict = answer(client, "/validate-move", variant, state, DRAW, options)
    assert_refused(verdict, EXHAUSTED)
    assert [move["type"] for move in listed(client, variant, state, options)] == ["take_pile"]
