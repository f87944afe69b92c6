"""What the rule texts and the spec say of the Samba family's sequences: the rules on drawing and on taking the
pile name the top card laid alone onto a sequence (canasta.turn.draw, canasta.pile.take), and a meld's `kind` may
be "sequence" in every body that carries melds."""

from __future__ import annotations

import pytest

from tests.api.samba_family import answer, group, judged, side_opened


@pytest.mark.parametrize("rule_id", ["canasta.turn.draw", "canasta.pile.take"])
def test_canasta_pile_take_rule_texts_name_the_top_card_alone_onto_a_sequence(client, rule_id):
    found = client.get(f"/rules/{rule_id}").get_json()
    assert "top card alone" in found["text"] and "sequence" in found["text"]
    assert "Samba" in found["text"] and "Bicycle: Samba" in [source["title"] for source in found["sources"]]


def test_canasta_melds_sequence_kind_is_in_the_spec_for_every_meld(client):
    spec = client.get("/openapi.json").get_json()["components"]["schemas"]
    kinds = [schema["properties"]["kind"] for name, schema in spec.items()
             if name.startswith("Canasta") and "kind" in schema.get("properties", {})
             and "enum" in schema["properties"]["kind"] and "set" in schema["properties"]["kind"]["enum"]]
    assert kinds and all("sequence" in kind["enum"] for kind in kinds)


def test_canasta_melds_sequence_kind_named_in_a_meld_is_judged(client):
    state = side_opened(["4S", "5S", "6S", "9D", "QH"], [group("KC", "KD", "KH"), group("AD", "AH", "AS"),
                                                        group("QC", "QD", "QS")])
    move = {"type": "meld", "melds": [{"kind": "sequence", "cards": ["4S", "5S", "6S"]}]}
    assert judged(client, "samba", state, move)["legal"] is True
    meld = answer(client, "/validate-meld", "samba", meld={"kind": "sequence", "cards": ["4S", "5S", "6S"]})
    assert meld["valid"] is True and meld["kind"] == "sequence"
