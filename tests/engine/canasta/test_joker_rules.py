"""Joker Canasta, tested from the rule texts alone, before the engine's answers were looked at: the seed's
Variation 4 first, then the sourced facts (variant_facts, Joker Canasta) where it leaves a point open; everything
else as Classic Canasta (the basic rules at the head of the seed, and classic_canasta_facts)."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.variants import ENTRIES

from . import helpers

VARIANT = "joker"
pytestmark = pytest.mark.skipif(not ENTRIES[VARIANT].playable, reason="Joker Canasta's play is not released yet")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Two 52-card packs and four jokers (as Classic): every card code twice, the joker four times, 108 in all.
DECK = Counter({**{rank + suit: 2 for rank in RANKS for suit in "CDHS"}, "JK": 4})
THREES = ("3C", "3D", "3H", "3S")
BLACK_THREES = ("3C", "3S")
WILD = ("2C", "2D", "2H", "2S", "JK")

# Side 1 opened with 100, the lowest minimum below 3000; no ace, no wild card, so the other sides may use them.
OPPONENTS = [{"cards": ["10C", "10C", "10S", "10S", "10D"]}, {"cards": ["9C", "9C", "9S", "9S", "9D"]}]
SIDE_OPENED = [{"cards": ["KC", "KD", "KS", "2C"]}, {"cards": ["JC", "JD", "JS", "2D"]}]     # 50 + 50
ACES = {"cards": ["AH", "AH", "AD"]}
SEVEN_KINGS = {"cards": ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]}
FIVE_KINGS = {"cards": ["KC", "KC", "KD", "KD", "KS"]}
THREE_KINGS = {"cards": ["KC", "KD", "KS"]}
SEVEN_QUEENS = {"cards": ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]}
SIX_QUEENS = {"cards": ["QC", "QC", "QD", "QD", "QH", "QH"]}
SEVEN_TWOS = {"cards": ["2C", "2C", "2D", "2D", "2H", "2H", "2S"]}
JOKERS_AND_TWOS = {"cards": ["JK", "JK", "JK", "JK", "2C", "2D", "2H"]}
SEVEN_WILD = {"cards": ["JK", "JK", "2C", "2C", "2D", "2D", "2H"]}
FILLER = ["4C", "6D", "7S", "8C", "JH", "QS", "9H", "10H"]     # no pair, no wild card, no three: melds nothing


# -- building positions ---------------------------------------------------------------------------
body = partial(helpers.variant_body, VARIANT)


def position(hands: list, *, discard: list[str], melds: list, red_threes: list | None = None,
             turn: dict | None = None, hidden_stock: bool = False, **fields) -> dict:
    """A four-player Joker Canasta position: the stock holds every card of the 108 not shown, or its count with
    hidden hands or hidden_stock. Hands are taken as given (no three is ever added to fill one)."""
    return helpers.position(hands, discard=discard, melds=melds, red_threes=red_threes, turn=turn,
                            hidden_stock=hidden_stock, dealt=None, deck=DECK, **fields)


meld_turn = helpers.meld_turn


def opened(hand: list[str], pile: list[str], side_melds: list | None = None, turn: dict | None = None) -> dict:
    """Seat 0 to draw (or in the turn given); side 0 has opened (unless told otherwise), side 1 too."""
    side_melds = list(SIDE_OPENED) if side_melds is None else side_melds
    return position([hand, {"count": 13}, {"count": 13}, {"count": 13}], discard=pile,
                    melds=[side_melds, list(OPPONENTS)], melded_before=[bool(side_melds), True, False, False],
                    turn=turn)


rules_broken = partial(helpers.variant_rules_broken, VARIANT)
codes = partial(helpers.variant_codes, VARIANT)


def take(cards: list[str], **extra) -> dict:
    return {"type": "take_pile", "cards": cards, **extra}


def lay_off(meld: int, cards: list[str]) -> dict:
    return {"type": "lay_off", "meld": meld, "cards": cards}


def judged(cards: list[str], **context) -> dict:
    """The /validate-meld answer for one meld."""
    return answers.validate_meld({"game": "canasta", "variant": VARIANT, "meld": {"cards": cards},
                                  "context": {"initial": False, "team_score": 0, **context}})


def violated(answer: dict) -> set[str]:
    return {v["rule"] for v in answer["violations"]}


# -- the deal -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_canasta_deal_hands_joker_108_cards_13_each_and_an_upcard(seed):
    # Seed, Variation 4: thirteen cards to each player; the basic game's two packs with four jokers, 108 cards.
    state = answers.deal({"game": "canasta", "variant": VARIANT, "seed": seed})["state"]
    assert state["players"] == 4
    assert [len(hand) for hand in state["hands"]] == [13, 13, 13, 13]
    # Black threes act as red threes do, so no three of either colour stays in a hand after the deal.
    assert not [card for hand in state["hands"] for card in hand if card in THREES]
    every = helpers.dealt_cards(state)
    assert sum(every.values()) == 108 and every == DECK
    assert all(card in THREES for threes in state["red_threes"] for card in threes)
    # Basic rules: a wild card or a three turned up as the upcard is covered by the next one.
    assert state["discard"] and state["discard"][-1] not in WILD + THREES
    assert all(card in WILD + THREES for card in state["discard"][:-1])
    assert state["turn"] == {"seat": (state["dealer"] + 1) % 4, "phase": "draw"}


def test_canasta_red_threes_lay_out_joker_black_threes_dealt_are_laid_out_and_replaced():
    # Seed: black threes work just as red ones, which are put down face up and replaced from the stock.
    deals = [answers.deal({"game": "canasta", "variant": VARIANT, "seed": seed})["state"] for seed in range(40)]
    laid = [state for state in deals if any(c in BLACK_THREES for threes in state["red_threes"] for c in threes)]
    assert laid, "forty deals lay some black three out"
    for state in laid:
        assert [len(hand) for hand in state["hands"]] == [13, 13, 13, 13]
        assert not [card for hand in state["hands"] for card in hand if card in THREES]


def test_canasta_deal_upcard_joker_a_black_three_turned_up_is_covered():
    # Basic rules cover a red three turned up; Variation 4 plays black threes the same way, so they are covered too.
    piles = [answers.deal({"game": "canasta", "variant": VARIANT, "seed": seed})["state"]["discard"]
             for seed in range(200)]
    assert all(pile[-1] not in WILD + THREES for pile in piles)
    assert [pile for pile in piles if any(card in BLACK_THREES for card in pile[:-1])], \
        "two hundred deals turn some black three up"


# -- black threes: bonus cards, never held, never a stop card --------------------------------------
def test_canasta_red_threes_lay_out_joker_a_black_three_drawn_is_laid_out_and_replaced():
    # Seed: black threes function as red ones: put face up before the side at once, with a card from the stock.
    hand = ["QH", "QS", "4H", "7D"]
    state = opened(hand, ["5C", "8D", "6S"])
    after = answers.apply_move(body(state, {"type": "draw", "cards": ["3S", "8H"]}))["state"]
    assert after["red_threes"][0] == ["3S"]
    assert sorted(after["hands"][0]) == sorted(hand + ["8H"])
    assert after["turn"]["seat"] == 0 and after["turn"]["phase"] == "meld"


def test_canasta_red_threes_lay_out_joker_a_black_three_is_never_kept_in_a_hand():
    # Seed: black threes are laid down as red ones are, so a position with one held by a player cannot arise.
    state = opened(["QH", "QS", "4H", "3C"], ["5C", "8D", "6S"])
    with pytest.raises(InvalidRequest) as caught:
        answers.legal_moves(body(state))
    assert caught.value.problems[0].pointer == ("state", "hands", 0)
    assert caught.value.problems[0].rule == "canasta.red-threes.lay-out"
    laid = opened(["QH", "QS", "4H", "7D"], ["5C", "8D", "6S"])
    laid["red_threes"][0] = ["3C"]
    laid["stock"]["count"] -= 1
    assert answers.legal_moves(body(laid))["to_act"] == 0


def test_canasta_melds_black_threes_joker_black_threes_are_never_melded_even_going_out():
    # Seed: black threes are bonus cards as red ones are, and a bonus three is never part of a meld (Classic's
    # meld of three black threes in going out does not exist here).
    answer = judged(["3C", "3S", "3C"], going_out=True)
    assert answer["valid"] is False


@pytest.mark.parametrize("cards", [["3C", "3S", "3C", "3S"], ["3H", "3D", "3H"]], ids=["black", "red"])
def test_canasta_red_threes_lay_out_joker_threes_alone_are_refused_for_that_reason_only(cards):
    # Threes alone are bonus cards put down, not a meld of any kind: the verdict names the one rule they break.
    answer = judged(cards)
    assert [v["rule"] for v in answer["violations"]] == ["canasta.red-threes.lay-out"]


# -- the pile is always frozen --------------------------------------------------------------------
def test_canasta_pile_frozen_joker_frozen_for_an_opened_side_with_no_wild_card_in_it():
    # Seed: in this variation the pile is frozen at all times, not only while a wild card lies in it.
    state = opened(["QH", "QS", "4H", "7D"], ["5C", "8D", "QD"])
    assert answers.legal_moves(body(state))["pile"]["frozen"] is True


@pytest.mark.parametrize("pile", [["5C", "8D", "QD"], ["5C", "2H", "QD"]], ids=["no-wild-card", "a-wild-card"])
def test_canasta_pile_frozen_take_joker_a_natural_pair_takes_it(pile):
    # Seed: the pile goes to a player melding its top card with two natural cards of that rank from the hand.
    state = opened(["QH", "QS", "4H", "7D"], pile)
    assert rules_broken(state, take(["QH", "QS"])) == []
    assert "take_pile:QH,QS" in codes(state)
    after = answers.apply_move(body(state, take(["QH", "QS"])))["state"]
    assert after["discard"] == []
    assert ["QD", "QH", "QS"] in [sorted(m["cards"]) for m in after["melds"][0]]
    assert sorted(after["hands"][0]) == sorted(["4H", "7D"] + pile[:-1])


@pytest.mark.parametrize("pile", [["5C", "8D", "QD"], ["5C", "2H", "QD"]], ids=["no-wild-card", "a-wild-card"])
def test_canasta_pile_frozen_take_joker_a_natural_and_a_wild_card_are_refused_after_opening(pile):
    # Seed: only a natural pair takes the pile, even for a side that has opened and a pile with no wild card.
    state = opened(["QH", "2S", "4H", "7D"], pile)
    assert "canasta.pile.frozen-take" in rules_broken(state, take(["QH", "2S"]))
    assert codes(state) == ["draw"]


def test_canasta_pile_frozen_take_joker_the_sides_meld_of_the_rank_does_not_take_it():
    # Seed: the top card goes with two naturals from the hand; a meld of its rank on the table is not enough.
    state = opened(["QH", "4H", "7D", "8S"], ["5C", "8D", "QD"],
                   side_melds=SIDE_OPENED + [{"cards": ["QC", "QC", "QS"]}])
    broken = rules_broken(state, take([]))
    assert broken and "canasta.pile.frozen-take" in broken
    assert codes(state) == ["draw"]


def test_canasta_pile_frozen_take_joker_a_wild_top_card_is_never_taken():
    # Seed: the top card is melded with two natural cards of its rank; a wild card has no such pair, even for a
    # side holding a meld of wild cards and a wild pair in hand.
    state = opened(["2H", "2S", "4H", "7D"], ["5C", "8D", "2D"],
                   side_melds=SIDE_OPENED + [{"cards": ["JK", "JK", "2C"]}])
    assert rules_broken(state, take(["2H", "2S"]))
    assert codes(state) == ["draw"]


UNOPENED_HAND = ["QH", "QS", "AH", "AH", "AD", "2S", "4H", "5D", "6H", "7C", "8S", "JH", "KH"]


def test_canasta_pile_frozen_take_joker_an_unopened_side_opens_with_a_natural_pair():
    # Seed: natural pair with the top card; basic rules: only the top card of the pile counts toward the 100.
    state = opened(list(UNOPENED_HAND), ["5C", "8D", "QD"], side_melds=[])
    move = take(["QH", "QS"], melds=[{"cards": ["AH", "AH", "AD", "2S"]}])    # 30 + 80 = 110
    assert rules_broken(state, move) == []
    after = answers.apply_move(body(state, move))["state"]
    assert after["discard"] == [] and len(after["melds"][0]) == 2


def test_canasta_pile_frozen_take_joker_an_unopened_side_needs_the_natural_pair_too():
    # Seed: natural pair only, so a queen with a two cannot take the pile even to open.
    state = opened(list(UNOPENED_HAND), ["5C", "8D", "QD"], side_melds=[])
    move = take(["QH", "2S"], melds=[{"cards": ["AH", "AH", "AD"]}])
    assert "canasta.pile.frozen-take" in rules_broken(state, move)


def test_canasta_opening_minimum_joker_taking_the_pile_to_open_needs_100():
    # Seed: 100 below 3000; basic rules: the queens (30) and aces (60) make 90, short of it.
    state = opened(list(UNOPENED_HAND), ["5C", "8D", "QD"], side_melds=[])
    move = take(["QH", "QS"], melds=[{"cards": ["AH", "AH", "AD"]}])
    assert "canasta.opening.minimum" in rules_broken(state, move)


# -- melds of wild cards alone and wild canastas --------------------------------------------------
def test_canasta_melds_all_wild_joker_three_wild_cards_make_a_meld():
    # Seed: wild cards may be melded as canastas, so they may be melded on their own; a meld is three cards.
    answer = judged(["2C", "2D", "JK"])
    assert answer["valid"] is True and answer["violations"] == []
    assert answer["points"] == 20 + 20 + 50
    state = opened(["2H", "2S", "JK", "5H", "6H"], ["5C", "8D", "6S"], turn=meld_turn())
    move = {"type": "meld", "melds": [{"cards": ["2H", "2S", "JK"]}]}
    assert rules_broken(state, move) == []
    after = answers.apply_move(body(state, move))["state"]
    assert ["2H", "2S", "JK"] in [sorted(m["cards"]) for m in after["melds"][0]]


def test_canasta_melds_all_wild_joker_two_wild_cards_are_no_meld():
    # Basic rules: a meld holds at least three cards, wild cards alone included.
    assert judged(["2C", "JK"])["valid"] is False


def test_canasta_melds_all_wild_joker_a_wild_meld_grows_with_wild_cards_only():
    # Seed: a wild canasta is made of wild cards; a natural king on it would leave a king meld of one natural
    # card, which the basic rules refuse.
    state = opened(["2S", "KH", "5H", "6H"], ["5C", "8D", "6S"],
                   side_melds=SIDE_OPENED + [{"cards": ["JK", "JK", "2H"]}], turn=meld_turn())
    assert rules_broken(state, lay_off(2, ["2S"])) == []
    assert rules_broken(state, lay_off(2, ["KH"]))


@pytest.mark.parametrize("cards", [SEVEN_TWOS["cards"], JOKERS_AND_TWOS["cards"], SEVEN_WILD["cards"]],
                         ids=["seven-twos", "four-jokers-three-twos", "a-mix"])
def test_canasta_canastas_wild_joker_seven_wild_cards_are_a_wild_canasta(cards):
    # Seed: wild cards may make a canasta of their own: seven of them, whatever the mix of twos and jokers.
    answer = judged(cards)
    assert answer["valid"] is True and answer["canasta"] == "wild"


# A side with nothing on the table never took the pile: each of its players still holds the 13 dealt.
UNMELDED_HANDS = (["4D", "4D", "5C", "5C", "6C", "6C", "7C", "7C", "8D", "8D", "9C", "9C", "10C"],
                  ["4H", "4H", "5H", "5H", "6D", "6D", "7D", "7D", "8H", "8H", "9D", "9D", "10D"])


def finished(side_melds: list, threes: list | None = None, side1_melds: list | None = None,
             score: list | None = None) -> dict:
    """Seat 2 went out for side 0; every hand is shown, to be counted: seat 0 keeps 4C 5D (10), side 1 keeps
    6H 8C 7S and 4S JH (35), or thirteen cards each when it has melded nothing."""
    side1_melds = list(OPPONENTS) if side1_melds is None else side1_melds
    fields = {"score": score} if score is not None else {}
    seat1, seat3 = (["6H", "8C", "7S"], ["4S", "JH"]) if side1_melds else map(list, UNMELDED_HANDS)
    return position([["4C", "5D"], seat1, [], seat3], discard=["5S", "6S", "9H"],
                    melds=[side_melds, side1_melds], red_threes=threes or [[], []],
                    melded_before=[True, bool(side1_melds), True, False], hidden_stock=True,
                    turn={"seat": 2, "phase": "over", "ending": "went_out", "concealed": False}, **fields)


def canasta_bonus(state: dict, side: int = 0) -> int:
    lines = answers.score(body(state))["lines"]
    return sum(line["points"] for line in lines
               if line["team"] == side and line["rule"].startswith("canasta.canastas."))


@pytest.mark.parametrize("wild, bonus", [
    (SEVEN_TWOS, 4000),
    (JOKERS_AND_TWOS, 3000),
    (SEVEN_WILD, 2000),
    ({"cards": ["JK", "JK", "JK", "2C", "2C", "2D", "2D"]}, 2000),
    ({"cards": ["JK", "2C", "2C", "2D", "2D", "2H", "2H"]}, 2000),
], ids=["seven-twos", "four-jokers-three-twos", "two-jokers-five-twos", "three-jokers-four-twos",
        "one-joker-six-twos"])
def test_canasta_canastas_wild_by_composition_joker_bonus_by_what_it_holds(wild, bonus):
    # Seed: seven twos 4000, four jokers and three twos 3000; variant_facts: 2000 for any other wild canasta.
    # reading: the figure is the canasta's bonus; its cards count as melded cards, as every canasta's do.
    # The seven kings beside it earn a natural canasta's 500 (basic rules).
    assert canasta_bonus(finished([wild, SEVEN_KINGS])) == bonus + 500


def test_canasta_canastas_wild_by_composition_joker_a_worked_hand():
    # Seed and basic rules: seven twos (140 in cards, 4000), seven kings (70, 500), going out 100, threes on the
    # schedule by colour with a canasta: black 100 + 300, red 100; seat 0 keeps 4C 5D (-10).
    state = finished([SEVEN_TWOS, SEVEN_KINGS], threes=[["3C", "3S", "3H"], []])
    answer = answers.score(body(state))
    assert answer["teams"][0] == 140 + 4000 + 70 + 500 + 100 + (100 + 300) + 100 - 10
    # Side 1: 50 in tens and 50 in nines melded, less 35 left in its hands; no canasta, no three.
    assert answer["teams"][1] == 100 - 35
    assert answer["scores"] == [answer["teams"][0], answer["teams"][1]] * 2
    for side in (0, 1):
        assert sum(line["points"] for line in answer["lines"] if line["team"] == side) == answer["teams"][side]


# -- no meld holds more than seven cards ----------------------------------------------------------
def test_canasta_melds_max_cards_joker_eight_of_a_rank_are_refused():
    # Seed: a canasta never grows past seven cards; seven kings are a natural canasta.
    eight = judged(SEVEN_KINGS["cards"] + ["KS"])
    assert eight["valid"] is False and "canasta.melds.max-cards" in violated(eight)
    seven = judged(SEVEN_KINGS["cards"])
    assert seven["valid"] is True and seven["canasta"] == "natural"
    mixed = judged(["KC", "KC", "KD", "KD", "KH", "KH", "2C", "JK"])
    assert mixed["valid"] is False and "canasta.melds.max-cards" in violated(mixed)


def test_canasta_melds_max_cards_joker_eight_wild_cards_are_refused():
    # Seed: the seven-card cap holds for a canasta of wild cards as for any other.
    eight = judged(["JK", "JK", "JK", "JK", "2C", "2D", "2H", "2S"])
    assert eight["valid"] is False and "canasta.melds.max-cards" in violated(eight)


def test_canasta_melds_max_cards_joker_an_eighth_natural_is_not_laid_off():
    # Seed: a canasta holds seven cards at most, so seven kings take no eighth king.
    state = opened(["KS", "5H", "6H", "8C"], ["5C", "8D", "6S"], side_melds=[SEVEN_KINGS, ACES], turn=meld_turn())
    assert "canasta.melds.max-cards" in rules_broken(state, lay_off(0, ["KS"]))
    assert "lay_off:0:KS" not in codes(state)


def test_canasta_melds_max_cards_joker_a_wild_card_does_not_join_a_full_canasta():
    # Seed: seven cards at most, so no wild card joins seven kings either.
    state = opened(["2S", "5H", "6H", "8C"], ["5C", "8D", "6S"], side_melds=[SEVEN_KINGS, ACES], turn=meld_turn())
    assert "canasta.melds.max-cards" in rules_broken(state, lay_off(0, ["2S"]))
    assert not [code for code in codes(state) if code.startswith("lay_off:0:")]


def test_canasta_melds_max_cards_joker_a_wild_canasta_takes_no_eighth_wild_card():
    # Seed: seven cards at most, for a wild canasta as well.
    state = opened(["2S", "5H", "6H", "8C"], ["5C", "8D", "6S"], side_melds=[SEVEN_WILD, ACES], turn=meld_turn())
    assert "canasta.melds.max-cards" in rules_broken(state, lay_off(0, ["2S"]))


def test_canasta_melds_max_cards_joker_six_queens_take_one_more_not_two():
    # Seed: seven cards at most: six queens grow to seven, never to eight.
    state = opened(["QS", "QS", "5H", "6H", "8C"], ["5C", "8D", "6S"], side_melds=[SIX_QUEENS, ACES],
                   turn=meld_turn())
    assert rules_broken(state, lay_off(0, ["QS"])) == []
    assert "canasta.melds.max-cards" in rules_broken(state, lay_off(0, ["QS", "QS"]))


def test_canasta_melds_max_cards_joker_a_wild_meld_of_six_takes_one_more_not_two():
    # Seed: seven cards at most, for a meld of wild cards growing card by card.
    six = {"cards": ["JK", "JK", "2C", "2C", "2D", "2D"]}
    state = opened(["2H", "2H", "5H", "6H", "8C"], ["5C", "8D", "6S"], side_melds=[six, ACES], turn=meld_turn())
    assert rules_broken(state, lay_off(0, ["2H"])) == []
    assert "canasta.melds.max-cards" in rules_broken(state, lay_off(0, ["2H", "2H"]))


def test_canasta_melds_max_cards_joker_a_meld_of_eight_is_not_put_down():
    # Seed: seven cards at most, for a meld put down in one go too.
    fives = ["5C", "5C", "5D", "5D", "5H", "5H", "5S", "5S"]
    state = opened(fives + ["6H", "8C"], ["4C", "8D", "6S"], turn=meld_turn())
    assert "canasta.melds.max-cards" in rules_broken(state, {"type": "meld", "melds": [{"cards": fives}]})
    assert rules_broken(state, {"type": "meld", "melds": [{"cards": fives[:7]}]}) == []


# -- the initial meld: 100, 130, 150 --------------------------------------------------------------
@pytest.mark.parametrize("team_score, required", [
    (-200, 100), (0, 100), (2995, 100), (3000, 130), (4995, 130), (5000, 150), (8000, 150),
])
def test_canasta_opening_minimum_joker_100_130_150_by_score(team_score, required):
    # Seed: 100 below 3000 (a negative score too: the seed has no lower tier), 130 from 3000 to 4995, then 150.
    answer = answers.validate_meld({"game": "canasta", "variant": VARIANT, "melds": [{"cards": ["AH", "AS", "AD"]}],
                                    "context": {"initial": True, "team_score": team_score}})
    assert answer["required"] == required
    assert answer["valid"] is False          # three aces count 60, short of every tier


AAA2 = ["AH", "AH", "AD", "2S"]             # 80
KKK = ["KH", "KH", "KD"]                    # 30
KKK2 = ["KH", "KH", "KD", "2H"]             # 50
FIVES3 = ["5C", "5D", "5H"]                 # 15
FIVES4 = FIVES3 + ["5S"]                    # 20


@pytest.mark.parametrize("team_score, melds, points, enough", [
    (0, [AAA2, FIVES3], 95, False),
    (0, [AAA2, FIVES4], 100, True),
    (2995, [AAA2, FIVES4], 100, True),
    (3000, [AAA2, FIVES4], 100, False),
    (3000, [AAA2, KKK, FIVES3], 125, False),
    (3000, [AAA2, KKK, FIVES4], 130, True),
    (4995, [AAA2, KKK, FIVES4], 130, True),
    (5000, [AAA2, KKK, FIVES4], 130, False),
    (5000, [AAA2, KKK2, FIVES3], 145, False),
    (5000, [AAA2, KKK2, FIVES4], 150, True),
], ids=["95-at-0", "100-at-0", "100-at-2995", "100-at-3000", "125-at-3000", "130-at-3000", "130-at-4995",
        "130-at-5000", "145-at-5000", "150-at-5000"])
def test_canasta_opening_minimum_joker_a_count_short_by_5_is_refused(team_score, melds, points, enough):
    # Seed: the initial meld needs 100 below 3000, 130 from 3000, 150 from 5000 (card values are multiples of 5,
    # so 95, 125 and 145 stand for "one short").
    answer = answers.validate_meld({"game": "canasta", "variant": VARIANT, "melds": [{"cards": m} for m in melds],
                                    "context": {"initial": True, "team_score": team_score}})
    assert answer["points"] == points and answer["valid"] is enough
    cards = [card for meld in melds for card in meld]
    hand = cards + FILLER[:14 - len(cards)]
    state = position([hand, {"count": 13}, {"count": 13}, {"count": 13}], discard=["5S", "6S"],
                     melds=[[], list(OPPONENTS)], melded_before=[False, True, False, False], turn=meld_turn(),
                     score=[team_score, 0])
    broken = rules_broken(state, {"type": "meld", "melds": [{"cards": m} for m in melds]})
    assert broken == [] if enough else "canasta.opening.minimum" in broken


# -- threes: each colour on its own schedule ------------------------------------------------------
SIDE1_CANASTA = [{"cards": ["10C", "10C", "10D", "10D", "10H", "10H", "10S"]}, {"cards": ["9C", "9C", "9S"]}]


def threes_points(threes: list[str], side1_melds: list, **options) -> int:
    """What side 1's threes add to its hand score: the same hand scored with them and without them."""
    side0 = [SEVEN_KINGS, SEVEN_QUEENS, ACES]
    with_them = answers.score(body(finished(side0, [[], list(threes)], side1_melds), options=options))["teams"][1]
    without = answers.score(body(finished(side0, [[], []], side1_melds), options=options))["teams"][1]
    return with_them - without


