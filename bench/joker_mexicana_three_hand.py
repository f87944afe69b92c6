"""/legal-moves of Joker Canasta, Mexicana and Three-hand Canasta in process: typical positions, and Mexicana's
largest hand.

Typical positions come from random legal play of dealt hands, as in bench.samba_family. The large hand is a
Mexicana player who opens by taking a pile of 40 cards and then takes the thirteen cards of the opening draw:
58 cards in hand, the stock shown so the cards drawn are known. Medians of `answers.legal_moves` on JSON
text (parsing included), in ms.

    .venv/bin/python -m bench.joker_mexicana_three_hand [--positions 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

import orjson

from rules_engine import answers

from .samba_family import timed, typical_figures

VARIANTS = ("joker", "mexicana", "three-hand")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
MEXICANA_DECK = Counter({**{rank + suit: 3 for rank in RANKS for suit in "CDHS"}, "JK": 6})
# Forty discards, bottom first: two of every rank from four to king in each suit but sevens (which would block the
# pile), a few wild cards among them; the queen of hearts on top.
PILE = ([rank + suit for suit in "CDHS" for rank in ("4", "5", "6", "8", "9", "10", "J", "K")]
        + ["2C", "2D", "JK", "4C", "5D", "6H", "8S", "QH"])
# Seat 0's hand before taking: a natural pair of queens for the top card, aces, wild cards, and pairs of many ranks.
SEAT_0 = ["QD", "QS", "AH", "AS", "AD", "AC", "JK", "2H", "9C", "9D", "KH", "KS", "6C"]


def largest_mexicana_hand() -> bytes:
    """Seat 0 has taken the 40-card pile to open and drawn the thirteen cards of the opening draw."""
    melds = [[], [{"cards": ["7C", "7D", "7H", "2S"]}, {"cards": ["QC", "QC", "QH"]}]]
    shown = Counter(SEAT_0) + Counter(PILE) + Counter(c for side in melds for m in side for c in m["cards"])
    assert not shown - MEXICANA_DECK, shown - MEXICANA_DECK
    left = MEXICANA_DECK - shown
    unseen = sorted(left.elements(), key=lambda card: (card in ("3D", "3H"), card[-1], card))
    hidden = 13 + 13 + 13
    stock = [unseen[i * len(unseen) // (len(unseen) - hidden)] for i in range(len(unseen) - hidden)]
    before = {"players": 4, "dealer": 3, "hands": [SEAT_0, {"count": 13}, {"count": 13}, {"count": 13}],
              "stock": stock, "discard": PILE, "melds": melds, "red_threes": [[], []],
              "melded_before": [False, True, False, True], "turn": {"seat": 0, "phase": "draw"}, "score": [0, 0]}
    body = {"game": "canasta", "variant": "mexicana"}
    move = {"type": "take_pile", "cards": ["QD", "QS"], "melds": [{"cards": ["AH", "AS", "AD", "AC", "JK"]}]}
    after = answers.apply_move({**body, "state": before, "move": move})["state"]
    return orjson.dumps({**body, "state": after})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for variant in VARIANTS:
        print(orjson.dumps(typical_figures(variant, args.positions, args.repeat)).decode())
    text = largest_mexicana_hand()
    times, answer = [], {}
    for _ in range(args.repeat):
        ms, answer = timed(text)
        times.append(ms)
    hand = orjson.loads(text)["state"]["hands"][0]
    print(orjson.dumps({"largest_hand": "mexicana", "cards": len(hand), "median_ms": round(statistics.median(times), 2),
                        "moves": len(answer["moves"])}).decode())


if __name__ == "__main__":
    main()
