"""canasta.melds.set, canasta.melds.wild-limit, canasta.melds.all-wild and canasta.melds.sequence judged alike by
/validate-meld and /validate-move: every meld of three to nine cards made of one rank's naturals, twos and jokers
(and, where the variant has them, of a suit's run with or without wild cards), put down by a seat whose side has
opened and who keeps cards beside it, gets the same verdict from both, and a meld the listing offers is valid."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from rules_engine import answers

PACKS = {"classic": 2, "two-hand": 2, "samba": 3, "bolivia": 3, "brazilian": 3}
JOKERS = {"classic": 4, "two-hand": 4, "samba": 6, "bolivia": 6, "brazilian": 6}
SHOWN_SIDE = [{"cards": ["AC", "AD", "AH"]}]       # side 0 opened with aces in an earlier turn
OPPONENTS = [{"cards": ["7C", "7D", "7S"]}]
FILLERS = ["4D", "9S"]                            # kept beside the meld: no going out in view
# The verdicts compare on the rules that shape a meld; the turn's other rules do not arise here.
SHAPE_RULES = ("canasta.melds.", "canasta.canastas.")


def sets(variant: str) -> list[list[str]]:
    """Every set of kings with twos and jokers, three to nine cards, within the deck."""
    kings = ["KC", "KD", "KH", "KS"] * PACKS[variant]
    twos = ["2C", "2D", "2H", "2S"] * PACKS[variant]
    found = []
    for naturals, deuces, jokers in product(range(0, 8), range(0, 5), range(0, 5)):
        if 3 <= naturals + deuces + jokers <= 9 and jokers <= JOKERS[variant]:
            found.append(sorted(kings)[:naturals] + twos[:deuces] + ["JK"] * jokers)
    return found


def runs(variant: str) -> list[list[str]]:
    """Runs of hearts from 5 up, three to nine cards, with up to two wild cards among them."""
    if variant not in ("samba", "bolivia", "brazilian"):
        return []
    order = ["5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"]
    found = []
    for length in range(3, 10):
        for wild in ((), ("2C",), ("JK",), ("2C", "JK")):
            if length + len(wild) <= 9:
                found.append(order[:length] + list(wild))
    return found


def state_for(variant: str, cards: list[str]) -> dict:
    """Seat 0 has drawn from the stock, its side opened with aces, holding the meld's cards and two more."""
    hand = cards + FILLERS
    melds = [SHOWN_SIDE, OPPONENTS]
    shown = Counter(hand) + Counter(c for side in melds for m in side for c in m["cards"]) + Counter(["8C", "6C"])
    deck = PACKS[variant] * 52 + JOKERS[variant]
    others = 11 if PACKS[variant] == 2 else 13
    players = 2 if variant == "two-hand" else 4
    hands = [hand] + [{"count": others}] * (players - 1)
    return {"players": players, "dealer": players - 1, "hands": hands,
            "stock": {"count": deck - sum(shown.values()) - others * (players - 1)},
            "discard": ["8C", "6C"], "melds": melds,
            "red_threes": [[], []], "melded_before": [True] * players,
            "turn": {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
                     "question": None}}


def shape(violations: list[dict]) -> set[str]:
    return {v["rule"] for v in violations if v["rule"].startswith(SHAPE_RULES) and v["rule"] != "canasta.melds.keep-a-card"}


@pytest.mark.parametrize("variant", list(PACKS))
def test_canasta_melds_set_and_sequence_validate_meld_and_validate_move_agree(variant):
    # The sides' melds count less than Bolivia's 150 at every score: its positions play Samba's minimums by score.
    body = {"game": "canasta", "variant": variant, "options": {"bolivia_opening": "tiers"} if variant == "bolivia" else {}}
    compared = disagreed = 0
    problems = []
    for cards in sets(variant) + runs(variant):
        kind = {"kind": "sequence"} if cards[0].endswith("H") and cards[0] != "KH" else {}
        alone = answers.validate_meld({**body, "meld": {"cards": cards, **kind}})
        state = state_for(variant, cards)
        try:
            judged = answers.validate_move({**body, "state": state, "move": {"type": "meld",
                                                                              "melds": [{"cards": cards, **kind}]}})
        except Exception as error:       # the position itself refused: nothing to compare
            problems.append((cards, str(error)[:80]))
            continue
        compared += 1
        for listed in judged["allowed"] or ():
            for meld in listed["melds"] if listed["type"] == "meld" else ():
                offered = answers.validate_meld({**body, "meld": {key: meld[key] for key in ("cards", "kind") if key in meld}})
                assert offered["valid"], (meld, offered["violations"])
        in_play = not shape(judged["violations"])
        if alone["valid"] != in_play:
            disagreed += 1
            problems.append((cards, alone["violations"], judged["violations"]))
    assert compared > 100
    assert not disagreed, problems[:5]
