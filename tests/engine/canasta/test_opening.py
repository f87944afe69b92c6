"""The initial meld inside positions: the minimum, what counts, the constraint in /legal-moves."""

from __future__ import annotations

from .helpers import apply, broken, clean, legal, meld_turn, position, verdict


def unopened(hand: list[str], score=(0, 0), **fields) -> dict:
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["8C"], turn=meld_turn(0),
                    score=list(score), **fields)


def test_canasta_opening_minimum_in_a_move_names_the_count():
    state = unopened(["6H", "6S", "6D", "KH", "KS", "KD", "2C", "9D", "4C"], score=(1600, 0))
    answer = verdict(state, {"type": "meld", "melds": [{"cards": ["6H", "6S", "6D"]},
                                                       {"cards": ["KH", "KS", "KD", "2C"]}]})
    assert [v["rule"] for v in answer["violations"]] == ["canasta.opening.minimum"]
    assert "counts 65" in answer["violations"][0]["message"] and "needs 90" in answer["violations"][0]["message"]


def test_canasta_opening_counting_several_melds_count_together():
    state = unopened(["6H", "6S", "6D", "AH", "AS", "AD", "2C", "9D", "4C"], score=(1600, 0))
    move = {"type": "meld", "melds": [{"cards": ["6H", "6S", "6D"]}, {"cards": ["AH", "AS", "AD", "2C"]}]}
    assert broken(state, move) == []
    # The aces alone (80) are a first step toward 90: the sixes can still follow.
    aces = {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD", "2C"]}]}
    assert broken(state, aces) == []
    assert apply(state, aces)["state"]["turn"]["opening"] == {"counted": 80, "required": 90}
    # Without the sixes nothing can follow, so the aces alone fall short.
    alone = unopened(["AH", "AS", "AD", "2C", "9D", "4C", "7H"], score=(1600, 0))
    assert broken(alone, aces) == ["canasta.opening.minimum"]


def test_canasta_opening_failed_attempt_raises_the_minimum_in_a_position():
    hand = ["AH", "AS", "AD", "9D", "4C"]
    assert broken(unopened(hand), {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}]}) == []
    raised = unopened(hand, penalties=[{"failed_openings": 2}, {}])
    answer = verdict(raised, {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}]})
    assert [v["rule"] for v in answer["violations"]] == ["canasta.opening.failed-attempt"]
    assert "needs 70" in answer["violations"][0]["message"]
    short = unopened(["KH", "KS", "KD", "9D", "4C"], penalties=[{"failed_openings": 1}, {}])
    assert broken(short, {"type": "meld", "melds": [{"cards": ["KH", "KS", "KD"]}]}) == ["canasta.opening.minimum"]


def test_canasta_opening_constraint_witness_is_the_listed_move():
    state = unopened(["AC", "AS", "KC", "KD", "KS", "2D", "9H", "9S", "6C", "4D", "JD", "7S"])
    answer = legal(state)
    constraint = answer["constraints"][0]
    assert constraint["type"] == "initial_meld" and constraint["required"] == 50 and constraint["met"] is True
    assert constraint["best"] == 90
    blocks = {tuple(b["cards"]) for b in constraint["blocks"]}
    assert ("KC", "KD", "KS") in blocks and ("AC", "AS", "2D") in blocks
    melds = [m for m in answer["moves"] if m["type"] == "meld"]
    assert len(melds) == 1 and melds[0]["opening"]["points"] >= 50
    assert [m["cards"] for m in melds[0]["melds"]] == [w["cards"] for w in constraint["witness"]]
    assert broken(state, clean(melds[0])) == []


def test_canasta_opening_constraint_not_met():
    state = unopened(["AC", "AS", "KC", "KD", "KS", "9H", "6C", "4D", "JD", "7S"], score=(3000, 0))
    answer = legal(state)
    constraint = answer["constraints"][0]
    assert constraint["met"] is False and constraint["best"] == 30 and constraint["required"] == 120
    assert not [m for m in answer["moves"] if m["type"] == "meld"]


def test_canasta_opening_constraint_keeps_two_cards_in_hand():
    # Melding all five aces, the pair and the queens would leave one card: the best opening keeps two back.
    state = unopened(["AC", "AS", "AD", "AH", "AC", "KC", "KD", "2H", "QC", "QD", "QS", "9S"])
    constraint = legal(state)["constraints"][0]
    assert constraint["met"] is True
    assert constraint["best"] == 170 - 20   # aces, K-K-2 and queens count 170; one ace goes back to the hand


def test_canasta_opening_concealed_exception_going_out_at_once_from_the_stock():
    hand = ["5H", "5S", "5D", "5C", "5H", "5S", "2C", "9D", "9C", "9H", "9S", "9D"]
    state = unopened(hand, score=(3000, 0))
    move = {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D", "5C", "5H", "5S", "2C"]},
                                      {"cards": ["9D", "9C", "9H", "9S", "9D"]}]}
    assert broken(state, move) == []
    result = apply(state, move)
    assert result["state"]["turn"]["ending"] == "went_out" and result["state"]["turn"]["concealed"] is True
    # Melding the canasta first is a step of the same opening: the turn can still go out at once,
    # but it cannot end with a discard while the count is short.
    partial = {"type": "meld", "melds": [{"cards": ["5H", "5S", "5D", "5C", "5H", "5S", "2C"]}]}
    assert broken(state, partial) == []
    step = apply(state, partial)["state"]
    assert step["turn"]["opening"] == {"counted": 50, "required": 120}
    assert broken(step, {"type": "discard", "card": "9D"}) == ["canasta.opening.in-steps"]
    out = apply(step, {"type": "meld", "melds": [{"cards": ["9D", "9C", "9H", "9S", "9D"]}]})["state"]
    assert out["turn"]["ending"] == "went_out" and out["turn"]["concealed"] is True


def test_canasta_opening_concealed_exception_is_listed_when_the_minimum_is_out_of_reach():
    hand = ["5H", "5S", "5D", "5C", "5H", "5S", "2C", "9D", "9C", "9H", "9S", "9D"]
    answer = legal(unopened(hand, score=(3000, 0)))
    going = [m for m in answer["moves"] if m["type"] == "meld" and m.get("opening", {}).get("exempt")]
    assert going and "canasta.opening.concealed-exception" in going[0]["rules"]
    assert answer["constraints"][0]["going_out"]["rules"] == ["canasta.opening.concealed-exception"]
