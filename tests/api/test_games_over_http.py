"""Every game played through HTTP under random variants, player counts and option values.

Per game, a count of every card a fully shown state holds must not change from deal to the end;
the rest of each hand is checked as in every_game.play_random_hand.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rules_engine.registry import GAMES
from tests.engine.canasta.test_properties import every_card as canasta_cards
from tests.engine.salsifis.helpers import deck_cards as salsifis_cards

from .every_game import play_random_hand


def salad_cards(state: dict) -> Counter:
    cards = Counter(c for hand in state["hands"] for c in hand)
    cards.update(c for trick in state["tricks"] for c in trick["cards"])
    cards.update(state["current_trick"]["cards"])
    return cards


def euchre_cards(state: dict) -> Counter:
    cards = salad_cards(state)
    if "dealer_discard" in state:
        cards[state["dealer_discard"]] += 1
    if state["upcard"] not in cards:
        cards[state["upcard"]] += 1  # still on the pack, face up or turned down
    return cards


VISIBLE_CARDS = {"canadian-salad": salad_cards, "euchre": euchre_cards,
                 "salsifis": lambda state: Counter(salsifis_cards(state)), "canasta": canasta_cards}


def setups(game: str):
    """A variant, a player count and a value for every option that variant offers."""
    def for_variant(variant):
        offered = [o for o in GAMES[game].options if not o.variants or variant.slug in o.variants]
        values = {o.name: (st.sampled_from(o.choices) if o.choices else st.integers(o.minimum, o.maximum))
                  for o in offered}
        return st.tuples(st.just(variant.slug), st.integers(variant.min_players, variant.max_players),
                          st.fixed_dictionaries(values))
    return st.sampled_from([v for v in GAMES[game].variants if v.playable]).flatmap(for_variant)


def test_every_game_has_a_card_count():
    assert set(VISIBLE_CARDS) == set(GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_every_option_value_plays_to_the_end_with_cards_conserved(client, game, data, seed):
    variant, players, options = data.draw(setups(game))
    count = VISIBLE_CARDS[game]
    start = None

    def post(endpoint, body):
        nonlocal start
        answer = client.post(endpoint, json=body)
        assert answer.status_code < 500, answer.get_data(as_text=True)
        payload = answer.get_json()
        if answer.status_code == 200 and endpoint in ("/deal", "/apply-move"):
            cards = count(payload["state"])
            start = start or cards
            assert cards == start, f"{game}: a card was created or lost"
            if game == "canasta":
                assert not any(c in ("3H", "3D") for h in payload["state"]["hands"] for c in h), "red three kept"
        return answer.status_code, payload

    state, made = play_random_hand(post, game, seed, players=players, variant=variant, options=options,
                                   check_every_move=False)
    status, score = post("/score", {"game": game, "variant": variant, "options": options, "state": state})
    assert status == 200 and score["options"] == {**score["options"], **options}
    assert made > 0


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), seed=st.integers(0, 2**31))
def test_every_state_an_answer_gives_is_accepted_by_every_endpoint_that_takes_one(client, game, data, seed):
    # Under every option value: the states /deal and /apply-move answer are read by /legal-moves (the play
    # itself), /explain and /validate-game, which replays nothing from them and answers the same state; the
    # next legal moves /apply-move gives are /legal-moves' own; a finished hand is scored.
    variant, players, options = data.draw(setups(game))
    envelope = {"game": game, "variant": variant, "options": options}

    def post(endpoint, body):
        answer = client.post(endpoint, json=body)
        assert answer.status_code < 500, answer.get_data(as_text=True)
        payload = answer.get_json()
        if answer.status_code == 200 and endpoint in ("/deal", "/apply-move"):
            state = payload["state"]
            explained = client.post("/explain", json={**envelope, "state": state})
            assert explained.status_code == 200, (endpoint, explained.get_json())
            replayed = client.post("/validate-game", json={**envelope, "state": state, "moves": []})
            assert replayed.status_code == 200, (endpoint, replayed.get_json())
            assert replayed.get_json()["valid"] is True and replayed.get_json()["final_state"] == state
            if endpoint == "/apply-move":
                again = client.post("/apply-move", json={**body, "include_legal_moves": True}).get_json()
                listed = client.post("/legal-moves", json={**envelope, "state": state}).get_json()
                if again["legal_moves"] is not None:
                    assert again["legal_moves"] == listed
        return answer.status_code, payload

    state, made = play_random_hand(post, game, seed, players=players, variant=variant, options=options,
                                   check_every_move=False)
    status, score = post("/score", {**envelope, "state": state})
    assert status == 200 and made > 0
