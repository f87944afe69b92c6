"""The six contracts of Canadian Salad and what each charges for a trick."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import RANK, SUIT
from ...records import record

KING_OF_SPADES = "KS"


@record
class Charge:
    """A penalty one trick brings its winner under one rule."""

    rule: str
    count: int
    each: int
    what: str

    @property
    def points(self) -> int:
        """The points this charge costs."""
        return self.count * self.each


def _tricks(cards: tuple[str, ...], last: bool) -> list[Charge]:
    return [Charge("canadian-salad.contract.no-tricks", 1, 10, "trick")]


def _hearts(cards: tuple[str, ...], last: bool) -> list[Charge]:
    hearts = sum(1 for c in cards if SUIT[c] == "H")
    return [Charge("canadian-salad.contract.no-hearts", hearts, 10, "heart")] * (hearts > 0)


def _queens(cards: tuple[str, ...], last: bool) -> list[Charge]:
    queens = sum(1 for c in cards if RANK[c] == "Q")
    return [Charge("canadian-salad.contract.no-queens", queens, 25, "queen")] * (queens > 0)


def _king(cards: tuple[str, ...], last: bool) -> list[Charge]:
    return [Charge("canadian-salad.contract.no-king-of-spades", 1, 100, "king of spades")] * (KING_OF_SPADES in cards)


def _last(cards: tuple[str, ...], last: bool) -> list[Charge]:
    return [Charge("canadian-salad.contract.no-last-trick", 1, 100, "last trick")] * last


@dataclass(frozen=True)
class Contract:
    """One of the six hands: its name, its rule, and the penalties it counts."""

    number: int
    name: str
    rule: str
    parts: tuple
    penalty_cards: frozenset[str] = frozenset()  # empty: every trick can score, so play runs to the end
    # Each penalty of a single-penalty contract is handed out whole, `unit` points, to whoever takes it:
    # one per trick, one per penalty card, or one per hand (the last trick). The salad combines them.
    unit: int = 0
    counted: str = ""  # "trick", "card" or "hand"

    def units(self, tricks: int) -> int:
        """How many penalties of `unit` points the hand hands out, for a hand of `tricks` tricks."""
        return {"trick": tricks, "card": len(self.penalty_cards), "hand": 1}[self.counted]

    def charges(self, cards: tuple[str, ...], last: bool) -> list[Charge]:
        """The penalties a trick of these cards brings its winner, each citing the contract in force.

        The salad charges the five single penalties under its own rule: in hand 6 a heart costs 10 because
        the salad says so, not because hand 2's contract does.
        """
        found = [charge for part in self.parts for charge in part(cards, last)]
        if len(self.parts) > 1:
            return [Charge(self.rule, charge.count, charge.each, charge.what) for charge in found]
        return found


HEARTS = frozenset(rank + "H" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
QUEENS = frozenset("Q" + suit for suit in "CDHS")

CONTRACTS: dict[int, Contract] = {
    1: Contract(1, "no tricks", "canadian-salad.contract.no-tricks", (_tricks,), unit=10, counted="trick"),
    2: Contract(2, "no hearts", "canadian-salad.contract.no-hearts", (_hearts,), HEARTS, 10, "card"),
    3: Contract(3, "no queens", "canadian-salad.contract.no-queens", (_queens,), QUEENS, 25, "card"),
    4: Contract(4, "no king of spades", "canadian-salad.contract.no-king-of-spades", (_king,),
                frozenset({KING_OF_SPADES}), 100, "card"),
    5: Contract(5, "no last trick", "canadian-salad.contract.no-last-trick", (_last,), unit=100, counted="hand"),
    6: Contract(6, "salad", "canadian-salad.contract.salad", (_tricks, _hearts, _queens, _king, _last)),
}
