"""A player's view of the table: where a card the position shows lies, for moves that name hidden cards."""

from __future__ import annotations

from ...parsing import HiddenHand
from .state import SalsifisState


def _shown(pile) -> list[str] | tuple:
    return () if type(pile) is HiddenHand else pile


def whereabouts(state: SalsifisState, card: str) -> str | None:
    """Why a hidden pile cannot hold a card, in words ("is already in seat 0's hand"), or None when it can."""
    if card not in state.layout.cards:
        return f"is not in the {len(state.layout.cards)}-card pack of a {state.players}-player game"
    where = _shown_at(state, card)
    return None if where is None else f"is already {where}"


def _shown_at(state: SalsifisState, card: str) -> str | None:
    """Where the position shows a card ("in seat 0's hand"), or None when it shows it nowhere."""
    for seat, hand in enumerate(state.hands):
        if card in _shown(hand):
            return f"in seat {seat}'s hand"
    for index, packet in enumerate(state.packets):
        if card in packet:
            return f"in packet {index}"
    if card in _shown(state.heap):
        return "in the heap"
    for placement in state.placements:
        if placement.card == card:
            return f"face down by packet {placement.packet}, placed by seat {placement.seat}"
    for seat, pile in enumerate(state.won):
        if card in _shown(pile):
            return f"in seat {seat}'s won pile"
    for share in state.shared:
        if card in share.cards:
            return f"in the stake shared by seats {', '.join(map(str, share.seats))}"
    if card in _shown(state.discarded):
        return "among the discards"
    return None
