"""Entry fields read by scoring, going out and the pile: Classic's entry with one field changed, played
through the engine, checked against what the field's rule says."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.errors import EngineError
from rules_engine.games.canasta.checks import check, judge_move
from rules_engine.games.canasta.config import build_config
from rules_engine.games.canasta.deal import deal
from rules_engine.games.canasta.going_out import needs_of, plan_going_out
from rules_engine.games.canasta.listing import legal_moves
from rules_engine.games.canasta.meld_check import validate_meld
from rules_engine.games.canasta.melds import Meld, canasta_kind
from rules_engine.games.canasta.moves import read_move
from rules_engine.games.canasta.play import apply
from rules_engine.games.canasta.reachable import check_reachable
from rules_engine.games.canasta.scoring import score
from rules_engine.games.canasta.state import read_state
from rules_engine.games.canasta.variants import CLASSIC, CardRoles, GoingOut, Threes

from .helpers import meld, meld_turn, position

SEVEN_KINGS = meld(["KD", "KC", "KS", "KH", "KD", "KC", "KS"])
SIX_KINGS = meld(["KD", "KC", "KS", "KH", "KD", "KC"])
MIXED_FIVES = meld(["5D", "5C", "5S", "5H", "5D", "2C", "JK"])
QUEENS = meld(["QH", "QS", "QD"])
SEVEN_TENS = meld(["10D", "10C", "10S", "10H", "10D", "10C", "10S"])
MIXED_SIXES = meld(["6D", "6C", "6S", "6H", "6D", "2D", "JK"])


def entry(**groups):
    """Classic's entry with some of its groups (threes, going_out, ...) replaced."""
    return replace(CLASSIC, **groups)


def finished(hands, melds, red_threes, seat=0) -> dict:
    return position(hands, discard=["8C"], melds=melds, red_threes=red_threes, hidden_stock=True,
                    melded_before=[bool(melds[s % 2]) for s in range(4)],
                    turn={"seat": seat, "phase": "over", "ending": "went_out", "concealed": False})


def scored(table, state: dict) -> dict:
    cfg = build_config(table, ())
    return score(cfg, read_state(cfg, state, []))


def lines(answer: dict, rule: str, team: int) -> list[dict]:
    return [line for line in answer["lines"] if line["rule"] == rule and line["team"] == team]


def refused(table, state: dict, move: dict) -> list[str]:
    cfg = build_config(table, ())
    return [v.rule for v in check(cfg, read_state(cfg, state, []), read_move(move, 4))]


def listed(table, state: dict) -> list[str]:
    cfg = build_config(table, ())
    return [m["code"] for m in legal_moves(cfg, read_state(cfg, state, []))[0]]


# canasta.threes.schedule: a total by how many threes the side laid out, not a figure apiece.
@pytest.mark.parametrize("threes, total", [(["3H"], 100), (["3H", "3D"], 300), (["3H", "3D", "3H"], 600),
                                           (["3H", "3D", "3H", "3D"], 1000)])
def test_canasta_threes_schedule_totals_by_how_many_a_side_holds(threes, total):
    table = entry(threes=Threes(schedule=(0, 100, 300, 600, 1000)))
    answer = scored(table, finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS]], [[], threes]))
    found = lines(answer, "canasta.threes.schedule", 1)
    assert [line["points"] for line in found] == [total]


# canasta.threes.schedule: per colour, red and black threes each on the schedule on their own (Joker Canasta).
def test_canasta_threes_schedule_per_colour_counts_red_and_black_apart():
    table = entry(roles=CardRoles(bonus=("3C", "3D", "3H", "3S"), stop=()),
                  threes=Threes(schedule=(0, 100, 400, 900, 1900), per_colour=True, red_negative_unless="canasta"))
    answer = scored(table, finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS]],
                                    [["3H", "3D", "3C"], []]))
    found = lines(answer, "canasta.threes.schedule", 0)
    assert sorted((line["points"], line["text"]) for line in found) == [(100, "1 black three"), (400, "2 red threes")]


def test_canasta_threes_schedule_per_colour_all_of_a_colour_is_the_schedule_end():
    table = entry(roles=CardRoles(bonus=("3C", "3D", "3H", "3S"), stop=()),
                  threes=Threes(schedule=(0, 100, 400, 900, 1900), per_colour=True, red_negative_unless="canasta"))
    answer = scored(table, finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS]],
                                    [["3H", "3D", "3H", "3D"], []]))
    assert [line["points"] for line in lines(answer, "canasta.threes.schedule", 0)] == [1900]


