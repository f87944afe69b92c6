"""Runs of one suit (Samba's sambas, Oklahoma's and Five-person's sequences), judged from the entry."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import RANKS
from ...game import Violation
from .config import Config
from .melds import Judged, Meld


@dataclass(slots=True)
class RunJudged(Judged):
    """The verdict on cards as a sequence, with the card each wild card stands for where that is known."""

    named: list[str] | None = None


def _orders(cfg: Config) -> list[list[str]]:
    """The rank orders a run may follow, lowest first: from the entry's low rank to its high one, and where the ace
    is low and may sit at either end (ace_either_end), ace high too."""
    rules = cfg.table.sequences
    ranks = list(RANKS)
    high = ranks[ranks.index(rules.low):ranks.index(rules.high) + 1] if rules.low != "A" else ranks[:-1]
    if rules.low == "A":
        orders = [["A"] + ranks[:ranks.index(rules.high) + 1] if rules.high != "A" else ["A"] + ranks[:-1]]
        if rules.ace_either_end and rules.high == "A":
            orders.append(ranks)
        return orders
    return [high]


def judge_sequence(cfg: Config, cards: list[str], named: list[str] | None = None,
                   known: list[str] = ()) -> RunJudged:
    """Judge cards as a run of one suit: consecutive ranks, wild cards filling gaps where allowed.

    `named` gives, for each wild card in order, the card it stands for: the run is then judged with
    those cards in place, so it keeps its order and nothing is left to guess. Where the variant names
    wild cards and none are given, the verdict names them where only one placing fits (`known` naming
    the first wild cards already)."""
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
    # A name is a natural card, or a card both wild and natural (Five-person's twos) standing for itself.
    if named is not None and (len(named) != len(wilds) or any(
            card not in cfg.dual and (card in cfg.wild or card not in cfg.rank_of) for card in named)):
        violations.append(Violation("canasta.melds.nominated", f"Name one natural card (\"as\") for each of the "
                                    f"sequence's {len(wilds)} wild cards; {len(named)} named."))
        named = []
    if named is not None:
        if named and {card[-1] for card in named} - suits - ({named[0][-1]} if not suits else set()):
            violations.append(Violation("canasta.melds.nominated",
                                        "A wild card in a sequence stands for a card of the sequence's suit."))
        ranks += [card[:-1] for card in named]
        wilds_left = 0
    else:
        wilds_left = len(wilds)
    seen = ranks + [card[:-1] for card in known] if named is None else ranks
    if len(set(seen)) != len(seen):
        violations += _misnamed(cfg, naturals, wilds, named)
        violations.append(Violation("canasta.melds.sequence", "A sequence holds each rank once."))
    elif not violations and not any(_fits(order, ranks, wilds_left) for order in _orders(cfg)):
        violations += _misnamed(cfg, naturals, wilds, named)
        violations.append(Violation("canasta.melds.sequence",
                                    "These ranks do not follow one another, even with the wild cards filling gaps."))
    suit = next(iter(suits)) if len(suits) == 1 else (named[0][-1] if named and not suits else "")
    if rules.nominated and wilds and not violations and named is None:
        named = _one_reading(cfg, naturals, wilds, known, suit)
    return RunJudged(None, len(naturals), len(wilds), points, violations, suit,
                     named if rules.nominated and not violations else None)


def _misnamed(cfg: Config, naturals: list[str], wilds: list[str], named: list[str] | None) -> list[Violation]:
    """Where named wild cards break a run their cards would make unnamed, the names are at fault too."""
    if not named:
        return []
    ranks = [card[:-1] for card in naturals]
    if len(set(ranks)) == len(ranks) and any(_fits(order, ranks, len(wilds)) for order in _orders(cfg)):
        return [Violation("canasta.melds.nominated", "The wild cards are named as cards that do not fill the "
                                                     f"places the run leaves free: {', '.join(named)}.")]
    return []


def _one_reading(cfg: Config, naturals: list[str], wilds: list[str], known: list[str], suit: str) -> list[str] | None:
    """The cards unnamed wild cards stand for where only one placing of the run fits them, else None.

    Wild cards of different kinds filling several places could each stand in either: no one reading."""
    rest = wilds[len(known):]
    if not rest:
        return list(known)
    fixed = [card[:-1] for card in naturals] + [card[:-1] for card in known]
    size = len(naturals) + len(wilds)
    readings = set()
    for order in _orders(cfg):
        for start in range(len(order) - size + 1):
            window = order[start:start + size]
            if all(rank in window for rank in fixed):
                readings.add(tuple(rank for rank in window if rank not in fixed))
    if len(readings) != 1:
        return None
    missing = next(iter(readings))
    if len(missing) > 1 and len(set(rest)) > 1:
        return None
    return list(known) + [rank + suit for rank in missing]


def judge_sequence_onto(cfg: Config, cards: list[str], onto: Meld, named: list[str] | None = None) -> RunJudged:
    """Judge cards added to a sequence on the table, at either end: the sequence they make together.

    Where wild cards are named, the table meld's names come first and `named` names the new wild cards."""
    if cfg.table.sequences.nominated and (named is not None or onto.named is not None):
        judged = _onto_named(cfg, cards, onto, named)
    else:
        judged = judge_sequence(cfg, onto.cards + cards)
    judged.points = sum(cfg.values[card] for card in cards)
    judged.suit = onto.suit
    return judged


