"""The joker swap (hook joker_swap, Oklahoma): in the meld phase a player takes a joker from another side's
set into the hand, giving in its place a natural card of the set's rank from the hand; from a sequence whose
wild cards are named, the card given is the very card the joker stands for.

One check decides listing and refusal; the listing offers, for each such meld, the first natural of its rank
the hand holds (suits never matter to a set), or the card a sequence's joker stands for."""

from __future__ import annotations

from ...cards import JOKER
from ...game import Violation
from ...parsing import HiddenHand
from .config import Config, card_sort_key
from .melds import Meld, judge
from .position import Position, without
from .state import CanastaState

RULE = "canasta.melds.joker-swap"


def _stands_for(cfg: Config, card: str, rank: str) -> bool:
    """Whether the card is a natural of this rank (a card both wild and natural of its own rank included)."""
    return cfg.rank_of.get(card) == rank and card not in cfg.stop_cards or cfg.dual.get(card) == rank


def check_swap_joker(pos: Position, move: dict) -> list[Violation]:
    """A joker taken from another side's set for a natural card of the set's rank held in the hand."""
    state = pos.state
    if state.turn.phase != "meld":
        return [Violation("canasta.turn.draw", f"Seat {pos.seat} swaps a joker only after drawing, before "
                                               "discarding.")]
    owner, index, card = move["owner"], move["meld"], move["card"]
    if owner >= len(state.melds) or owner == pos.side:
        return [Violation(RULE, f"A joker is taken only from another side's meld, not from side {owner}'s.")]
    melds = state.melds[owner]
    if index >= len(melds):
        return [Violation(RULE, f"Side {owner} has {len(melds)} meld(s) on the table; there is no meld {index}.")]
    meld = melds[index]
    found = []
    if meld.suit:
        found += _run_problems(pos.cfg, meld, owner, index, card)
    elif JOKER not in meld.cards or not meld.rank:
        found.append(Violation(RULE, f"Side {owner}'s meld {index} holds no joker standing for a card of a set."))
    elif not _stands_for(pos.cfg, card, meld.rank):
        found.append(Violation(RULE, f"The joker in side {owner}'s meld {index} stands for a {meld.rank}; {card} "
                                     "cannot take its place."))
    if pos.hidden:
        pos.unverified.add(RULE)
    elif not pos.counts.get(card):
        found.append(Violation(RULE, f"Seat {pos.seat} does not hold {card}."))
    return found


def _jokers_named(cfg: Config, meld: Meld) -> list[str]:
    """The cards a sequence's jokers stand for, where its wild cards are named."""
    if meld.named is None:
        return []
    return [name for card, name in zip((c for c in meld.cards if c in cfg.wild), meld.named) if card == JOKER]


def _run_problems(cfg: Config, meld: Meld, owner: int, index: int, card: str) -> list[Violation]:
    """A joker is taken from a sequence only for the card it stands for."""
    named = _jokers_named(cfg, meld)
    if not named:
        return [Violation(RULE, f"Side {owner}'s meld {index} holds no joker named as a card of the sequence.")]
    if card not in named:
        return [Violation(RULE, f"The joker in side {owner}'s meld {index} stands for {' or '.join(named)}; "
                                f"{card} cannot take its place.")]
    return []


def _takeable(pos: Position):
    """(owner, index, meld) of each set of another side holding a joker, and each sequence holding a named
    joker."""
    for owner, melds in enumerate(pos.state.melds):
        if owner != pos.side:
            for index, meld in enumerate(melds):
                if meld.rank and JOKER in meld.cards or meld.suit and _jokers_named(pos.cfg, meld):
                    yield owner, index, meld


def jokers_to_take(pos: Position) -> bool:
    """Whether another side's set holds a joker the acting seat might take."""
    return next(_takeable(pos), None) is not None


def swap_offers(pos: Position) -> list[dict]:
    """Each swap the acting hand could make: one per meld holding a joker, with a natural of its rank."""
    cfg = pos.cfg
    found = []
    for owner, index, meld in _takeable(pos):
        if meld.suit:
            cards = sorted((c for c in set(_jokers_named(cfg, meld)) if pos.counts.get(c)), key=card_sort_key)
        else:
            cards = sorted((c for c in pos.counts if _stands_for(cfg, c, meld.rank)), key=card_sort_key)
        if cards:
            found.append({"type": "swap_joker", "owner": owner, "meld": index, "card": cards[0]})
    return found


def apply_swap_joker(cfg: Config, state: CanastaState, move: dict, events: list[dict]) -> None:
    """The joker to the hand, the card given in its place in the meld."""
    owner, index, card = move["owner"], move["meld"], move["card"]
    seat = state.turn.seat
    meld = state.melds[owner][index]
    cards = list(meld.cards)
    if meld.suit:
        swapped = _swapped_in_run(cfg, meld, card)
    else:
        cards[cards.index(JOKER)] = card
        verdict = judge(cfg, cards, going_out=True)
        swapped = Meld(meld.rank, cards, verdict.naturals, verdict.wilds, named=_names_after_swap(cfg, meld))
    state.melds = list(state.melds)
    state.melds[owner] = state.melds[owner][:index] + [swapped] + state.melds[owner][index + 1:]
    hand = state.hands[seat]
    state.hands = list(state.hands)
    state.hands[seat] = hand if type(hand) is HiddenHand else without(hand, [card]) + [JOKER]   # one for one
    events.append({"type": "swapped_joker", "seat": seat, "owner": owner, "meld": index, "card": card,
                   "rules": [RULE]})


def _swapped_in_run(cfg: Config, meld: Meld, card: str) -> Meld:
    """A sequence with the joker named as this card replaced by it, the other wild cards keeping their names."""
    wild_places = [i for i, c in enumerate(meld.cards) if c in cfg.wild]
    k = next(k for k, (i, name) in enumerate(zip(wild_places, meld.named)) if meld.cards[i] == JOKER and name == card)
    cards = list(meld.cards)
    cards[wild_places[k]] = card
    rest = meld.named[:k] + meld.named[k + 1:]
    return Meld("", cards, meld.naturals + 1, meld.wilds - 1, meld.suit, rest or None)


def _names_after_swap(cfg: Config, meld: Meld) -> list[str] | None:
    """A named set's names once its first joker is replaced: the name that joker carried goes with it."""
    if meld.named is None:
        return None
    k = [c for c in meld.cards if c in cfg.wild].index(JOKER)
    return meld.named[:k] + meld.named[k + 1:] or None
