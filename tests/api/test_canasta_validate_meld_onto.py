"""canasta.melds.several-of-a-rank over HTTP: /validate-meld adds to the meld on the table named by `onto`."""

from __future__ import annotations


def test_canasta_melds_several_of_a_rank_validate_meld_onto_over_http(client):
    existing = [{"cards": ["KC", "KD", "KH"]}, {"cards": ["KS", "KS", "KH", "2C"]}]
    answer = client.post("/validate-meld", json={"game": "canasta", "variant": "samba",
                                                 "meld": {"cards": ["KD"], "onto": 1}, "context": {"existing": existing}})
    assert answer.status_code == 200 and answer.get_json()["lay_off"]["meld"] == 1
    answer = client.post("/validate-meld", json={"game": "canasta", "variant": "samba",
                                                 "meld": {"cards": ["KD"], "onto": 5}, "context": {"existing": existing}})
    assert answer.status_code == 422 and "onto" in str(answer.get_json())
