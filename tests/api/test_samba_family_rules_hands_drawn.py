"""canasta.deal.two-hand in Samba, Bolivia and Brazilian, from the rule text: each hand is dealt fifteen cards, and
each turn draws two cards from the stock (or takes the pile, melding its top card) and ends with one discard. So a
hand grows by one card a turn at most, beyond the piles it takes, and the stock counts the turns that drew from it:
a hand no sequence of turns can have brought is refused before anything is searched, with the rule and the hand."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.api.samba_family import (DECK, OPPONENTS_OPENED, RED_THREES, answer, each, group, meld_turn, post,
                                    shown_cards, table)

DRAWN = "canasta.deal.two-hand"
OWN = [group("KC", "KD", "KH")]


def cards_left(*shown: list[str]) -> list[str]:
    """The deck's cards not among `shown`, red threes left out (they are laid out, never held), in a fixed order."""
    rest = DECK - Counter(card for cards in shown for card in cards)
    return [card for card in sorted(rest.elements()) if card not in RED_THREES]


def unopened(size: int) -> dict:
    """Seat 0, its side without a meld, has drawn from the stock early in the hand: `size` cards in hand."""
    hand = cards_left(["7C", "7D", "7S", "9C", "4D"])[:size]
    return table([hand, {"count": 14}, {"count": 15}, {"count": 15}], discard=["9C", "4D"], turn=meld_turn())


def opened(size: int) -> dict:
    """Seat 0, its side opened with three kings, has drawn from the stock; the other hands hold one card each."""
    table_cards = [card for meld in OWN + OPPONENTS_OPENED for card in meld["cards"]]
    hand = cards_left(table_cards, ["9C", "4D"])[:size]
    return table([hand, {"count": 1}, {"count": 1}, {"count": 1}], discard=["9C", "4D"],
                 melds=[OWN, OPPONENTS_OPENED], melded_before=[True, True, False, False], turn=meld_turn())


def refusal(response) -> dict:
    assert response.status_code == 422, response.get_json()
    return response.get_json()["violations"][0]


def assert_hand_refused(client, variant: str, state: dict, because: str) -> None:
    """/legal-moves refuses seat 0's hand by canasta.deal.two-hand, saying `because`."""
    found = refusal(post(client, "/legal-moves", variant, state))
    assert (found["rule"], found["pointer"]) == (DRAWN, "/state/hands/0")
    assert because in found["message"]


@pytest.mark.parametrize("variant", each())
def test_canasta_deal_two_hand_a_seat_without_melds_holds_its_deal_and_a_card_a_turn(client, variant):
    # Fifteen dealt and two drawn this turn, on the first turn of the hand: seventeen.
    assert answer(client, "/legal-moves", variant, unopened(17))["to_act"] == 0
    assert_hand_refused(client, variant, unopened(40), "never took the pile")


@pytest.mark.parametrize("variant", each())
def test_canasta_deal_two_hand_the_stock_bounds_the_turns_that_drew(client, variant):
    # The stock still holds nearly every card the deal left it, so few turns have been played: thirty cards
    # in the hand of a seat that never melded is more than those turns bring.
    state = unopened(30)
    assert state["stock"]["count"] > 80
    assert_hand_refused(client, variant, state, "turns at most")


@pytest.mark.parametrize("variant", each())
def test_canasta_deal_two_hand_a_hand_that_took_piles_is_bounded_too(client, variant):
    accepted = opened(60)
    assert answer(client, "/legal-moves", variant, accepted)["to_act"] == 0
    # Nearly the whole deck in one hand: no sequence of turns, piles taken included, brings that many.
    state = opened(115)
    assert not shown_cards(state) - DECK
    assert_hand_refused(client, variant, state, "the pile can have brought it")


@pytest.mark.parametrize("variant", each())
def test_canasta_deal_two_hand_refused_on_every_endpoint_that_reads_the_position(client, variant):
    state = unopened(40)
    move = {"type": "discard", "card": state["hands"][0][0]}
    assert refusal(post(client, "/legal-moves", variant, state))["rule"] == DRAWN
    for path in ("/validate-move", "/apply-move", "/explain"):
        assert refusal(post(client, path, variant, state, move))["rule"] == DRAWN
