"""Readers for plain JSON values that fail with a pointer to the offending field."""

from __future__ import annotations


from .cards import CANONICAL, CANONICAL_OF
from .errors import Pointer, invalid
from .records import record


@record
class HiddenHand:
    """A hand whose cards are not disclosed, only how many there are."""

    count: int


def _wanted(value: object, demand: str) -> str:
    """What a field must be, said as missing where it is absent or null (the readers get a missing key as None)."""
    return f"missing: {demand}" if value is None else demand


def read_object(value: object, pointer: Pointer) -> dict:
    """Demand a JSON object."""
    if type(value) is not dict:
        raise invalid(pointer, _wanted(value, "must be an object"))
    return value


def read_list(value: object, pointer: Pointer) -> list:
    """Demand a JSON array."""
    if type(value) is not list:
        raise invalid(pointer, _wanted(value, "must be a list"))
    return value


def read_int(value: object, pointer: Pointer, low: int | None = None, high: int | None = None,
             rule: str | None = None) -> int:
    """Demand an integer, optionally within low..high inclusive; `rule`: the rule a value out of range breaks."""
    if type(value) is not int:
        raise invalid(pointer, _wanted(value, "must be an integer"))
    if (low is not None and value < low) or (high is not None and value > high):
        if low == high:
            raise invalid(pointer, f"must be {low}", rule)
        if high is None:
            raise invalid(pointer, f"must be at least {low}", rule)
        raise invalid(pointer, f"must be between {low} and {high}", rule)
    return value


def read_bool(value: object, pointer: Pointer) -> bool:
    """Demand true or false."""
    if type(value) is not bool:
        raise invalid(pointer, _wanted(value, "must be true or false"))
    return value


def read_str(value: object, pointer: Pointer, choices: tuple[str, ...] | None = None) -> str:
    """Demand a string, optionally one of a few choices."""
    if type(value) is not str:
        raise invalid(pointer, _wanted(value, f"must be one of {', '.join(choices)}" if choices else "must be a string"))
    if choices is not None and value not in choices:
        raise invalid(pointer, f"must be one of {', '.join(choices)}")
    return value


def read_card(value: object, pointer: Pointer) -> str:
    """Read one card code into its canonical spelling."""
    card = CANONICAL.get(value) if type(value) is str else None
    if card is None:
        raise invalid(pointer, f"{value!r} is not a card code (rank 2-10, J, Q, K, A then suit C, D, H, S; or JK)")
    return card


def read_cards(value: object, pointer: Pointer, limit: int = 400, rule: str | None = None) -> list[str]:
    """Read a list of card codes in one pass; the error names the first bad item.

    `rule`: the rule that bounds this list at `limit` cards, cited when it holds more.
    """
    if type(value) is not list:
        raise invalid(pointer, _wanted(value, "must be a list of card codes"))
    if len(value) > limit:
        raise invalid(pointer, f"holds {len(value)} cards; no position of this game holds more than {limit}",
                      rule)
    try:
        return list(map(CANONICAL_OF, value))
    except (KeyError, TypeError):
        for index, item in enumerate(value):
            if type(item) is not str or item not in CANONICAL:
                raise invalid(pointer, f"item {index}: {item!r} is not a card code") from None
        raise


def read_hand(value: object, pointer: Pointer, limit: int = 400, rule: str | None = None) -> list[str] | HiddenHand:
    """Read a hand: a list of card codes, or {"count": n} when the cards are hidden; `rule` bounds it at `limit`."""
    if type(value) is dict:
        if set(value) != {"count"}:
            raise invalid(pointer, 'a hidden hand is {"count": n} and nothing else')
        return HiddenHand(read_int(value["count"], pointer + ("count",), 0, limit, rule))
    if value is None or (type(value) is int and value >= 0):
        # A client that knows only how many cards a seat holds tends to send that number (or null) alone.
        count = "n} (n: how many cards it holds)" if value is None else f"{value}}}"
        raise invalid(pointer, f'must be a list of card codes, or {{"count": {count} where the cards are hidden')
    return read_cards(value, pointer, limit, rule)


def hand_size(hand: list[str] | HiddenHand) -> int:
    """Count the cards of a hand, hidden or not."""
    return hand.count if type(hand) is HiddenHand else len(hand)


def reject_unknown(raw: dict, allowed: frozenset[str] | set[str], pointer: Pointer) -> None:
    """Refuse fields the shape does not define, so typos do not pass silently."""
    for key in raw:
        if key not in allowed:
            raise invalid(pointer + (key,), "unknown field")


def check_seat(seat: int, pointer: Pointer, players: int, rule: str | None = None) -> int:
    """Demand that a seat number is one of the table's seats, in the same words whatever the number."""
    if not 0 <= seat < players:
        raise invalid(pointer, f"there is no seat {seat} at a {players}-player table: the seats are numbered "
                      f"0 to {players - 1}", rule)
    return seat


def read_seat(value: object, pointer: Pointer, players: int, rule: str | None = None) -> int:
    """Demand an integer that numbers one of the seats of a table of `players`."""
    return check_seat(read_int(value, pointer), pointer, players, rule)
