"""Classic and Two-hand Canasta, written from the rule texts: whose turn it is, the discard, red threes drawn
from the stock, and play once the stock runs out.

Sources: pagat.com/rummy/canasta.html (red threes laid out and replaced, a red three as the last stock card,
the hand ending when a player would draw from an empty stock, play going on while each player takes the
last discard), pagat's two-player rules (a single stock card counts as the whole draw; no replacement for a
red three among the last two), through classic_canasta_facts.md sections 8 and 12 and variant_facts.md."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.api.canasta_play import (
    ACES,
    OPENED,
    DECK,
    RED_THREES,
    applied,
    assert_allowed,
    assert_refused,
    each_variant,
    group,
    judged,
    legal_moves,
    listed,
    position,
    same_cards,
    shown_cards,
)

HAND = ["QC", "QD", "9C", "9D", "JS", "7H", "5S", "KH", "10D", "6C"]
# Two-hand late in the hand: a hand grows by a card a turn, so a side near the end of the stock has melded a lot
LATE = [[ACES, group("4C", "4C", "4D", "4D", "4H", "4H", "4S"), group("5C", "5C", "5D", "5D", "5H", "5H", "5S"),
         group("JC", "JD", "JH")], []]
EXHAUSTED = ("canasta.stock.exhausted", "canasta.turn.draw")


def next_seat(variant: str, seat: int) -> int:
    """The player on the left."""
    return (seat + 1) % (4 if variant == "classic" else 2)


def reveal(state: dict, seat: int) -> dict:
    """The same position with `seat`'s hidden hand shown as cards nobody has seen (no red three)."""
    unseen = DECK - shown_cards(state)
    if isinstance(state["stock"], dict):
        pool = sorted(c for c in unseen.elements() if c not in RED_THREES)
    else:
        pool = sorted(unseen.elements())
    shown = dict(state)
    shown["hands"] = list(state["hands"])
    count = state["hands"][seat]["count"]
    shown["hands"][seat] = pool[:count]
    if isinstance(state["stock"], dict):
        return shown
    assert Counter(pool[:count]) == unseen, "the stock is listed, so the hidden cards are exactly the rest"
    return shown


# --- whose turn ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_turn_order_other_seat_refused(client, variant):
    """A move named for a seat whose turn it is not is refused."""
    state = position(variant, HAND, phase="draw", melds=OPENED)
    assert_refused(judged(client, variant, state, {"type": "draw", "seat": 1}), "canasta.turn.order", "seat 0")
    assert legal_moves(client, variant, state)["to_act"] == 0


# --- the discard -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_turn_discard_ends_the_turn(client, variant):
    """A discard goes on top of the pile and the player on the left starts a turn."""
    state = position(variant, HAND, melds=OPENED)
    answer = applied(client, variant, state, {"type": "discard", "card": "JS"})
    after = answer["state"]
    assert after["discard"] == state["discard"] + ["JS"]
    assert same_cards(after["hands"][0], [c for c in state["hands"][0] if c != "JS"])
    assert after["turn"] == {"phase": "draw", "seat": next_seat(variant, 0)}
    assert answer["to_act"] == next_seat(variant, 0)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_turn_discard_any_card_held(client, variant):
    """Any card of the hand may be discarded, and only a card of the hand."""
    state = position(variant, HAND, melds=OPENED)
    offered = {move["card"] for move in listed(legal_moves(client, variant, state)["moves"], "discard")}
    assert offered == set(state["hands"][0])
    verdict = judged(client, variant, state, {"type": "discard", "card": "AS"})
    assert_refused(verdict, ("canasta.turn.discard", "canasta.melds.from-hand"), "AS")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_turn_discard_wild_card_freezes_pile(client, variant):
    """A wild card discarded freezes the pile: the next player cannot take it."""
    state = position(variant, HAND + ["JK"], melds=OPENED)
    after = applied(client, variant, state, {"type": "discard", "card": "JK"})["state"]
    answer = legal_moves(client, variant, reveal(after, next_seat(variant, 0)))
    assert answer["pile"]["frozen"] is True
    assert listed(answer["moves"], "take_pile") == []


