"""Random hands played against the reference model: every position's legal moves, every step and the score agree."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.engine.euchre import reference_model as ref
from tests.engine.euchre.rule_http import comparable_state, legal_keys, post

# Every combination of the declared options, each pack included; the target is drawn separately.
OPTION_COMBINATIONS = [dict(zip(ref.OPTION_CHOICES, values))
                       for values in itertools.product(*ref.OPTION_CHOICES.values())]

# Moves that make trump alone are drawn more often than uniform play would, so lone hands come up.
BID_WEIGHT = {"pass": 3, "order_up": 2, "call": 1}


def option_id(combination: dict) -> str:
    """A short test id naming the non-default choices."""
    changed = [f"{name}={value}" for name, value in combination.items() if value != ref.DEFAULT_OPTIONS[name]]
    return ",".join(changed) or "defaults"


def outcome(state: dict, options: dict) -> str:
    """How a hand ended, to show in hypothesis' statistics that every kind of hand comes up."""
    sit = ref.situation(state, options)
    if sit.void:
        return "thrown in"
    kind = ref.score(state, options).rules[0].rsplit(".", 1)[1]
    lone = "lone maker" if sit.alone else "partners"
    defence = ", lone defender" if sit.lone_defender is not None else ""
    return f"{kind} ({lone}{defence})"


@st.composite
def hand_setups(draw, combination: dict):
    """The options with a target, a seed for /deal, a dealer and a game score before the hand."""
    options = dict(combination)
    options["target"] = draw(st.integers(min_value=5, max_value=25))
    seed = draw(st.integers(min_value=0, max_value=2**32))
    dealer = draw(st.integers(min_value=0, max_value=3))
    score = [draw(st.integers(min_value=0, max_value=options["target"] - 1)) for _ in range(2)]
    return options, seed, dealer, score


def deal(client, options: dict, seed: int, dealer: int, score: list[int]) -> dict:
    """/deal's starting state, checked against euchre.deal.cards and euchre.deal.deck."""
    body = {"game": "euchre", "options": options, "seed": seed, "setup": {"dealer": dealer, "score": score}}
    answer = client.post("/deal", json=body)
    assert answer.status_code == 200, answer.get_json()
    dealt = answer.get_json()
    state = dealt["state"]
    assert dealt["phase"] == "bidding1" and dealt["to_act"] == (dealer + 1) % 4
    assert state["dealer"] == dealer and state["score"] == score
    cards = [card for hand in state["hands"] for card in hand] + [state["upcard"]]
    assert all(len(hand) == ref.HAND_SIZE for hand in state["hands"])
    assert len(set(cards)) == len(cards) == 21
    assert set(cards) <= set(ref.pack(options["deck"]))
    return state


def choose(data, moves: list[dict]) -> dict:
    """One legal move, bids weighted so that hands are made, made alone and defended alone often enough."""
    weights = [BID_WEIGHT.get(move["type"], 1) * (2 if move.get("alone") else 1) for move in moves]
    pool = [move for move, weight in zip(moves, weights) for _ in range(weight)]
    return data.draw(st.sampled_from(pool))


def check_position(client, state: dict, options: dict) -> None:
    """The service's seat to act, phase and legal moves are the reference model's."""
    expected = ref.situation(state, options)
    listed = post(client, "/legal-moves", state, options=options)
    assert (listed["to_act"], listed["phase"]) == (expected.to_act, expected.phase), (state, listed)
    assert legal_keys(listed["moves"]) == legal_keys(ref.legal_moves(state, options)), (state, listed["moves"])
    assert all(move["rules"] and move["code"] for move in listed["moves"])
    assert len({move["code"] for move in listed["moves"]}) == len(listed["moves"])


def seen_by(state: dict, seat: int) -> dict:
    """The state as `seat` sees it: the other hands as counts, the dealer's discard face down to the others."""
    hands = [hand if other == seat else {"count": len(hand)} for other, hand in enumerate(state["hands"])]
    view = {**state, "hands": hands}
    if state.get("dealer_discard") is not None and seat != state["dealer"]:
        view["dealer_discard"] = {"count": 1}
    return view


