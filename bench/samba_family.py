"""/legal-moves of Samba, Bolivia and Brazilian Canasta in process: typical positions, and one huge hand.

Typical positions come from random legal play of dealt hands (the moves listed, one chosen at random);
the huge hand is a Samba player holding 80 cards after taking a big pile: twelve wild cards and runs in
every suit, the side opened. Medians of `answers.legal_moves` on JSON text (parsing included), in ms.

    .venv/bin/python -m bench.samba_family [--positions 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

import orjson

from rules_engine import answers

FAMILY = ("samba", "bolivia", "brazilian")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK = Counter({**{rank + suit: 3 for rank in RANKS for suit in "CDHS"}, "JK": 6})


def typical(variant: str, count: int, seed: int) -> list[bytes]:
    """`count` positions of random play where someone is to act, spread over whole hands, as JSON text."""
    chooser = random.Random(seed)
    found: list[bytes] = []
    deal_seed = seed
    while len(found) < count:
        deal_seed += 1
        body = {"game": "canasta", "variant": variant}
        state = answers.deal({**body, "seed": deal_seed})["state"]
        path = []
        while True:
            listed = answers.legal_moves({**body, "state": state})
            if listed["to_act"] is None or not listed["moves"]:
                break
            path.append(state)
            state = answers.apply_move({**body, "state": state, "move": chooser.choice(listed["moves"])})["state"]
        chooser.shuffle(path)
        found += [orjson.dumps({**body, "state": s}) for s in path[: max(1, count // 8)]]
    return found[:count]


def huge_hand(variant: str = "samba", question: str | None = None) -> bytes:
    """Seat 0 has just taken a big pile onto its side's kings: 80 cards, twelve of them wild, runs in every suit;
    with `question` "yes", its partner has told it to go out, so every move listed must keep going out possible."""
    hand = ["JK"] * 6 + ["2C", "2D", "2H", "2S", "2C", "2D"]
    for suit in "CDHS":
        hand += [rank + suit for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "A")]   # one run 4-A less K
        hand += [rank + suit for rank in ("5", "6", "7", "8", "9", "10")]                       # a second, 5-10
    hand += ["QC", "QD", "AH", "AS"]
    melds = [[{"cards": ["KC", "KD", "KH", "KS"]}], [{"cards": ["7C", "7D", "7H"]}]]
    discard = ["8C", "4C"]
    shown = Counter(hand) + Counter(c for side in melds for m in side for c in m["cards"]) + Counter(discard)
    assert len(hand) == 80 and not shown - DECK, shown - DECK
    stock = sum((DECK - shown).values()) - 3 * 13
    state = {"players": 4, "dealer": 3, "hands": [hand, {"count": 13}, {"count": 13}, {"count": 13}],
             "stock": {"count": stock}, "discard": discard, "melds": melds, "red_threes": [[], []],
             "melded_before": [True, True, True, True],
             "turn": {"seat": 0, "phase": "meld", "drew": "pile", "melded": False, "started": [], "extended": True,
                      "question": question}}
    return orjson.dumps({"game": "canasta", "variant": variant, "state": state})


def timed(text: bytes) -> tuple[float, dict]:
    """One /legal-moves answer from JSON text: milliseconds and the answer."""
    started = time.perf_counter()
    answer = answers.legal_moves(orjson.loads(text))
    return (time.perf_counter() - started) * 1e3, answer


def typical_figures(variant: str, positions: int, repeat: int) -> dict:
    """/legal-moves on `positions` random positions of the variant, each timed `repeat` times: median, p99, most."""
    texts = typical(variant, positions, seed=7)
    times, listed = [], []
    for _ in range(repeat):
        for text in texts:
            ms, answer = timed(text)
            times.append(ms)
            listed.append(len(answer["moves"]))
    return {"variant": variant, "positions": len(texts), "median_ms": round(statistics.median(times), 3),
            "p99_ms": round(sorted(times)[int(0.99 * len(times))], 2), "max_ms": round(max(times), 2),
            "most_moves": max(listed)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--yes-repeat", type=int, default=1, help="runs of the huge hand told to go out")
    args = parser.parse_args()
    for variant in FAMILY:
        print(orjson.dumps(typical_figures(variant, args.positions, args.repeat)).decode())
    for question, repeat in ((None, args.repeat), ("yes", args.yes_repeat)):
        for variant in FAMILY:
            text = huge_hand(variant, question)
            times, answer = [], None
            for _ in range(repeat):
                ms, answer = timed(text)
                times.append(ms)
            print(orjson.dumps({"huge_hand": variant, "cards": 80, "question": question,
                                "median_ms": round(statistics.median(times), 2), "moves": len(answer["moves"])}).decode())


if __name__ == "__main__":
    main()
