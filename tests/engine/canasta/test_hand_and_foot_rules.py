"""Hand and Foot Canasta, tested from the rule texts alone, before the engine's answers were looked at: the seed's
Variation 6 first, then the sourced facts (variant_facts, Hand and Foot) and the product owner's reading in the
project's issue where the seed leaves a point open; everything else as Classic Canasta. The variant's play is not
released yet, so the whole module waits for its entry to be playable."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from rules_engine import answers
from rules_engine.errors import InvalidRequest
from rules_engine.games.canasta.variants import ENTRIES
from rules_engine.replay import validate_game

from . import helpers

VARIANT = "hand-and-foot"
pytestmark = pytest.mark.skipif(not ENTRIES["hand-and-foot"].playable,
                                reason="Hand and Foot's play is not released yet")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
# Five 52-card packs and ten jokers: every card code five times, the joker ten times, 270 cards.
DECK = Counter({**{rank + suit: 5 for rank in RANKS for suit in "CDHS"}, "JK": 10})
RED_THREES = ("3D", "3H")
WILD = ("2C", "2D", "2H", "2S", "JK")
DEALT = 13                                    # a hand of 13, and a foot of 13 beside it

# Piles: seven cards each. Card values as Classic: K/Q/J/10 10, two 20, joker 50.
CLEAN_KINGS = {"cards": ["KC", "KC", "KD", "KD", "KH", "KH", "KS"]}         # 70 in cards
CLEAN_QUEENS = {"cards": ["QC", "QC", "QD", "QD", "QH", "QH", "QS"]}        # 70
DIRTY_JACKS = {"cards": ["JC", "JC", "JD", "JD", "JH", "2C", "2D"]}         # 50 + 40 = 90
DIRTY_TENS = {"cards": ["10C", "10C", "10D", "10D", "10H", "2H", "JK"]}     # 50 + 20 + 50 = 120
WILD_PILE = {"cards": ["JK", "JK", "JK", "2S", "2S", "2S", "2H"]}           # 150 + 80 = 230
FIVE_PILES = [CLEAN_KINGS, CLEAN_QUEENS, DIRTY_JACKS, DIRTY_TENS, WILD_PILE]
FIVE_PILES_CARDS = 70 + 70 + 90 + 120 + 230
SIX_WILD = {"cards": ["JK", "JK", "JK", "2S", "2S", "2S"]}                  # a wild meld one short of a pile

# Side 1 opened with 170, past the highest minimum (150 in round 4), so any round may be played beside it.
OPPONENTS = [{"cards": ["9C", "9D", "9S", "9H", "JK"]}, {"cards": ["AC", "AD", "AS", "2D"]}]
SIDE_OPENED = [{"cards": ["AC", "AD", "AH", "AS"]}]                         # side 0 opened with 80 in round 1
SIX_KINGS = {"cards": ["KC", "KC", "KD", "KD", "KH", "KH"]}
DIRTY_FIVE = {"cards": ["JC", "JC", "JD", "2C", "2D"]}                      # already holds two wild cards
FOOT = ["4C", "4D", "5C", "5D", "7C", "7D", "8C", "8D", "10S", "JS", "QS", "AC", "AD"]   # no red three


def down() -> dict:
    """A foot still face down."""
    return {"count": DEALT}


# -- building positions ---------------------------------------------------------------------------
body = partial(helpers.variant_body, VARIANT)
rules_broken = partial(helpers.variant_rules_broken, VARIANT)
codes = partial(helpers.variant_codes, VARIANT)
meld_turn = helpers.meld_turn


def position(hands: list, *, melds: list, discard: list[str], feet: list | None = None,
             red_threes: list | None = None, turn: dict | None = None, deal_round: int = 1, dealer: int = 3,
             **fields) -> dict:
    """A four-player Hand and Foot position: hands and feet are card lists or counts (every foot face down unless
    given); the stock is a count of every card of the 270 not shown, or, with everything shown, those cards (red
    threes at the bottom)."""
    feet = [down() for _ in range(4)] if feet is None else feet
    red_threes = red_threes if red_threes is not None else [[], []]
    shown, hidden = helpers.shown_and_hidden(discard, list(hands) + list(feet), melds, red_threes)
    assert not (shown - DECK), f"more copies than the deck holds: {shown - DECK}"
    rest = DECK - shown
    if hidden:
        stock: object = {"count": sum(rest.values()) - hidden}
    else:
        stock = sorted(rest.elements(), key=lambda card: (card in RED_THREES, card))
    state = {"players": 4, "dealer": dealer, "hands": list(hands), "feet": list(feet), "stock": stock,
             "discard": discard, "melds": melds, "red_threes": red_threes,
             "turn": turn or {"seat": 0, "phase": "draw"}, "round": deal_round}
    state.update(fields)
    return state


def opened(hand: list[str], pile: list[str], side_melds: list | None = None, turn: dict | None = None,
           **fields) -> dict:
    """Seat 0 to draw (or in the turn given), its foot down; side 0 has opened (unless told otherwise), side 1 too."""
    side_melds = list(SIDE_OPENED) if side_melds is None else side_melds
    fields.setdefault("melded_before", [bool(side_melds), True, False, False])
    return position([hand, {"count": 14}, {"count": 14}, {"count": 14}], melds=[side_melds, list(OPPONENTS)],
                    discard=pile, turn=turn, **fields)


def take(cards: list[str], **extra) -> dict:
    return {"type": "take_pile", "cards": cards, **extra}


def lay_off(meld: int, cards: list[str]) -> dict:
    return {"type": "lay_off", "meld": meld, "cards": cards}


def meld_move(*melds: list[str]) -> dict:
    return {"type": "meld", "melds": [{"cards": cards} for cards in melds]}


def apply(state: dict, move: dict, **extra) -> dict:
    return answers.apply_move(body(state, move, **extra))["state"]


def judged(cards: list[str], **context) -> dict:
    """The /validate-meld answer for one meld, not an initial one."""
    return answers.validate_meld({"game": "canasta", "variant": VARIANT, "meld": {"cards": cards},
                                  "context": {"initial": False, "team_score": 0, **context}})


def violated(answer: dict) -> set[str]:
    return {v["rule"] for v in answer["violations"]}


def hand_size(hand: object) -> int:
    return hand["count"] if type(hand) is dict else len(hand)


def stock_size(stock: object) -> int:
    return stock["count"] if type(stock) is dict else len(stock)


# -- the deal -------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_canasta_deal_hands_hand_and_foot_270_cards_a_hand_and_a_foot_of_13_each(seed):
    # Seed, Variation 6: five packs with ten jokers, 270 cards; each of the four players gets two packets of
    # thirteen, the hand and the foot; what is left makes the stock.
    state = answers.deal({"game": "canasta", "variant": VARIANT, "seed": seed})["state"]
    assert state["players"] == 4
    assert [len(hand) for hand in state["hands"]] == [13, 13, 13, 13]
    assert [len(foot) for foot in state["feet"]] == [13, 13, 13, 13]
    assert not [card for hand in state["hands"] for card in hand if card in RED_THREES]
    every = helpers.dealt_cards(state)
    for foot in state["feet"]:
        every.update(foot)
    assert sum(every.values()) == 270 and every == DECK
    # Basic rules: the upcard starts the pile, turned again while it is wild or a red three.
    assert state["discard"] and state["discard"][-1] not in WILD + RED_THREES
    assert state["turn"] == {"seat": (state["dealer"] + 1) % 4, "phase": "draw"}
    # The four deals are numbered; a new game starts with the first.
    assert state.get("round", 1) == 1


# -- draw two, discard one ------------------------------------------------------------------------
def test_canasta_turn_draw_hand_and_foot_two_cards_from_the_stock_then_one_discard():
    # Seed: each turn brings two stock cards into the hand, and one card goes to the discard pile.
    for seed in range(40):
        state = answers.deal({"game": "canasta", "variant": VARIANT, "seed": seed})["state"]
        if not set(state["stock"][:2]) & set(RED_THREES):
            break
    seat, stock = state["turn"]["seat"], list(state["stock"])
    hand = list(state["hands"][seat])
    after = apply(state, {"type": "draw"})
    assert sorted(after["hands"][seat]) == sorted(hand + stock[:2])
    assert after["stock"] == stock[2:]
    assert after["turn"]["seat"] == seat and after["turn"]["phase"] == "meld"
    listed = codes(after)
    assert "draw" not in listed
    card = after["hands"][seat][0]
    assert f"discard:{card}" in listed
    passed = apply(after, {"type": "discard", "card": card})
    assert len(passed["hands"][seat]) == len(hand) + 1
    assert passed["discard"][-1] == card
    assert passed["turn"] == {"seat": (seat + 1) % 4, "phase": "draw"}


def test_canasta_turn_draw_hand_and_foot_from_a_counted_stock_two_cards_are_named():
    # Seed: two cards come from the stock each turn.
    state = opened(["QH", "QS", "4H", "7D"], ["5C", "8D", "6S"])
    after = apply(state, {"type": "draw", "cards": ["KC", "AH"]})
    assert sorted(after["hands"][0]) == sorted(["QH", "QS", "4H", "7D", "KC", "AH"])
    assert stock_size(after["stock"]) == stock_size(state["stock"]) - 2


# -- taking the pile: seven cards at most ---------------------------------------------------------
# Bottom first; the queen of diamonds on top, taken with the queens of hearts and spades.
PILE_OF_12 = ["4C", "5C", "7C", "8C", "9H", "10C", "JC", "4D", "5D", "7H", "8S", "QD"]


def test_canasta_pile_take_limit_hand_and_foot_a_pile_of_12_gives_seven_cards():
    # Seed: one who takes the discard pile takes seven cards at the most. The default reading: seven in
    # all, the top card among them, so the top QD and the six under it (10C JC 4D 5D 7H 8S) come; the five
    # bottom cards stay as the discard pile, in their order.
    state = opened(["QH", "QS", "4H", "7D"], list(PILE_OF_12))
    assert rules_broken(state, take(["QH", "QS"])) == []
    after = apply(state, take(["QH", "QS"]))
    assert after["discard"] == ["4C", "5C", "7C", "8C", "9H"]
    assert sorted(after["hands"][0]) == sorted(["4H", "7D", "10C", "JC", "4D", "5D", "7H", "8S"])
    assert ["QD", "QH", "QS"] in [sorted(m["cards"]) for m in after["melds"][0]]
    assert after["turn"]["drew"] == "pile"


@pytest.mark.parametrize("pile, stays", [
    (["10C", "JC", "4D", "5D", "7H", "8S", "QD"], []),
    (["9H", "10C", "JC", "4D", "5D", "7H", "8S", "QD"], ["9H"]),
    (["5D", "7H", "QD"], []),
], ids=["seven-all-come", "eight-one-stays", "three-all-come"])
def test_canasta_pile_take_limit_hand_and_foot_only_what_lies_past_seven_stays(pile, stays):
    # Seed: up to seven cards are taken, read as seven in all with the top card. A pile of seven or fewer
    # comes whole; of eight, the bottom card stays.
    state = opened(["QH", "QS", "4H", "7D"], list(pile))
    after = apply(state, take(["QH", "QS"]))
    assert after["discard"] == stays
    assert len(after["hands"][0]) == 2 + len(pile) - 1 - len(stays)


def test_canasta_pile_take_limit_hand_and_foot_option_top_card_plus_seven():
    # Option pile_take_limit top_plus_seven reads the limit as the top card and seven more beneath it; the four
    # bottom cards stay.
    state = opened(["QH", "QS", "4H", "7D"], list(PILE_OF_12))
    after = apply(state, take(["QH", "QS"]), options={"pile_take_limit": "top_plus_seven"})
    assert after["discard"] == ["4C", "5C", "7C", "8C"]
    assert sorted(after["hands"][0]) == sorted(["4H", "7D", "9H", "10C", "JC", "4D", "5D", "7H", "8S"])


# -- a three on top blocks the pile ---------------------------------------------------------------
def test_canasta_pile_blocked_tops_hand_and_foot_a_three_on_top_blocks_the_pile():
    # Seed: with a three as the top discard, no card of the pile may be taken. Red threes are laid out, never
    # discarded, so the three on top is black: the basic game's stop card rule refuses it as well.
    state = opened(["3C", "3S", "QH", "QS", "4H"], ["5C", "QD", "3S"])
    broken = rules_broken(state, take(["3C", "3S"]))
    assert broken and {"canasta.pile.blocked-tops", "canasta.black-threes.stop"} & set(broken)
    assert codes(state) == ["draw"]


def test_canasta_pile_blocked_tops_hand_and_foot_a_three_under_the_top_does_not_block():
    # Seed: only a three on top stops the taking; one lower in the pile is taken with the rest.
    state = opened(["QH", "QS", "4H", "7D"], ["5C", "3C", "QD"])
    assert rules_broken(state, take(["QH", "QS"])) == []
    assert "take_pile:QH,QS" in codes(state)


# -- a wild card on top: taken only with a pair of wild cards -------------------------------------
@pytest.mark.parametrize("hand, pile, cards", [
    (["2H", "2S", "4H", "7D"], ["5C", "8D", "2D"], ["2H", "2S"]),
    (["JK", "JK", "4H", "7D"], ["5C", "8D", "JK"], ["JK", "JK"]),
], ids=["twos", "jokers"])
def test_canasta_pile_wild_top_pair_hand_and_foot_a_wild_pair_takes_a_wild_top(hand, pile, cards):
    # Seed: a wild top discard is picked up only by a player who holds a matching set of wild cards; the three
    # wild cards then make a wild meld (the seed's melds of wild cards alone).
    state = opened(hand, pile)
    assert rules_broken(state, take(cards)) == []
    after = apply(state, take(cards))
    assert sorted([pile[-1]] + cards) in [sorted(m["cards"]) for m in after["melds"][0]]
    assert sorted(after["hands"][0]) == sorted(["4H", "7D", "5C", "8D"])


@pytest.mark.parametrize("hand, cards", [
    (["2H", "KH", "KS", "4H"], ["2H"]),
    (["2H", "KH", "KS", "4H"], ["KH", "KS"]),
    (["2H", "KH", "KS", "4H"], ["2H", "KH"]),
], ids=["one-wild-card", "a-natural-pair", "a-wild-and-a-natural"])
def test_canasta_pile_wild_top_pair_hand_and_foot_no_wild_pair_no_taking(hand, cards):
    # Seed: nothing but a set of wild cards from the hand goes with a wild top card.
    state = opened(hand, ["5C", "8D", "2D"])
    assert "canasta.pile.wild-top-pair" in rules_broken(state, take(cards))
    assert codes(state) == ["draw"]


def test_canasta_pile_wild_top_pair_hand_and_foot_the_sides_wild_meld_is_not_enough():
    # Seed: the matching wild cards must come from the player's hand; a wild meld on the table does not take it.
    state = opened(["2H", "KH", "KS", "4H"], ["5C", "8D", "2D"],
                   side_melds=SIDE_OPENED + [{"cards": ["JK", "2C", "2C"]}])
    assert "canasta.pile.wild-top-pair" in rules_broken(state, take([]))
    assert codes(state) == ["draw"]


# -- before the initial meld only the top discard counts ------------------------------------------
UNOPENED = ["KH", "KS", "9H", "9S", "9D", "7H", "7S", "7D", "4C", "5D", "8C", "JH", "QC"]    # 13 cards


def unopened(pile: list[str]) -> dict:
    """Seat 0 to draw, its side not opened, in round 1 (50 needed); side 1 has opened."""
    return opened(list(UNOPENED), pile, side_melds=[])


def test_canasta_opening_counting_hand_and_foot_top_discard_and_hand_melds_reach_50():
    # Seed: before the side's initial meld, of the pile only the top discard counts. KD with KH KS (30) and
    # three nines from the hand (30) make 60, past round 1's 50.
    state = unopened(["AC", "AD", "AH", "5C", "KD"])
    move = take(["KH", "KS"], melds=[{"cards": ["9H", "9S", "9D"]}])
    assert rules_broken(state, move) == []
    after = apply(state, move)
    assert len(after["melds"][0]) == 2
    assert {"AC", "AD", "AH", "5C"} <= set(after["hands"][0])


def test_canasta_opening_counting_hand_and_foot_cards_under_the_top_never_count():
    # Seed: only the top discard counts toward the minimum: the kings (30) and the sevens (15) make 45, short of
    # 50, though the three aces under the top card (60) reach the hand with the pile.
    state = unopened(["AC", "AD", "AH", "5C", "KD"])
    move = take(["KH", "KS"], melds=[{"cards": ["7H", "7S", "7D"]}])
    assert "canasta.opening.minimum" in rules_broken(state, move)


# -- melds: clean, dirty, wild --------------------------------------------------------------------
@pytest.mark.parametrize("cards", [
    ["KH", "KS", "KD"], ["KH", "KS", "KD", "KC", "KH"],
    ["KH", "KS", "2C"], ["KH", "KS", "2C", "JK"], ["KH", "KS", "KD", "KC", "2C", "2D"],
    ["2C", "2D", "JK"], ["JK", "JK", "JK", "JK"],
], ids=["clean-3", "clean-5", "dirty-one-wild", "dirty-two-wild", "dirty-6", "wild-3", "wild-jokers"])
def test_canasta_melds_set_hand_and_foot_clean_dirty_and_wild_melds(cards):
    # Seed: a clean meld has no wild card, a dirty one two wild cards at most, a wild one wild cards only.
    answer = judged(cards)
    assert answer["valid"] is True and answer["violations"] == []
    assert answer["canasta"] is None


@pytest.mark.parametrize("cards", [
    ["KH", "KS", "2C", "2D", "JK"], ["KH", "KS", "KD", "2C", "2D", "JK"], ["KH", "KS", "KD", "KC", "2C", "2D", "JK"],
], ids=["two-naturals-three-wild", "three-naturals-three-wild", "four-naturals-three-wild"])
def test_canasta_melds_wild_limit_hand_and_foot_a_third_wild_card_is_refused(cards):
    # Seed: a dirty meld holds no more than two wild cards, however many natural cards are beside them.
    answer = judged(cards)
    assert answer["valid"] is False and "canasta.melds.wild-limit" in violated(answer)


def test_canasta_melds_wild_limit_hand_and_foot_a_dirty_meld_takes_no_third_wild_card():
    # Seed: two wild cards at most, so a meld holding two takes no third one from the hand.
    state = opened(["2S", "JC", "5H", "4H"], ["5C", "8D", "6S"], side_melds=SIDE_OPENED + [DIRTY_FIVE],
                   turn=meld_turn())
    assert "canasta.melds.wild-limit" in rules_broken(state, lay_off(1, ["2S"]))
    assert rules_broken(state, lay_off(1, ["JC"])) == []


def test_canasta_melds_all_wild_hand_and_foot_two_wild_cards_are_no_meld():
    # Basic rules: three cards at least make a meld, wild cards alone too.
    assert judged(["2C", "JK"])["valid"] is False


@pytest.mark.parametrize("cards, kind", [
    (CLEAN_KINGS["cards"], "clean"),
    (["KC", "KC", "KD", "KD", "KH", "KH", "2C"], "dirty"),
    (DIRTY_JACKS["cards"], "dirty"),
    (WILD_PILE["cards"], "wild"),
    (["2C", "2C", "2D", "2D", "2H", "2H", "2S"], "wild"),
], ids=["clean", "dirty-one-wild", "dirty-two-wild", "wild-jokers-and-twos", "wild-twos"])
def test_canasta_canastas_size_hand_and_foot_seven_cards_make_a_pile_of_its_kind(cards, kind):
    # Seed: a meld of seven cards is a pile: clean with no wild card, dirty with one or two, wild with no natural.
    answer = judged(cards)
    assert answer["valid"] is True and answer["canasta"] == kind


# -- piles of exactly seven -----------------------------------------------------------------------
@pytest.mark.parametrize("cards", [CLEAN_KINGS["cards"] + ["KS"], WILD_PILE["cards"] + ["JK"],
                                   DIRTY_JACKS["cards"][:6] + ["JH", "JS"]], ids=["clean", "wild", "dirty"])
def test_canasta_melds_max_cards_hand_and_foot_eight_cards_are_no_meld(cards):
    # Seed: piles hold exactly seven cards, so no meld grows to eight.
    answer = judged(cards)
    assert answer["valid"] is False and "canasta.melds.max-cards" in violated(answer)


def test_canasta_melds_max_cards_hand_and_foot_a_pile_takes_no_eighth_card():
    # Seed: exactly seven cards in a pile: seven kings take neither an eighth king nor a wild card.
    state = opened(["KS", "2C", "5H", "4H"], ["5C", "8D", "6S"], side_melds=SIDE_OPENED + [CLEAN_KINGS],
                   turn=meld_turn())
    assert "canasta.melds.max-cards" in rules_broken(state, lay_off(1, ["KS"]))
    assert "canasta.melds.max-cards" in rules_broken(state, lay_off(1, ["2C"]))
    assert not [code for code in codes(state) if code.startswith("lay_off:1:")]


def test_canasta_melds_max_cards_hand_and_foot_six_kings_take_one_more_not_two():
    # Seed: seven cards make the pile; six kings grow to seven and stop there.
    state = opened(["KS", "KS", "5H", "4H"], ["5C", "8D", "6S"], side_melds=SIDE_OPENED + [SIX_KINGS],
                   turn=meld_turn())
    assert rules_broken(state, lay_off(1, ["KS"])) == []
    assert "canasta.melds.max-cards" in rules_broken(state, lay_off(1, ["KS", "KS"]))


# -- into the foot --------------------------------------------------------------------------------
def foot_position(hand: list[str], side_melds: list, **fields) -> dict:
    """Seat 0 has drawn, its own foot shown as FOOT (still face down on the table), the others' down."""
    return position([hand, {"count": 14}, {"count": 14}, {"count": 14}], melds=[side_melds, list(OPPONENTS)],
                    discard=["5C", "8H"], feet=[list(FOOT), down(), down(), down()], turn=meld_turn(),
                    melded_before=[True, True, False, False], **fields)