def check_hidden_view(client, state: dict, options: dict) -> None:
    """The seat to act, knowing only its own cards, is offered the same moves."""
    seat = ref.situation(state, options).to_act
    listed = post(client, "/legal-moves", seen_by(state, seat), options=options)
    assert listed["to_act"] == seat
    assert legal_keys(listed["moves"]) == legal_keys(ref.legal_moves(state, options)), (state, listed)


def check_verdicts(client, state: dict, move: dict, options: dict) -> None:
    """The chosen move is legal; a held card that does not follow suit is refused citing euchre.play.follow-suit."""
    answer = post(client, "/validate-move", state, move, options)
    assert answer["legal"] is True and answer["violations"] == [], answer
    assert legal_keys(answer["allowed"]) == legal_keys(ref.legal_moves(state, options))
    sit = ref.situation(state, options)
    if sit.phase != "play":
        return
    allowed = {m["card"] for m in ref.legal_moves(state, options)}
    refused = [card for card in state["hands"][sit.to_act] if card not in allowed]
    if refused:
        answer = post(client, "/validate-move", state, {"type": "play", "card": refused[0]}, options)
        assert answer["legal"] is False
        assert "euchre.play.follow-suit" in {v["rule"] for v in answer["violations"]}, answer


def check_observed_step(client, state: dict, move: dict, options: dict) -> None:
    """The next seat, seeing only its own cards, applies the move to its view and sees what the model sees."""
    seat = ref.situation(state, options).to_act
    observer = (seat + 1) % 4
    shown = {"type": "discard"} if move["type"] == "discard" else move
    applied = post(client, "/apply-move", seen_by(state, observer), shown, options)
    expected = seen_by(ref.apply(state, move, options), observer)
    assert comparable_state(applied["state"]) == comparable_state(expected), (state, move, applied)


def check_step(client, state: dict, move: dict, options: dict) -> dict:
    """Apply `move` on both sides; the service's new state is the model's. Answers the model's state."""
    expected = ref.apply(state, move, options)
    applied = post(client, "/apply-move", state, move, options)
    assert comparable_state(applied["state"]) == comparable_state(expected), (state, move, applied)
    after = ref.situation(expected, options)
    assert (applied["to_act"], applied["phase"]) == (after.to_act, after.phase)
    won = [event for event in applied["events"] if event["type"] == "trick_won"]
    if len(expected.get("tricks") or []) > len(state.get("tricks") or []):
        assert [event["seat"] for event in won] == [expected["tricks"][-1]["winner"]], applied["events"]
    else:
        assert won == []
    return expected


def check_score(client, state: dict, options: dict) -> None:
    """The service's hand and game score are the model's, line by line."""
    expected = ref.score(state, options)
    scored = post(client, "/score", state, options=options)
    assert scored["teams"] == expected.teams, (state, scored)
    assert scored["scores"] == [expected.teams[seat % 2] for seat in range(4)]
    assert sorted(line["rule"] for line in scored["lines"] if line["points"]) == sorted(expected.rules), scored
    for team in (0, 1):
        assert sum(line["points"] for line in scored["lines"] if line.get("team") == team) == expected.teams[team]
    assert bool(scored.get("void")) == expected.void
    assert scored["game_scores"] == expected.game_scores
    assert scored["game_over"] == expected.game_over
    assert scored.get("winner") == expected.winner


# The client is stateless between requests, so one per test serves every example.
@pytest.mark.slow
@pytest.mark.parametrize("combination", OPTION_COMBINATIONS, ids=option_id)
@settings(max_examples=3, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_euchre_rules_random_hands_agree_with_the_reference_model(client, combination, data):
    # Covers euchre.bidding.*, euchre.alone.*, euchre.play.* and euchre.scoring.* on whole hands at once.
    options, seed, dealer, score = data.draw(hand_setups(combination))
    state = deal(client, options, seed, dealer, score)
    while True:
        check_position(client, state, options)
        moves = ref.legal_moves(state, options)
        if not moves:
            break
        move = choose(data, moves)
        check_hidden_view(client, state, options)
        check_verdicts(client, state, move, options)
        check_observed_step(client, state, move, options)
        state = check_step(client, state, move, options)
    check_score(client, state, options)
    event(outcome(state, options))
