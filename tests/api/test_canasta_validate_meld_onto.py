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



def test_canasta_melds_set_validate_meld_a_rank_of_another_type_is_refused_where_it_is_read(client):
    # Wild cards alone are aimed at the rank named, which must be a rank, with or without melds on the table;
    # where a card shows the rank, or in a list of melds, the rank is not read and anything goes.
    answer = client.post("/validate-meld", json={"game": "canasta", "meld": {"rank": True, "cards": ["2H", "2H", "JK"]}})
    assert answer.status_code == 422
    assert answer.get_json()["errors"]["json"]["meld"]["rank"] == ["must be a rank such as K or 10"]
    for body in ({"meld": {"rank": True, "cards": ["KH", "KS", "KD"]}},
                 {"melds": [{"rank": 5, "cards": ["KH", "KS", "KD"]}]}, {"meld": {"rank": "k", "cards": ["2H", "JK"]}}):
        assert client.post("/validate-meld", json={"game": "canasta", **body}).status_code == 200


def test_canasta_melds_wild_limit_wild_cards_with_a_joker_aimed_by_rank_lay_off_onto_that_meld(client):
    # A joker shows no rank (its code is no jack's), so wild cards holding one are aimed by the rank named.
    existing = [{"cards": ["KH", "KS", "KD"]}, {"cards": ["QH", "QS", "QD"]}]
    answer = client.post("/validate-meld", json={"game": "canasta", "meld": {"rank": "Q", "cards": ["2H", "JK"]},
                                                 "context": {"existing": existing}}).get_json()
    assert answer["valid"] is True and answer["lay_off"] == {"meld": 1, "total_points": 100}
