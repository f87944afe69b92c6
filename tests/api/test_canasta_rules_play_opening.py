"""Classic and Two-hand Canasta, written from the rule texts: the initial meld's minimum count.

Sources: pagat.com/rummy/canasta.html and Wikipedia "Canasta" (the minimum table, what counts, the worked
example at 1600, the concealed exception), Card Games For Dummies and pokerwiner (no minimum below zero; a
failed attempt raising the next minimum by 10), through classic_canasta_facts.md section 6."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tests.api.canasta_play import (
    applied,
    assert_allowed,
    assert_refused,
    each_variant,
    judged,
    legal_moves,
    listed,
    position,
    same_cards,
    side_melds,
)

MINIMUM = "canasta.opening.minimum"
SHORT = ("canasta.opening.minimum", "canasta.opening.counting", "canasta.opening.in-steps")


def meld(*melds: list[str]) -> dict:
    """A meld move putting down these melds."""
    return {"type": "meld", "melds": [{"cards": list(cards)} for cards in melds]}


def hand_with(*melds: list[str], spare: tuple = ("9C", "JD")) -> list[str]:
    """A hand holding the melds' cards and two spare cards that meld with nothing."""
    return [c for cards in melds for c in cards] + list(spare)


CASES = [
    # score, a meld that reaches the minimum exactly, one that falls short
    pytest.param(0, [["KC", "KD", "KH", "2C"]], [["KC", "KD", "KH"], ["5C", "5D", "5H"]], id="0-needs-50"),
    pytest.param(1495, [["KC", "KD", "KH", "2C"]], [["KC", "KD", "KH"], ["5C", "5D", "5H"]], id="1495-needs-50"),
    pytest.param(1500, [["AC", "AS", "2D"], ["QC", "QD", "QH"]], [["AC", "AS", "AD"], ["5C", "5D", "5H", "5S", "5C"]],
                 id="1500-needs-90"),
    pytest.param(2995, [["AC", "AS", "2D"], ["QC", "QD", "QH"]], [["AC", "AS", "AD"], ["5C", "5D", "5H", "5S", "5C"]],
                 id="2995-needs-90"),
    pytest.param(3000, [["AC", "AD", "AH", "2C"], ["KC", "KD", "KH", "KS"]], [["AC", "AD", "AH"], ["KC", "KD", "KH", "2C"]],
                 id="3000-needs-120"),
]


@pytest.mark.parametrize("score, enough, short", CASES)
@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_minimum_by_game_score(client, variant, score, enough, short):
    """The first meld must count 50 from 0, 90 from 1500 and 120 from 3000: exactly the minimum opens, less
    does not."""
    state = position(variant, hand_with(*enough), score=[score, 0])
    assert_allowed(judged(client, variant, state, meld(*enough)))
    state = position(variant, hand_with(*short), score=[score, 0])
    assert_refused(judged(client, variant, state, meld(*short)), SHORT)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_minimum_message_names_the_count(client, variant):
    """The refusal says what the melds count and what is needed."""
    short = [["KC", "KD", "KH"], ["5C", "5D", "5H"]]
    state = position(variant, hand_with(*short), score=[0, 0])
    assert_refused(judged(client, variant, state, meld(*short)), SHORT, "45", "50")


@pytest.mark.parametrize("options", [{}, {"opening_negative_minimum": 15}, {"opening_negative_minimum": 0}])
@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_minimum_negative_score(client, variant, options):
    """With a negative game score the smallest meld (three fours, 15) opens under either reading."""
    state = position(variant, hand_with(["4C", "4D", "4H"]), score=[-120, 0])
    assert_allowed(judged(client, variant, state, meld(["4C", "4D", "4H"]), options))