def test_canasta_foot_take_up_hand_and_foot_melding_the_whole_hand_takes_the_foot_and_play_goes_on():
    # Seed: a player who melds every card of the hand picks the foot up at once and goes on playing. No pile is
    # needed for it: it is not going out.
    state = foot_position(["KH", "KS", "KD"], list(SIDE_OPENED))
    move = meld_move(["KH", "KS", "KD"])
    assert rules_broken(state, move) == []
    after = apply(state, move)
    assert sorted(after["hands"][0]) == sorted(FOOT)
    assert after["feet"][0] == []
    assert after["turn"]["seat"] == 0 and after["turn"]["phase"] == "meld"


def test_canasta_foot_take_up_hand_and_foot_all_but_one_and_a_discard_take_the_foot_for_next_turn():
    # Seed: otherwise the player melds all of the hand but one card, discards that card and picks up the foot,
    # to play it from the next turn on: the turn passes to seat 1.
    queens = {"cards": ["QH", "QS", "QD"]}
    state = foot_position(["QC", "9D"], SIDE_OPENED + [queens])
    assert rules_broken(state, lay_off(1, ["QC"])) == []
    laid = apply(state, lay_off(1, ["QC"]))
    assert laid["hands"][0] == ["9D"]
    assert rules_broken(laid, {"type": "discard", "card": "9D"}) == []
    after = apply(laid, {"type": "discard", "card": "9D"})
    assert sorted(after["hands"][0]) == sorted(FOOT)
    assert after["feet"][0] == []
    assert after["discard"][-1] == "9D"
    assert after["turn"] == {"seat": 1, "phase": "draw"}
    # Seed: the foot taken so is used on the next turn: this turn was not one played from it.
    assert not after.get("played_from_foot", [False] * 4)[0]