# canasta.threes.minus: counted against a side without what the variant asks.
@pytest.mark.parametrize("unless, melds, plus", [
    ("canasta", [SEVEN_TENS], True), ("canasta", [QUEENS], False),
    ("canastas", [SEVEN_TENS], False), ("canastas", [SEVEN_TENS, MIXED_SIXES], True),
    ("never", [], True), ("melded", [], False),
])
def test_canasta_threes_minus_unless_the_side_holds_what_the_variant_asks(unless, melds, plus):
    table = entry(threes=Threes(red_negative_unless=unless), going_out=GoingOut(canastas=2))
    answer = scored(table, finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS, MIXED_FIVES], melds],
                                    [[], ["3H", "3D"]]))
    team = answer["lines"]
    points = sum(line["points"] for line in team if line["team"] == 1 and "three" in line["text"])
    assert points == (200 if plus else -200)


# canasta.black-threes.in-hand: a black three left in the hand costs its own figure (Bolivia: 100).
def test_canasta_black_threes_in_hand_cost_the_entrys_figure():
    table = entry(threes=Threes(black_hand_value=100))
    answer = scored(table, finished([[], ["9D", "3C", "3S"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS]], [[], []]))
    assert [line["points"] for line in lines(answer, "canasta.black-threes.in-hand", 1)] == [-200]
    assert [line["points"] for line in lines(answer, "canasta.scoring.hand-cards", 1) if line["seat"] == 1] == [-10]


def stock_ran_out(hands, melds) -> dict:
    """A hand ended by the stock running out, seat 0 unable to take the last discard."""
    state = finished(hands, melds, [[], []])
    state["turn"] = {"seat": 0, "phase": "over", "ending": "stock_exhausted", "concealed": False}
    return state


# canasta.black-threes.in-hand: the figure is charged when a player goes out; when the stock runs out, by default
# a black three counts as any card (black_hand_when "anyone_out"), and under "hand_end" it costs the figure too.
@pytest.mark.parametrize("when, black, cards", [("anyone_out", [], [-20]), ("hand_end", [-200], [-10])])
def test_canasta_black_threes_in_hand_when_the_stock_runs_out(when, black, cards):
    table = entry(threes=Threes(black_hand_value=100, black_hand_when=when))
    answer = scored(table, stock_ran_out([["4C"], ["9D", "3C", "3S"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS]]))
    assert [line["points"] for line in lines(answer, "canasta.black-threes.in-hand", 1)] == black
    assert [line["points"] for line in lines(answer, "canasta.scoring.hand-cards", 1) if line["seat"] == 1] == cards


def test_canasta_black_threes_in_hand_melded_in_going_out_keep_their_card_value():
    table = entry(threes=Threes(black_hand_value=100))
    state = finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS, meld(["3C", "3S", "3C"])], [QUEENS]], [[], []])
    answer = scored(table, state)
    assert lines(answer, "canasta.scoring.melded-cards", 0)[0]["points"] == 70 + 15


def reached(cfg, raw: dict):
    """The state read as the service reads it: its fields, then whether play reaches it."""
    state = read_state(cfg, raw, [])
    check_reachable(cfg, state)
    return state


# canasta.going-out.bonus-cards: as many red threes laid out as canastas (Mexicana).
MEXICANA_GOING_OUT = entry(going_out=GoingOut(canastas=1, bonus_cards_per_canasta=True))


