"""Samba-family positions built to make the exact searches work hardest, for bench.hostile and bench.work_budget.

Seat 0 has just drawn; the hand (55 to 80 cards) is one of bench.adversarial_hands' kinds: a hand after a big
pile, thin ranks crossed by parallel runs, or melds and nearly melds. Its side opened with four kings, and its
partner either said yes (every move listed must keep going out possible, each checked by the going-out search)
or nothing was asked (offering "ask to go out" runs the search once). Opponents hold 13 cards each, the stock
is the rest. Unopened hands of 90 to 120 cards (the opening search) are made too: the position checks refuse
them now (canasta.deal.two-hand), which the catalogue shows. Deterministic for a seed; positions the rules
refuse for another reason are skipped.

`later_positions` makes the same kinds for Joker Canasta and Mexicana, whose hands grow only by pile takes (and
Mexicana's opening draw), so their hands are 20 to 60 cards and the side's melds meet Joker's 100.
"""

from __future__ import annotations

import random
from collections import Counter

from rules_engine.errors import InvalidRequest
from rules_engine.registry import get_game

from .adversarial_hands import adversarial_hand, meldable_hand, pile_hand
from rules_engine.games.canasta.variants import ENTRIES

from .samba_family import DECK, FAMILY

KINGS = [{"cards": ["KC", "KD", "KH", "KS"]}]
SEVENS = [{"cards": ["7C", "7D", "7H"]}]
DISCARD = ["8C", "4C"]


# Joker Canasta's sides open with 100: a canasta of kings and three aces, and jacks and aces for side 1.
LATER_MELDS = [[{"cards": ["KC", "KD", "KH", "KS", "KC", "KD", "KH"]}, {"cards": ["AC", "AD", "AH"]}],
               [{"cards": ["JC", "JD", "JH", "JK"]}, {"cards": ["AS", "AS", "AD"]}]]
LATER = ("joker", "mexicana")


def body(variant: str, hand: list[str], question: str | None, opened: bool, melds: list | None = None) -> dict | None:
    """The request body, or None where the cards shown pass the deck."""
    melds = melds or [KINGS if opened else [], SEVENS]
    deck = Counter(ENTRIES[variant].deck.copies())
    others = 13 if opened else 2
    shown = Counter(hand) + Counter(c for side in melds for m in side for c in m["cards"]) + Counter(DISCARD)
    if shown - deck:
        return None
    stock = sum((deck - shown).values()) - 3 * others
    if stock < 0:
        return None
    state = {"players": 4, "dealer": 3, "hands": [hand] + [{"count": others}] * 3, "stock": {"count": stock},
             "discard": DISCARD, "melds": melds, "red_threes": [[], []], "melded_before": [opened, True, opened, True],
             "turn": {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
                      "question": question}}
    found = {"game": "canasta", "variant": variant, "state": state}
    if variant == "bolivia":     # the sides' melds count less than the 150 Bolivia asks at every score by default
        found["options"] = {"bolivia_opening": "tiers"}
    return found


def _hand(rng: random.Random, size: int, bonus: tuple[str, ...] = ("3D", "3H")) -> list[str]:
    maker = rng.choice((pile_hand, adversarial_hand, meldable_hand))
    hand = pile_hand(rng, size, rng.randint(4, 14)) if maker is pile_hand else maker(rng, size)
    return [card for card in hand if card not in bonus]


def positions(count: int, seed: int = 1, refused: bool = False) -> list[tuple[str, dict]]:
    """`count` (name, body) pairs the rules accept (with `refused`, those they refuse), kinds and variants mixed."""
    game = get_game("canasta")
    rng = random.Random(seed)
    found: list[tuple[str, dict]] = []
    while len(found) < count:
        variant = rng.choice(FAMILY)
        kind = rng.choice(("yes", "yes", "asked nothing", "unopened"))
        size = rng.randint(90, 120) if kind == "unopened" else rng.randint(55, 80)
        made = body(variant, _hand(rng, size), "yes" if kind == "yes" else None, kind != "unopened")
        if made is None:
            continue
        try:
            game.read_state(game.ruleset(variant, made.get("options")), made["state"])
            accepted = True
        except InvalidRequest:
            accepted = False
        if accepted != refused:
            name = f"{variant} {len(made['state']['hands'][0])}-card hand, {kind}"
            found.append((name, made))
    return found


def later_positions(count: int, seed: int = 1, tries: int = 4000) -> list[tuple[str, dict]]:
    """Up to `count` (name, body) pairs of Joker Canasta and Mexicana the rules accept, from at most `tries` hands."""
    game = get_game("canasta")
    rng = random.Random(seed)
    found: list[tuple[str, dict]] = []
    for _ in range(tries):
        if len(found) >= count:
            break
        variant = rng.choice(LATER)
        kind = rng.choice(("yes", "asked nothing"))
        made = body(variant, _hand(rng, rng.randint(20, 60), ENTRIES[variant].roles.bonus),
                    "yes" if kind == "yes" else None, True, LATER_MELDS)
        if made is None:
            continue
        # Mexicana goes out with as many red threes as canastas: side 0 has laid out two.
        made["state"]["red_threes"] = [["3H", "3D"], []]
        made["state"]["stock"]["count"] -= 2
        try:
            game.read_state(game.ruleset(variant), made["state"])
        except InvalidRequest:
            continue
        found.append((f"{variant} {len(made['state']['hands'][0])}-card hand, {kind}", made))
    return found