@pytest.mark.parametrize("options, required", [({}, 25), ({"opening_negative_minimum": 0}, 10)])
@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_minimum_negative_option_after_failed_attempt(client, variant, options, required):
    """Below zero the minimum is 15 (pagat) or nothing (Dummies); after one failed attempt it is 25 or 10, so
    three fours (15) open only under the second reading."""
    state = position(variant, hand_with(["4C", "4D", "4H"]), score=[-120, 0])
    state["penalties"] = [{"failed_openings": 1}, {}]
    verdict = judged(client, variant, state, meld(["4C", "4D", "4H"]), options)
    if required > 15:
        assert_refused(verdict, SHORT + ("canasta.opening.failed-attempt",), str(required))
    else:
        assert_allowed(verdict)
    for constraint in legal_moves(client, variant, state, options).get("constraints") or []:
        if constraint["type"] == "initial_meld":
            assert constraint["required"] == required


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_failed_attempt_raises_minimum(client, variant):
    """A side that took back a short initial meld needs 10 more: 60 at a score of 0."""
    kings = ["KC", "KD", "KH", "2C"]
    state = position(variant, hand_with(kings))
    state["penalties"] = [{"failed_openings": 1}, {}]
    assert_refused(judged(client, variant, state, meld(kings)), SHORT + ("canasta.opening.failed-attempt",), "60")
    state = position(variant, hand_with(["AC", "AS", "2D"]))
    state["penalties"] = [{"failed_openings": 1}, {}]
    assert_allowed(judged(client, variant, state, meld(["AC", "AS", "2D"])))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_counting_red_threes_do_not_count(client, variant):
    """Red threes on the table add nothing to the initial meld: three kings (30) stay short of 50."""
    kings = ["KC", "KD", "KH"]
    state = position(variant, hand_with(kings), red_threes=[["3H", "3D"], []])
    assert_refused(judged(client, variant, state, meld(kings)), SHORT)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_counting_canasta_bonus_does_not_count(client, variant):
    """A natural canasta of fours opens with its cards' 35 only, not its 500 bonus."""
    fours = ["4C", "4C", "4D", "4D", "4H", "4H", "4S"]
    state = position(variant, hand_with(fours, spare=("9C", "JD", "QS", "KH", "AD")))
    assert_refused(judged(client, variant, state, meld(fours)), SHORT)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_counting_melds_of_one_turn_together(client, variant):
    """Several melds of the same move count together: 30 and 30 open where each alone falls short."""
    kings, nines = ["KC", "KD", "KH"], ["9C", "9D", "9S"]
    state = position(variant, hand_with(kings, nines, spare=("5C", "JD")))
    assert_allowed(judged(client, variant, state, meld(kings, nines)))
    after = applied(client, variant, state, meld(kings, nines))["state"]
    assert sorted(map(sorted, side_melds(after, 0))) == sorted([sorted(kings), sorted(nines)])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_counting_worked_example_at_1600(client, variant):
    """At 1600 (90 needed) 6-6-6 with K-K-K-2 counts 65 and fails; 6-6-6 with A-A-A-2 counts 95 and opens."""
    sixes, kings, aces = ["6C", "6D", "6H"], ["KC", "KD", "KH", "2C"], ["AC", "AD", "AH", "2D"]
    state = position(variant, hand_with(sixes, kings, spare=("9C", "JD", "QS")), score=[1600, 0])
    assert_refused(judged(client, variant, state, meld(sixes, kings)), SHORT, "65")
    state = position(variant, hand_with(sixes, aces, spare=("9C", "JD", "QS")), score=[1600, 0])
    assert_allowed(judged(client, variant, state, meld(sixes, aces)))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_counting_pile_top_card_counts(client, variant):
    """Opening with the pile, the top card counts: two aces from the hand and the ace on top make 60."""
    hand = ["AD", "AS", "5C", "9D", "JS", "QC", "QD", "6S", "7D", "7S", "KH"]
    state = position(variant, hand, phase="draw", discard=["8H", "AC"])
    assert_allowed(judged(client, variant, state, {"type": "take_pile", "cards": ["AD", "AS"]}))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_counting_rest_of_pile_never_counts(client, variant):
    """The cards under the top card do not count: three aces under the king leave K-K-K at 30, short of 50;
    a meld of queens from the hand in the same move brings it to 60."""
    hand = ["KD", "KH", "QC", "QD", "QS", "5C", "9D", "JS", "6S", "7D", "7S"]
    state = position(variant, hand, phase="draw", discard=["AH", "AD", "AS", "KC"])
    assert_refused(judged(client, variant, state, {"type": "take_pile", "cards": ["KD", "KH"]}), SHORT)
    move = {"type": "take_pile", "cards": ["KD", "KH"], "melds": [{"cards": ["QC", "QD", "QS"]}]}
    assert_allowed(judged(client, variant, state, move))
    after = applied(client, variant, state, move)["state"]
    assert sorted(map(sorted, side_melds(after, 0))) == sorted([sorted(["KC", "KD", "KH"]), sorted(["QC", "QD", "QS"])])
    assert same_cards(after["hands"][0], [c for c in state["hands"][0] if c not in ("KD", "KH", "QC", "QD", "QS")]
                      + state["discard"][:-1])


