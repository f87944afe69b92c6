"""Runs of one suit (Samba's sambas, Oklahoma's and Five-person's sequences), judged from the entry."""

from __future__ import annotations

from ...cards import RANKS
from ...game import Violation
from .config import Config
from .melds import Judged


def _orders(cfg: Config) -> list[list[str]]:
    """The rank orders a run may follow: ace high, and ace low too where the variant allows it."""
    rules = cfg.table.sequences
    ranks = list(RANKS)
    high = ranks[ranks.index(rules.low):ranks.index(rules.high) + 1] if rules.low != "A" else ranks[:-1]
    if rules.low == "A":
        orders = [["A"] + ranks[:ranks.index(rules.high) + 1] if rules.high != "A" else ["A"] + ranks[:-1]]
        if rules.ace_low and rules.high == "A":
            orders.append(ranks)
        return orders
    return [high]


def judge_sequence(cfg: Config, cards: list[str], named: list[str] | None = None) -> Judged:
    """Judge cards as a run of one suit: consecutive ranks, wild cards filling gaps where allowed.

    `named` gives, for each wild card in order, the card it stands for: the run is then judged with
    those cards in place, so it keeps its order and nothing is left to guess."""
    rules = cfg.table.sequences
    points = sum(cfg.values[card] for card in cards)
    wilds = [card for card in cards if card in cfg.wild]
    naturals = [card for card in cards if card not in cfg.wild]
    violations: list[Violation] = []
    if any(card not in cfg.rank_of or card in cfg.stop_cards for card in naturals):
        violations.append(Violation("canasta.melds.sequence", "A sequence holds natural cards and wild cards only."))
    suits = {card[-1] for card in naturals}
    if len(suits) > 1:
        violations.append(Violation("canasta.melds.sequence", "A sequence holds cards of one suit only."))
    if wilds and not rules.wilds:
        violations.append(Violation("canasta.melds.sequence", "A sequence may not hold wild cards here."))
    size = len(cards)
    if not rules.min_cards <= size <= rules.max_cards:
        violations.append(Violation("canasta.melds.sequence", f"A sequence has {rules.min_cards} to "
                                    f"{rules.max_cards} cards; this one has {size}."))
    ranks = [card[:-1] for card in naturals]
    if named is not None:
        if {card[-1] for card in named} - suits - ({named[0][-1]} if not suits else set()):
            violations.append(Violation("canasta.melds.nominated",
                                        "A wild card in a sequence stands for a card of the sequence's suit."))
        ranks += [card[:-1] for card in named]
        wilds_left = 0
    else:
        wilds_left = len(wilds)
    if len(set(ranks)) != len(ranks):
        violations.append(Violation("canasta.melds.sequence", "A sequence holds each rank once."))
    elif not violations and not any(_fits(order, ranks, wilds_left) for order in _orders(cfg)):
        violations.append(Violation("canasta.melds.sequence",
                                    "These ranks do not follow one another, even with the wild cards filling gaps."))
    return Judged(None, len(naturals), len(wilds), points, violations)


def _fits(order: list[str], ranks: list[str], wilds: int) -> bool:
    if any(rank not in order for rank in ranks):
        return False
    places = sorted(order.index(rank) for rank in ranks)
    gaps = places[-1] - places[0] + 1 - len(places) if places else 0
    return gaps <= wilds and len(places) + wilds <= len(order)
