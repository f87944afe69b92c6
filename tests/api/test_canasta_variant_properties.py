"""Whole hands of every Canasta variant played beyond Classic and Two-hand (whose hands
tests/engine/canasta/test_properties.py plays) at random through the API: the deck's cards stay whole at every
step, every listed move is accepted by /validate-move and /apply-move, every position reached is read by /explain,
/validate-game and /score, every hand ends, and the score's lines add up to its totals. Seeded, so a failure
replays; three dealt hands per variant."""

from __future__ import annotations

import random

import pytest

from collections import Counter

from rules_engine.games.canasta.variants import TABLE
from tests.api.samba_family import answer, shown_cards

SEEDS = (1, 2, 3)
MOST_MOVES = 600      # far beyond any hand: the longest stock, Samba's 101 cards, runs out two cards a turn
VARIANTS = [slug for slug in TABLE if slug not in ("classic", "two-hand")]
DECKS = {slug: Counter(TABLE[slug].deck.copies()) for slug in VARIANTS}


def _move(listed: dict) -> dict:
    """A listed move as a client sends it back."""
    return {key: value for key, value in listed.items() if key not in ("code", "rules", "opening")}


def _choose(rng: random.Random, moves: list[dict]) -> dict:
    """A listed move, melding more often than not so that hands build canastas and go out now and then."""
    melding = [m for m in moves if m["type"] in ("meld", "lay_off", "merge", "take_pile")]
    going_out = [m for m in moves if m["type"] in ("ask_go_out", "answer_go_out")]
    if going_out and rng.random() < 0.5:
        return rng.choice(going_out)
    return rng.choice(melding if melding and rng.random() < 0.8 else moves)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_canasta_variant_random_hands_conserve_cards_accept_every_listed_move_and_score_line_by_line(
        client, variant, seed):
    rng = random.Random(seed)
    # Every variant's defaults, named where the test helpers would choose another (BOLIVIA_SMALL_OPENINGS).
    options = {"bolivia_opening": "150_always"} if variant == "bolivia" else {}
    sides = TABLE[variant].sides_for(TABLE[variant].default_players)
    scores = [rng.choice([0, 1600, 3100])] + [0] * (sides - 1)
    state = answer(client, "/deal", variant, seed=seed, setup={"score": scores}, options=options)["state"]
    assert shown_cards(state) == DECKS[variant]
    listed = answer(client, "/legal-moves", variant, state, options=options)
    for _ in range(MOST_MOVES):
        if listed["to_act"] is None:
            break
        assert listed["moves"], "a position with a seat to act always has a legal move"
        batch = [{"path": path, "body": {"game": "canasta", "variant": variant, "options": options, "state": state,
                                         "move": _move(m)}}
                 for m in listed["moves"] for path in ("/validate-move", "/apply-move")]
        # The position reached is read by every endpoint that takes a state.
        batch += [{"path": path, "body": {"game": "canasta", "variant": variant, "options": options, "state": state,
                                          **({"moves": []} if path == "/validate-game" else {})}}
                  for path in ("/explain", "/validate-game", "/score")]
        answers = client.post("/batch", json={"requests": batch}).get_json()["responses"]
        assert [answer["status"] for answer in answers[-3:]] == [200, 200, 200], answers[-3:]
        answers = answers[:-3]
        refused = [(m["code"], judged["body"], applied["body"])
                   for m, judged, applied in zip(listed["moves"], answers[::2], answers[1::2])
                   if judged["status"] != 200 or judged["body"]["legal"] is not True or applied["status"] != 200]
        assert not refused, refused
        applied = answer(client, "/apply-move", variant, state, _move(_choose(rng, listed["moves"])),
                         options=options, include_legal_moves=True)
        state = applied["state"]
        assert shown_cards(state) == DECKS[variant]
        listed = {"to_act": applied["to_act"], "moves": applied["legal_moves"]["moves"]
                  if applied["legal_moves"] else []}
    assert listed["to_act"] is None, f"the hand did not end within {MOST_MOVES} moves"
    score = answer(client, "/score", variant, state, options=options)
    for team, total in enumerate(score["teams"]):
        assert sum(line["points"] for line in score["lines"] if line["team"] == team) == total
