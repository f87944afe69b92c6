"""Median in-process time of the /legal-moves logic on realistic Euchre positions, parsing included.

Run: /tmp/probe-venv/bin/python bench/bench_euchre.py [--rounds N]
Each position is kept as the JSON text a client would send; one timing is json loads (orjson when
installed) plus rules_engine.answers.legal_moves, exactly what the endpoint does besides HTTP and cache.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine import answers  # noqa: E402

try:
    import orjson
    loads = orjson.loads
    PARSER = "orjson"
except ImportError:  # pragma: no cover - the service's requirements include orjson
    loads = json.loads
    PARSER = "json"

TARGET_US = 40.0


def positions(count: int, seed: int = 1) -> list[str]:
    """Request bodies (as JSON text) for positions met in real hands: bidding, discard and play."""
    rng = random.Random(seed)
    bodies = []
    while len(bodies) < count:
        options = {"deck": rng.choice(["32", "24"])}
        body = {"game": "euchre", "options": options, "seed": rng.randrange(10**9),
                "setup": {"dealer": rng.randrange(4), "score": [rng.randrange(10), rng.randrange(10)]}}
        state = answers.deal(body)["state"]
        stop = rng.randrange(0, 26)
        for _ in range(stop):
            listed = answers.legal_moves({"game": "euchre", "options": options, "state": state})
            if not listed["moves"]:
                break
            moves = listed["moves"]
            if listed["phase"].startswith("bidding"):
                # Bid like a table would: mostly pass (listed first), sometimes make trump, now and then alone.
                move = rng.choice(moves[1:]) if rng.random() < 0.3 else moves[0]
            else:
                move = rng.choice(moves)
            move = {k: v for k, v in move.items() if k not in ("code", "rules")}
            state = answers.apply_move({"game": "euchre", "options": options, "state": state, "move": move})["state"]
        if answers.legal_moves({"game": "euchre", "options": options, "state": state})["to_act"] is None:
            continue
        bodies.append(json.dumps({"game": "euchre", "variant": "standard", "options": options, "state": state}))
    return bodies


def measure(bodies: list[str], rounds: int) -> list[list[float]]:
    """Per-call wall times in microseconds, one list per round over every body."""
    clock = time.perf_counter_ns
    legal_moves = answers.legal_moves
    timings = []
    for _ in range(rounds):
        this_round = []
        for text in bodies:
            start = clock()
            legal_moves(loads(text))
            this_round.append((clock() - start) / 1000)
        timings.append(this_round)
    return timings


def main() -> None:
    """Print the median time of a call; the quietest round's median shows what a busy shared machine added."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--positions", type=int, default=100)
    args = parser.parse_args()
    bodies = positions(args.positions)
    measure(bodies, 5)  # warm up
    rounds = measure(bodies, args.rounds)
    every = sorted(t for one in rounds for t in one)
    median = statistics.median(every)
    quietest = min(statistics.median(one) for one in rounds)
    phases = Counter(answers.legal_moves(loads(text))["phase"] for text in bodies)
    print(f"euchre /legal-moves logic ({PARSER} loads + answers.legal_moves), {len(bodies)} positions "
          f"({', '.join(f'{n} {p}' for p, n in phases.most_common())}) x {args.rounds} rounds; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"median {median:.1f} us   p90 {every[int(len(every) * 0.9)]:.1f} us   quietest round median "
          f"{quietest:.1f} us   target <= {TARGET_US:.0f} us: {'met' if median <= TARGET_US else 'NOT met'}")


if __name__ == "__main__":
    main()
