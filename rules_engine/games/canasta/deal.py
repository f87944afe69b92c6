"""Dealing a hand: shuffled cards, the hands, red threes laid out and replaced, and the upcard."""

from __future__ import annotations

import random

from ...errors import invalid
from ...parsing import read_int, read_list, read_object, reject_unknown
from .config import Config
from .game_length import by_rounds, read_round
from .reachable import check_game_score
from .state import PENALTY_FIELDS, CanastaState, TurnState
from .zones import read_played_from_foot

SETUP_FIELDS = frozenset({"dealer", "score", "penalties"})


def deal(cfg: Config, players: int, seed: int, setup: dict) -> tuple[CanastaState, list[dict]]:
    """A starting position (the same for the same seed) and what happened while dealing."""
    table = cfg.table
    reject_unknown(setup, SETUP_FIELDS | {"round"} if by_rounds(table) else SETUP_FIELDS, ("setup",))
    dealer = read_int(setup.get("dealer", 0), ("setup", "dealer"), 0, players - 1)
    sides = table.sides_for(players)
    score = None
    if setup.get("score") is not None:
        values = read_list(setup["score"], ("setup", "score"))
        if len(values) != sides:
            raise invalid(("setup", "score"), f"must hold one game score per side: {sides}")
        score = [read_int(v, ("setup", "score", t), -10**7, 10**7) for t, v in enumerate(values)]
        for t, value in enumerate(score):
            check_game_score(value, ("setup", "score", t))
    penalties = [{name: 0 for name in PENALTY_FIELDS} for _ in range(sides)]
    if setup.get("penalties") is not None:
        values = read_list(setup["penalties"], ("setup", "penalties"))
        if len(values) != sides:
            raise invalid(("setup", "penalties"), f"must hold one entry per side: {sides}")
        for t, entry in enumerate(values):
            entry = read_object(entry, ("setup", "penalties", t))
            reject_unknown(entry, frozenset({"failed_openings"}), ("setup", "penalties", t))
            penalties[t]["failed_openings"] = read_int(entry.get("failed_openings", 0),
                                                       ("setup", "penalties", t, "failed_openings"), 0, 1000)
    cards = table.deck.cards()
    random.Random(seed).shuffle(cards)
    order = [(dealer + 1 + i) % players for i in range(players)]
    hands: list[list[str]] = [[] for _ in range(players)]
    for i in range(table.deal * players):
        hands[order[i % players]].append(cards[i])
    dealt = table.deal * players
    # Each seat's foot comes after the hands, dealt the same way; nobody looks at it until it is taken up.
    feet: list[list[str]] | None = None
    if table.foot:
        feet = [[] for _ in range(players)]
        for i in range(table.foot * players):
            feet[order[i % players]].append(cards[dealt + i])
        dealt += table.foot * players
    # The kitties come next, set aside face down whole.
    number, size = table.kitties
    kitties = [cards[dealt + k * size:dealt + (k + 1) * size] for k in range(number)]
    dealt += number * size
    stock = cards[dealt:]
    events: list[dict] = []
    discard = [stock.pop(0)]
    while discard[-1] in cfg.wild or discard[-1] in cfg.bonus_cards:
        discard.append(stock.pop(0))
    events.append({"type": "upcard", "cards": list(discard), "rules": ["canasta.deal.upcard"]})
    red_threes: list[list[str]] = [[] for _ in range(sides)]
    for seat in order:
        side = seat % sides
        while True:
            reds = [c for c in hands[seat] if c in cfg.bonus_cards]
            if not reds:
                break
            hands[seat] = [c for c in hands[seat] if c not in cfg.bonus_cards]
            red_threes[side] += reds
            hands[seat] += stock[:len(reds)]
            stock = stock[len(reds):]
            events.append({"type": cfg.bonus_event, "seat": seat, "cards": reds, "replaced": len(reds),
                           "rules": ["canasta.red-threes.lay-out"]})
    state = CanastaState(players, sides, dealer, hands, stock, discard, [[] for _ in range(sides)], red_threes,
                         [False] * players, TurnState((dealer + 1) % players, "draw"), score, penalties,
                         round=read_round(table, setup, ("setup",)), seating=table.seating,
                         adds_back=cfg.rentrap_adds_back)
    if number:
        state.kitties = kitties
    if feet is not None:
        state.feet = feet
        state.played_from_foot = read_played_from_foot(table, {}, feet)
    return state, events
