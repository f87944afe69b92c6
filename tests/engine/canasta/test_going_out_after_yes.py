"""canasta.going-out.ask-partner: after a partner's yes, every move must keep going out possible.

The check asks once per distinct remainder and not at all when the hand cannot go out as it
stands; these tests hold it to the full search for every move a listing offers.
"""

from __future__ import annotations

import copy
import random

import pytest

from hypothesis import given, settings, strategies as st

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.config import config_for
from rules_engine.games.canasta.examples import GOING_OUT, complete
from rules_engine.games.canasta.melds import Meld, judge
from rules_engine.games.canasta.position import Position, without
from rules_engine.registry import get_game

GAME = get_game("canasta")
RANKS = ["4", "5", "6", "8", "9", "10", "Q", "A"]
UNOPENED_TABLE = [{"rank": "K", "cards": ["KH", "KS", "KD"]}, {"rank": "7", "cards": ["7H", "7S", "7C"]}]


def yes_body(seed: int, canasta_down: bool) -> dict | None:
    chooser = random.Random(seed)
    hand = [r + s for r in chooser.sample(RANKS, chooser.randint(2, 5)) for s in "CDHS"]
    hand += ["JK", "JK", "2C", "2D", "2S", "2H"]
    chooser.shuffle(hand)
    position = copy.deepcopy(GOING_OUT)
    position["hands"][2] = hand[: chooser.randint(6, 22)]
    position["hands"][0] = ["6C"]
    if not canasta_down:
        position["melds"][0] = UNOPENED_TABLE
    position["turn"]["question"] = "yes"
    body = {"game": "canasta", "state": complete(position)}
    try:
        GAME.read_state(GAME.ruleset(), body["state"])
    except InvalidRequest:
        return None
    return body


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), canasta_down=st.booleans())
def test_canasta_going_out_ask_partner_yes_listing_matches_the_full_search(seed, canasta_down):
    body = yes_body(seed, canasta_down)
    if body is None:
        return
    rs = GAME.ruleset()
    state = GAME.read_state(rs, body["state"])
    listed = answers.legal_moves(body)["moves"]
    cfg = config_for(rs)
    for move in listed:  # one check decides listing and refusal
        assert answers.validate_move({**body, "move": move})["legal"] is True
    # Every meld of three or more naturals the hand could make, with up to two wild cards:
    # legal exactly when the full search finds a way out from what it leaves.
    position = Position(cfg, state)
    hand = position.hand
    naturals, wilds, _ = position.split()
    for rank, cards in naturals.items():
        if len(cards) < 3 or rank in position.by_rank:
            continue
        for k in range(0, min(2, len(wilds)) + 1):
            move = {"type": "meld", "melds": [{"cards": cards + wilds[:k]}]}
            verdict = answers.validate_move({**body, "move": move})
            fresh = Position(cfg, state)
            left = without(hand, cards + wilds[:k])
            if len(left) <= 1 or any(v["rule"] != "canasta.going-out.ask-partner" for v in verdict["violations"]):
                continue
            judged = judge(cfg, cards + wilds[:k], going_out=True)
            after = list(position.melds) + [Meld(judged.rank, cards + wilds[:k], judged.naturals, judged.wilds)]
            possible = fresh.going_out_plan(left, after) is not None
            assert verdict["legal"] is possible, (move, verdict["violations"])


def test_canasta_going_out_ask_partner_yes_for_a_hand_that_cannot_go_out_is_refused():
    position = copy.deepcopy(GOING_OUT)
    position["melds"][0] = UNOPENED_TABLE
    position["hands"][0] = ["6C"]
    position["hands"][2] = ["10S", "8C", "8D", "8H", "AC", "6H", "4D", "AH", "AS", "4H", "8S", "JK", "6S", "6C",
                            "4C", "10C", "2H", "JK"]
    position["turn"]["question"] = "yes"
    with pytest.raises(InvalidRequest) as refused:
        GAME.read_state(GAME.ruleset(), complete(position))
    problem = refused.value.problems[0]
    assert problem.rule == "canasta.going-out.ask-partner"
    assert problem.pointer[:3] == ("state", "turn", "question")
