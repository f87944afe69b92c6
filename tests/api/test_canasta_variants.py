"""Every Canasta variant over HTTP: listed with its players and options, its melds judged, and its play
answered 501 until it is built."""

from __future__ import annotations

import pytest

from rules_engine.games.canasta.variants import ENTRIES, PLANNED

PLAY = ("/legal-moves", "/validate-move", "/apply-move", "/score")


def test_canasta_variant_listing_has_all_eleven_with_players_options_and_playable(client):
    answer = client.get("/games/canasta").get_json()
    listed = {v["variant"]: v for v in answer["variants"]}
    assert list(listed) == list(ENTRIES)
    assert (listed["oklahoma"]["min_players"], listed["oklahoma"]["max_players"]) == (2, 5)
    assert listed["five-person"]["default_players"] == 5
    assert [slug for slug, v in listed.items() if v["playable"]] == [
        slug for slug in ENTRIES
        if slug in ("classic", "two-hand", "samba", "bolivia", "brazilian", "joker", "mexicana", "three-hand")]
    assert "wild_limit" in listed["classic"]["options"] and "wild_limit" not in listed["samba"]["options"]


@pytest.mark.parametrize("variant", sorted(PLANNED))
def test_canasta_variant_play_not_built_answers_501(client, variant):
    dealt = client.post("/deal", json={"game": "canasta", "variant": variant, "seed": 1})
    assert dealt.status_code == 501 and "not built yet" in dealt.get_json()["message"]
    for endpoint in PLAY:
        request = {"game": "canasta", "variant": variant, "state": {"hands": []}}
        if endpoint in ("/validate-move", "/apply-move"):
            request["move"] = {"type": "draw"}
        answer = client.post(endpoint, json=request)
        assert answer.status_code == 501, (endpoint, answer.get_json())
        assert answer.get_json()["errors"] == {"json": {"variant": [answer.get_json()["message"]]}}


@pytest.mark.parametrize("variant", sorted(PLANNED))
def test_canasta_variant_validate_meld_answers_every_variant(client, variant):
    answer = client.post("/validate-meld", json={"game": "canasta", "variant": variant,
                                                 "melds": [{"cards": ["AH", "AS", "AD"]}],
                                                 "context": {"initial": True}})
    assert answer.status_code == 200
    assert answer.get_json()["points"] == 3 * ENTRIES[variant].values.ace
    assert "required" in answer.get_json()


def test_canasta_variant_rule_book_holds_each_variant(client):
    book = client.get("/games/canasta/rules").get_json()
    ids = {rule["id"] for section in book["sections"] for rule in section["rules"]}
    assert {f"canasta.variant.{slug}" for slug in PLANNED} <= ids


def test_canasta_variant_listing_states_seating_zones_and_meld_kinds(client):
    listed = {v["variant"]: v["table"] for v in client.get("/games/canasta").get_json()["variants"]}
    assert listed["classic"]["meld_kinds"] == ["set"] and listed["classic"]["zones"][0]["cards"] == 11
    assert [z["zone"] for z in listed["hand-and-foot"]["zones"]] == ["hand", "foot"]
    assert listed["hand-and-foot"]["going_out_empties"] == ["hand", "foot"]
    kitty = listed["five-person"]["zones"][1]
    assert (kitty["zone"], kitty["count"], kitty["cards"], kitty["owner"]) == ("kitty", 2, 11, "table")
    assert listed["bolivia"]["canasta_kinds"] == ["natural", "mixed", "bolivia", "escalera"]
    assert listed["three-hand"]["seating"] == "lone_hand" and listed["oklahoma"]["canasta_kinds"] == []
