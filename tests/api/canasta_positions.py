"""Positions of Classic and Two-hand Canasta reached by dealing and playing legal moves over HTTP, and the
checks that the service accepts them, or refuses one edited past what the rules can reach
(tests/api/test_canasta_rules_positions_*.py).

A deal is any order of the 108 cards, so a dealt position whose hands are exchanged with cards of the stock
(`rigged`) is a deal as good as the service's own, as long as no hand keeps a red three. Every later position
comes from /apply-move, which takes only legal moves."""

from __future__ import annotations

import copy

import pytest

VARIANTS = ("classic", "two-hand")
PLAYERS = {"classic": 4, "two-hand": 2}
DEALT = {"classic": 11, "two-hand": 15}
DRAWN = {"classic": 1, "two-hand": 2}
SEEDS = {"classic": 13, "two-hand": 4}  # deals with no red three dealt and a plain upcard
WILD_LIMITS = ("at_most_three", "not_more_than_naturals", "fewer_than_naturals")


def each_variant() -> list:
    """Both variants as parameters, named after them."""
    return [pytest.param(v, id=v) for v in VARIANTS]


def body(variant: str, state: dict, move: dict | None = None, options: dict | None = None) -> dict:
    """The request envelope."""
    sent = {"game": "canasta", "variant": variant, "options": options or {}, "state": state}
    if move is not None:
        sent["move"] = move
    return sent


def dealt(client, variant: str, seed: int | None = None) -> dict:
    """The service's deal for `seed`."""
    response = client.post("/deal", json={"game": "canasta", "variant": variant,
                                          "seed": SEEDS[variant] if seed is None else seed})
    assert response.status_code == 200, response.get_json()
    return response.get_json()["state"]


def rigged(client, variant: str, hands: dict[int, list[str]], stock_top: list[str] = (),
           seed: int | None = None) -> dict:
    """A deal whose seats hold the cards given (the rest of each hand as dealt) and whose stock starts with
    `stock_top`: the service's deal with cards exchanged between the hands and the stock."""
    state = dealt(client, variant, seed)
    assert not any(red for red in state["red_threes"]), "pick a seed with no red three dealt"
    fixed = {seat: list(cards) for seat, cards in hands.items()}
    for seat, wanted in fixed.items():
        hand = state["hands"][seat]
        for card in _without(wanted, hand):
            spare = next(c for c in _without(hand, wanted) if c not in ("3D", "3H"))
            _exchange(state, card, spare, seat, fixed)
    stock = state["stock"]
    for card in stock_top:
        if card not in stock:
            _exchange_into_stock(state, card, fixed, stock_top)
        stock.remove(card)
    state["stock"] = list(stock_top) + stock
    for seat, wanted in fixed.items():
        assert _without(wanted, state["hands"][seat]) == [], (seat, state["hands"][seat])
        assert not {"3D", "3H"} & set(state["hands"][seat])
    return state


def _exchange(state: dict, card: str, spare: str, seat: int, fixed: dict) -> None:
    """Give `seat` the `card` from the stock or a hand nobody rigs, in exchange for `spare`."""
    hand = state["hands"][seat]
    places = [state["stock"]] + [h for s, h in enumerate(state["hands"]) if s not in fixed]
    place = next(p for p in places if card in p)
    if place is not state["stock"] and spare in ("3D", "3H"):
        raise AssertionError("a red three cannot go to a hand")
    place[place.index(card)] = spare
    hand[hand.index(spare)] = card


def _exchange_into_stock(state: dict, card: str, fixed: dict, keep: list[str]) -> None:
    """Bring `card` into the stock from a hand nobody rigs, that hand taking a stock card instead."""
    stock = state["stock"]
    for seat, hand in enumerate(state["hands"]):
        if seat not in fixed and card in hand:
            swap = next(c for c in reversed(stock) if c not in keep and c not in ("3D", "3H"))
            hand[hand.index(card)] = swap
            stock[stock.index(swap)] = card
            return
    raise AssertionError(f"{card} is neither in the stock nor in a free hand")


def _without(cards: list[str], taken: list[str]) -> list[str]:
    """`cards` less one copy of each card of `taken`."""
    left = list(cards)
    for card in taken:
        if card in left:
            left.remove(card)
    return left


def applied(client, variant: str, state: dict, move: dict, options: dict | None = None) -> dict:
    """The state after a legal move."""
    response = client.post("/apply-move", json=body(variant, state, move, options))
    assert response.status_code == 200, response.get_json()
    return response.get_json()["state"]


def played(client, variant: str, state: dict, moves: list[dict], options: dict | None = None) -> dict:
    """The state after a line of legal moves."""
    for move in moves:
        state = applied(client, variant, state, move, options)
    return state


def legal(client, variant: str, state: dict, options: dict | None = None) -> dict:
    """/legal-moves' answer to a position that must be accepted."""
    response = client.post("/legal-moves", json=body(variant, state, None, options))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def accepted(client, variant: str, state: dict, options: dict | None = None) -> dict:
    """The position is one the rules reach: /legal-moves answers it."""
    return legal(client, variant, state, options)