@pytest.mark.parametrize("threes, points", [
    (["3C"], 100),
    (["3C", "3S"], 100 + 300),
    (["3C", "3S", "3C"], 100 + 300 + 500),
    (["3C", "3S", "3C", "3S"], 100 + 300 + 500 + 1000),
    (["3H", "3D"], 100 + 300),
    (["3H", "3D", "3H", "3D"], 100 + 300 + 500 + 1000),
    (["3C", "3H"], 100 + 100),
    (["3C", "3S", "3H"], (100 + 300) + 100),
    (["3C", "3S", "3C", "3H", "3D"], (100 + 300 + 500) + (100 + 300)),
    (["3C", "3S", "3C", "3S", "3H", "3D", "3H", "3D"], 2 * (100 + 300 + 500 + 1000)),
], ids=["one-black", "two-black", "three-black", "four-black", "two-red", "four-red", "one-of-each",
        "two-black-one-red", "three-black-two-red", "all-eight"])
def test_canasta_threes_schedule_joker_each_colour_100_300_500_1000(threes, points):
    # Seed: black threes are scored apart from red ones; in each colour the first is 100, the second 300, the
    # third 500 and the fourth 1000. Side 1 holds a canasta of tens, so the threes count for it.
    assert threes_points(threes, SIDE1_CANASTA) == points