# --- red threes from the stock ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_red_threes_lay_out_drawn_and_replaced(client, variant):
    """A red three drawn is laid out for the side at once and replaced from the stock."""
    state = position(variant, HAND, phase="draw", melds=OPENED, stock=["3H", "8D", "10H", "4S"])
    after = applied(client, variant, state, {"type": "draw"})["state"]
    kept = ["8D"] if variant == "classic" else ["8D", "10H"]
    assert after["red_threes"][0] == ["3H"]
    assert same_cards(after["hands"][0], state["hands"][0] + kept)
    assert "3H" not in after["hands"][0]
    assert after["stock"] == state["stock"][1 + len(kept):]
    assert after["turn"]["phase"] == "meld"


def test_canasta_red_threes_last_card_ends_the_hand_classic(client):
    """Classic: a red three drawn as the last card of the stock is laid out and the hand ends at once."""
    state = position("classic", HAND, phase="draw", melds=OPENED, stock=["3H"], stock_exact=True,
                     red_threes=[["3D"], ["3D", "3H"]])
    answer = applied(client, "classic", state, {"type": "draw"})
    after = answer["state"]
    assert after["red_threes"][0] == ["3D", "3H"]
    assert after["turn"]["phase"] == "over"
    assert after["turn"]["ending"] == "stock_exhausted"
    assert answer["to_act"] is None
    assert same_cards(after["hands"][0], state["hands"][0])


def test_canasta_red_threes_last_card_alone_ends_the_hand_two_hand(client):
    """Two-hand: a red three as the only card left is laid out and the hand ends."""
    # the deal turned a wild card first, so the draws of two cards leave exactly one
    state = position("two-hand", HAND, phase="draw", melds=LATE, stock=["3H"], stock_exact=True,
                     red_threes=[["3D", "3D"], ["3H"]], bottom=["2C"], upcards=2)
    after = applied(client, "two-hand", state, {"type": "draw"})["state"]
    assert after["red_threes"][0] == ["3D", "3D", "3H"]
    assert after["turn"]["phase"] == "over" and after["turn"]["ending"] == "stock_exhausted"


def test_canasta_red_threes_last_card_first_of_two_two_hand(client):
    """Two-hand: a red three first of the last two cards is laid out with no replacement; the turn goes on
    with the other card."""
    state = position("two-hand", HAND, phase="draw", melds=LATE, stock=["3H", "8D"], stock_exact=True,
                     red_threes=[["3D", "3H"], ["3D"]])
    after = applied(client, "two-hand", state, {"type": "draw"})["state"]
    assert after["red_threes"][0] == ["3D", "3H", "3H"]
    assert same_cards(after["hands"][0], state["hands"][0] + ["8D"])
    assert after["stock"] == []
    assert after["turn"]["phase"] == "meld"


def test_canasta_red_threes_last_card_second_of_two_two_hand(client):
    """Two-hand: a red three as the second of the last two cards empties the stock, so the hand ends
    (cardref's reading of the last-card rule, which pagat leaves open here)."""
    state = position("two-hand", HAND, phase="draw", melds=LATE, stock=["8D", "3H"], stock_exact=True,
                     red_threes=[["3D", "3H"], ["3D"]])
    after = applied(client, "two-hand", state, {"type": "draw"})["state"]
    assert after["red_threes"][0] == ["3D", "3H", "3H"]
    assert after["turn"]["phase"] == "over" and after["turn"]["ending"] == "stock_exhausted"


def test_canasta_deal_two_hand_single_stock_card_is_the_whole_draw(client):
    """Two-hand: with one card left in the stock, taking it is the whole draw."""
    state = position("two-hand", HAND, phase="draw", melds=LATE, stock=["8D"], stock_exact=True,
                     red_threes=[["3D", "3H"], ["3D", "3H"]])
    after = applied(client, "two-hand", state, {"type": "draw"})["state"]
    assert same_cards(after["hands"][0], state["hands"][0] + ["8D"])
    assert after["stock"] == []
    assert after["turn"]["phase"] == "meld"


# --- play without a stock -------------------------------------------------------------------------------------


ALL_RED_THREES = [["3D", "3H"], ["3D", "3H"]]