def test_canasta_foot_take_up_hand_and_foot_the_hand_played_out_with_the_foot_down_is_not_going_out():
    # Seed: going out needs every player of the side to have played from the foot; emptying the hand with the
    # foot still down only brings the foot up, even with all five piles on the table, and asks nobody.
    state = foot_position(["8C", "8D", "8S", "9H"], list(FIVE_PILES))
    assert "ask_go_out" not in codes(state)
    laid = apply(state, meld_move(["8C", "8D", "8S"]))
    after = apply(laid, {"type": "discard", "card": "9H"})
    assert after["turn"] == {"seat": 1, "phase": "draw"}
    assert sorted(after["hands"][0]) == sorted(FOOT)


# -- going out ------------------------------------------------------------------------------------
GO_OUT_HAND = ["8C", "8D", "8S", "9H"]


def going_out(side_melds: list, hand: list[str] | None = None, partner_foot: object = None,
              played: tuple = (True, False, True, False)) -> dict:
    """Seat 0 has drawn and plays from its foot; its partner (seat 2) took the foot up and played from it (unless
    told otherwise). Melding the eights and discarding the 9H leaves seat 0 no card."""
    partner_foot = [] if partner_foot is None else partner_foot
    return position([list(hand or GO_OUT_HAND), {"count": 9}, {"count": 8}, {"count": 15}],
                    melds=[side_melds, list(OPPONENTS)], discard=["5C", "6H", "4C"],
                    feet=[[], down(), partner_foot, down()], turn=meld_turn(),
                    melded_before=[True, True, True, False], played_from_foot=list(played))


