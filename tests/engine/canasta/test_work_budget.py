"""canasta.going-out.ask-partner, canasta.opening.minimum and canasta.melds.keep-a-card under the answer's counted
work (rules_engine.work): a question the steps cannot settle leaves its move listed and accepted with the rule
under `unverified`, and the answer says so in `work`; never a guess either way. Where the steps suffice the answer
is the unbounded search's, and wherever the unbounded search finishes a budgeted answer agrees with it: nothing it
lists as settled is refused by the full search, nothing it refuses is accepted there, and every move the full
listing holds is accepted."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.yes_positions import FAMILY, yes_position
from rules_engine import answers, work
from rules_engine.errors import InvalidRequest
from rules_engine.registry import get_game

GAME = get_game("canasta")
ASK = "canasta.going-out.ask-partner"
OPENING = "canasta.opening.minimum"


def readable(body: dict) -> bool:
    try:
        GAME.read_state(GAME.ruleset(body["variant"]), body["state"])
    except InvalidRequest:
        return False
    return True


def yes_body(variant: str, seed: int, size: int) -> dict:
    """The first position after a partner's yes from this seed on that the rules reach."""
    while True:
        body = yes_position(variant, seed, size)
        if readable(body):
            return body
        seed += 1000


def full_verdict(body: dict, move: dict) -> list:
    """The rules the unbounded search finds the move breaking, the position read afresh."""
    rs = GAME.ruleset(body["variant"])
    state = GAME.read_state(rs, body["state"])
    raw = {key: value for key, value in move.items() if key not in answers.LISTING_FIELDS}
    with work.metered(None):
        return GAME.judge_move(rs, replace(state, memo={}), GAME.read_move(rs, raw))[0]


def listed_within(body: dict, steps: int | None) -> dict:
    with work.metered(steps):
        return answers.legal_moves(body)


def unopened_body(variant: str, seed: int) -> dict:
    """A side that has not opened, its seat just drawn from the stock: the opening search decides the listing."""
    dealt = answers.deal({"game": "canasta", "variant": variant, "seed": seed})
    body = {"game": "canasta", "variant": variant, "state": dealt["state"]}
    drawn = answers.apply_move({**body, "move": {"type": "draw"}})["state"]
    return {**body, "state": drawn}


@pytest.mark.parametrize("variant", FAMILY)
def test_canasta_going_out_ask_partner_unsettled_moves_are_listed_with_the_rule(variant):
    body = yes_body(variant, 1, 45)             # a listing of tens of thousands of steps
    listed = listed_within(body, 2_000)
    assert listed["work"] == {"steps": 2_000, "spent": 2_000, "ran_out": True}
    assert ASK in listed["unverified"]
    open_moves = [move for move in listed["moves"] if "unverified" in move]
    assert open_moves and all(move["unverified"] == [ASK] for move in open_moves)
    # Judged alone a move may need fewer steps than the listing: settled, it is legal; with no steps at all it
    # is accepted as listed, the same rule left open.
    with work.metered(2_000):
        judged = answers.validate_move({**body, "move": open_moves[0]})
    assert judged["legal"] is True
    if not judged["unverified"]:
        assert full_verdict(body, open_moves[0]) == []
    with work.metered(0):
        judged = answers.validate_move({**body, "move": open_moves[0]})
        applied = answers.apply_move({**body, "move": open_moves[0]})
    assert judged["legal"] is True and judged["unverified"] == [ASK] and judged["work"]["ran_out"] is True
    assert applied["unverified"] == [ASK] and applied["work"]["ran_out"] is True


@pytest.mark.parametrize("variant", FAMILY)
def test_canasta_opening_minimum_unsettled_constraint_is_left_open(variant):
    body = unopened_body(variant, 3)
    full = listed_within(body, None)
    assert "work" not in full
    assert isinstance(full["constraints"][0]["met"], bool)
    spent = listed_within(body, 0)
    note = spent["constraints"][0]
    assert note["met"] is None and note["best"] is None and note["witness"] == []
    assert OPENING in spent["unverified"]
    assert spent["work"]["ran_out"] is True
    # The moves that need no search stay listed, exactly: every discard is there, settled.
    discards = [move for move in full["moves"] if move["type"] == "discard"]
    assert discards and all(move in spent["moves"] for move in discards)


def test_canasta_work_an_answer_within_its_steps_is_the_unbounded_answer():
    body = yes_body("samba", 4, 14)
    with work.metered(None) as meter:
        full = answers.legal_moves(body)
    assert meter.spent > 0 and "work" not in full
    assert listed_within(body, meter.spent) == full
    assert listed_within(body, meter.spent - 1)["work"]["ran_out"] is True


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=st.sampled_from(FAMILY), seed=st.integers(0, 10_000), size=st.integers(8, 24),
       steps=st.sampled_from([0, 1, 30, 300, 3000, 30_000]))
def test_canasta_going_out_ask_partner_budgeted_answers_agree_with_the_full_search(variant, seed, size, steps):
    body = yes_body(variant, seed, size)
    full = listed_within(body, None)
    budgeted = listed_within(body, steps)
    if "work" not in budgeted:
        assert budgeted == full
        return
    full_codes = {move["code"] for move in full["moves"]}
    for move in budgeted["moves"]:
        if "unverified" not in move:       # settled: the full search agrees
            assert move["code"] in full_codes or full_verdict(body, move) == [], move
    for move in full["moves"]:             # never a legal move refused for want of steps
        with work.metered(steps):
            judged = answers.validate_move({**body, "move": move})
        assert judged["legal"] is True, (move, judged["violations"])


def test_canasta_work_a_capped_part_ends_alone_and_the_answer_goes_on():
    with work.metered(100) as meter:
        with pytest.raises(work.Capped):
            with work.capped(30):
                for _ in range(40):
                    work.meter().spend(1)
        assert meter.left == 69 and not meter.ran_out     # the part's 31st step ended it; 69 are left
        work.meter().spend(60)                             # the answer spends what is left, as before
        with pytest.raises(work.OutOfWork):
            with work.capped(30):                          # a cap past the answer's steps: the answer's end
                work.meter().spend(10)
        assert meter.ran_out
    with pytest.raises(work.Capped):                       # outside an answer, the cap alone
        with work.capped(5):
            work.meter().spend(6)
    work.meter().spend(10**9)                              # and no meter is left behind
