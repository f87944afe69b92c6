"""Options over HTTP: the same value in another JSON spelling is taken as the option's own value; others are refused.

A numeric choice may come as a number or a string ("deck": 24 is "24"), an integer option takes
its digits ("target": "12") or a zero fraction (12.0), and a yes/no option takes only true or false.
"""

from __future__ import annotations

import pytest

from rules_engine.registry import GAMES

from .every_game import default_players

EVERY_OPTION = [(game, option) for game in GAMES for option in GAMES[game].options]


def deal(client, game: str, options: dict, seed: int = 5):
    variant = next((o.variants[0] for o in GAMES[game].options if o.name in options and o.variants), None)
    body = {"game": game, "options": options, "players": default_players(game), "seed": seed}
    if variant:
        body["variant"] = variant
        body["players"] = GAMES[game].variant(variant).default_players or body["players"]
    if variant and not GAMES[game].variant(variant).playable:
        # A variant known by its static rules takes its options where it answers: /validate-meld.
        answer = client.post("/validate-meld", json={"game": game, "variant": variant, "options": options,
                                                     "meld": {"cards": ["KH", "KS", "KD"]}})
        return answer.status_code, answer.get_json()
    answer = client.post("/deal", json=body)
    return answer.status_code, answer.get_json()


def refusal(answer: dict, name: str) -> str:
    (message,) = answer["errors"]["json"]["options"][name]
    return message


@pytest.mark.parametrize("sent", [24, 24.0, "24"])
def test_euchre_deal_deck_numeric_choice_sent_as_a_number_is_that_choice(client, sent):
    status, answer = deal(client, "euchre", {"deck": sent})
    assert status == 200 and answer["options"]["deck"] == "24"
    assert answer["ruleset"] == deal(client, "euchre", {"deck": "24"})[1]["ruleset"]
    dealt = [card for hand in answer["state"]["hands"] for card in hand]
    assert all(card[:-1] in {"9", "10", "J", "Q", "K", "A"} for card in dealt)
    assert answer["state"] == deal(client, "euchre", {"deck": "24"})[1]["state"]


@pytest.mark.parametrize("sent", [25, 24.5, "36", True, None, [24]])
def test_euchre_deal_deck_value_matching_nothing_names_the_values_and_their_type(client, sent):
    status, answer = deal(client, "euchre", {"deck": sent})
    assert status == 422
    assert refusal(answer, "deck") == 'must be one of "32", "24" (strings)'


@pytest.mark.parametrize("sent,taken", [("12", 12), (12.0, 12), (12, 12)])
def test_euchre_game_target_integer_sent_as_digits_or_a_zero_fraction(client, sent, taken):
    status, answer = deal(client, "euchre", {"target": sent})
    assert status == 200 and answer["options"]["target"] == taken


@pytest.mark.parametrize("sent", ["012", " 12", "12.0", "1e1", 12.5, "twelve", True, 100, "100"])
def test_euchre_game_target_anything_else_is_refused_naming_the_range(client, sent):
    status, answer = deal(client, "euchre", {"target": sent})
    assert status == 422 and refusal(answer, "target") == "must be an integer from 5 to 25"


@pytest.mark.parametrize("sent", [1, 0, 1.0, "true", "false", "1"])
def test_euchre_alone_lone_defender_true_and_false_are_never_numbers_or_strings(client, sent):
    assert deal(client, "euchre", {"lone_defender": True})[0] == 200  # remembered by the ruleset cache first
    status, answer = deal(client, "euchre", {"lone_defender": sent})
    assert status == 422 and refusal(answer, "lone_defender") == "must be one of false, true (booleans)"
    assert deal(client, "euchre", {"lone_defender": False})[1]["options"]["lone_defender"] is False


def test_ruleset_cache_keeps_each_spelling_apart():
    game = GAMES["euchre"]
    assert game.ruleset(None, {"deck": 24}).options["deck"] == "24"
    assert game.ruleset(None, {"deck": 24.0}).options["deck"] == "24"
    assert game.ruleset(None, {"stick_the_dealer": True}).options["stick_the_dealer"] is True
    for sent in (1, 1.0):
        with pytest.raises(Exception) as caught:
            game.ruleset(None, {"stick_the_dealer": sent})
        assert caught.value.problems[0].pointer == ("options", "stick_the_dealer")


@pytest.mark.parametrize("game,option", EVERY_OPTION, ids=[f"{g}-{o.name}" for g, o in EVERY_OPTION])
def test_every_option_takes_its_default_and_says_what_it_accepts(client, game, option):
    status, answer = deal(client, game, {option.name: option.default})
    assert status == 200 and answer["options"][option.name] == option.default
    described = next(o for o in client.get(f"/games/{game}").get_json()["options"] if o["name"] == option.name)
    assert described["accepts"]


@pytest.mark.parametrize("game,option", EVERY_OPTION, ids=[f"{g}-{o.name}" for g, o in EVERY_OPTION])
def test_every_option_other_spellings_of_the_same_value(client, game, option):
    kind = type(option.default)
    if kind is bool:
        for sent in (int(option.default), str(option.default).lower()):
            status, answer = deal(client, game, {option.name: sent})
            assert status == 422 and refusal(answer, option.name).endswith("(booleans)")
        return
    if kind is int:
        status, answer = deal(client, game, {option.name: str(option.default)})
        assert status == 200 and answer["options"][option.name] == option.default
        return
    for choice in option.choices:
        sent = int(choice) if choice.lstrip("-").isdigit() else None
        if sent is not None:
            status, answer = deal(client, game, {option.name: sent})
            assert status == 200 and answer["options"][option.name] == choice
    status, answer = deal(client, game, {option.name: 12345})
    assert status == 422
    assert refusal(answer, option.name) == f"must be one of {', '.join(map(repr_json, option.choices))} (strings)"


def repr_json(choice: str) -> str:
    return f'"{choice}"'
