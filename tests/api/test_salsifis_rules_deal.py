"""Salsifis's deal for every table size and pack option, checked against the rule texts' arithmetic."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.engine.salsifis.reference_model import hand_size, pack, packet_sizes, turns
from tests.engine.salsifis.reference_play import play, post

PACKS = [
    (2, {}, 40), (3, {}, 45), (3, {"kept_three": "C"}, 45), (3, {"kept_three": "D"}, 45), (3, {"kept_three": "H"}, 45),
    (4, {}, 50), (4, {"removed_twos": "CH"}, 50), (4, {"removed_twos": "CS"}, 50), (4, {"removed_twos": "DH"}, 50),
    (4, {"removed_twos": "DS"}, 50), (4, {"removed_twos": "HS"}, 50),
    (5, {}, 52), (5, {"five_players": "packets-of-two"}, 45),
    (5, {"five_players": "packets-of-two", "kept_three": "D"}, 45), (5, {"five_players": "four-cards"}, 44),
]


def dealt(client, players, options, seed, setup=None):
    """The /deal answer for a table."""
    body = {"players": players, "seed": seed, "options": options}
    if setup is not None:
        body["setup"] = setup
    return post(client, "/deal", body)


@pytest.mark.parametrize("players,options,size", PACKS)
@pytest.mark.parametrize("seed", [0, 7])
def test_salsifis_deal_cards_pack_is_thinned_for_the_table(client, players, options, size, seed):
    state = dealt(client, players, options, seed)["state"]
    laid = [card for hand in state["hands"] for card in hand] + [c for p in state["packets"] for c in p] + state["heap"]
    assert Counter(laid) == Counter(pack(players, options))
    assert len(laid) == size


@pytest.mark.parametrize("players,options,size", PACKS)
def test_salsifis_deal_hands_five_cards_each_and_thirty_for_the_packets(client, players, options, size):
    answer = dealt(client, players, options, 3)
    state = answer["state"]
    assert [len(hand) for hand in state["hands"]] == [hand_size(players, options)] * players
    assert [len(packet) for packet in state["packets"]] == list(packet_sizes(players, 1, options))
    # the heap holds what the later turns lay out, and nothing more
    assert len(state["heap"]) == sum(sum(packet_sizes(players, t, options)) for t in range(2, turns(players, options) + 1))
    if players < 5:
        assert size - 5 * players == 30
    assert state["turn"] == 1 and state["placements"] == [] and state["won"] == [[]] * players
    assert state["penalties"] == [0] * players and state["alone_streak"] == [0] * players
    assert (answer["to_act"], answer["phase"]) == (0, "place")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_salsifis_deal_hands_same_seed_same_deal_and_dealer_from_setup(client, players):
    first = dealt(client, players, {}, 11)["state"]
    assert dealt(client, players, {}, 11)["state"] == first
    assert first["dealer"] == 0
    other = dealt(client, players, {}, 11, setup={"dealer": players - 1})
    assert other["state"]["dealer"] == players - 1
    assert other["to_act"] == 0


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, {}), (5, {}), (5, {"five_players": "four-cards"}),
                                             (5, {"five_players": "packets-of-two"})])
def test_salsifis_turn_turns_game_lasts_one_turn_per_card(client, players, options):
    model = play(client, players, options, seed=21, change_rate=0)
    assert model.state["turn"] == turns(players, options)
    assert all(hand == [] for hand in model.state["hands"])


def test_salsifis_deal_five_players_short_last_turn_lays_two_and_one(client):
    model = play(client, 5, {}, seed=5, change_rate=0)
    assert model.laid == [[3, 3], [3, 3], [3, 3], [3, 3], [2, 1]]
    laid = [card for pile in model.state["won"] for card in pile] + model.state["discarded"]
    laid += [card for shared in model.state["shared"] for card in shared["cards"]]
    assert Counter(laid) == Counter(pack(5))


@pytest.mark.parametrize("players", [1, 6])
def test_salsifis_players_two_to_five_only(client, players):
    answer = client.post("/deal", json={"game": "salsifis", "players": players, "seed": 1})
    assert answer.status_code == 422
    assert "players" in answer.get_json()["errors"]["json"]