@pytest.mark.parametrize("threes, points", [
    (["3C"], 100), (["3C", "3S"], 300), (["3C", "3S", "3C"], 500), (["3C", "3S", "3C", "3S"], 1000),
    (["3C", "3S", "3H"], 300 + 100), (["3C", "3S", "3C", "3S", "3H", "3D", "3H", "3D"], 2 * 1000),
], ids=["one", "two", "three", "four", "two-black-one-red", "all-eight"])
def test_canasta_variant_joker_option_joker_threes_totals_reads_the_figures_as_totals(threes, points):
    # Option joker_threes totals: the figures are what one, two, three or four threes of a colour make together.
    assert threes_points(threes, SIDE1_CANASTA, joker_threes="totals") == points


@pytest.mark.parametrize("threes, side1_melds, points", [
    (["3C"], OPPONENTS, -100),
    (["3H", "3D"], OPPONENTS, -(100 + 300)),
    (["3C", "3S", "3H"], OPPONENTS, -((100 + 300) + 100)),
    (["3S"], [], -100),
], ids=["one-black-no-canasta", "two-red-melded-but-no-canasta", "worked-example-no-canasta", "nothing-melded"])
def test_canasta_threes_minus_joker_threes_count_against_a_side_without_a_canasta(threes, side1_melds, points):
    # Seed: the threes' score is taken off a side that has not melded at least one canasta; having melded
    # (Classic's condition for red threes) is not enough.
    assert threes_points(threes, side1_melds) == points


