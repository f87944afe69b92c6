"""canasta.melds.nominated over HTTP: where the variant names no wild cards (Classic), "as" is refused as an
unknown field in a table meld, a meld move and a lay-off, pointing at it."""

from __future__ import annotations

from tests.engine.canasta.helpers import meld, meld_turn, position


def _state(kings: dict) -> dict:
    return position([["5H", "2C", "9D"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["9C"],
                    melds=[[kings], [meld(["QC", "QD", "QS"])]],
                    hidden_stock=True, melded_before=[True, True, False, False], turn=meld_turn())


def _refused(client, state: dict, move: dict) -> str:
    answer = client.post("/validate-move", json={"game": "canasta", "state": state, "move": move})
    assert answer.status_code == 422
    return str(answer.get_json())


def test_canasta_melds_nominated_classic_refuses_as_over_http(client):
    kings = meld(["KC", "KD", "JK"])
    assert "'as'" in _refused(client, _state(kings | {"as": ["KH"]}), {"type": "discard", "card": "9D"})
    assert "'as'" in _refused(client, _state(kings), {"type": "lay_off", "meld": 0, "cards": ["2C"], "as": ["KS"]})
    assert "'as'" in _refused(client, _state(kings), {"type": "meld", "melds": [
        {"cards": ["5H", "5H", "2C"], "as": ["5S"]}]})
    answer = client.post("/validate-move", json={"game": "canasta", "state": _state(kings),
                                                 "move": {"type": "lay_off", "meld": 0, "cards": ["2C"]}})
    assert answer.status_code == 200
