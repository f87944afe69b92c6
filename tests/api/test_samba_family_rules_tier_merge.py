"""canasta.opening.canasta-needed with canasta.melds.merge in Brazilian Canasta, from the rule text: from 7000 a
side's initial meld must hold a canasta, and two melds of one rank may be merged into one. So two sets of kings laid
in the turn's first move, three and four cards, are a step of an initial meld that the merge completes: the step is
accepted, the merge is listed as the way on, and once merged the initial meld is made. Two sets that make no seven
together are refused for want of the canasta."""

from __future__ import annotations

from tests.api.samba_family import DEALT, OPPONENTS_OPENED, meld_turn, table

KINGS = ["KC", "KD", "KH", "KS", "KC", "KD", "KH"]
OTHERS = ["4C", "9D", "JH", "6S", "QS", "AD", "8H", "5D", "10C"]     # lone cards, no two in a row of a suit
TWO_SETS = {"type": "meld", "melds": [{"cards": KINGS[:3]}, {"cards": KINGS[3:]}]}


def at_7000(hand: list[str]) -> dict:
    """Seat 0 has drawn; side 0, at 7000, has not opened; side 1 opened with 165."""
    return table([hand, {"count": 5}, {"count": DEALT}, {"count": 5}], discard=["4D", "9H", "5C"],
                 melds=[[], [dict(m) for m in OPPONENTS_OPENED]], melded_before=[False, True, False, False],
                 turn=meld_turn(), score=[7000, 0])


def post(client, path: str, state: dict, move: dict | None = None) -> dict:
    body = {"game": "canasta", "variant": "brazilian", "state": state, **({"move": move} if move else {})}
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def test_canasta_opening_canasta_needed_two_sets_that_merge_into_the_canasta_are_a_step(client):
    state = at_7000(KINGS + OTHERS)
    judged = post(client, "/validate-move", state, TWO_SETS)
    assert judged["legal"] is True and "canasta.opening.in-steps" in [note["rule"] for note in judged["notes"]]
    step = post(client, "/apply-move", state, TWO_SETS)["state"]
    listed = post(client, "/legal-moves", step)
    assert "merge:0,1" in [move["code"] for move in listed["moves"]]
    constraint = listed["constraints"][0]
    assert constraint["met"] is True and constraint["witness"][0]["joins"] == [0, 1]
    # Until the merge the opening is short: the turn cannot end with a discard.
    refused = post(client, "/validate-move", step, {"type": "discard", "card": "4C"})
    assert [v["rule"] for v in refused["violations"]] == ["canasta.opening.in-steps"]
    merged = post(client, "/apply-move", step, {"type": "merge", "melds": [0, 1]})["state"]
    assert "opening" not in merged["turn"] and len(merged["melds"][0]) == 1
    assert post(client, "/validate-move", merged, {"type": "discard", "card": "4C"})["legal"] is True


def test_canasta_opening_canasta_needed_two_sets_short_of_seven_are_refused(client):
    state = at_7000(KINGS[:6] + OTHERS + ["AH"])
    judged = post(client, "/validate-move", state, {"type": "meld", "melds": [{"cards": KINGS[:3]},
                                                                              {"cards": KINGS[3:6]}]})
    assert judged["legal"] is False
    assert "canasta.opening.canasta-needed" in [v["rule"] for v in judged["violations"]]
