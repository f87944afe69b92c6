"""Laying out a turn's packets from the heap; where the heap is hidden, a move that names the cards laid."""

from __future__ import annotations

from ...errors import invalid
from ...game import Outcome, Violation
from ...parsing import HiddenHand
from .state import SalsifisState
from .view import whereabouts

RULES = ["salsifis.deal.packets"]


def _from_top(heap: list[str], sizes: tuple[int, ...]) -> list[list[str]]:
    """The packets a shown heap gives, in the order it is laid: the first cards are packet 0."""
    packets, at = [], 0
    for size in sizes:
        packets.append(heap[at:at + size])
        at += size
    return packets


def _named(packets: list[list[str]]) -> str:
    return "; ".join(f"packet {index} gets {', '.join(cards)}" for index, cards in enumerate(packets))


def judge_lay_out(state: SalsifisState, move: dict) -> tuple[list[Violation], list[str]]:
    """A lay-out's violations, and the rule left unchecked when the cards come from a hidden heap."""
    if not state.awaiting_layout:
        return [Violation("salsifis.deal.packets", f"The packets of turn {state.turn} are already laid out.")], []
    sizes = state.layout.packets_of(state.turn)
    named = move.get("packets")
    if type(state.heap) is not HiddenHand:
        top = _from_top(state.heap, sizes)
        if named is not None and named != top:
            return [Violation("salsifis.deal.packets", f"The packets are laid from the top of the heap: {_named(top)}.")], []
        return [], []
    if named is None:
        raise invalid(("move", "packets"), "the heap is hidden, so name the cards laid by each packet: "
                      f"{' and '.join(map(str, sizes))}", "salsifis.deal.packets")
    for index, (cards, size) in enumerate(zip(named, sizes)):
        if len(cards) != size:
            return [Violation("salsifis.deal.packets", f"Turn {state.turn} lays {' and '.join(map(str, sizes))} "
                              f"cards from the heap by its packets; packet {index} was given {len(cards)}.")], []
    laid: dict[str, int] = {}
    for index, cards in enumerate(named):
        for card in cards:
            where = whereabouts(state, card) or (f"is already laid by packet {laid[card]}" if card in laid else None)
            if where is not None:
                return [Violation("salsifis.deal.cards", f"The {card} cannot come from the heap: it {where}.")], []
            laid[card] = index
    return [], list(RULES)


def listing(state: SalsifisState) -> list[dict]:
    """The lay-out: from a shown heap its top cards; from a hidden heap the move whose cards the client names."""
    if type(state.heap) is HiddenHand:
        return [{"type": "lay_out", "code": "lay_out", "rules": RULES + ["salsifis.state.view"],
                 "unverified": list(RULES)}]
    return [{"type": "lay_out", "packets": _from_top(state.heap, state.layout.packets_of(state.turn)), "code": "lay_out",
             "rules": list(RULES)}]


def apply_lay_out(state: SalsifisState, move: dict) -> Outcome:
    """Lay the turn's packets from the heap (the named cards, where it is hidden), by any cards carried there."""
    sizes = state.layout.packets_of(state.turn)
    heap = state.heap
    cards = move["packets"] if type(heap) is HiddenHand else _from_top(heap, sizes)
    taken = sum(sizes)
    packets = [list(carried) + list(new) for carried, new in zip(state.packets, cards)]
    fields = dict(state.__dict__, packets=packets,
                  heap=HiddenHand(heap.count - taken) if type(heap) is HiddenHand else heap[taken:])
    after = SalsifisState(**fields)
    return Outcome(after, [{"type": "packets_laid", "turn": state.turn, "packets": packets, "rules": list(RULES)}])