ASK = {"type": "ask_go_out"}


def test_canasta_going_out_by_kind_hand_and_foot_two_clean_two_dirty_one_wild_may_ask():
    # Seed: with two clean, two dirty and one wild pile, seven cards each, and both partners having played from
    # their feet, the player may ask to go out.
    state = going_out(list(FIVE_PILES))
    assert rules_broken(state, ASK) == []
    assert "ask_go_out" in codes(state)


@pytest.mark.parametrize("side_melds", [
    [CLEAN_KINGS, DIRTY_JACKS, DIRTY_TENS, WILD_PILE],
    [CLEAN_KINGS, CLEAN_QUEENS, DIRTY_JACKS, WILD_PILE],
    [CLEAN_KINGS, CLEAN_QUEENS, DIRTY_JACKS, DIRTY_TENS],
    [CLEAN_KINGS, CLEAN_QUEENS, DIRTY_JACKS, DIRTY_TENS, SIX_WILD],
    [CLEAN_KINGS, CLEAN_QUEENS, DIRTY_JACKS, {"cards": ["10C", "10C", "10D", "10D", "10H", "2H"]}, WILD_PILE],
], ids=["one-clean", "one-dirty", "no-wild", "wild-meld-of-six", "dirty-meld-of-six"])
def test_canasta_going_out_by_kind_hand_and_foot_a_pile_missing_keeps_the_side_in(side_melds):
    # Seed: to go out a side needs at least two clean, two dirty and one wild pile of exactly seven cards; a wild
    # meld is needed in any case. Each of these sides lacks one of them.
    state = going_out(side_melds)
    assert rules_broken(state, ASK)
    listed = codes(state)
    assert "ask_go_out" not in listed
    assert "meld:8C,8D,8S" not in listed