def refused(client, variant: str, state: dict, rules: str | tuple[str, ...], options: dict | None = None) -> dict:
    """The position is none the rules reach: /legal-moves answers 422 with a violation citing one of `rules`,
    whose pointer names a field of the request. Returns that violation."""
    sent = body(variant, state, None, options)
    response = client.post("/legal-moves", json=sent)
    answer = response.get_json()
    assert response.status_code == 422, answer
    wanted = (rules,) if isinstance(rules, str) else rules
    violations = answer.get("violations") or []
    assert violations, answer
    for violation in violations:
        assert violation["rule"].startswith("canasta."), violation
        assert violation["message"], violation
        assert points_at(sent, violation["pointer"]), f"{violation['pointer']} names no field of the request"
    hits = [v for v in violations if v["rule"] in wanted]
    assert hits, f"expected one of {wanted}, got {violations}"
    return hits[0]


def points_at(document, pointer: str) -> bool:
    """A JSON pointer names an existing field of `document`."""
    if not pointer.startswith("/"):
        return False
    node = document
    for part in pointer[1:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


def edited(state: dict) -> dict:
    """A copy to edit."""
    return copy.deepcopy(state)


def hidden(state: dict, *seats: int, stock: bool = True) -> dict:
    """The position as a seat sees it: the hands of `seats` and the stock as counts."""
    seen = edited(state)
    for seat in set(seats):
        seen["hands"][seat] = {"count": len(seen["hands"][seat])}
    if stock and isinstance(seen["stock"], list):
        seen["stock"] = {"count": len(seen["stock"])}
    return seen


def move_card(card: str, source: list, target: list) -> None:
    """Move one copy of `card` between two card lists of a position."""
    source.remove(card)
    target.append(card)


def plain_card(hand: list[str]) -> str:
    """A card of the hand that is neither wild nor a three: a discard that freezes nothing."""
    return next(c for c in hand if c != "JK" and c[:-1] not in ("2", "3"))


def opened_with_the_pile(client) -> dict:
    """Classic: seat 1 takes the dealt pile (the 6C) with a natural pair and opens with kings and aces beside
    it (15 + 30 + 60 counted, the minimum 50); the meld phase right after the take."""
    state = rigged(client, "classic", {1: ["6D", "6H", "KC", "KD", "KH", "AC", "AD", "AH"]})
    assert state["discard"] == ["6C"]
    return applied(client, "classic", state, {"type": "take_pile", "cards": ["6D", "6H"], "melds": [
        {"cards": ["KC", "KD", "KH"]}, {"cards": ["AC", "AD", "AH"]}]})


GOING_OUT_HANDS = {
    # Classic: a mixed canasta of kings and four queens, the 5C discarded: 11 dealt and 1 drawn
    "classic": (["KC", "KC", "KD", "KD", "KH", "KH", "2C", "QC", "QD", "QH", "5C"], ["QS"],
                [["KC", "KC", "KD", "KD", "KH", "KH", "2C"], ["QC", "QD", "QH", "QS"]], "5C"),
    # Two-hand: a mixed canasta of kings, a natural one of queens and three jacks: 15 dealt and 2 drawn
    "two-hand": (["KC", "KC", "KD", "KD", "KH", "KH", "2C", "QC", "QC", "QD", "QD", "QH", "QH", "QS", "JC"],
                 ["JD", "JH"],
                 [["KC", "KC", "KD", "KD", "KH", "KH", "2C"], ["QC", "QC", "QD", "QD", "QH", "QH", "QS"],
                  ["JC", "JD", "JH"]], None),
}


def before_going_out(client, variant: str) -> dict:
    """Seat 1 has drawn in the first turn and holds a hand it can meld whole (the concealed exception)."""
    hand, top, _, _ = GOING_OUT_HANDS[variant]
    return applied(client, variant, rigged(client, variant, {1: hand}, stock_top=top), {"type": "draw"})


def gone_out(client, variant: str) -> dict:
    """Seat 1 has gone out concealed in the first turn (the hand over)."""
    _, _, melds, last = GOING_OUT_HANDS[variant]
    state = applied(client, variant, before_going_out(client, variant),
                    {"type": "meld", "melds": [{"cards": m} for m in melds]})
    if last is not None:
        state = applied(client, variant, state, {"type": "discard", "card": last})
    assert state["turn"]["phase"] == "over" and state["turn"]["ending"] == "went_out", state["turn"]
    return state


def first_melds(client, variant: str, hand: list[str], melds: list[list[str]], options: dict | None = None) -> dict:
    """Seat 1, holding `hand` (the rest as dealt), draws and opens with `melds` in the first turn."""
    state = rigged(client, variant, {1: hand})
    state = applied(client, variant, state, {"type": "draw"}, options)
    return applied(client, variant, state, {"type": "meld", "melds": [{"cards": m} for m in melds]}, options)


def meld_holding(state: dict, side: int, card: str) -> list[str]:
    """The cards of the side's meld that holds `card`."""
    return next(m["cards"] for m in state["melds"][side] if card in m["cards"])