def _last_card(red_threes, ours=(SEVEN_KINGS,)) -> dict:
    return position([["9H"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["4C"],
                    melds=[list(ours), [QUEENS]], red_threes=red_threes, hidden_stock=True,
                    melded_before=[True, True, False, False], turn=meld_turn())


def test_canasta_going_out_bonus_cards_a_canasta_without_a_red_three_does_not_go_out():
    with pytest.raises(EngineError) as refusal:
        reached(build_config(MEXICANA_GOING_OUT, ()), _last_card([[], []]))
    assert refusal.value.problems[0].rule == "canasta.going-out.bonus-cards"


def test_canasta_going_out_bonus_cards_with_a_red_three_the_last_card_goes():
    assert listed(MEXICANA_GOING_OUT, _last_card([["3H"], []])) == ["discard:9H"]
    assert refused(MEXICANA_GOING_OUT, _last_card([["3H"], []]), {"type": "discard", "card": "9H"}) == []


def test_canasta_going_out_bonus_cards_more_canastas_than_red_threes_do_not_go_out():
    state = _last_card([["3H"], []], (SEVEN_KINGS, MIXED_FIVES))
    with pytest.raises(EngineError) as refusal:
        reached(build_config(MEXICANA_GOING_OUT, ()), state)
    assert refusal.value.problems[0].rule == "canasta.going-out.bonus-cards"


def test_canasta_going_out_bonus_cards_melding_down_to_one_card_needs_them():
    def state(hand, red_threes):
        return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["4C"],
                        melds=[[SIX_KINGS], [QUEENS]], red_threes=red_threes, hidden_stock=True,
                        melded_before=[True, True, False, False], turn=meld_turn())

    move = {"type": "lay_off", "meld": 0, "cards": ["KH"]}
    assert refused(MEXICANA_GOING_OUT, state(["KH", "9H", "9S"], [[], []]), move) == []   # two cards kept
    assert refused(MEXICANA_GOING_OUT, state(["KH", "9H"], [[], []]), move) == ["canasta.going-out.bonus-cards"]
    assert "lay_off:0:KH" not in listed(MEXICANA_GOING_OUT, state(["KH", "9H"], [[], []]))
    assert refused(MEXICANA_GOING_OUT, state(["KH", "9H"], [["3D"], []]), move) == []
    assert "lay_off:0:KH" in listed(MEXICANA_GOING_OUT, state(["KH", "9H"], [["3D"], []]))


# canasta.going-out.by-kind: canastas of a kind besides the count (Bolivia's escalera, Hand and Foot's piles).
NATURAL_NEEDED = entry(going_out=GoingOut(canastas=1, by_kind=(("natural", 1),)))


def _kings(hand, ours=(SIX_KINGS,), **turn) -> dict:
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=["4C"],
                    melds=[list(ours), [QUEENS]], hidden_stock=True, melded_before=[True, True, False, False],
                    turn=meld_turn(**turn))


def test_canasta_going_out_by_kind_a_mixed_canasta_alone_does_not_go_out():
    move = {"type": "lay_off", "meld": 0, "cards": ["KH", "2C"]}
    assert refused(NATURAL_NEEDED, _kings(["KH", "2C"]), move) == ["canasta.going-out.by-kind"]
    assert refused(CLASSIC, _kings(["KH", "2C"]), move) == []


def test_canasta_going_out_by_kind_the_natural_canasta_made_then_the_last_card_discarded():
    state = _kings(["KH", "2C"])
    assert "lay_off:0:KH" in listed(NATURAL_NEEDED, state)
    assert "lay_off:0:KH,2C" not in listed(NATURAL_NEEDED, state)
    with pytest.raises(EngineError) as refusal:
        reached(build_config(NATURAL_NEEDED, ()), _kings(["2C"], (meld(["KD", "KC", "KS", "KH", "KD", "KC", "2S"]),)))
    assert refusal.value.problems[0].rule == "canasta.going-out.by-kind"


def test_canasta_going_out_by_kind_the_search_keeps_the_wild_card_off_the_natural_canasta():
    # Going out: KH onto the six kings (a natural canasta), the fives melded with the two.
    hand = ["KH", "2C", "5H", "5S", "5D"]
    cfg = build_config(NATURAL_NEEDED, ())
    state = read_state(cfg, _kings(hand, question="yes"), [])
    moves = legal_moves(cfg, state)[0]
    onto_kings = [m for m in moves if m["type"] == "lay_off" and m["meld"] == 0]
    assert onto_kings and all("2C" not in m["cards"] for m in onto_kings)
    after = _kings(["2C", "5H", "5S", "5D"], (SEVEN_KINGS,), question="yes", melded=True, extended=True)
    assert "meld:5D,5H,5S,2C" in listed(NATURAL_NEEDED, after)
    assert "lay_off:0:2C" not in listed(NATURAL_NEEDED, after)
    assert "lay_off:0:2C" in listed(CLASSIC, after)


def test_canasta_going_out_by_kind_nothing_to_ask_when_no_placing_gives_the_kind():
    # The two can go nowhere but onto the kings: every way out leaves them mixed.
    assert "ask_go_out" not in listed(NATURAL_NEEDED, _kings(["KH", "2C", "9D"]))
    assert "ask_go_out" in listed(CLASSIC, _kings(["KH", "2C", "9D"]))
    assert "ask_go_out" in listed(NATURAL_NEEDED, _kings(["KH", "2C", "9D", "9S"]))