def test_canasta_going_out_by_kind_hand_and_foot_more_piles_than_needed_go_out():
    # Seed: the piles named are a minimum ("at least"): a third clean pile changes nothing.
    aces = {"cards": ["AC", "AC", "AD", "AD", "AH", "AH", "AS"]}
    assert rules_broken(going_out(FIVE_PILES + [aces]), ASK) == []


@pytest.mark.parametrize("partner_foot, played", [
    (None, (True, False, False, False)),
    (down(), (True, False, False, False)),
], ids=["foot-taken-up-not-yet-played", "foot-still-down"])
def test_canasta_going_out_played_from_foot_hand_and_foot_the_partner_has_not_played_from_the_foot(
        partner_foot, played):
    # Seed: the side goes out only once each of its players has had a turn played from the foot.
    state = going_out(list(FIVE_PILES), partner_foot=partner_foot, played=played)
    broken = rules_broken(state, ASK)
    assert broken
    assert "ask_go_out" not in codes(state)


def test_canasta_going_out_ask_first_hand_and_foot_going_out_without_asking_is_refused():
    # Seed: a player going out must have the partner's permission first; melding down to the last card without
    # having asked is refused.
    state = going_out(list(FIVE_PILES))
    broken = rules_broken(state, meld_move(["8C", "8D", "8S"]))
    assert broken and "canasta.going-out.ask-first" in broken
    assert "meld:8C,8D,8S" not in codes(state)


