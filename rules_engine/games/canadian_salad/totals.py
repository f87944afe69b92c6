"""Which game scores the hands played before the current one can have handed out."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ...errors import invalid
from .contracts import CONTRACTS

RULE = "canadian-salad.scoring.totals"


@lru_cache(maxsize=None)
def penalties_before(hand_number: int, tricks: int) -> tuple[tuple[int, int], ...]:
    """The whole penalties hands 1 to hand_number - 1 hand out, as (points each, how many), smallest first.

    Within one of those hands any player can take any number of its penalties (every trick, every
    heart, every queen, the king of spades or the last trick), and the hands are dealt apart, so the
    penalties of one size can be merged across hands.
    """
    kinds: dict[int, int] = {}
    for number in range(1, hand_number):
        contract = CONTRACTS[number]
        kinds[contract.unit] = kinds.get(contract.unit, 0) + contract.units(tricks)
    return tuple(sorted(kinds.items()))


@lru_cache(maxsize=None)
def _takings(hand_number: int, tricks: int) -> tuple[tuple[int, ...], ...]:
    """Every way one player can take some of the penalties larger than the smallest, as counts per size."""
    larger = penalties_before(hand_number, tricks)[1:]
    return tuple(product(*(range(count + 1) for _, count in larger)))


def _fits(total: int, taking: tuple[int, ...], kinds: tuple[tuple[int, int], ...]) -> bool:
    """Whether a player's total is `taking` of the larger penalties and whole penalties of the smallest size."""
    rest = total - sum(n * points for n, (points, _) in zip(taking, kinds[1:]))
    smallest, count = kinds[0]
    return 0 <= rest <= smallest * count and rest % smallest == 0


@lru_cache(maxsize=4096)
def reachable(totals: tuple[int, ...], hand_number: int, tricks: int) -> bool:
    """Whether some sharing of the earlier hands' penalties among the players gives exactly these totals."""
    kinds = penalties_before(hand_number, tricks)
    if not kinds:
        return not any(totals)
    if sum(totals) != sum(points * count for points, count in kinds):
        return False
    limits = tuple(count for _, count in kinds[1:])
    # Walk the seats, keeping how many of each larger penalty the seats so far have taken; the sum
    # check above then makes the smallest penalties add up as well.
    taken = {tuple(0 for _ in limits)}
    for total in totals:
        options = [t for t in _takings(hand_number, tricks) if _fits(total, t, kinds)]
        taken = {tuple(a + b for a, b in zip(before, t)) for before in taken for t in options
                 if all(a + b <= limit for a, b, limit in zip(before, t, limits))}
        if not taken:
            return False
    return limits in taken


def _penalties_in_words(hand_number: int, tricks: int) -> str:
    parts = []
    for contract in (CONTRACTS[n] for n in range(1, hand_number)):
        what, count = contract.name.removeprefix("no "), contract.units(tricks)
        parts.append(f"{contract.unit} for each of the {count} {what}" if count > 1 else f"{contract.unit} for the {what}")
    return "; ".join(parts)


def check_totals(totals: tuple[int, ...], pointer: tuple, hand_number: int, tricks: int) -> None:
    """Refuse game totals that no run of the hands before `hand_number` can produce, saying why."""
    if reachable(totals, hand_number, tricks):
        return
    players = len(totals)
    kinds = penalties_before(hand_number, tricks)
    if not kinds:
        raise invalid(pointer, "no hand is played before hand 1, so every player's total is 0", RULE)
    played = "hand 1" if hand_number == 2 else f"hands 1 to {hand_number - 1}"
    given = _penalties_in_words(hand_number, tricks)
    expected = sum(points * count for points, count in kinds)
    if sum(totals) != expected:
        raise invalid(pointer, f"with {players} players, {played} hand out {expected} penalty points in all "
                      f"({given}); these totals add up to {sum(totals)}", RULE)
    for seat, total in enumerate(totals):
        if not any(_fits(total, t, kinds) for t in _takings(hand_number, tricks)):
            raise invalid(pointer + (seat,), f"{total} cannot be made of the penalties of {played} ({given})", RULE)
    raise invalid(pointer, f"no sharing of the penalties of {played} ({given}) among the {players} players "
                  f"gives these totals", RULE)
