"""The records of the settled turns must come from one run of turns together: the engine against a brute force."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.salsifis.layout import layout_for
from rules_engine.games.salsifis.state import read_state
from rules_engine.registry import GAMES

from .helpers import GAME
from .reach_brute import neighbours, played_records, reachable, record_of, state_of

LOSING = ("winner", "owners", "discarded")
UNCLAIMED = ("discarded", "carried")
JOINT_RULES = {"salsifis.contest.fight", "salsifis.contest.alone", "salsifis.formula.shared", "salsifis.contest.empty"}
# Player counts and settled turns small enough for the brute force to list every record in well under a second.
SMALL = [(2, 1, "short-last-turn"), (2, 2, "short-last-turn"), (2, 3, "short-last-turn"),
         (3, 1, "short-last-turn"), (3, 2, "short-last-turn"), (4, 1, "short-last-turn"),
         (5, 1, "short-last-turn"), (5, 1, "packets-of-two"), (5, 1, "four-cards")]


def resolved_options(**options) -> dict:
    """The options in force, defaults filled in."""
    return GAMES[GAME].ruleset(None, options).options


def refusal(options: dict, state: dict):
    """The first problem the engine finds with a position, or None when it accepts it."""
    try:
        read_state(options, state)
    except InvalidRequest as error:
        return error.problems[0]
    return None


def records_around(reach: frozenset, settled: int, every: int) -> set:
    """The reachable records and the neighbours of every `every`-th of them, in a fixed order."""
    found = set(reach)
    for record in sorted(reach)[::every]:
        found |= neighbours(record, settled)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("players,settled,reading", SMALL)
@pytest.mark.parametrize("losing,unclaimed,limit", list(product(LOSING, UNCLAIMED, (0, 1, 2))))
def test_salsifis_contest_fight_records_accepted_exactly_when_one_run_of_turns_leaves_them(
        players, settled, reading, losing, unclaimed, limit):
    options = resolved_options(losing_cards=losing, unclaimed_packet=unclaimed, flee_limit=limit,
                               five_players=reading)
    layout = layout_for(players, options)
    reach = reachable(layout.packet_sizes, players, losing, unclaimed == "carried", limit, settled)
    refused_reachable, accepted_unreachable, checked = [], [], 0
    for record in records_around(reach, settled, max(1, len(reach) // 40)):
        state = state_of(record, layout, settled)
        if state is None:
            continue
        checked += 1
        problem = refusal(options, state)
        if record in reach and problem is not None:
            refused_reachable.append((record, problem))
        if record not in reach and problem is None:
            accepted_unreachable.append(record)
    assert checked > len(reach)
    assert not refused_reachable
    assert not accepted_unreachable


@pytest.mark.parametrize("losing,unclaimed", list(product(LOSING, UNCLAIMED)))
def test_salsifis_contest_fight_refusals_of_unreachable_records_name_a_rule_a_field_and_a_reason(losing, unclaimed):
    options = resolved_options(losing_cards=losing, unclaimed_packet=unclaimed)
    layout = layout_for(3, options)
    reach = reachable(layout.packet_sizes, 3, losing, unclaimed == "carried", 2, 2)
    cited = set()
    for record in records_around(reach, 2, 50) - reach:
        state = state_of(record, layout, 2)
        problem = None if state is None else refusal(options, state)
        assert state is None or problem is not None, record
        if problem is not None and problem.rule in JOINT_RULES:
            cited.add(problem.rule)
            assert problem.pointer[0] == "state" and problem.pointer[1] in state, problem
            assert problem.message and "{" not in problem.message, problem
    assert {"salsifis.contest.fight", "salsifis.contest.alone", "salsifis.formula.shared"} <= cited


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 5), losing=st.sampled_from(LOSING), unclaimed=st.sampled_from(UNCLAIMED),
       limit=st.integers(0, 2), seed=st.integers(0, 10**6))
def test_salsifis_contest_fight_records_of_played_turns_are_reachable_and_accepted(players, losing, unclaimed,
                                                                                  limit, seed):
    options = {"losing_cards": losing, "unclaimed_packet": unclaimed, "flee_limit": limit}
    layout = layout_for(players, resolved_options(**options))
    most = {2: 5, 3: 3, 4: 2, 5: 1}[players]  # as far as the brute force lists records quickly
    for settled, state in played_records(players, options, seed, layout.turns):
        if settled <= most:
            reach = reachable(layout.packet_sizes, players, losing, unclaimed == "carried", limit, settled)
            assert record_of(state, layout) in reach
        # Every position reached in play is accepted, to the end of the game.
        answers.legal_moves({"game": GAME, "state": state, "options": options})