def test_canasta_going_out_ask_partner_hand_and_foot_yes_then_meld_all_but_one_and_discard():
    # Seed: once the partner gives permission, the player melds the rest but one card and discards it.
    state = going_out(list(FIVE_PILES))
    asked = answers.apply_move(body(state, ASK))
    assert asked["to_act"] == 2 and asked["state"]["turn"]["phase"] == "answer"
    yes = apply(asked["state"], {"type": "answer_go_out", "yes": True})
    assert yes["turn"]["seat"] == 0 and yes["turn"]["question"] == "yes"
    laid = apply(yes, meld_move(["8C", "8D", "8S"]))
    result = answers.apply_move(body(laid, {"type": "discard", "card": "9H"}))
    assert result["state"]["turn"]["phase"] == "over" and result["state"]["turn"]["ending"] == "went_out"
    assert result["state"]["hands"][0] == []
    assert result["to_act"] is None


def test_canasta_going_out_ask_partner_hand_and_foot_yes_then_meld_every_card():
    # Seed: with permission the player may also meld every remaining card, with no discard at all.
    state = going_out(list(FIVE_PILES), hand=["8C", "8D", "8S"])
    asked = apply(state, ASK)
    yes = apply(asked, {"type": "answer_go_out", "yes": True})
    result = answers.apply_move(body(yes, meld_move(["8C", "8D", "8S"])))
    assert result["state"]["turn"]["phase"] == "over" and result["state"]["turn"]["ending"] == "went_out"
    assert result["to_act"] is None


def test_canasta_going_out_ask_partner_hand_and_foot_no_means_waiting_for_the_next_turn():
    # Seed: a "no" from the partner puts going out off until the player's next turn: this turn the player keeps
    # cards (no meld down to one card) and ends it with a discard.
    state = going_out(list(FIVE_PILES))
    asked = apply(state, ASK)
    refused = apply(asked, {"type": "answer_go_out", "yes": False})
    assert refused["turn"]["seat"] == 0 and refused["turn"]["question"] == "no"
    assert rules_broken(refused, meld_move(["8C", "8D", "8S"]))
    assert "meld:8C,8D,8S" not in codes(refused)
    assert rules_broken(refused, {"type": "discard", "card": "9H"}) == []
    after = apply(refused, {"type": "discard", "card": "9H"})
    assert after["turn"] == {"seat": 1, "phase": "draw"}
    assert sorted(after["hands"][0]) == ["8C", "8D", "8S"]


# -- the initial meld by round: 50, 90, 120, 150 ---------------------------------------------------
AAA = ["AH", "AS", "AD"]        # 60
KKK = ["KH", "KS", "KD"]        # 30
QQQ = ["QH", "QS", "QD"]        # 30
NNN = ["9H", "9S", "9D"]        # 30
FFF = ["5C", "5D", "5H"]        # 15


@pytest.mark.parametrize("deal_round, melds, points, enough", [
    (1, [KKK, FFF], 45, False), (1, [AAA], 60, True),
    (2, [AAA, FFF], 75, False), (2, [AAA, KKK], 90, True),
    (3, [AAA, KKK, FFF], 105, False), (3, [AAA, KKK, QQQ], 120, True),
    (4, [AAA, KKK, QQQ, FFF], 135, False), (4, [AAA, KKK, QQQ, NNN], 150, True),
], ids=["45-round-1", "60-round-1", "75-round-2", "90-round-2", "105-round-3", "120-round-3", "135-round-4",
        "150-round-4"])
