"""canasta.melds.merge over HTTP: the merge move read, judged and refused where a variant does not join melds."""

from __future__ import annotations

from tests.engine.canasta.helpers import meld, meld_turn, position


def _state() -> dict:
    return position([["5H", "6H", "9D"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                    melds=[[meld(["KC", "KD", "KH"]), meld(["AC", "AD", "AH"])], [meld(["QC", "QD", "QS"])]],
                    hidden_stock=True, melded_before=[True, True, False, False], turn=meld_turn())


def test_canasta_melds_merge_classic_answers_the_rule_over_http(client):
    answer = client.post("/validate-move", json={"game": "canasta", "state": _state(),
                                                 "move": {"type": "merge", "melds": [0, 1]}})
    assert answer.status_code == 200
    assert [v["rule"] for v in answer.get_json()["violations"]] == ["canasta.melds.merge"]


def test_canasta_melds_merge_names_two_melds_over_http(client):
    answer = client.post("/validate-move", json={"game": "canasta", "state": _state(),
                                                 "move": {"type": "merge", "melds": [0]}})
    assert answer.status_code == 422 and "melds" in str(answer.get_json())
