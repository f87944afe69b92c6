"""One seat's view of a position, of a move and of its events: what that seat may see, hidden cards as counts.

A table that holds the full position asks for a seat's view to send that seat's client. The client applies the
viewed moves to its viewed position and stays equal to the view the service gives of the full position after each
move (every game's view tests check it step by step). The games say what is hidden (Game.view_state and the
others); this module holds the pieces they share and reads the seat asked for.
"""

from __future__ import annotations

from .parsing import read_int


def read_view(value: object, players: int) -> int:
    """The seat a view is asked for."""
    return read_int(value, ("view",), 0, players - 1)


def counted(cards: object) -> object:
    """A pile of cards as a count (a count stays as it is)."""
    return {"count": len(cards)} if type(cards) is list else cards


def others_hidden(hands: list, seat: int) -> list:
    """Every hand but the seat's as a count."""
    return [hand if index == seat else counted(hand) for index, hand in enumerate(hands)]