def test_canasta_threes_minus_joker_a_wild_canasta_is_a_canasta_for_the_threes():
    # Seed: at least one canasta keeps the threes positive; a wild canasta is a canasta.
    side1 = [{"cards": ["JK", "JK", "JK", "2C", "2C", "2D", "2D"]}]
    assert threes_points(["3C", "3S"], side1) == 100 + 300


# -- going out: two canastas ----------------------------------------------------------------------
def going_out(side_melds: list, hand: list[str] | None = None) -> dict:
    """Seat 0 has drawn; with KH KH laid off on its side's kings and the 9H discarded it has no card left."""
    hand = ["KH", "KH", "9H"] if hand is None else hand
    return position([hand, {"count": 13}, {"count": 13}, {"count": 13}], discard=["5S", "6S", "4C"],
                    melds=[side_melds, list(OPPONENTS)], melded_before=[True, True, True, False],
                    turn=meld_turn(), hidden_stock=True)


def test_canasta_going_out_canastas_two_joker_one_canasta_may_not_go_out():
    # Seed: a side needs two canastas before one of its players goes out; queens are its only canasta here.
    state = going_out([SEVEN_QUEENS, THREE_KINGS])
    broken = rules_broken(state, lay_off(1, ["KH", "KH"]))
    assert broken and set(broken) <= {"canasta.melds.keep-a-card", "canasta.going-out.canasta-needed",
                                      "canasta.going-out.canastas-two"}
    assert "ask_go_out" not in codes(state)