def run_out(variant: str, discard: list[str], hand: list[str] | None = None, melds: list | None = None) -> dict:
    """A position at the start of seat 0's turn with an empty stock and every red three on the table (in
    Two-hand, where a hand grows by a card a turn, the side has melded two canastas too)."""
    melds = melds or [[ACES, group("QS", "QH", "QC")], []]
    if variant == "two-hand":
        melds = [melds[0] + LATE[0][1:], melds[1]]
    return position(variant, hand or HAND, phase="draw", melds=melds,
                    discard=discard, stock=[], stock_exact=True, red_threes=ALL_RED_THREES)


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_stock_exhausted_must_take_a_fitting_discard(client, variant):
    """With the stock empty, a discard that fits one of the side's melds on a pile not frozen for the side
    must be taken: the draw is refused and only taking the pile is offered."""
    state = run_out(variant, ["QD"], hand=["9C", "9D", "JS", "7H", "5S", "KH", "10D", "6C"])
    assert_refused(judged(client, variant, state, {"type": "draw"}), EXHAUSTED, "QD")
    moves = legal_moves(client, variant, state)["moves"]
    assert listed(moves, "take_pile") and not listed(moves, "draw")
    assert_allowed(judged(client, variant, state, {"type": "take_pile", "cards": []}))


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_stock_exhausted_draw_ends_the_hand(client, variant):
    """With the stock empty and no discard to take, the draw ends the hand: nobody went out."""
    state = run_out(variant, ["8S"], hand=["9C", "9D", "JS", "7H", "5S", "KH", "10D", "6C"])
    assert listed(legal_moves(client, variant, state)["moves"], "draw")
    answer = applied(client, variant, state, {"type": "draw"})
    after = answer["state"]
    assert after["turn"]["phase"] == "over"
    assert after["turn"]["ending"] == "stock_exhausted"
    assert answer["to_act"] is None
    assert same_cards(after["hands"][0], state["hands"][0])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_stock_exhausted_frozen_pile_need_not_be_taken(client, variant):
    """A frozen pile need not be taken even when it could be: the draw ends the hand."""
    state = run_out(variant, ["2C", "QD"], hand=["QC", "QS", "9C", "9D", "JS", "7H", "5S", "KH"],
                    melds=[[ACES, group("QS", "QH", "QH")], []])
    assert_allowed(judged(client, variant, state, {"type": "draw"}))
    assert_allowed(judged(client, variant, state, {"type": "take_pile", "cards": ["QC", "QS"]}))
    after = applied(client, variant, state, {"type": "draw"})["state"]
    assert after["turn"]["ending"] == "stock_exhausted"


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_stock_exhausted_taking_the_discard_goes_on(client, variant):
    """Taking the last discard with the stock empty goes on like any turn: meld, then discard."""
    state = run_out(variant, ["QD"], hand=["9C", "9D", "JS", "7H", "5S", "KH", "10D", "6C"])
    after = applied(client, variant, state, {"type": "take_pile", "cards": []})["state"]
    assert after["turn"]["phase"] == "meld"
    assert after["discard"] == []
    assert listed(legal_moves(client, variant, after)["moves"], "discard")


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_stock_exhausted_pair_may_take_or_draw(client, variant):
    """A discard that fits no meld of the side need not be taken: the natural pair may take it or the draw
    may end the hand."""
    state = run_out(variant, ["9S"], hand=["9C", "9D", "JS", "7H", "5S", "KH", "10D", "6C"])
    assert_allowed(judged(client, variant, state, {"type": "take_pile", "cards": ["9C", "9D"]}))
    assert_allowed(judged(client, variant, state, {"type": "draw"}))
    moves = legal_moves(client, variant, state)["moves"]
    assert listed(moves, "draw") and listed(moves, "take_pile", cards=["9C", "9D"])


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_stock_exhausted_black_three_on_top_ends_the_hand(client, variant):
    """With the stock empty and a black three on top, nothing can be taken: the draw ends the hand."""
    state = run_out(variant, ["3S"], hand=["3C", "9C", "9D", "JS", "7H", "5S", "KH", "10D"])
    moves = legal_moves(client, variant, state)["moves"]
    assert listed(moves, "take_pile") == []
    assert applied(client, variant, state, {"type": "draw"})["state"]["turn"]["ending"] == "stock_exhausted"


