"""Brazilian positions no game reaches, from the rule texts. canasta.opening.canasta-needed: from a game score of
7000 the initial meld holds a canasta (from 9000 a natural one), and since no wild card joins a finished canasta
there, a side that opened in an earlier turn keeps showing one. canasta.opening.counting: a Brazilian side cannot
open by taking the pile, so a turn that took the pile belongs to a side that had opened before it."""

from __future__ import annotations

import pytest

from tests.api.samba_family import OPPONENTS_OPENED, answer, group, meld_turn, post, side_opened, table

KINGS = group("KC", "KD", "KH", "KC", "KD", "KH", "KS")            # a natural canasta
MIXED_KINGS = group("KC", "KD", "KH", "KC", "KD", "KH", "2S")      # a mixed one
REST = [group("AD", "AH", "AS"), group("QC", "QD", "QS"), group("JD", "JH", "JS"), group("10C", "10D", "10H"),
        group("AD", "AD", "AH")]      # 210: past the count of every tier
HAND = ["5C", "8D", "9D", "10S", "6H"]


def refusal(response) -> tuple[str, str]:
    assert response.status_code == 422, response.get_json()
    found = response.get_json()["violations"][0]
    return found["rule"], found["pointer"]


def opened(own: list[dict], score: int | None) -> dict:
    state = side_opened(HAND, own)
    if score is not None:
        state["score"] = [score, 0]
    return state


@pytest.mark.parametrize("score,own", [(7000, REST + [group("KC", "KD", "KH")]), (8500, REST),
                                       (9000, [MIXED_KINGS, *REST]), (9500, REST)])
def test_canasta_opening_canasta_needed_a_side_opened_at_a_canasta_tier_still_shows_it(client, score, own):
    response = post(client, "/legal-moves", "brazilian", opened(own, score))
    assert refusal(response) == ("canasta.opening.canasta-needed", "/state/melds/0")


@pytest.mark.parametrize("score,own", [(7000, [MIXED_KINGS, *REST]), (9000, [KINGS, *REST]), (6500, REST),
                                       (None, REST)])
def test_canasta_opening_canasta_needed_a_side_showing_its_tier_s_canasta_is_accepted(client, score, own):
    answer(client, "/legal-moves", "brazilian", opened(own, score))


def took_the_pile(partner_opened: bool) -> dict:
    """Seat 0 took the pile with a natural pair of nines this turn, melding them with the top nine."""
    nines = group("9C", "9D", "9H")
    return table([["5C", "8D", "6H", "JD", "QH", "KH", "AS", "10S", "7D"], {"count": 11}, {"count": 11},
                  {"count": 11}], discard=[], melds=[[nines, *REST], OPPONENTS_OPENED],
                 melded_before=[False, True, partner_opened, False],
                 turn=meld_turn(drew="pile", melded=True, started=[0]))


def test_canasta_opening_counting_a_brazilian_side_never_opens_by_taking_the_pile(client):
    assert refusal(post(client, "/legal-moves", "brazilian", took_the_pile(False))) == (
        "canasta.opening.counting", "/state/turn/drew")
    answer(client, "/legal-moves", "brazilian", took_the_pile(True))
