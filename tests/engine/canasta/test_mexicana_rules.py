"""Mexicana Canasta, tested from the rule texts alone, before the engine's answers were looked at: the seed's
Variation 5 first, then the sourced facts where it leaves a point open; everything else as Classic Canasta."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest

from . import helpers

VARIANT = "mexicana"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Three 52-card packs plus six jokers: every card code three times, the joker six times.
DECK = Counter({**{rank + suit: 3 for rank in RANKS for suit in "CDHS"}, "JK": 6})
RED_THREES = ("3D", "3H")
WILD = ("2C", "2D", "2H", "2S", "JK")

OPPONENTS_MELD = {"cards": ["AC", "AC", "AS", "JK"]}   # side 1 has melded: the pile may have been taken before
KINGS = {"cards": ["KD", "KC", "KS"]}
SEVEN_KINGS = {"cards": ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]}
SEVEN_QUEENS = {"cards": ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]}
SEVEN_JACKS = {"cards": ["JC", "JC", "JD", "JD", "JH", "JH", "JS"]}
SEVEN_SEVENS = {"cards": ["7C", "7C", "7D", "7D", "7H", "7H", "7S"]}
MIXED_SEVENS = {"cards": ["7C", "7C", "7D", "7D", "7H", "7H", "2S"]}
FILLER = ["3C", "3S", "4C", "5D", "6H", "8C", "9D", "10S"]    # no two of a rank, no wild card: melds nothing


# -- building positions ---------------------------------------------------------------------------
body = partial(helpers.variant_body, VARIANT)


def position(hands: list, *, discard: list[str], melds: list, red_threes: list | None = None,
             turn: dict | None = None, hidden_stock: bool = False, **fields) -> dict:
    """A four-player Mexicana position: the stock holds every card of the 162 not shown (red threes at the bottom,
    so the cards drawn in a test meet none), or its count with hidden hands or hidden_stock."""
    return helpers.position(hands, discard=discard, melds=melds, red_threes=red_threes, turn=turn,
                            hidden_stock=hidden_stock, dealt=None, deck=DECK, **fields)


meld_turn = helpers.meld_turn


rules_broken = partial(helpers.variant_rules_broken, VARIANT)
codes = partial(helpers.variant_codes, VARIANT)


def take(cards: list[str], **extra) -> dict:
    return {"type": "take_pile", "cards": cards, **extra}


def hand_size(hand: object) -> int:
    return hand["count"] if type(hand) is dict else len(hand)


def stock_size(stock: object) -> int:
    return stock["count"] if type(stock) is dict else len(stock)


# -- the deal -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_canasta_deal_hands_mexicana_162_cards_13_each_and_an_upcard(seed):
    # The seed: three packs and six jokers, 162 cards; thirteen to each of the four players.
    answer = answers.deal({"game": "canasta", "variant": VARIANT, "seed": seed})
    state = answer["state"]
    assert state["players"] == 4
    assert [len(hand) for hand in state["hands"]] == [13, 13, 13, 13]
    assert not [card for hand in state["hands"] for card in hand if card in RED_THREES]
    every = helpers.dealt_cards(state)
    assert sum(every.values()) == 162 and every == DECK
    # Basic rules (Classic): the upcard is turned from the stock, and turned again while it is wild or a red three.
    assert state["discard"], "the deal turns an upcard"
    assert state["discard"][-1] not in WILD + RED_THREES
    assert all(card in WILD + RED_THREES for card in state["discard"][:-1])
    assert state["turn"] == {"seat": (state["dealer"] + 1) % 4, "phase": "draw"}


def test_canasta_deal_upcard_mexicana_a_wild_upcard_is_covered():
    # Basic rules (Classic): a wild card or red three turned up is covered by the next card of the stock.
    covered = [answers.deal({"game": "canasta", "variant": VARIANT, "seed": seed})["state"]["discard"]
               for seed in range(60)]
    deep = [pile for pile in covered if len(pile) > 1]
    assert deep, "sixty deals turn some wild card or red three up"
    assert all(pile[-1] not in WILD + RED_THREES for pile in deep)


# -- the pile and the sevens ----------------------------------------------------------------------
def opened(hand: list[str], pile: list[str], side_melds: list | None = None) -> dict:
    """Seat 0 to draw; side 0 has melded kings (unless told otherwise), side 1 has melded aces."""
    side_melds = [KINGS] if side_melds is None else side_melds
    return position([hand, {"count": 20}, {"count": 13}, {"count": 13}], discard=pile,
                    melds=[side_melds, [OPPONENTS_MELD]], melded_before=[bool(side_melds), True, False, False])


@pytest.mark.parametrize("hand, pile, side_melds, cards", [
    (["7H", "7S", "QH", "QS", "4H", "9D"], ["5C", "8D", "7D"], None, ["7H", "7S"]),
    (["7H", "7S", "4H", "9D"], ["5C", "8D", "7D"], [KINGS, {"cards": ["7C", "7C", "7S"]}], []),
    (["7H", "7S", "4H", "9D"], ["5C", "2D", "7D"], None, ["7H", "7S"]),
    (["7H", "7S", "AH", "AS", "AD", "4H", "9D"], ["5C", "8D", "7D"], [], ["7H", "7S"]),
], ids=["natural-pair", "onto-the-sides-sevens", "frozen-pile-natural-pair", "to-open"])
def test_canasta_pile_blocked_tops_mexicana_a_seven_on_top_blocks_the_pile(hand, pile, side_melds, cards):
    # The seed: a seven on top of the discard pile stops anyone taking it.
    state = opened(hand, pile, side_melds)
    move = take(cards, melds=[{"cards": ["AH", "AS", "AD"]}]) if side_melds == [] else take(cards)
    broken = rules_broken(state, move)
    assert broken and "canasta.pile.blocked-tops" in broken
    assert codes(state) == ["draw"]


def test_canasta_pile_unfrozen_take_mexicana_another_natural_top_is_taken_as_in_classic():
    # Seed: "Follow the basic Canasta rules": a pile not frozen is taken with a natural pair, or a natural and a wild.
    state = opened(["QH", "QS", "4H", "9D"], ["5C", "8D", "QD"])
    assert rules_broken(state, take(["QH", "QS"])) == []
    assert "take_pile:QH,QS" in codes(state)
    mixed = opened(["QH", "2S", "4H", "9D"], ["5C", "8D", "QD"])
    assert rules_broken(mixed, take(["QH", "2S"])) == []
    after = answers.apply_move(body(state, take(["QH", "QS"])))["state"]
    assert after["discard"] == []
    assert ["QD", "QH", "QS"] in [sorted(m["cards"]) for m in after["melds"][0]]


def test_canasta_pile_unfrozen_take_mexicana_a_seven_below_the_top_does_not_block():
    # The seed blocks the pile with a seven on top only: a seven under the top card does not matter.
    state = opened(["QH", "QS", "4H", "9D"], ["5C", "7D", "QD"])
    assert rules_broken(state, take(["QH", "QS"])) == []
    assert "take_pile:QH,QS" in codes(state)


def test_canasta_pile_frozen_take_mexicana_a_frozen_pile_needs_a_natural_pair_as_in_classic():
    # Seed: "Follow the basic Canasta rules": a pile frozen by a wild card is taken only with a natural pair.
    state = opened(["QH", "QS", "2S", "4H", "9D"], ["5C", "2D", "QD"])
    assert rules_broken(state, take(["QH", "QS"])) == []
    assert "canasta.pile.frozen-take" in rules_broken(state, take(["QH", "2S"]))


def test_canasta_pile_take_mexicana_a_wild_card_on_top_is_never_taken_as_in_classic():
    # The seed plays Classic's rules besides: a wild card on top of the pile cannot be taken.
    state = opened(["2H", "2S", "4H", "9D"], ["5C", "8D", "2D"])
    assert rules_broken(state, take(["2H", "2S"]))
    assert codes(state) == ["draw"]


# -- the thirteen cards for the side's first player to meld ---------------------------------------
OPENER = ["AH", "AS", "AD", "KH", "KS", "KD"] + FILLER     # 13 dealt and one drawn
ACES_AND_KINGS = {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}, {"cards": ["KH", "KS", "KD"]}]}


def test_canasta_opening_draw_mexicana_the_first_to_meld_takes_the_top_13_of_the_stock():
    # The seed: the first player of a side to meld takes the top thirteen cards of the stock into the hand.
    others = [["QC"] * 3 + ["QD"] * 3 + ["JC"] * 3 + ["JD"] * 3 + ["10C"],
              ["9C"] * 3 + ["9H"] * 3 + ["8D"] * 3 + ["8H"] * 2 + ["6C", "6D"],
              ["5C"] * 3 + ["5H"] * 3 + ["4D"] * 3 + ["4H"] * 3 + ["6S"]]
    state = position([list(OPENER)] + others, discard=["5S", "6S"], melds=[[], [OPPONENTS_MELD]],
                     melded_before=[False, True, False, False], turn=meld_turn())
    stock = list(state["stock"])
    assert rules_broken(state, ACES_AND_KINGS) == []
    after = answers.apply_move(body(state, ACES_AND_KINGS))["state"]
    assert len(after["hands"][0]) == len(OPENER) - 6 + 13
    assert after["hands"][0] == FILLER + stock[:13]
    assert after["stock"] == stock[13:]
    assert after["hands"][1:] == others
    assert after["turn"]["seat"] == 0 and after["turn"]["phase"] == "meld"


def test_canasta_opening_draw_mexicana_the_other_sides_first_melder_draws_13_too():
    # The seed: the first melder of each side takes thirteen, so side 1 opening after side 0 takes them too.
    hand = ["AH", "AS", "AD", "KC", "KC", "KC"] + FILLER
    state = position([{"count": 20}, list(hand), {"count": 13}, {"count": 13}], discard=["5S", "6S"],
                     melds=[[{"cards": ["QH", "QS", "QD", "2C"]}], []], melded_before=[True, False, False, False],
                     turn=meld_turn(1))
    move = {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}, {"cards": ["KC", "KC", "KC"]}]}
    after = answers.apply_move(body(state, move))["state"]
    assert hand_size(after["hands"][1]) == len(hand) - 6 + 13
    assert stock_size(after["stock"]) == stock_size(state["stock"]) - 13


def test_canasta_opening_draw_mexicana_the_partner_melding_later_draws_nothing():
    # The seed: only a side's first melder takes thirteen; seat 0 opened for side 0 already.
    hand = ["QH", "QS", "QD", "JH", "JS", "5H"] + FILLER
    state = position([{"count": 20}, {"count": 20}, list(hand), {"count": 13}], discard=["5S", "6S"],
                     melds=[[{"cards": ["KH", "KS", "KD"]}], [OPPONENTS_MELD]],
                     melded_before=[True, True, False, False], turn=meld_turn(2))
    move = {"type": "meld", "melds": [{"cards": ["QH", "QS", "QD"]}]}
    assert rules_broken(state, move) == []
    after = answers.apply_move(body(state, move))["state"]
    assert hand_size(after["hands"][2]) == len(hand) - 3
    assert stock_size(after["stock"]) == stock_size(state["stock"])


def test_canasta_opening_draw_mexicana_opening_with_the_pile_also_draws_13():
    # The seed and variant_facts: the player whose meld opens the side takes thirteen cards from the stock.
    # reading: taking the pile melds its top card, so an initial meld made by taking the pile is a meld too.
    hand = ["QH", "QS", "AH", "AS", "AD"] + FILLER
    state = position([list(hand), {"count": 13}, {"count": 13}, {"count": 13}], discard=["5S", "QD"],
                     melds=[[], [OPPONENTS_MELD]], melded_before=[False, True, False, False])
    move = take(["QH", "QS"], melds=[{"cards": ["AH", "AS", "AD"]}])
    assert rules_broken(state, move) == []
    after = answers.apply_move(body(state, move))["state"]
    assert hand_size(after["hands"][0]) == len(hand) - 5 + 1 + 13    # the 5S under the top card, and the 13
    assert stock_size(after["stock"]) == stock_size(state["stock"]) - 13


# -- the initial meld follows Classic's minimums --------------------------------------------------
@pytest.mark.parametrize("team_score, required", [
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120),
])
def test_canasta_opening_minimum_mexicana_classic_minimums_by_score(team_score, required):
    # Seed: "Follow the basic Canasta rules": 15 below 0, 50 from 0, 90 from 1500, 120 from 3000.
    answer = answers.validate_meld({"game": "canasta", "variant": VARIANT, "melds": [{"cards": ["AH", "AS", "AD"]}],
                                    "context": {"initial": True, "team_score": team_score}})
    assert answer["required"] == required
    assert answer["valid"] is (60 >= required)


def test_canasta_opening_minimum_mexicana_60_is_short_of_90_at_1500():
    # Seed: "Follow the basic Canasta rules": a side at 1500 needs 90 for its initial meld.
    short = position([["AH", "AS", "AD"] + FILLER + ["JH", "QS", "5H"], {"count": 13}, {"count": 13},
                      {"count": 13}], discard=["5S", "6S"], melds=[[], [OPPONENTS_MELD]],
                     melded_before=[False, True, False, False], turn=meld_turn(), score=[1500, 0])
    assert "canasta.opening.minimum" in rules_broken(short, {"type": "meld", "melds": [{"cards": ["AH", "AS", "AD"]}]})
    enough = position([list(OPENER), {"count": 13}, {"count": 13}, {"count": 13}], discard=["5S", "6S"],
                      melds=[[], [OPPONENTS_MELD]], melded_before=[False, True, False, False], turn=meld_turn(),
                      score=[1500, 0])
    assert rules_broken(enough, ACES_AND_KINGS) == []


# -- a canasta of sevens --------------------------------------------------------------------------
def finished(side_melds: list, red_threes: list[str]) -> dict:
    """Seat 2 went out for side 0; every hand is shown, to be counted."""
    return position([["4C", "5D"], ["6H", "8C", "9D"], [], ["10S", "JH"]], discard=["5S", "6S", "9C"],
                    melds=[side_melds, [OPPONENTS_MELD]], red_threes=[red_threes, []],
                    melded_before=[True, True, True, False], hidden_stock=True,
                    turn={"seat": 2, "phase": "over", "ending": "went_out", "concealed": False})


def canasta_bonus(state: dict, side: int = 0) -> int:
    lines = answers.score(body(state))["lines"]
    return sum(line["points"] for line in lines
               if line["team"] == side and line["rule"].startswith("canasta.canastas."))


def test_canasta_canastas_natural_mexicana_a_canasta_of_sevens_is_worth_1000():
    # The seed: sevens make a canasta worth 1000.
    # reading: 1000 is the canasta's bonus, in place of the 500 a natural canasta of another rank earns; the
    # sevens' own card values are counted as melded cards, as every canasta's are.
    sevens = finished([SEVEN_SEVENS, SEVEN_KINGS], ["3H", "3D"])
    queens = finished([SEVEN_QUEENS, SEVEN_KINGS], ["3H", "3D"])
    assert canasta_bonus(queens) == 500 + 500
    assert canasta_bonus(sevens) == 1000 + 500
    answer = answers.score(body(sevens))
    assert answer["teams"][0] == sum(line["points"] for line in answer["lines"] if line["team"] == 0)


def test_canasta_canastas_mixed_mexicana_a_mixed_canasta_of_sevens_is_worth_1000_too():
    # The seed and variant_facts: a canasta of sevens is worth 1000, natural or not.
    # reading: neither text limits the 1000 to a natural canasta, so a canasta of sevens holding a wild card earns
    # 1000 as well; the option sevens_canasta natural reads it as a natural canasta's bonus only.
    mixed = finished([MIXED_SEVENS, SEVEN_KINGS], ["3H", "3D"])
    assert canasta_bonus(mixed) == 1000 + 500
    natural_only = answers.score(body(mixed, options={"sevens_canasta": "natural"}))["lines"]
    assert sum(line["points"] for line in natural_only
               if line["team"] == 0 and line["rule"].startswith("canasta.canastas.")) == 300 + 500


@pytest.mark.parametrize("options, all_six", [({}, 1000), ({"all_red_threes": 1000}, 1000),
                                               ({"all_red_threes": 600}, 600)], ids=["default", "1000", "600"])
def test_canasta_variant_mexicana_option_all_red_threes(options, all_six):
    # The rule note: a side laying out all six red threes of the 162 cards scores 1000 by default (as Samba, with
    # the same deck); option all_red_threes 600 keeps 100 apiece. Five red threes score 100 each either way.
    def threes_points(red_threes: list[str]) -> int:
        state = finished([SEVEN_KINGS, SEVEN_QUEENS], red_threes)
        lines = answers.score(body(state, options=options))["lines"]
        return sum(line["points"] for line in lines if line["team"] == 0 and "red-threes" in line["rule"])
    assert threes_points(["3H", "3D", "3H", "3D", "3H", "3D"]) == all_six
    assert threes_points(["3H", "3D", "3H", "3D", "3H"]) == 500


# -- going out: two canastas and as many red threes -----------------------------------------------
def going_out(side_melds: list, red_threes: list[str]) -> dict:
    """Seat 0 has drawn; it can go out by laying KS KS off on the kings and discarding the 9D."""
    return position([["KS", "KS", "9D"], {"count": 20}, {"count": 20}, {"count": 13}], discard=["5S", "6S", "9C"],
                    melds=[side_melds, [OPPONENTS_MELD]], red_threes=[red_threes, []],
                    melded_before=[True, True, True, False], turn=meld_turn(), hidden_stock=True)


LAY_OFF = {"type": "lay_off", "meld": 0, "cards": ["KS", "KS"]}


def test_canasta_going_out_bonus_cards_mexicana_two_canastas_one_red_three_may_not_go_out():
    # The seed: going out needs two canastas, and red threes laid out as many as the side's canastas.
    state = going_out([SEVEN_KINGS, SEVEN_QUEENS], ["3H"])
    assert "canasta.going-out.bonus-cards" in rules_broken(state, LAY_OFF)
    listed = codes(state)
    assert "ask_go_out" not in listed and "lay_off:0:KS,KS" not in listed


def test_canasta_going_out_bonus_cards_mexicana_two_canastas_two_red_threes_go_out():
    # The seed: going out needs two canastas, and red threes laid out as many as the side's canastas.
    state = going_out([SEVEN_KINGS, SEVEN_QUEENS], ["3H", "3D"])
    assert rules_broken(state, LAY_OFF) == []
    assert "ask_go_out" in codes(state)
    after = answers.apply_move(body(state, LAY_OFF))["state"]
    result = answers.apply_move(body(after, {"type": "discard", "card": "9D"}))
    assert result["state"]["turn"]["phase"] == "over" and result["state"]["turn"]["ending"] == "went_out"
    assert result["to_act"] is None


def test_canasta_going_out_bonus_cards_mexicana_three_canastas_need_three_red_threes():
    # The seed: as many red threes as canastas, so three canastas with two red threes is not enough.
    state = going_out([SEVEN_KINGS, SEVEN_QUEENS, SEVEN_JACKS], ["3H", "3D"])
    assert "canasta.going-out.bonus-cards" in rules_broken(state, LAY_OFF)
    enough = going_out([SEVEN_KINGS, SEVEN_QUEENS, SEVEN_JACKS], ["3H", "3D", "3H"])
    assert rules_broken(enough, LAY_OFF) == []


def test_canasta_going_out_bonus_cards_mexicana_more_red_threes_than_canastas_still_go_out():
    # variant_facts: "Going out needs 2 canastas and at least as many red threes laid down as canastas."
    # reading: the seed's count of red threes against canastas is a floor (variant_facts' "at least"), not an
    # exact count: three red threes with two canastas go out.
    state = going_out([SEVEN_KINGS, SEVEN_QUEENS], ["3H", "3D", "3H"])
    assert rules_broken(state, LAY_OFF) == []


def test_canasta_going_out_canasta_needed_mexicana_one_canasta_is_not_enough():
    # The seed: going out needs two canastas; one canasta and one red three may not go out.
    state = going_out([SEVEN_KINGS, {"cards": ["QC", "QC", "QD"]}], ["3H"])
    broken = rules_broken(state, LAY_OFF)
    assert broken and set(broken) <= {"canasta.melds.keep-a-card", "canasta.going-out.canasta-needed",
                                      "canasta.going-out.bonus-cards"}
    assert "ask_go_out" not in codes(state)


def test_canasta_deal_cards_mexicana_a_fourth_copy_of_a_card_is_refused():
    # Seed: three 52-card decks: every card exists three times, so a position showing four of one is refused.
    state = opened(["QH", "QS", "4H", "9D"], ["5C", "8D", "QD"])
    state["hands"][0] = ["QH", "QH", "QH", "QH"]
    state["discard"] = ["5C", "8D", "9D"]
    state["stock"] = {"count": state["stock"]["count"]}
    with pytest.raises(InvalidRequest):
        answers.legal_moves(body(state))
