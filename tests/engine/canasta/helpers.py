"""Positions for Canasta tests, built as a client would send them."""

from __future__ import annotations

from collections import Counter

from rules_engine import answers
from tests.canasta_fill import padded as fill

GAME = "canasta"
DECK = Counter({**{rank + suit: 2 for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
                   for suit in "CDHS"}, "JK": 4})


def body(state: dict | None = None, move: dict | None = None, **options) -> dict:
    """A request body as a client would send it."""
    request: dict = {"game": GAME, "options": options}
    if state is not None:
        request["state"] = state
    if move is not None:
        request["move"] = move
    return request


OPPONENTS_MELD = {"cards": ["7C", "7D", "7S", "JK"]}  # 65: past any minimum short of 90
DEALT = 11                                           # cards dealt to each of four players


def _deal_at_least(hands: list, melds: list, turn: dict | None, dealt: int, shown: Counter) -> None:
    """Hands of a side with nothing on the table hold at least their deal (one more just after a draw): such a seat
    never took the pile, so it gave cards only to the pile, one for each it drew. Hidden hands are counted so; a
    shown hand short of it gets cards no meld takes (padded)."""
    for seat, hand in enumerate(hands):
        if melds[seat % len(melds)]:
            continue
        drawn = turn is not None and turn.get("seat") == seat and turn.get("phase") in ("meld", "answer")
        if type(hand) is dict:
            hand["count"] = max(hand["count"], dealt + drawn)
        elif len(hand) < dealt + drawn:
            hands[seat] = padded(hand, dealt + drawn, shown)
            shown.update(hands[seat][len(hand):])


def padded(hand: list[str], size: int, shown: Counter = Counter()) -> list[str]:
    """The hand filled to `size` with cards no meld of Classic's takes."""
    return fill(hand, size, shown, deck=DECK, runs=False)


def position(hands: list, *, discard: list[str], melds: list | None = None, red_threes: list | None = None,
             turn: dict | None = None, stock_top: list[str] | None = None, hidden_stock: bool = False,
             stock_count: int | None = None, dealt: int | None = DEALT, deck: Counter = DECK, **fields) -> dict:
    """A four-player position; the stock holds every card not shown (stock_top first) or its count (of `deck`:
    Classic's unless given).

    Without melds, the opponents (side 1) have melded sevens, so the pile may have been taken and the
    hands may hold any number of cards. With stock_count, the stock is that count and the first hidden
    hand absorbs the difference. A hand of a side with nothing on the table that is shorter than the deal is
    filled to `dealt` (_deal_at_least); None leaves every hand as given (variants whose hands grow otherwise, as by
    an opening draw)."""
    if melds is None:
        melds = [[], [OPPONENTS_MELD]]
        fields.setdefault("melded_before", [False, True, False, False])
    red_threes = red_threes if red_threes is not None else [[], []]
    shown = Counter(discard)
    for cards in [meld["cards"] for side in melds for meld in side] + list(red_threes) + [
            hand for hand in hands if type(hand) is not dict] + [list(stock_top or [])]:
        shown.update(cards)
    hands = list(hands)
    if dealt is not None:
        _deal_at_least(hands, melds, turn, dealt, Counter(shown))
    shown, hidden = shown_and_hidden(discard, hands, melds, red_threes)
    rest = deck - shown
    assert not (shown - deck), f"more copies than the deck holds: {shown - deck}"
    if hidden or hidden_stock:
        stock: object = {"count": sum(rest.values()) - hidden}
        if stock_count is not None:
            first = next(h for h in hands if type(h) is dict)
            first["count"] += stock["count"] - stock_count
            stock = {"count": stock_count}
    else:
        top = list(stock_top or [])
        remaining = rest - Counter(top)
        # Red threes go to the bottom so draws in tests do not meet them by accident.
        cards = sorted(remaining.elements(), key=lambda c: (c in ("3D", "3H"), c))
        stock = top + cards
    state = {"players": 4, "dealer": 3, "hands": hands, "stock": stock, "discard": discard, "melds": melds,
             "red_threes": red_threes, "turn": turn or {"seat": 0, "phase": "draw"}}
    state.update(fields)
    return state


def variant_body(variant: str, state: dict | None = None, move: dict | None = None, **extra) -> dict:
    """A request body for a variant, with a state and a move when given."""
    request: dict = {"game": GAME, "variant": variant}
    if state is not None:
        request["state"] = state
    if move is not None:
        request["move"] = move
    request.update(extra)
    return request


def shown_and_hidden(discard: list[str], zones: list, melds: list, red_threes: list) -> tuple[Counter, int]:
    """The cards a position shows (pile, hands or feet given as cards, melds, bonus cards laid out) and how many
    its zones given as counts hide."""
    shown = Counter(discard)
    hidden = 0
    for zone in zones:
        if type(zone) is dict:
            hidden += zone["count"]
        else:
            shown.update(zone)
    for side in melds:
        for meld in side:
            shown.update(meld["cards"])
    for threes in red_threes:
        shown.update(threes)
    return shown, hidden


def variant_rules_broken(variant: str, state: dict, move: dict) -> list[str]:
    """The rule ids /validate-move cites against a move of a variant."""
    return [v["rule"] for v in answers.validate_move(variant_body(variant, state, move))["violations"]]


def variant_codes(variant: str, state: dict) -> list[str]:
    """The codes of a variant's legal moves."""
    return [m["code"] for m in answers.legal_moves(variant_body(variant, state))["moves"]]


def dealt_cards(state: dict) -> Counter:
    """Every card of a position whose hands and stock are shown: stock, pile, hands and bonus cards laid out."""
    every = Counter(state["stock"]) + Counter(state["discard"])
    for hand in state["hands"]:
        every.update(hand)
    for threes in state["red_threes"]:
        every.update(threes)
    return every


def meld_turn(seat: int = 0, **fields) -> dict:
    """The turn of a seat that has drawn from the stock."""
    turn = {"seat": seat, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
            "question": None}
    turn.update(fields)
    return turn


def legal(state: dict, **options) -> dict:
    """The /legal-moves answer."""
    return answers.legal_moves(body(state, **options))


def codes(state: dict, **options) -> list[str]:
    """The codes of the legal moves."""
    return [m["code"] for m in legal(state, **options)["moves"]]


def verdict(state: dict, move: dict, **options) -> dict:
    """The /validate-move answer."""
    return answers.validate_move(body(state, move, **options))


def broken(state: dict, move: dict, **options) -> list[str]:
    """The rule ids a move breaks."""
    return [v["rule"] for v in verdict(state, move, **options)["violations"]]


def apply(state: dict, move: dict, **options) -> dict:
    """The /apply-move answer."""
    return answers.apply_move(body(state, move, **options))


def meld(cards: list[str], rank: str | None = None) -> dict:
    """A table meld."""
    found = {"cards": cards}
    if rank:
        found["rank"] = rank
    return found


def clean(move: dict) -> dict:
    """A listed move as a client would send it back."""
    return {k: v for k, v in move.items() if k not in ("code", "rules", "opening")}