def test_canasta_opening_by_round_hand_and_foot_50_90_120_150(deal_round, melds, points, enough):
    # Seed: the initial meld needs 50 in the first round, 90 in the second, 120 in the third, 150 in the fourth.
    answer = answers.validate_meld({"game": "canasta", "variant": VARIANT, "melds": [{"cards": m} for m in melds],
                                    "context": {"initial": True, "team_score": 0, "round": deal_round}})
    assert answer["required"] == (50, 90, 120, 150)[deal_round - 1]
    assert answer["points"] == points and answer["valid"] is enough


@pytest.mark.parametrize("team_score", [-500, 3000])
def test_canasta_opening_by_round_hand_and_foot_the_side_score_does_not_matter(team_score):
    # Seed: the minimums go by the round only; Classic's tiers by score do not apply, so 50 opens in round 1 at
    # any score.
    answer = answers.validate_meld({"game": "canasta", "variant": VARIANT, "melds": [{"cards": AAA}],
                                    "context": {"initial": True, "team_score": team_score, "round": 1}})
    assert answer["required"] == 50 and answer["valid"] is True


@pytest.mark.parametrize("deal_round, melds, enough", [
    (4, [AAA, KKK, QQQ, FFF], False), (4, [AAA, KKK, QQQ, NNN], True),
    (2, [AAA, FFF], False), (2, [AAA, KKK], True),
], ids=["135-in-round-4", "150-in-round-4", "75-in-round-2", "90-in-round-2"])
def test_canasta_opening_by_round_hand_and_foot_a_position_reads_its_round(deal_round, melds, enough):
    # Seed: the round's minimum, read from the position's round: 150 in round 4, 90 in round 2.
    cards = [card for meld in melds for card in meld]
    hand = cards + ["4C", "7S", "JC"]
    state = position([hand, {"count": 14}, {"count": 14}, {"count": 14}], melds=[[], list(OPPONENTS)],
                     discard=["5S", "6S"], turn=meld_turn(), deal_round=deal_round,
                     melded_before=[False, True, False, False])
    broken = rules_broken(state, meld_move(*melds))
    assert broken == [] if enough else "canasta.opening.minimum" in broken


# -- scoring --------------------------------------------------------------------------------------
SEVEN_ACES = {"cards": ["AS", "AS", "AS", "AH", "AH", "AC", "AD"]}           # clean pile, 140 in cards
SIDE1_MELDS = [SEVEN_ACES, {"cards": ["7H", "7H", "7S"]}]                    # 140 + 15
FOOT_1 = ["AC", "AD", "KC", "KD", "9C", "9D", "5C", "5D", "4C", "4D", "JK", "2C", "3S"]   # 175
FOOT_3 = ["6C", "6D", "7C", "7D", "8D", "8H", "10C", "10D", "JC", "JD", "QC", "QD", "AH"]  # 120
OVER = {"seat": 0, "phase": "over", "ending": "went_out", "concealed": False}


def finished(side0_melds: list | None = None, threes: list | None = None, **fields) -> dict:
    """Seat 0 went out for side 0; seat 2 took its foot up and keeps 10S JH (20); side 1 never took a foot
    up: seat 1 keeps 4C 5D (10) beside FOOT_1 (175), seat 3 keeps 6H 8C 9D (25) beside FOOT_3 (120)."""
    side0 = list(FIVE_PILES) if side0_melds is None else side0_melds
    return position([[], ["4C", "5D"], ["10S", "JH"], ["6H", "8C", "9D"]], melds=[side0, list(SIDE1_MELDS)],
                    discard=["5S", "6S", "9C"], feet=[[], list(FOOT_1), [], list(FOOT_3)],
                    red_threes=threes if threes is not None else [["3H", "3D", "3H"], []], turn=dict(OVER),
                    melded_before=[True, True, True, False], played_from_foot=[True, False, True, False], **fields)


def scored(state: dict) -> dict:
    return answers.score(body(state))


def team_lines(answer: dict, team: int, prefix: str) -> int:
    return sum(line["points"] for line in answer["lines"] if line["team"] == team and line["rule"].startswith(prefix))


SIDE_0_HAND = FIVE_PILES_CARDS + 2 * 700 + 2 * 300 + 1500 + 3 * 100 + 100 - 20
SIDE_1_HAND = 140 + 15 + 700 - 10 - 25 - 175 - 120


def test_canasta_scoring_sides_hand_and_foot_a_worked_hand():
    # Seed: card values as in the basic game, plus 1500 a wild pile, 700 a clean one, 300 a dirty one, 100 a red
    # three and 100 for going out; the product reading: cards left in hand and foot count against.
    # Side 0: 580 in its piles, 1400 + 600 + 1500 in bonuses, three red threes 300, going out 100, seat 2's
    # 10S JH -20: 4460. Side 1: aces pile 140 + 700, three sevens 15, less 10 + 25 in hands and 175 + 120 in the
    # two feet never taken up: 525.
    answer = scored(finished())
    assert answer["teams"] == [SIDE_0_HAND, SIDE_1_HAND] == [4460, 525]
    for side in (0, 1):
        assert sum(line["points"] for line in answer["lines"] if line["team"] == side) == answer["teams"][side]


def test_canasta_canastas_wild_hand_and_foot_piles_earn_1500_700_300():
    # Seed: 1500 for each wild pile, 700 for each clean pile, 300 for each dirty pile.
    answer = scored(finished())
    assert team_lines(answer, 0, "canasta.canastas.wild") == 1500
    assert team_lines(answer, 0, "canasta.canastas.natural") == 2 * 700
    assert team_lines(answer, 0, "canasta.canastas.mixed") == 2 * 300
    assert team_lines(answer, 0, "canasta.canastas.") == 3500
    assert team_lines(answer, 1, "canasta.canastas.") == 700