# canasta.scoring.values-by-place: a card's own worth melded and left in hand (Oklahoma's queen of spades).
BY_PLACE = entry(values=replace(CLASSIC.values, melded=(("QS", 50),), in_hand=(("QS", 100), ("JK", 200))))


def test_canasta_scoring_values_by_place_melded_and_in_hand_each_a_line():
    answer = scored(BY_PLACE, finished([[], ["9D", "QS", "JK"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS]], [[], []]))
    by_place = lines(answer, "canasta.scoring.values-by-place", 1)
    assert sorted(line["points"] for line in by_place) == [-200, -100, 50]
    assert lines(answer, "canasta.scoring.melded-cards", 1)[0]["points"] == 20   # QH, QD
    assert [line["points"] for line in lines(answer, "canasta.scoring.hand-cards", 1)] == [-10, -20]


def test_canasta_scoring_values_by_place_the_melded_worth_counts_toward_the_initial_meld():
    cfg = build_config(BY_PLACE, ())
    assert validate_meld(cfg, {"cards": ["QS", "QH", "QD"]}, None, {})["points"] == 70
    assert validate_meld(build_config(CLASSIC, ()), {"cards": ["QS", "QH", "QD"]}, None, {})["points"] == 30


# canasta.scoring.incomplete: each meld of a kind left short when another side goes out.
INCOMPLETE = entry(incomplete_penalty=(("set", 7, 1000),))


def test_canasta_scoring_incomplete_melds_cost_a_line_each_when_another_side_goes_out():
    answer = scored(INCOMPLETE, finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS, MIXED_SIXES,
                                                                                        meld(["JH", "JS", "JD"])]],
                                         [[], []]))
    assert [line["points"] for line in lines(answer, "canasta.scoring.incomplete", 1)] == [-1000, -1000]
    assert lines(answer, "canasta.scoring.incomplete", 0) == []


def test_canasta_scoring_incomplete_melds_of_the_side_going_out_cost_nothing():
    answer = scored(INCOMPLETE, finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS, QUEENS], [SEVEN_TENS]],
                                         [[], []]))
    assert lines(answer, "canasta.scoring.incomplete", 0) == []


# canasta.game.rounds: a game of a fixed number of deals ends after the last, whatever the scores.
FOUR_DEALS = entry(game_rounds=4)


@pytest.mark.parametrize("round_number, over", [(3, False), (4, True)])
def test_canasta_game_rounds_the_game_ends_after_the_last_deal(round_number, over):
    state = finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS]], [[], []])
    state.update(score=[100, 0], round=round_number)
    answer = scored(FOUR_DEALS, state)
    assert answer["game_over"] is over
    if over:
        assert answer["winner"] == 0 and answer["rules"] == ["canasta.game.rounds"]


def test_canasta_game_rounds_a_position_carries_a_round_within_the_game():
    state = finished([[], ["9D"], ["4C"], ["AH"]], [[SEVEN_KINGS], [QUEENS]], [[], []])
    state["round"] = 5
    with pytest.raises(EngineError) as refusal:
        read_state(build_config(FOUR_DEALS, ()), state, [])
    assert refusal.value.problems[0].pointer == ("state", "round")
    state["round"] = 2
    with pytest.raises(EngineError):
        read_state(build_config(CLASSIC, ()), state, [])     # Classic counts no deals
    dealt = deal(build_config(FOUR_DEALS, ()), 4, 7, {"round": 3})[0]
    assert dealt.round == 3


# canasta.opening.by-round: the deal's number chooses the initial meld's tier.
BY_ROUND = entry(opening=replace(CLASSIC.opening, tiers=((None, 50), (2, 90), (3, 120), (4, 150)), basis="round"))


def _opening_turn(round_number: int) -> dict:
    state = position([["AH", "AS", "AD", "KH", "KS", "KD", "9C", "9D"], {"count": 11}, {"count": 11},
                      {"count": 11}], discard=["4C"], hidden_stock=True, turn=meld_turn(), score=[3500, 0])
    state["round"] = round_number
    return state


@pytest.mark.parametrize("round_number, minimum", [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_canasta_opening_by_round_the_deal_number_chooses_the_minimum(round_number, minimum):
    aces_and_kings = {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}, {"cards": ["KH", "KS", "KD"]}]}
    cfg = build_config(BY_ROUND, ())
    state = read_state(cfg, _opening_turn(round_number), [])
    violations = judge_move(cfg, state, read_move(aces_and_kings, 4))[0]
    assert [v.rule for v in violations] == ([] if 90 >= minimum else ["canasta.opening.minimum"])
    if violations:
        assert f"round {round_number}" in violations[0].message and str(minimum) in violations[0].message


