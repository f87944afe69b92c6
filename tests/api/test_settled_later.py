"""A hidden hand's move leaves some rules unverified; where the rest of the hand settles one, the answer says how the
client learns it (settled_later), for every game, on the listing, the verdict, the applied move and a log."""

from __future__ import annotations

import random

import pytest

from rules_engine.registry import GAMES, RULES

PLAYS = [("canadian-salad", None, 4), ("euchre", None, 4), ("salsifis", None, 3), ("canasta", "classic", 4),
         ("canasta", "samba", 4)]
LISTING_ONLY = ("code", "rules", "unverified", "opening")


def test_every_settled_rule_is_a_rule_of_its_game():
    for game in GAMES.values():
        for rule_id, how in game.settled_later.items():
            assert RULES.get(rule_id)[0] == game.slug and how.endswith(".")


def post(client, path: str, body: dict) -> dict:
    answer = client.post(path, json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def check(game: str, answer: dict) -> set:
    """settled_later names exactly the unverified rules the game settles later, with its words."""
    settled = {item["rule"]: item["how"] for item in answer.get("settled_later", [])}
    assert settled == {rule: GAMES[game].settled_later[rule] for rule in answer["unverified"]
                       if rule in GAMES[game].settled_later}
    return set(settled)


@pytest.mark.parametrize("game, variant, players", PLAYS)
def test_every_game_hidden_moves_say_how_their_unverified_rules_are_settled_later(client, game, variant, players):
    base = {"game": game, **({"variant": variant} if variant else {})}
    rng, seat, found = random.Random(5), 0, set()
    full = post(client, "/deal", {**base, "players": players, "seed": 5})["state"]
    view = post(client, "/deal", {**base, "players": players, "seed": 5, "view": seat})["state"]
    log = []
    for _ in range(300):
        listed = post(client, "/legal-moves", {**base, "state": full})
        if listed["to_act"] is None:
            break
        found |= check(game, post(client, "/legal-moves", {**base, "state": view}))
        move = {key: value for key, value in rng.choice(listed["moves"]).items() if key not in LISTING_ONLY}
        answer = post(client, "/apply-move", {**base, "state": full, "move": move, "view": seat})
        for seen in answer["moves"]:
            found |= check(game, post(client, "/validate-move", {**base, "state": view, "move": seen}))
            applied = post(client, "/apply-move", {**base, "state": view, "move": seen})
            found |= check(game, applied)
            view, log = applied["state"], log + [seen]
        full = post(client, "/apply-move", {**base, "state": full, "move": move})["state"]
        if answer["phase"] == "over":
            break
    assert found, "no hidden move left a rule that the hand settles later"