def test_canasta_red_threes_lay_out_two_in_a_row(client):
    """A red three drawn as the replacement for another is laid out and replaced in its turn."""
    state = position("classic", HAND, phase="draw", melds=OPENED, stock=["3H", "3D", "8D", "4S"])
    after = applied(client, "classic", state, {"type": "draw"})["state"]
    assert sorted(after["red_threes"][0]) == ["3D", "3H"]
    assert same_cards(after["hands"][0], state["hands"][0] + ["8D"])
    assert after["stock"] == state["stock"][3:]


@pytest.mark.parametrize("variant", each_variant())
def test_canasta_stock_exhausted_going_out_is_going_out(client, variant):
    """With the stock empty, a player who takes the last discard and melds every card goes out as at any
    other time. (The player before took a large pile, so the pile is the one card it then discarded.)"""
    kings = group("KC", "KC", "KD", "KD", "KH", "KH", "KS")
    # side 1's sevens carry a joker: the initial meld it shows counts 65 (its minimum at a score of 0 is 50)
    melds = [[ACES, group("QS", "QH", "QC"), kings], [group("7C", "7D", "7H", "JK")]]
    if variant == "two-hand":
        # a Two-hand hand grows by a card a turn: this side has melded all it drew
        melds[0] += [group("6C", "6C", "6D", "6D", "6H", "6H", "6S"), group("5C", "5C", "5D", "5D", "5H", "5H", "5S"),
                     group("4C", "4D", "4H", "4S")]
    before = 3 if variant == "classic" else 1
    state = position(variant, ["9C", "9D", "9H"], phase="draw", melds=melds, discard=["QD"], stock=[],
                     stock_exact=True, red_threes=ALL_RED_THREES, exact_hand=True, took={before: None})
    assert state["discard"] == ["QD"]
    taken = applied(client, variant, state, {"type": "take_pile", "cards": []})["state"]
    assert sorted(taken["hands"][0]) == ["9C", "9D", "9H"]
    after = applied(client, variant, taken, {"type": "meld", "melds": [{"cards": ["9C", "9D", "9H"]}]})["state"]
    assert after["turn"]["phase"] == "over"
    assert after["turn"]["ending"] == "went_out"


def test_canasta_red_threes_last_card_as_a_replacement_classic(client):
    """Classic: a red three drawn as the replacement for another, emptying the stock, ends the hand too."""
    state = position("classic", HAND, phase="draw", melds=OPENED, stock=["3H", "3D"], stock_exact=True,
                     red_threes=[["3D"], ["3H"]])
    after = applied(client, "classic", state, {"type": "draw"})["state"]
    assert sorted(after["red_threes"][0]) == ["3D", "3D", "3H"]
    assert after["turn"]["phase"] == "over" and after["turn"]["ending"] == "stock_exhausted"
    assert same_cards(after["hands"][0], state["hands"][0])


# --- what /legal-moves lists, /validate-move accepts --------------------------------------------------------------


def listed_positions() -> list:
    """Positions of every phase, for both variants."""
    cases = []
    for variant in ("classic", "two-hand"):
        kings = [[ACES, group("KC", "KD", "KH")], []]
        cases += [
            pytest.param(variant, position(variant, HAND, phase="draw", melds=OPENED, discard=["9S", "QH"]),
                         id=f"{variant}-draw-unfrozen"),
            pytest.param(variant, position(variant, HAND, phase="draw", melds=OPENED, discard=["2C", "9S", "QH"]),
                         id=f"{variant}-draw-frozen"),
            pytest.param(variant, position(variant, HAND + ["JK", "2D"], melds=kings), id=f"{variant}-meld-opened"),
            pytest.param(variant, position(variant, ["AC", "AS", "2D", "KC", "KD", "KS", "9H", "9S", "6C", "4D",
                                                    "JD", "7S"]), id=f"{variant}-meld-before-opening"),
        ]
    return cases


@pytest.mark.parametrize("variant, state", listed_positions())
def test_canasta_turn_draw_listed_moves_are_legal(client, variant, state):
    """Every move /legal-moves lists is legal by /validate-move and applies."""
    answer = legal_moves(client, variant, state)
    assert answer["moves"]
    for move in answer["moves"]:
        assert_allowed(judged(client, variant, state, move))
        if move["type"] != "draw":
            applied(client, variant, state, move)