# canasta.stock.last-discard: the hand ends with the discard of whoever drew the stock's last card.
LAST_DISCARD = entry(stock_end="last_discard")


def _stock_drawn(phase_turn) -> dict:
    return position([["9H", "9S"], {"count": 11}, {"count": 11}, {"count": 11}], discard=["4C"],
                    melds=[[meld(["KD", "KC", "KS"])], [QUEENS]], hidden_stock=True, stock_count=0,
                    melded_before=[True, True, False, False], turn=phase_turn)


def test_canasta_stock_last_discard_the_discard_ends_the_hand():
    cfg = build_config(LAST_DISCARD, ())
    after, events = apply(cfg, read_state(cfg, _stock_drawn(meld_turn()), []), read_move({"type": "discard",
                                                                                         "card": "9H"}, 4))
    assert after.over and after.turn.ending == "stock_exhausted"
    assert events[-1]["rules"] == ["canasta.stock.last-discard"]
    classic = build_config(CLASSIC, ())
    after, _ = apply(classic, read_state(classic, _stock_drawn(meld_turn()), []), read_move({"type": "discard",
                                                                                            "card": "9H"}, 4))
    assert not after.over


def test_canasta_stock_last_discard_no_turn_begins_without_a_stock():
    with pytest.raises(EngineError) as refusal:
        read_state(build_config(LAST_DISCARD, ()), _stock_drawn({"seat": 0, "phase": "draw"}), [])
    assert refusal.value.problems[0].rule == "canasta.stock.last-discard"
    read_state(build_config(CLASSIC, ()), _stock_drawn({"seat": 0, "phase": "draw"}), [])


# canasta.pile.blocked-tops: the top cards with which the pile can never be taken (Mexicana's sevens).
SEVENS_BLOCK = entry(pile=replace(CLASSIC.pile, blocked_tops=("black_three", "wild", "7")))


def _draw_turn(hand, discard, ours=(meld(["KD", "KC", "KS"]),)) -> dict:
    return position([hand, {"count": 11}, {"count": 11}, {"count": 11}], discard=discard, melds=[list(ours), [QUEENS]],
                    hidden_stock=True, melded_before=[True, True, False, False], turn={"seat": 0, "phase": "draw"})


def test_canasta_pile_blocked_tops_a_seven_on_top_blocks_the_pile():
    state = _draw_turn(["7H", "7S", "9D", "4C"], ["5D", "7C"])
    move = {"type": "take_pile", "cards": ["7H", "7S"]}
    assert refused(SEVENS_BLOCK, state, move) == ["canasta.pile.blocked-tops"]
    assert not any(code.startswith("take_pile") for code in listed(SEVENS_BLOCK, state))
    assert refused(CLASSIC, state, move) == []
    assert "take_pile:7H,7S" in listed(CLASSIC, state)


# canasta.pile.take-limit: the top card and at most so many of the cards nearest it come.
TAKE_THREE = entry(pile=replace(CLASSIC.pile, take_limit=3))   # the top card and the two under it


def test_canasta_pile_take_limit_the_cards_below_the_limit_stay_as_the_pile():
    cfg = build_config(TAKE_THREE, ())
    state = read_state(cfg, _draw_turn(["KH", "9D", "4C"], ["4D", "5D", "6D", "9C", "KD"]), [])
    after, events = apply(cfg, state, read_move({"type": "take_pile", "cards": ["KH"]}, 4))
    assert after.discard == ["4D", "5D"]
    assert sorted(after.hands[0]) == sorted(["9D", "4C", "6D", "9C"])
    assert events[0]["cards"] == 3 and "canasta.pile.take-limit" in events[0]["rules"]
    read_state(cfg, _draw_turn(["KH", "9D", "4C"], ["4D", "5D", "6D", "9C", "KD"]), [])   # reads back


# canasta.pile.onto-meld-unless-canasta: the top card alone joins a meld only while it is not yet a canasta.
UNLESS_CANASTA = entry(pile=replace(CLASSIC.pile, onto_meld_unless_canasta=True))