def _onto_named(cfg: Config, cards: list[str], onto: Meld, named: list[str] | None) -> RunJudged:
    if onto.named is None and onto.wilds:
        judged = judge_sequence(cfg, onto.cards + cards)
        judged.violations.append(Violation("canasta.melds.nominated", "The sequence on the table does not name its "
                                           "wild cards, so the new ones cannot be placed beside them."))
        return judged
    known = onto.named or []
    if named is None and any(card in cfg.wild for card in cards):
        return judge_sequence(cfg, onto.cards + cards, None, known)
    return judge_sequence(cfg, onto.cards + cards, known + (named or []))


def _fits(order: list[str], ranks: list[str], wilds: int) -> bool:
    if any(rank not in order for rank in ranks):
        return False
    places = sorted(order.index(rank) for rank in ranks)
    gaps = places[-1] - places[0] + 1 - len(places) if places else 0
    return gaps <= wilds and len(places) + wilds <= len(order)


def top_card_alone(cfg: Config, onto: Meld | None) -> bool:
    """Whether taking the pile onto this side meld takes the top card alone, the rest of the pile staying
    (Samba's sequences)."""
    return onto is not None and bool(onto.suit) and cfg.table.pile.top_card_only_onto_sequence


def runs_in(cfg: Config, cards: list[str]) -> list[list[str]]:
    """The longest runs of consecutive ranks in cards of one suit, one card per rank, low end first (each
    order of ranks the variant plays: an ace-low run is found beside the ace-high one)."""
    if not cards:
        return []
    suit = cards[0][-1]
    ranks = {card[:-1] for card in cards}
    found = []
    for order in _orders(cfg):
        run: list[str] = []
        for rank in order + [None]:
            if rank in ranks:
                run.append(rank + suit)
                continue
            if run:
                found.append(run)
            run = []
    return found


def extensions(cfg: Config, onto: Meld, cards: list[str]) -> list[list[str]]:
    """The longest chains of these cards that lengthen a sequence on the table at its high end and at its
    low end (nearest card first), in each order of ranks the sequence can follow."""
    held = {card for card in cards if card[-1] == onto.suit}
    # Named wild cards hold their places: the run grows beyond them.
    ranks = [card[:-1] for card in onto.cards if card not in cfg.wild] + [card[:-1] for card in onto.named or ()]
    found = []
    for order in _orders(cfg):
        if not ranks or any(rank not in order for rank in ranks):
            continue
        places = [order.index(rank) for rank in ranks]
        for start, step in ((max(places) + 1, 1), (min(places) - 1, -1)):
            chain = []
            i = start
            while 0 <= i < len(order) and order[i] + onto.suit in held:
                chain.append(order[i] + onto.suit)
                i += step
            if chain:
                found.append(chain)
    return found