# --- an opening laid down in steps -------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_in_steps_short_meld_then_rest(client, variant):
    """A short first meld is accepted while the hand can still reach the minimum; the next meld completes it."""
    kings, aces = ["KC", "KD", "KH"], ["AC", "AS", "2D"]
    state = position(variant, hand_with(kings, aces, spare=("5C", "9D")))
    assert_allowed(judged(client, variant, state, meld(kings)))
    between = applied(client, variant, state, meld(kings))["state"]
    assert_allowed(judged(client, variant, between, meld(aces)))
    answer = legal_moves(client, variant, between)
    assert listed(answer["moves"], "take_back")
    assert not listed(answer["moves"], "discard"), "the turn cannot end while the opening is short"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_in_steps_discard_while_short_refused(client, variant):
    """The turn cannot end with a discard while the opening is short."""
    kings, aces = ["KC", "KD", "KH"], ["AC", "AS", "2D"]
    state = position(variant, hand_with(kings, aces, spare=("5C", "9D")))
    between = applied(client, variant, state, meld(kings))["state"]
    assert_refused(judged(client, variant, between, {"type": "discard", "card": "5C"}), SHORT)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_in_steps_hopeless_short_meld_refused(client, variant):
    """A short meld is refused when nothing left in the hand can bring the opening to the minimum."""
    kings = ["KC", "KD", "KH"]
    state = position(variant, hand_with(kings, spare=("5C", "9D", "JS", "7H")))
    assert_refused(judged(client, variant, state, meld(kings)), SHORT)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_failed_attempt_take_back(client, variant):
    """Taking back a short opening returns its cards to the hand and counts a failed attempt."""
    kings, aces = ["KC", "KD", "KH"], ["AC", "AS", "2D"]
    state = position(variant, hand_with(kings, aces, spare=("5C", "9D")))
    between = applied(client, variant, state, meld(kings))["state"]
    after = applied(client, variant, between, {"type": "take_back"})["state"]
    assert side_melds(after, 0) == []
    assert same_cards(after["hands"][0], state["hands"][0])
    assert (after.get("penalties") or [{}, {}])[0].get("failed_openings") == 1
    # the minimum is now 60: the aces (60) open, the kings with a wild card (50) do not
    assert_allowed(judged(client, variant, after, meld(aces)))
    assert_refused(judged(client, variant, after, meld(["KC", "KD", "KH", "2D"])),
                   SHORT + ("canasta.opening.failed-attempt",))


# --- the concealed exception ------------------------------------------------------------------------------


def test_canasta_opening_concealed_exception_classic(client):
    """At 3000 (120 needed) a player who drew from the stock melds the whole hand, a canasta of fours with
    five fives (55 in all), and goes out: no minimum applies."""
    fours, fives = ["4C", "4C", "4D", "4D", "4H", "4H", "4S"], ["5C", "5D", "5H", "5S", "5C"]
    state = position("classic", fours + fives, score=[3000, 0])
    assert_allowed(judged(client, "classic", state, meld(fours, fives)))
    after = applied(client, "classic", state, meld(fours, fives))["state"]
    assert after["turn"]["phase"] == "over"
    assert after["turn"]["ending"] == "went_out"
    assert after["turn"]["concealed"] is True


def test_canasta_opening_concealed_exception_classic_with_discard(client):
    """All but one card melded and the last discarded is the same exception."""
    fours, fives = ["4C", "4C", "4D", "4D", "4H", "4H", "4S"], ["5C", "5D", "5H", "5S"]
    state = position("classic", fours + fives + ["9C"], score=[3000, 0])
    assert_allowed(judged(client, "classic", state, meld(fours, fives)))
    between = applied(client, "classic", state, meld(fours, fives))["state"]
    assert_allowed(judged(client, "classic", between, {"type": "discard", "card": "9C"}))
    after = applied(client, "classic", between, {"type": "discard", "card": "9C"})["state"]
    assert after["turn"]["phase"] == "over" and after["turn"]["concealed"] is True


