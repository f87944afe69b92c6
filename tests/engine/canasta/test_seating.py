"""Seating: who owns a seat's melds, whose melds it may add to, whose canastas and scores count."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.games.canasta.seating import Seating

from .helpers import GAME


def test_canasta_players_partnerships_seating_matches_the_played_state():
    seating = Seating("partners", 4)
    state = answers.deal({"game": GAME, "variant": "classic", "seed": 3})["state"]
    assert seating.sides == len(state["melds"]) == 2
    assert [seating.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert [seating.partner_of(s) for s in range(4)] == [2, 3, 0, 1]
    assert seating.owners_added_to(2) == (0,) and seating.score_owners(3) == (1,)


def test_canasta_players_alone_seating_two_hand():
    seating = Seating("alone", 2)
    assert seating.sides == 2 and seating.partner_of(0) is None and seating.owners_added_to(1) == (1,)


def test_canasta_variant_three_hand_lone_hand_formed_when_the_pile_is_taken():
    before = Seating("lone_hand", 3)
    assert [before.partner_of(s) for s in range(3)] == [None, None, None]
    after = Seating("lone_hand", 3, lone=1)
    assert (after.partner_of(0), after.partner_of(1), after.partner_of(2)) == (2, None, 0)
    assert after.score_owners(0) == (0, 2) and after.score_owners(1) == (1,)


def test_canasta_variant_five_person_partner_two_on_rentrap_two_back():
    seating = Seating("partner_rentrap", 5)
    assert [seating.partner_of(s) for s in range(5)] == [(s + 2) % 5 for s in range(5)]
    assert [seating.rentrap_of(s) for s in range(5)] == [(s - 2) % 5 for s in range(5)]
    # A seat adds to its own and its partner's melds; so its rentrap adds to its melds, never the reverse.
    assert seating.owners_added_to(0) == (0, 2) and 0 in seating.owners_added_to(seating.rentrap_of(0))
    assert 3 not in seating.owners_added_to(0)
    assert seating.canasta_owners(0) == (0, 2) and seating.opening_owner(4) == 4


def test_canasta_players_partnerships_odd_count_refused():
    with pytest.raises(ValueError, match="even"):
        Seating("partners", 5)