def test_canasta_canastas_wild_hand_and_foot_a_second_wild_pile_earns_1500_more():
    # Seed: the wild pile bonus is for each one: two wild piles, 3000.
    twos = {"cards": ["2C", "2C", "2D", "2D", "2S", "2H", "JK"]}
    answer = scored(finished(FIVE_PILES + [twos]))
    assert team_lines(answer, 0, "canasta.canastas.") == 3500 + 1500


@pytest.mark.parametrize("threes", [["3H"], ["3H", "3D", "3H", "3D", "3D"]], ids=["one", "five"])
def test_canasta_red_threes_score_hand_and_foot_100_each(threes):
    # Seed: each red three is 100 points.
    with_them = scored(finished(threes=[list(threes), []]))["teams"][0]
    without = scored(finished(threes=[[], []]))["teams"][0]
    assert with_them - without == 100 * len(threes)


def test_canasta_going_out_bonus_hand_and_foot_100_for_going_out():
    # Seed: going out earns 100, and nothing more (no concealed bonus is named).
    answer = scored(finished())
    assert team_lines(answer, 0, "canasta.going-out.") == 100
    assert team_lines(answer, 1, "canasta.going-out.") == 0


def test_canasta_scoring_foot_cards_hand_and_foot_feet_left_down_count_against():
    # The product reading: cards left in the foot count against the side, at their values as in the basic game:
    # FOOT_1 20+20+10+10+10+10+5+5+5+5+50+20+5 = 175, FOOT_3 5+5+5+5+10+10+10+10+10+10+10+10+20 = 120.
    answer = scored(finished())
    by_seat = {line["seat"]: line["points"] for line in answer["lines"] if line["rule"] == "canasta.scoring.foot-cards"}
    assert by_seat == {1: -175, 3: -120}


def test_canasta_scoring_hand_cards_hand_and_foot_the_partners_hand_counts_against():
    # Basic rules: cards left in the hands count against their side: seat 2's 10S JH cost side 0 20; seat 1's
    # 4C 5D (10) and seat 3's 6H 8C 9D (25) cost side 1 35.
    answer = scored(finished())
    assert team_lines(answer, 0, "canasta.scoring.hand-cards") == -20
    assert team_lines(answer, 1, "canasta.scoring.hand-cards") == -35


# -- the game: four rounds ------------------------------------------------------------------------
def test_canasta_game_rounds_hand_and_foot_the_game_ends_after_round_4():
    # Seed: the game is four rounds only; after the fourth the higher total wins.
    answer = scored(finished(deal_round=4, dealer=2, score=[1000, 3000]))
    assert answer["game_scores"] == [1000 + SIDE_0_HAND, 3000 + SIDE_1_HAND]
    assert answer["game_over"] is True and answer["winner"] == 0


@pytest.mark.parametrize("deal_round", [1, 3])
def test_canasta_game_rounds_hand_and_foot_no_score_ends_the_game_before_round_4(deal_round):
    # Seed: four deals make the game, whatever the scores: 20000 after round 3 does not end it.
    answer = scored(finished(deal_round=deal_round, score=[20000 - SIDE_0_HAND, 0]))
    assert answer["game_scores"] == [20000, SIDE_1_HAND]
    assert answer["game_over"] is False and "winner" not in answer


def four_rounds() -> list[dict]:
    """The same finished hand four times, each player dealing once, the game scores carried from hand to hand."""
    hands, score = [], [0, 0]
    for number in range(4):
        hands.append({"state": finished(deal_round=number + 1, dealer=(3 + number) % 4, score=list(score)),
                      "moves": []})
        score = [score[0] + SIDE_0_HAND, score[1] + SIDE_1_HAND]
    return hands


def test_canasta_game_rounds_hand_and_foot_validate_game_totals_after_four_rounds():
    # Seed: four rounds, one deal by each player; the game is the total after the fourth: 4 x 4460 and 4 x 525.
    answer = validate_game({"game": "canasta", "variant": VARIANT, "hands": four_rounds()})
    assert answer["valid"] is True and answer["first_illegal"] is None
    assert [hand["score"]["teams"] for hand in answer["hands"]] == [[SIDE_0_HAND, SIDE_1_HAND]] * 4
    assert answer["game_scores"] == [4 * 4460, 4 * 525] == [17840, 2100]
    assert answer["game_over"] is True and answer["winner"] == 0


def test_canasta_game_rounds_hand_and_foot_three_rounds_are_not_a_game():
    # Seed: the game lasts four rounds, so after three it goes on.
    answer = validate_game({"game": "canasta", "variant": VARIANT, "hands": four_rounds()[:3]})
    assert answer["valid"] is True
    assert answer["game_scores"] == [3 * 4460, 3 * 525]
    assert answer["game_over"] is False


def test_canasta_game_rounds_hand_and_foot_no_fifth_round():
    # Seed: each of the four players deals once and the game is over; a fifth hand has no place in the log.
    hands = four_rounds()
    fifth = finished(deal_round=4, dealer=3, score=[4 * SIDE_0_HAND, 4 * SIDE_1_HAND])
    fifth["round"] = 5
    with pytest.raises(InvalidRequest):
        validate_game({"game": "canasta", "variant": VARIANT, "hands": hands + [{"state": fifth, "moves": []}]})
