"""How long a hand and a game last: the deal's number where a game is a fixed number of deals, the
end of play when the stock runs out, and when the game is over."""

from __future__ import annotations

from ...errors import invalid
from ...parsing import read_int
from .variants import VariantRules

MAX_ROUNDS = 10**4                   # where the deal's number only chooses an opening tier


def by_rounds(table: VariantRules) -> bool:
    """Whether positions of this variant carry the deal's number (a game of fixed deals, or openings by deal)."""
    return table.game_rounds is not None or table.opening.basis == "round"


def read_round(table: VariantRules, raw: dict, pointer: tuple) -> int | None:
    """The deal's number a position or a deal's setup gives (1 when left out), or None where none is kept."""
    if not by_rounds(table):
        return None
    return read_int(raw.get("round", 1), pointer + ("round",), 1, table.game_rounds or MAX_ROUNDS)


def ends_with_last_discard(table: VariantRules, stock_left: int) -> bool:
    """Whether a discard ends the hand: the variant ends play with the discard of whoever drew the last card."""
    return table.stock_end == "last_discard" and stock_left == 0


def stock_end_rule(table: VariantRules) -> str:
    """The rule a hand ended without anyone going out cites: play on matching discards, or the last discard."""
    return "canasta.stock.last-discard" if table.stock_end == "last_discard" else "canasta.stock.exhausted"


def check_stock_end(table: VariantRules, stock_left: int, phase: str) -> None:
    """Refuse a turn that begins with no stock where the hand ends with the discard after the last card drawn."""
    if table.stock_end == "last_discard" and stock_left == 0 and phase == "draw":
        raise invalid(("state", "stock"), "the hand ended with the discard of the player who drew the stock's last "
                      "card, so no turn begins with an empty stock", "canasta.stock.last-discard")


def game_over(table: VariantRules, round_number: int | None, game_scores: list[int]) -> tuple[bool, str]:
    """Whether the game ends with this hand, and the rule that says so."""
    if table.game_rounds is not None and (round_number or 1) >= table.game_rounds:
        return True, "canasta.game.rounds"
    if table.game_target is not None and max(game_scores) >= table.game_target:
        return True, "canasta.scoring.game"
    return False, "canasta.game.rounds" if table.game_rounds is not None else "canasta.scoring.game"