def test_canasta_opening_concealed_exception_two_hand(client):
    """Two-hand: the whole hand melded at once with the two canastas going out needs, below the minimum."""
    fours, fives, sixes = ["4C", "4C", "4D", "4D", "4H", "4H", "4S"], ["5C", "5C", "5D", "5D", "5H", "5H", "5S"], \
        ["6C", "6D", "6H"]
    state = position("two-hand", fours + fives + sixes, score=[3000, 0])
    assert_allowed(judged(client, "two-hand", state, meld(fours, fives, sixes)))
    after = applied(client, "two-hand", state, meld(fours, fives, sixes))["state"]
    assert after["turn"]["phase"] == "over" and after["turn"]["concealed"] is True


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_concealed_exception_needs_a_canasta(client, variant):
    """Without a canasta the whole hand melded below the minimum is no going out and no opening."""
    melds = [["4C", "4D", "4H"], ["5C", "5D", "5H"], ["6C", "6D", "6H"], ["7C", "7D", "7H"]]
    if variant == "two-hand":
        melds.append(["8C", "8D", "8H", "8S", "8C"])
    state = position(variant, [c for m in melds for c in m], score=[3000, 0], discard=["JS"])
    verdict = judged(client, variant, state, meld(*melds))
    assert_refused(verdict, SHORT + ("canasta.going-out.canasta-needed", "canasta.going-out.canastas-two",
                                     "canasta.melds.keep-a-card"))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_minimum_only_for_the_first_meld(client, variant):
    """Once the side has melded, three fours (15) are a meld at any score."""
    state = position(variant, hand_with(["4C", "4D", "4H"]), score=[3000, 0],
                     melds=[[{"cards": ["AC", "AD", "AH", "2C"]}, {"cards": ["KC", "KD", "KH", "KS"]}], []])
    assert_allowed(judged(client, variant, state, meld(["4C", "4D", "4H"])))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_minimum_by_the_sides_own_score(client, variant):
    """The minimum follows the acting side's game score, not the opponents': seat 1 at 0 needs 50 while the
    other side stands at 3000."""
    kings = ["KC", "KD", "KH", "2C"]
    state = position(variant, hand_with(kings), seat=1, score=[3000, 0])
    assert_allowed(judged(client, variant, state, meld(kings)))
    state = position(variant, hand_with(kings), seat=1, score=[0, 3000])
    assert_refused(judged(client, variant, state, meld(kings)), SHORT, "120")


def test_canasta_opening_concealed_exception_not_with_the_pile(client):
    """The exception is for a player who draws from the stock: taking the pile to open still needs the
    minimum, even when the turn could then meld the whole hand with a canasta."""
    fours = ["4C", "4C", "4D", "4D", "4H", "4H"]
    hand = fours + ["5C", "5D", "5H", "9C", "9D"]
    state = position("classic", hand, phase="draw", discard=["9H", "4S"], score=[3000, 0])
    move = {"type": "take_pile", "cards": fours, "melds": [{"cards": ["5C", "5D", "5H"]}]}
    assert_refused(judged(client, "classic", state, move), SHORT + ("canasta.opening.concealed-exception",), "120")


# --- every score against openings of known counts ----------------------------------------------------------------

OPENINGS = {
    15: [["4C", "4D", "4H"]],
    50: [["KC", "KD", "KH", "2C"]],
    60: [["AC", "AS", "2D"]],
    80: [["AC", "AD", "AH", "2C"]],
    90: [["AC", "AS", "2D"], ["QC", "QD", "QH"]],
    110: [["AC", "AD", "AH", "JK"]],
    120: [["AC", "AD", "AH", "2C"], ["KC", "KD", "KH", "KS"]],
}


def reference_minimum(score: int, negative: int) -> int:
    """The initial meld minimum for a side's game score, from the rule texts."""
    if score < 0:
        return negative
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(score=st.integers(-600, 1800).map(lambda n: 5 * n) | st.sampled_from([-5, 0, 1495, 1500, 2995, 3000]),
       points=st.sampled_from(sorted(OPENINGS)), negative=st.sampled_from([15, 0]),
       variant=st.sampled_from(["classic", "two-hand"]))
def test_canasta_opening_minimum_every_score(client, score, points, negative, variant):
    """An opening that leaves nothing to add opens exactly when its count reaches the side's minimum (game
    scores are multiples of 5, as every card and bonus is)."""
    melds = OPENINGS[points]
    state = position(variant, hand_with(*melds), score=[score, 0])
    verdict = judged(client, variant, state, meld(*melds), {"opening_negative_minimum": negative})
    assert verdict["legal"] is (points >= reference_minimum(score, negative)), verdict["violations"]


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_opening_failed_attempt_take_back_only_when_short(client, variant):
    """Only a short opening is taken back: not one that reached the minimum, nor a side already opened."""
    aces = ["AC", "AS", "2D"]
    state = position(variant, hand_with(aces, spare=("5C", "9D")))
    opened = applied(client, variant, state, meld(aces))["state"]
    assert_refused(judged(client, variant, opened, {"type": "take_back"}),
                   ("canasta.opening.in-steps", "canasta.opening.failed-attempt"))
    assert not listed(legal_moves(client, variant, opened)["moves"], "take_back")
