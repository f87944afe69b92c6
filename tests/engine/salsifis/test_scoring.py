"""Salsifis scoring, one test per rule id: card values, shares, penalties and the winner."""

from __future__ import annotations

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.salsifis.layout import layout_for
from rules_engine.games.salsifis.scoring import score
from rules_engine.games.salsifis.state import SalsifisState, Share

from .helpers import body

# Cards worth nothing, to make piles of sizes the settled turns give: a packet of three and the winning card.
LOW_CLUBS, LOW_HEARTS = ["5C", "6C", "7C"], ["5H", "6H", "7H"]


def finished(won: list[list[str]], penalties=(0, 0), shared=(), discarded=None) -> dict:
    """A finished two-player record as a referee scoring won piles sends it: the discards, unless given, left out
    as unknown (the cards no pile shows), so the record need not list every stake shared."""
    record = {"players": 2, "turn": 5, "hands": [[], []], "packets": [], "heap": [], "placements": [],
              "won": won, "shared": list(shared), "penalties": list(penalties)}
    if discarded is not None:
        record["discarded"] = discarded
    return record


def test_salsifis_scoring_values():
    # A fight's stake: a packet of three and the two cards by it.
    scored = answers.score(body(finished([["AS", "10H", "KD", "QC", "JS"], []])))
    assert scored["scores"] == [30, 0]
    assert scored["lines"] == [{"seat": 0, "points": 30, "rule": "salsifis.scoring.values",
                                "text": "won 5 cards worth 30 (AS 11, 10H 10, KD 4, QC 3, JS 2)"}]


def test_salsifis_scoring_values_penalties_are_taken_off():
    scored = answers.score(body(finished([["AS", *LOW_CLUBS], ["10H", *LOW_HEARTS]], penalties=(20, 0))))
    assert scored["scores"] == [-9, 10]
    assert {"seat": 0, "points": -20, "rule": "salsifis.formula.penalty",
            "text": "2 formulas out of place or wrong, 10 each"} in scored["lines"]


def test_salsifis_scoring_winner_single():
    scored = answers.score(body(finished([["AS", *LOW_CLUBS], ["KS", *LOW_HEARTS]])))
    assert scored["winner"] == 0 and scored["winners"] == [0] and scored["game_over"] is True


def test_salsifis_scoring_winner_tie_names_both():
    scored = answers.score(body(finished([["AS", *LOW_CLUBS], ["AH", *LOW_HEARTS]])))
    assert scored["winner"] is None and scored["winners"] == [0, 1]


def test_salsifis_scoring_values_partial_game_is_scored():
    from .helpers import dealt, play_turn
    state = play_turn(dealt(3, seed=12), [0, 0, 1])
    scored = answers.score(body(state))
    assert scored["game_over"] is False
    assert sum(line["points"] for line in scored["lines"]) == sum(scored["scores"])


def test_salsifis_scoring_values_need_visible_won_piles():
    state = finished([["AS", *LOW_CLUBS], ["KS", *LOW_HEARTS]])
    state["won"][1] = {"count": 4}
    with pytest.raises(InvalidRequest) as caught:
        answers.score(body(state))
    assert caught.value.problems[0].pointer == ("state", "won", 1)


def test_salsifis_formula_shared_scores_from_the_record():
    shared = [{"seats": [0, 1], "cards": ["AS", "5S", "6S", "7S", "7H"]}]  # a tie of sevens: 11 points between two
    scored = answers.score(body(finished([[], []], shared=shared)))
    assert scored["scores"] == [5, 5]
    exact = answers.score(body(finished([[], []], shared=shared), shared_points="exact"))
    assert exact["scores"] == [5.5, 5.5]


def test_salsifis_formula_shared_exact_thirds_add_up_to_each_score():
    # Two 10-point stakes split three ways: each seat's shares are 10/3 twice. Rounded one by one to the cent they
    # would show 3.33 and 3.33 against a total of 6.67; the lines must add up to the score all the same.
    options = {**answers.ruleset_of({"game": "salsifis", "options": {"shared_points": "exact"}}).options}
    stakes = [Share((0, 1, 2), ("10S", "5S", "6S")), Share((0, 1, 2), ("10H", "5H", "6H"))]
    state = SalsifisState(3, 8, 0, [[], [], []], [], [], [], [[], [], []], stakes, [], [0, 0, 0], [0, 0, 0],
                          layout_for(3, options))
    scored = score(options, state)
    assert scored["scores"] == [6.67, 6.67, 6.67]
    for seat in range(3):
        lines = [line["points"] for line in scored["lines"] if line["seat"] == seat]
        assert len(lines) == 2 and round(sum(lines), 2) == scored["scores"][seat]