@pytest.mark.parametrize("ours, allowed", [((SIX_KINGS,), True), ((SEVEN_KINGS,), False)])
def test_canasta_pile_onto_meld_unless_canasta(ours, allowed):
    state = _draw_turn(["9D", "4C", "5S"], ["5D", "KH"], ours)
    move = {"type": "take_pile", "cards": []}
    assert refused(UNLESS_CANASTA, state, move) == ([] if allowed else ["canasta.pile.onto-meld-unless-canasta"])
    assert ("take_pile:" in listed(UNLESS_CANASTA, state)) is allowed
    assert refused(CLASSIC, state, move) == []


# canasta.opening.counting with top_discard_counts off: the top card of a pile taken to open counts nothing.
TOP_UNCOUNTED = entry(opening=replace(CLASSIC.opening, top_discard_counts=False))


def test_canasta_opening_counting_top_discard_uncounted_the_hand_cards_must_reach_the_minimum():
    state = position([["KS", "KD", "7H", "7S", "7D", "7C", "4H", "5S"], {"count": 11}, {"count": 11}, {"count": 11}],
                     discard=["9C", "KH"], hidden_stock=True)
    move = {"type": "take_pile", "cards": ["KS", "KD"], "melds": [{"cards": ["7H", "7S", "7D", "7C"]}]}
    assert refused(CLASSIC, state, move) == []                     # 10 + 20 + 20 = 50
    assert refused(TOP_UNCOUNTED, state, move) == ["canasta.opening.minimum"]   # 40
    assert any(code.startswith("take_pile") for code in listed(CLASSIC, state))
    assert not any(code.startswith("take_pile") for code in listed(TOP_UNCOUNTED, state))


# canasta.going-out.by-kind: the going-out search is exact. Every way to go out is tried by brute force:
# each card (or none) kept for the discard, each spread of the wild cards over the side's melds.
RANKS = ("5", "9", "K", "A")
WILD_CARDS = ("2C", "2D", "JK")


def _brute_force_can_go_out(cfg, hand: list[str], melds: list) -> bool:
    needs = needs_of(cfg, 0)
    for leftover in [None, *sorted(set(hand))]:
        cards = list(hand)
        if leftover is not None:
            cards.remove(leftover)
        wilds = sum(1 for c in cards if c in cfg.wild)
        added = {rank: sum(1 for c in cards if cfg.rank_of.get(c) == rank) for rank in RANKS}
        table = {m.rank: (m.naturals, m.wilds) for m in melds}
        ranks = [r for r in RANKS if added[r] or r in table]
        if any(added[r] < 2 and r not in table and added[r] for r in ranks):
            continue
        for spread in product(range(wilds + 1), repeat=len(ranks)):
            if sum(spread) != wilds:
                continue
            kinds, fine = [], True
            for rank, w in zip(ranks, spread):
                n = table.get(rank, (0, 0))[0] + added[rank]
                w += table.get(rank, (0, 0))[1]
                if n + w < 3 or w > cfg.wild_cap(n):
                    fine = False
                    break
                kinds.append(canasta_kind(cfg, n, w))
            if not fine:
                continue
            kinds = [k for k in kinds if k]
            if len(kinds) >= needs.canastas and all(kinds.count(k) >= n for k, n in needs.by_kind):
                return True
    return False


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(by_kind=st.sampled_from([(), (("natural", 1),), (("mixed", 1),), (("natural", 1), ("mixed", 1))]),
       canastas=st.sampled_from([1, 2]),
       table=st.lists(st.tuples(st.sampled_from(RANKS), st.integers(2, 6), st.integers(0, 2)), max_size=3,
                      unique_by=lambda m: m[0]),
       hand_naturals=st.lists(st.tuples(st.sampled_from(RANKS), st.integers(0, 3)), max_size=4,
                              unique_by=lambda h: h[0]),
       hand_wilds=st.integers(0, 4))
def test_canasta_going_out_by_kind_search_agrees_with_brute_force(by_kind, canastas, table, hand_naturals,
                                                                  hand_wilds):
    cfg = build_config(entry(going_out=GoingOut(canastas=canastas, by_kind=by_kind)), ())
    melds = [Meld(rank, [rank + "H"] * n + ["JK"] * w, n, w) for rank, n, w in table
             if w <= cfg.wild_cap(n) and n + w >= 3]
    hand = [rank + suit for rank, n in hand_naturals for suit in "CDHS"[:n]]
    hand += [WILD_CARDS[i % 3] for i in range(hand_wilds)]
    if not hand:
        return
    plan = plan_going_out(cfg, hand, melds, canastas_needed=canastas, minimum=None)
    assert (plan is not None) == _brute_force_can_go_out(cfg, hand, melds)
