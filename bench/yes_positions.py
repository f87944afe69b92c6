"""Random positions of Samba, Bolivia and Brazilian Canasta after a partner's "yes", for tests and benches.

Seat 0, its side opened with a set of kings (and a short sequence, now and then), holds `size` cards drawn as
runs of random suits and lengths, sets and wild cards; every card of the 162 is accounted for. The rules may
not reach a position drawn so (the hand cannot go out, say): the caller reads the state and skips those."""

from __future__ import annotations

import random
from collections import Counter

RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = Counter({**{rank + suit: 3 for rank in ("2", "3", *RANKS) for suit in "CDHS"}, "JK": 6})
FAMILY = ("samba", "bolivia", "brazilian")


def _draw(left: Counter, card: str, hand: list[str]) -> None:
    if left[card] > 0:
        left[card] -= 1
        hand.append(card)


def yes_position(variant: str, seed: int, size: int) -> dict:
    """The request body of one such position (not yet read: the rules may refuse it)."""
    rng = random.Random(seed)
    left = Counter(DECK)
    # Both sides opened before: their melds count the 150 the family's strictest initial meld needs.
    own = [["KC", "KD", "KH", "JK"], ["AC", "AD", "AH", "2C"]]
    if rng.random() < 0.4:
        suit = rng.choice("CDHS")
        start = rng.randrange(0, 6)
        own.append([rank + suit for rank in RANKS[start:start + rng.randint(3, 5)] if rank != "K"][:3])
    theirs = [["QC", "QD", "QS", "JK"], ["AS", "AC", "AD", "2D"]]
    for meld in own + theirs:
        left.subtract(meld)
    hand: list[str] = []
    for _ in range(rng.randint(0, 12)):
        _draw(left, rng.choice(["JK", "2C", "2D", "2H", "2S"]), hand)
    while len(hand) < size:
        roll = rng.random()
        if roll < 0.5:
            suit, start = rng.choice("CDHS"), rng.randrange(0, len(RANKS) - 3)
            for rank in RANKS[start:start + rng.randint(3, 8)]:
                _draw(left, rank + suit, hand)
        elif roll < 0.8:
            rank = rng.choice(RANKS)
            for suit in rng.sample("CDHS", rng.randint(2, 4)):
                _draw(left, rank + suit, hand)
        else:
            _draw(left, rng.choice([card for card, n in left.items() if n > 0 and card[0] != "3"]), hand)
    left.update(hand[size:])
    hand = hand[:size]
    discard = [card for card in ("9C", "4D", "9H", "4S", "8C", "5D") if left[card] > 0][:2]
    left.subtract(discard)
    own_melds = [{"cards": m, **({"kind": "sequence"} if m[0][:-1] != m[1][:-1] else {})} for m in own]
    state = {"players": 4, "dealer": 3, "hands": [hand, {"count": 11}, {"count": 11}, {"count": 11}],
             "stock": {"count": sum(left.values()) - 33}, "discard": discard,
             "melds": [own_melds, [{"cards": m} for m in theirs]], "red_threes": [[], []],
             "melded_before": [True, True, True, True],
             "turn": {"seat": 0, "phase": "meld", "drew": "stock", "melded": False, "started": [], "extended": False,
                      "question": "yes"}}
    return {"game": "canasta", "variant": variant, "state": state}
