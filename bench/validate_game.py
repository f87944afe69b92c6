"""/validate-game in process on whole Classic Canasta hands: time per log, and how it grows with the log's length.

Hands are played by random legal moves from seeded deals; the longest of `--hands` is replayed in
prefixes of growing length, each timed as the median of `--repeat` calls of replay.validate_game
(the engine's whole work for the endpoint: deal, read, judge and apply every move, dump, score).

    .venv/bin/python -m bench.validate_game [--hands 20] [--repeat 9]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import orjson

from rules_engine import answers, replay

GAME = "canasta"


def played(seed: int) -> tuple[dict, list]:
    """A deal request and the moves of a whole random hand from it."""
    chooser = random.Random(seed)
    dealt = {"game": GAME, "players": 4, "seed": seed}
    state = answers.deal(dealt)["state"]
    moves = []
    while True:
        listed = answers.legal_moves({"game": GAME, "state": state})
        if listed["to_act"] is None:
            return dealt, moves
        move = chooser.choice(listed["moves"])
        moves.append({key: value for key, value in move.items() if key not in ("code", "rules")})
        state = answers.apply_move({"game": GAME, "state": state, "move": move})["state"]


def median_ms(body: dict, repeat: int) -> float:
    """Median wall time of validate_game on the body, JSON text parsed included."""
    text = orjson.dumps(body)
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        replay.validate_game(orjson.loads(text))
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    hands = [played(seed) for seed in range(1, args.hands + 1)]
    lengths = sorted(len(moves) for _, moves in hands)
    dealt, moves = max(hands, key=lambda hand: len(hand[1]))
    print(orjson.dumps({"hands": len(hands), "moves_median": statistics.median(lengths),
                        "moves_longest": lengths[-1]}).decode())
    for hand_dealt, hand_moves in hands[:5]:
        ms = median_ms({**hand_dealt, "moves": hand_moves}, args.repeat)
        print(orjson.dumps({"seed": hand_dealt["seed"], "moves": len(hand_moves), "ms": round(ms, 2),
                            "us_per_move": round(ms * 1000 / len(hand_moves), 1)}).decode())
    step = max(1, len(moves) // 6)
    for count in list(range(step, len(moves), step)) + [len(moves)]:
        ms = median_ms({**dealt, "moves": moves[:count]}, args.repeat)
        print(orjson.dumps({"prefix_moves": count, "ms": round(ms, 2),
                            "us_per_move": round(ms * 1000 / count, 1)}).decode())


if __name__ == "__main__":
    main()
