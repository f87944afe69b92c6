"""salsifis.formula.shared and salsifis.contest.empty for a position that leaves its records out: sent without the
discards, a position may leave shared stakes out too, since the cards it does not account for may lie in either.
Every position the service answers from such a position it accepts stays one: it leaves the discards out as well
(null), and /legal-moves and /score accept it, at every step of random three-player games under each option."""

from __future__ import annotations

import random

import pytest

LEFT_OUT = (("shared", "discarded"), ("discarded",), ("shared", "discarded", "alone_streak"))
OPTIONS = [{"losing_cards": losing, "unclaimed_packet": unclaimed, "shared_points": "exact"}
           for losing in ("winner", "owners", "discarded") for unclaimed in ("discarded", "carried")]


def ask(client, path: str, options: dict, state: dict | None, **extra) -> dict:
    body = {"game": "salsifis", "options": options, **extra, **({"state": state} if state is not None else {})}
    answer = client.post(path, json=body)
    assert answer.status_code == 200, (path, answer.get_json())
    return answer.get_json()


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['losing_cards']}-{o['unclaimed_packet']}")
def test_salsifis_formula_shared_a_position_without_its_discards_is_answered_without_them(client, options):
    for seed in (28, 3, 11):
        chooser = random.Random(seed)
        state = ask(client, "/deal", options, None, players=3, seed=seed)["state"]
        while True:
            listed = ask(client, "/legal-moves", options, state)
            if listed["to_act"] is None:
                break
            move = chooser.choice(listed["moves"])
            for left_out in LEFT_OUT:
                given = {key: value for key, value in state.items() if key not in left_out}
                if client.post("/legal-moves", json={"game": "salsifis", "options": options,
                                                     "state": given}).status_code != 200:
                    continue          # a position the service refuses is answered nothing
                after = ask(client, "/apply-move", options, given, move=move)["state"]
                assert after["discarded"] is None
                if ask(client, "/legal-moves", options, after)["to_act"] is None:
                    ask(client, "/score", options, after)
            state = ask(client, "/apply-move", options, state, move=move)["state"]
