"""An initial meld laid down meld by meld: accepted while reachable, no discard while short, take_back."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from .helpers import DECK, apply, broken, clean, legal, meld_turn, position, verdict
from .test_opening_search import (POOL, RANKS, TABLES, VALUES, _request, minimum, most_wild, put_downs, reachable,
                                  state_for)


def unopened(hand: list[str], score=(0, 0), **fields) -> dict:
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"], turn=meld_turn(0),
                    score=list(score), **fields)


KINGS_FIRST = {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]}


def test_canasta_opening_in_steps_first_meld_below_the_minimum_is_accepted_while_reachable():
    state = unopened(["KH", "KS", "KD", "QH", "QS", "QD", "9C", "4C"])
    assert broken(state, KINGS_FIRST) == []
    step = apply(state, KINGS_FIRST)
    assert step["state"]["turn"]["opening"] == {"counted": 30, "required": 50}
    assert "canasta.opening.minimum" in step["events"][0]["rules"]
    answer = legal(step["state"])
    codes = [m["code"] for m in answer["moves"]]
    assert "take_back" in codes and "meld:QD,QH,QS" in codes
    assert not [c for c in codes if c.startswith("discard")]
    constraint = answer["constraints"][0]
    assert constraint["counted"] == 30 and constraint["best"] == 60 and constraint["met"] is True
    done = apply(step["state"], {"type": "meld", "melds": [{"cards": ["QH", "QS", "QD"]}]})["state"]
    assert "opening" not in done["turn"]
    assert broken(done, {"type": "discard", "card": "9C"}) == []


def test_canasta_opening_in_steps_discard_refused_while_short():
    step = apply(unopened(["KH", "KS", "KD", "QH", "QS", "QD", "9C", "4C"]), KINGS_FIRST)["state"]
    answer = verdict(step, {"type": "discard", "card": "9C"})
    assert [v["rule"] for v in answer["violations"]] == ["canasta.opening.in-steps"]
    assert "count 30" in answer["violations"][0]["message"] and "take_back" in answer["violations"][0]["message"]


def test_canasta_opening_in_steps_first_meld_refused_when_the_rest_cannot_reach_the_minimum():
    # At 1500 the minimum is 90: K-K-K and Q-Q-Q count 60, and nothing else in the hand melds.
    hand = ["KH", "KS", "KD", "QH", "QS", "QD", "9C", "4C", "3C", "3S", "5H", "6S"]
    answer = verdict(unopened(hand, score=(1500, 0)), KINGS_FIRST)
    assert [v["rule"] for v in answer["violations"]] == ["canasta.opening.minimum"]
    assert "could not bring the total to the minimum" in answer["violations"][0]["message"]
    # At 0 the whole opening in one move is legal.
    both = {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}, {"cards": ["QH", "QS", "QD"]}]}
    assert broken(unopened(hand), both) == []


def test_canasta_opening_in_steps_an_addition_to_the_turns_meld_counts():
    state = unopened(["KH", "KS", "KD", "KC", "2C", "9C", "4C", "7D"])
    step = apply(state, KINGS_FIRST)["state"]
    assert step["turn"]["opening"] == {"counted": 30, "required": 50}
    plus_king = apply(step, {"type": "lay_off", "meld": 0, "cards": ["KC"]})["state"]
    assert plus_king["turn"]["opening"] == {"counted": 40, "required": 50}
    assert broken(plus_king, {"type": "discard", "card": "9C"}) == ["canasta.opening.in-steps"]
    opened = apply(plus_king, {"type": "lay_off", "meld": 0, "cards": ["2C"]})["state"]
    assert "opening" not in opened["turn"]
    assert broken(opened, {"type": "discard", "card": "9C"}) == []


def test_canasta_opening_failed_attempt_take_back_raises_the_minimum():
    step = apply(unopened(["KH", "KS", "KD", "QH", "QS", "QD", "9C", "4C"]), KINGS_FIRST)["state"]
    result = apply(step, {"type": "take_back"})
    after = result["state"]
    assert sorted(after["hands"][0]) == sorted(step["hands"][0] + ["KH", "KS", "KD"])
    assert after["melds"][0] == [] and after["penalties"][0]["failed_openings"] == 1
    assert after["turn"]["melded"] is False and after["turn"]["started"] == [] and "opening" not in after["turn"]
    event = result["events"][0]
    assert event["type"] == "took_back" and event["failed_openings"] == 1
    assert "canasta.opening.failed-attempt" in event["rules"]
    constraint = legal(after)["constraints"][0]
    assert constraint["required"] == 60 and constraint["best"] == 60
    # 60 is reachable only with both melds: K-K-K alone is again a step, refused once nothing can follow.
    assert broken(after, {"type": "discard", "card": "9C"}) == []


def test_canasta_opening_in_steps_take_back_only_while_short():
    state = unopened(["KH", "KS", "KD", "QH", "QS", "QD", "9C", "4C"])
    assert broken(state, {"type": "take_back"}) == ["canasta.opening.in-steps"]
    opened = apply(state, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}, {"cards": ["QH", "QS", "QD"]}]})
    assert broken(opened["state"], {"type": "take_back"}) == ["canasta.opening.in-steps"]


def test_canasta_opening_in_steps_state_field_is_checked_on_reading():
    step = apply(unopened(["KH", "KS", "KD", "QH", "QS", "QD", "9C", "4C"]), KINGS_FIRST)["state"]
    without_field = dict(step, turn={k: v for k, v in step["turn"].items() if k != "opening"})
    assert answers.legal_moves({"game": "canasta", "state": without_field})["moves"] == legal(step)["moves"]
    wrong = dict(step, turn=dict(step["turn"], opening={"counted": 40, "required": 50}))
    try:
        legal(wrong)
    except InvalidRequest as error:
        assert error.problems[0].rule == "canasta.opening.in-steps"
        assert error.problems[0].pointer == ("state", "turn", "opening")
    else:
        raise AssertionError("a wrong opening field is refused")


def _reachable(hand: list[str], limit: str, existing: dict, short_by: int, needed: int) -> bool:
    """Whether the cards left can complete the opening: more points keeping two cards, or going out."""
    for total, left, canastas, melded_blacks in put_downs(hand, limit, existing=existing):
        if not melded_blacks and left >= 2 and total >= short_by:
            return True
        if left <= 1 and canastas >= needed:
            return True
    return False


@pytest.mark.slow
@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hand=st.builds(lambda rank, suits, rest: [rank + s for s in suits] + rest, st.sampled_from(RANKS),
                      st.lists(st.sampled_from("CDHS"), min_size=2, max_size=5),
                      st.lists(st.sampled_from(POOL), min_size=1, max_size=10)).filter(
                          lambda c: not Counter(c) - DECK),
       table=TABLES, pick=st.randoms(use_true_random=False))
def test_canasta_opening_in_steps_first_meld_accepted_exactly_when_reachable(hand, table, pick):
    turn = {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
            "question": None}
    hand = reachable(table["variant"], hand, turn, ["9C"])
    naturals = Counter(c[:-1] for c in hand if c != "JK" and c[:-1] in VALUES)
    pairs = sorted(rank for rank, n in naturals.items() if n >= 2)
    assume(pairs)
    rank = pick.choice(pairs)
    own = [c for c in hand if c != "JK" and c[:-1] == rank]
    wild = [c for c in hand if c == "JK" or c[:-1] == "2"]
    n = pick.randint(2, len(own))
    fewest, most = max(0, 3 - n), min(len(wild), most_wild(table["wild_limit"], n))
    assume(fewest <= most)                       # else no meld of this rank: another rule refuses it
    w = pick.randint(fewest, most)
    cards = own[:n] + wild[:w]
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    points = VALUES[rank] * n + sum(50 if c == "JK" else 20 for c in wild[:w])
    required = minimum(table["score"], table["negative"], table["failed"])
    needed = 2 if table["variant"] == "two-hand" else 1
    canasta = n + w >= 7
    if len(rest) <= 1:
        # One card left: going out now, by discarding it or by laying it onto the new meld to make the canasta
        # (concealed, so no minimum applies; Two-hand needs a second canasta no single card makes).
        last = rest[0] if rest else None
        fits = last is not None and (last[:-1] == rank and last != "JK"
                                     or (last == "JK" or last[:-1] == "2") and w + 1 <= most_wild(table["wild_limit"], n))
        expected = canasta >= needed or needed == 1 and fits and n + w + 1 >= 7
    elif points >= required:
        expected = True
    else:
        expected = _reachable(rest, table["wild_limit"], {rank: (n, w)}, required - points, needed)
    state = state_for(table["variant"], hand, discard=["9C"], score=table["score"], failed=table["failed"],
                      turn=turn)
    move = {"type": "meld", "melds": [{"cards": cards}]}
    judged = answers.validate_move(_request(table, state, move))
    assert judged["legal"] is expected, judged["violations"]
    event("going out" if len(rest) <= 1 else "whole opening" if points >= required
          else "step accepted" if expected else "step refused")
    if not expected or len(rest) <= 1 or points >= required:
        return
    after = answers.apply_move(_request(table, state, move))["state"]
    assert after["turn"]["opening"] == {"counted": points, "required": required}
    listed = answers.legal_moves(_request(table, after))
    codes = [m["code"] for m in listed["moves"]]
    assert "take_back" in codes and not [c for c in codes if c.startswith("discard")]
    for move in listed["moves"]:
        assert answers.validate_move(_request(table, after, clean(move)))["legal"], move
    best_extra = max([t for t, left, _, blacks in put_downs(rest, table["wild_limit"], existing={rank: (n, w)})
                      if left >= 2 and not blacks] + [0])
    constraint = listed["constraints"][0]
    assert constraint["counted"] == points and constraint["best"] == points + best_extra
    assert constraint["met"] is (points + best_extra >= required)