def test_canasta_going_out_canastas_two_joker_one_canasta_may_not_meld_out():
    # Seed: two canastas to go out, also when the last cards are melded with no discard.
    state = going_out([SEVEN_QUEENS, ACES], hand=["8C", "8D", "8S"])
    broken = rules_broken(state, {"type": "meld", "melds": [{"cards": ["8C", "8D", "8S"]}]})
    assert broken and set(broken) <= {"canasta.melds.keep-a-card", "canasta.going-out.canasta-needed",
                                      "canasta.going-out.canastas-two"}


def test_canasta_going_out_canastas_two_joker_the_second_canasta_made_on_the_way_out():
    # Seed: two canastas to go out; basic rules: one completed in the same turn counts.
    state = going_out([SEVEN_QUEENS, FIVE_KINGS])
    assert rules_broken(state, lay_off(1, ["KH", "KH"])) == []
    assert "ask_go_out" in codes(state)
    after = answers.apply_move(body(state, lay_off(1, ["KH", "KH"])))["state"]
    result = answers.apply_move(body(after, {"type": "discard", "card": "9H"}))
    assert result["state"]["turn"]["phase"] == "over" and result["state"]["turn"]["ending"] == "went_out"
    assert result["to_act"] is None


def test_canasta_going_out_canastas_two_joker_a_wild_canasta_counts_as_one():
    # Seed: wild cards may be melded as canastas, and such a canasta is one of the two going out needs.
    state = going_out([SEVEN_WILD, FIVE_KINGS])
    assert rules_broken(state, lay_off(1, ["KH", "KH"])) == []


