"""Random complete games through the API functions: cards conserved, every turn resolves, scores add up."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.games.salsifis.layout import layout_for

from .helpers import GAME, body, deck_cards


def _call_for(state: dict, draw) -> dict:
    """A random formula: often right, sometimes wrong, sometimes out of place."""
    seat = draw(st.integers(0, state["players"] - 1))
    kind = draw(st.sampled_from(["soup", "names", "text"]))
    if kind == "soup":
        return {"seat": seat, "soup": True}
    placed = [p["card"] for p in state["placements"] if p["seat"] != seat]
    names = draw(st.lists(st.sampled_from(placed), max_size=2, unique=True))
    if kind == "text":
        return {"seat": seat, "text": ", ".join(names + ["salsifis"])}
    return {"seat": seat, "names": names}


def play_game(draw, players: int, options: dict) -> None:
    seed = draw(st.integers(0, 10**6))
    request = {"game": GAME, "players": players, "seed": seed, "options": options}
    state = answers.deal(request)["state"]
    deck = Counter(layout_for(players, answers.ruleset_of(request).options).deck)
    turns_resolved = changes = 0
    for _ in range(200):
        assert Counter(deck_cards(state)) == deck
        listed = answers.legal_moves(body(state, **options))
        if listed["to_act"] is None:
            break
        assert listed["moves"], "a seat to act always has a move"
        for move in listed["moves"]:
            verdict = answers.validate_move(body(state, {k: v for k, v in move.items() if k not in ("code", "rules")},
                                                 **options))
            assert verdict["legal"], verdict["violations"]
        if listed["phase"] == "resolve":
            if draw(st.booleans()):
                move = draw(st.sampled_from(listed["moves"]))
                move = {"type": "resolve", "calls": move["calls"]}
            else:
                move = {"type": "resolve", "calls": [_call_for(state, draw) for _ in range(draw(st.integers(0, 3)))]}
            turns_resolved += 1
        else:
            # Sometimes another seat changes its mind first.
            placed = [p for p in state["placements"] if p["seat"] != listed["to_act"]]
            if placed and changes < 5 and draw(st.integers(0, 4)) == 0:
                changes += 1
                other = draw(st.sampled_from(placed))
                change = {"type": "place", "seat": other["seat"], "card": other["card"], "packet": 1 - other["packet"]}
                if answers.validate_move(body(state, change, **options))["legal"]:
                    state = answers.apply_move(body(state, change, **options))["state"]
                    continue
            chosen = draw(st.sampled_from(listed["moves"]))
            move = {k: v for k, v in chosen.items() if k not in ("code", "rules")}
        state = answers.apply_move(body(state, move, **options))["state"]
    else:
        pytest.fail("the game did not end")
    layout = layout_for(players, answers.ruleset_of(request).options)
    assert turns_resolved == layout.turns
    assert state["packets"] == [] and all(h == [] for h in state["hands"])
    assert Counter(deck_cards(state)) == deck
    scored = answers.score(body(state, **options))
    for seat in range(players):
        lines = sum(line["points"] for line in scored["lines"] if line["seat"] == seat)
        assert lines == pytest.approx(scored["scores"][seat], abs=0.02)
    best = max(scored["scores"])
    assert scored["winners"] == [s for s, v in enumerate(scored["scores"]) if v == best]
    total = sum(scored["scores"]) + sum(state["penalties"])
    won = sum(points(pile) for pile in state["won"])
    shared = sum(points(share["cards"]) for share in state["shared"])
    assert won + shared + points(state["discarded"]) == points(deck.elements())
    if options.get("shared_points", "whole") == "whole":
        assert won <= total <= won + shared
    else:
        assert total == pytest.approx(won + shared, abs=0.05)


def points(cards) -> int:
    return sum({"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}.get(c[:-1], 0) for c in cards)


OPTION_SETS = st.fixed_dictionaries({}, optional={
    "losing_cards": st.sampled_from(["winner", "owners", "discarded"]),
    "unclaimed_packet": st.sampled_from(["discarded", "carried"]),
    "flee_limit": st.integers(0, 4),
    "late_formula": st.sampled_from(["harmless", "penalized"]),
    "shared_points": st.sampled_from(["whole", "remainder-by-seat", "exact"]),
})


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_salsifis_random_games_conserve_cards_and_resolve_every_turn(players, data):
    play_game(data.draw, players, {})


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(data=st.data(), players=st.integers(2, 5), options=OPTION_SETS)
def test_salsifis_random_games_under_any_options(data, players, options):
    play_game(data.draw, players, options)


@pytest.mark.parametrize("reading", ["packets-of-two", "four-cards"])
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_salsifis_deal_five_players_other_readings_play_out(reading, data):
    play_game(data.draw, 5, {"five_players": reading})
