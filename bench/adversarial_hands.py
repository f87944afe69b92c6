"""Hands built to defeat the shortcuts of the Canasta searches with runs (Samba's deck: three packs, six jokers).

An adversarial hand mixes what makes runs and sets compete: a few thin ranks holding one or two cards (too few for a set
alone, so only a run melds them), crossed by runs of one to four suits holding one to three copies of each card
(parallel runs that one copy per card cannot make), the rest of the hand drawn from the other ranks, wild cards
and black threes included. The whole deck has no thin rank. A pile hand is what a player holds after taking a
big pile: many cards, a dozen wild cards, runs in every suit. Deterministic for a given seed.
"""

from __future__ import annotations

import random

ORDER = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")      # the ranks a sequence follows
RANKS = ("2", "3", *ORDER)
PILE_SIZE = 80                                                        # cards held after taking a big pile


def deck() -> list[str]:
    """Three packs and six jokers without the red threes (a bonus card is laid out, never held)."""
    cards = [rank + suit for rank in RANKS for suit in "CDHS" if not (rank == "3" and suit in "DH")]
    return cards * 3 + ["JK"] * 6


def adversarial_hand(rng: random.Random, size: int) -> list[str]:
    """A hand of `size` cards: thin ranks crossed by parallel runs, then other ranks' cards."""
    most_thin = min(5, (len(deck()) - size) // 12)        # a thin rank leaves out ten of its twelve cards at least
    thin = set(rng.sample(ORDER, rng.randint(min(1, most_thin), most_thin)))
    runs: list[str] = []
    for suit in rng.sample("CDHS", rng.randint(1, 4)):
        first = rng.randint(0, len(ORDER) - 5)
        last = rng.randint(first + 2, len(ORDER) - 1)
        for place in range(first, last + 1):
            runs += [ORDER[place] + suit] * rng.randint(1, 3)
    hand: list[str] = []
    thin_held: dict[str, int] = {}
    for card in runs:
        rank = card[:-1]
        if rank in thin:
            if thin_held.get(rank, 0) >= 2:
                continue
            thin_held[rank] = thin_held.get(rank, 0) + 1
        hand.append(card)
    rest = [card for card in deck() if card[:-1] not in thin]
    rng.shuffle(rest)
    for card in rest:
        if len(hand) >= size:
            break
        if hand.count(card) < (6 if card == "JK" else 3):
            hand.append(card)
    return hand[:size]


def pile_hand(rng: random.Random, size: int = PILE_SIZE, wilds: int = 12) -> list[str]:
    """A hand of `size` cards holding `wilds` wild cards and, in every suit, a run of five to nine ranks held once
    or twice each; the rest drawn from the deck's other natural cards."""
    wild_cards = [card for card in deck() if card[:-1] == "2" or card == "JK"]
    hand = rng.sample(wild_cards, wilds)
    for suit in "CDHS":
        length = rng.randint(5, 9)
        first = rng.randint(0, len(ORDER) - length)
        for place in range(first, first + length):
            hand += [ORDER[place] + suit] * rng.randint(1, 2)
    rest = [card for card in deck() if card[:-1] != "2" and card != "JK"]
    rng.shuffle(rest)
    for card in rest:
        if len(hand) >= size:
            break
        if hand.count(card) < 3:
            hand.append(card)
    return hand[:size]


def meldable_hand(rng: random.Random, size: int) -> list[str]:
    """A hand of about `size` cards made of melds (runs of three to seven cards, sets of three to five naturals with
    up to two wild cards, now and then wild cards alone) and at most one card more: a hand that could often go out,
    or nearly, where the canastas going out needs decide."""
    naturals = [rank + suit for rank in ORDER for suit in "CDHS"]
    wilds = [card for card in deck() if card[:-1] == "2" or card == "JK"]
    rng.shuffle(wilds)
    hand: list[str] = []

    def fits(cards: list[str]) -> bool:
        return all(hand.count(card) + cards.count(card) <= (6 if card == "JK" else 3) for card in cards)

    for _ in range(200):
        if len(hand) >= size:
            break
        roll = rng.random()
        if roll < 0.5:
            suit, length = rng.choice("CDHS"), rng.randint(3, 7)
            first = rng.randint(0, len(ORDER) - length)
            cards = [rank + suit for rank in ORDER[first:first + length]]
        elif roll < 0.9:
            rank = rng.choice(ORDER)
            cards = [rank + rng.choice("CDHS") for _ in range(rng.randint(3, 5))]
            cards += [wilds[i % len(wilds)] for i in range(len(hand), len(hand) + rng.randint(0, 2))]
        else:
            cards = wilds[:3]
        if fits(cards):
            hand += cards
    if rng.random() < 0.5:
        extra = rng.choice(naturals)
        if fits([extra]):
            hand.append(extra)
    return hand
