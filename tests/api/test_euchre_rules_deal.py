"""The players, the pack and the deal: four seats, 32 or 24 cards, five each and an upcard."""

from __future__ import annotations

import pytest

from tests.engine.euchre import reference_model as ref
from tests.engine.euchre.rule_http import legal_keys


def deal(client, options: dict | None = None, seed: int = 7, **setup) -> dict:
    body = {"game": "euchre", "options": options or {}, "seed": seed}
    if setup:
        body["setup"] = setup
    answer = client.post("/deal", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_euchre_rules_every_declared_rule_is_published(client):
    game = client.get("/games/euchre").get_json()
    listed = [rule for section in game["sections"] for rule in section["rules"]]
    for rule_id in listed:
        rule = client.get(f"/rules/{rule_id}")
        assert rule.status_code == 200, rule_id
        assert rule.get_json()["text"]


def test_euchre_rules_every_option_names_a_published_rule(client):
    game = client.get("/games/euchre").get_json()
    declared = {option["name"]: option for option in game["options"]}
    assert set(declared) == set(ref.DEFAULT_OPTIONS)
    for name, option in declared.items():
        assert option["default"] == ref.DEFAULT_OPTIONS[name]
        assert client.get(f"/rules/{option['rule']}").status_code == 200
        if name in ref.OPTION_CHOICES:
            assert set(option["choices"]) == set(ref.OPTION_CHOICES[name])


def test_euchre_players_only_four(client):
    for players in (2, 3, 5, 6):
        answer = client.post("/deal", json={"game": "euchre", "players": players, "seed": 1})
        assert answer.status_code == 422, players
    assert len(deal(client)["state"]["hands"]) == 4


@pytest.mark.parametrize("deck", ["32", "24"])
@pytest.mark.parametrize("batches", ["3-2", "2-3"])
def test_euchre_deal_cards_five_each_and_an_upcard_from_the_pack(client, deck, batches):
    for seed in range(20):
        dealt = deal(client, {"deck": deck}, seed, batches=batches)
        state = dealt["state"]
        assert [len(hand) for hand in state["hands"]] == [5, 5, 5, 5]
        cards = [card for hand in state["hands"] for card in hand] + [state["upcard"]]
        assert len(set(cards)) == 21 and set(cards) <= set(ref.pack(deck))
        assert (dealt["phase"], dealt["to_act"]) == ("bidding1", (state["dealer"] + 1) % 4)
        assert not state.get("bidding") and not state.get("tricks") and state.get("dealer_discard") is None


def test_euchre_deal_deck_both_packs_are_dealt_in_full(client):
    # Over many deals every card of the pack turns up, and none from outside it.
    for deck in ("32", "24"):
        seen = set()
        for seed in range(40):
            state = deal(client, {"deck": deck}, seed)["state"]
            seen |= {card for hand in state["hands"] for card in hand} | {state["upcard"]}
        assert seen == set(ref.pack(deck))


def test_euchre_deal_cards_the_same_seed_gives_the_same_deal(client):
    assert deal(client, seed=42)["state"] == deal(client, seed=42)["state"]
    assert deal(client, seed=42)["state"] != deal(client, seed=43)["state"]


@pytest.mark.parametrize("dealer", range(4))
def test_euchre_deal_cards_the_dealer_given_and_bidding_from_the_left(client, dealer):
    dealt = deal(client, dealer=dealer, score=[3, 4])
    assert dealt["state"]["dealer"] == dealer and dealt["state"]["score"] == [3, 4]
    assert dealt["to_act"] == (dealer + 1) % 4


def test_euchre_deal_cards_the_dealt_position_offers_the_first_round(client):
    dealt = deal(client)
    listed = client.post("/legal-moves", json={"game": "euchre", "state": dealt["state"]}).get_json()
    assert legal_keys(listed["moves"]) == {("pass", "", False), ("order_up", "", False), ("order_up", "", True)}


def test_euchre_game_target_a_deal_at_the_target_is_refused(client):
    answer = client.post("/deal", json={"game": "euchre", "seed": 1, "setup": {"score": [10, 0]}})
    assert answer.status_code == 422
    answer = client.post("/deal", json={"game": "euchre", "seed": 1, "options": {"target": 12},
                                        "setup": {"score": [11, 0]}})
    assert answer.status_code == 200