# -- the game: 8500 -------------------------------------------------------------------------------
HAND_SIDE_0 = 70 + 500 + 70 + 500 + 60 + 100 - 10      # kings and queens canastas, aces, going out, 4C 5D
HAND_SIDE_1 = 100 - 35


def game_end(score: list[int], side1_melds: list | None = None) -> dict:
    return answers.score(body(finished([SEVEN_KINGS, SEVEN_QUEENS, ACES], side1_melds=side1_melds, score=score)))


def test_canasta_scoring_game_joker_reaching_8500_ends_the_game():
    # Seed: play goes to 8500; this hand takes side 0 from 7210 to exactly 8500.
    answer = game_end([8500 - HAND_SIDE_0, 0])
    assert answer["teams"] == [HAND_SIDE_0, HAND_SIDE_1]
    assert answer["game_scores"] == [8500, HAND_SIDE_1]
    assert answer["game_over"] is True and answer["winner"] == 0


def test_canasta_scoring_game_joker_8495_goes_on():
    # Seed: play goes to 8500, so 8495 is not the end.
    answer = game_end([8495 - HAND_SIDE_0, 0])
    assert answer["game_scores"] == [8495, HAND_SIDE_1]
    assert answer["game_over"] is False and "winner" not in answer


def test_canasta_scoring_game_joker_past_classics_5000_the_game_goes_on():
    # Seed: 8500, not Classic's 5000: both sides past 5000 and short of 8500 play another hand.
    # Side 1, at 6000, opened with 150 at least: 50 in tens, 50 in nines, 40 in jacks, 30 in eights (170).
    side1 = OPPONENTS + [{"cards": ["JC", "JC", "JD", "JD"]}, {"cards": ["8D", "8D", "8H"]}]
    answer = game_end([6000, 6000], side1)
    assert answer["game_scores"] == [6000 + HAND_SIDE_0, 6000 + 170 - 35]
    assert answer["game_over"] is False and "winner" not in answer
