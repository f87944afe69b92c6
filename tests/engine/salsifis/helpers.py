"""Positions and requests for Salsifis tests, as a client would send them."""

from __future__ import annotations

from rules_engine import answers
from rules_engine.games.salsifis.layout import layout_for
from rules_engine.registry import GAMES

GAME = "salsifis"


def body(state: dict, move: dict | None = None, **options) -> dict:
    """A request body as a client would send it."""
    request = {"game": GAME, "state": state, "options": options}
    if move is not None:
        request["move"] = move
    return request


def dealt(players: int = 3, seed: int = 1, **options) -> dict:
    """A freshly dealt state."""
    return answers.deal({"game": GAME, "players": players, "seed": seed, "options": options})["state"]


def apply(state: dict, move: dict, **options) -> dict:
    """The full apply-move answer."""
    return answers.apply_move(body(state, move, **options))


def place(state: dict, seat: int, card: str, packet: int, **options) -> dict:
    """The state after a seat puts a card by a packet."""
    return apply(state, {"type": "place", "seat": seat, "card": card, "packet": packet}, **options)["state"]


def showdown(first: dict[int, str], second: dict[int, str] | None = None, packet0: list[str] | None = None,
             **fields) -> dict:
    """A turn-1 table where every seat has placed: first[s] by packet 0, second[s] by packet 1.

    The player count is the number of seats given; the rest of that count's pack (default options)
    fills the packets (packet 0 is `packet0` when given), hands and heap. `fields` override the state.
    """
    second = second or {}
    players = len(first) + len(second)
    layout = layout_for(players, GAMES[GAME].ruleset().options)
    used = set(first.values()) | set(second.values()) | set(packet0 or ())
    assert used <= set(layout.deck), "a card outside this player count's pack"
    spare = list(packet0 or ()) + [c for c in layout.deck if c not in used]
    sizes = layout.packets_of(1)
    packets = [spare[:sizes[0]], spare[sizes[0]:sum(sizes)]]
    spare = spare[sum(sizes):]
    hands = []
    for _ in range(players):
        hands.append(spare[:layout.hand_size - 1])
        spare = spare[layout.hand_size - 1:]
    placements = [{"seat": s, "card": c, "packet": 0} for s, c in first.items()]
    placements += [{"seat": s, "card": c, "packet": 1} for s, c in second.items()]
    state = {"players": players, "turn": 1, "dealer": 0, "hands": hands, "packets": packets, "heap": spare,
             "placements": placements, "won": [[] for _ in range(players)], "shared": [], "discarded": [],
             "penalties": [0] * players, "alone_streak": [0] * players}
    state.update(fields)
    return state


def deck_cards(state: dict) -> list[str]:
    """Every card a fully visible state holds, wherever it is."""
    cards = [c for h in state["hands"] for c in h] + [c for p in state["packets"] for c in p]
    cards += list(state["heap"]) + [p["card"] for p in state["placements"]]
    cards += [c for w in state["won"] for c in w] + [c for s in state["shared"] for c in s["cards"]]
    return cards + list(state["discarded"])


def play_turn(state: dict, packets: list[int], calls: list | None = None, **options) -> dict:
    """Every seat puts its first card by packets[seat], then the reveal; the state after it."""
    for seat, packet in enumerate(packets):
        state = place(state, seat, state["hands"][seat][0], packet, **options)
    return apply(state, {"type": "resolve", "calls": calls or []}, **options)["state"]
