"""The opening and going-out searches where a variant has sequences, on random hands of a Samba entry.

Run: .venv/bin/python bench/run_search.py [--sizes 15 30 60 100 156] [--hands 7] [--repeat 3] [--limit 20]
       [--variant samba|bolivia] [--thin 9] [--adversarial] [--pile]

Each size draws --hands random hands from all three packs and six jokers (the red threes left out: a bonus
card is laid out, never held, so the whole deck in hand is 156 cards) and times, in process time, the
initial meld search (`plan_opening`, minimum 50, two cards kept) and the going-out search
(`search_going_out`, two canastas, nothing on the table); each figure is the median over hands of the
fastest of --repeat calls. A call running past --limit seconds is stopped and the size reported as over it.
--thin RANK keeps one card of that rank in each hand (a card only a run can meld: the hardest case for the
searches' shortcuts).
--adversarial draws the hands of bench/adversarial_hands.py instead (thin ranks crossed by parallel runs of one
to three copies) and reports, per size, the worst hand's time (the fastest of --repeat calls) rather than the
median, and how many hands took over 100 ms (a call past --limit counts as over).
--pile draws instead hands of 80 cards holding 12 wild cards and runs in every suit, as after taking a big pile
(bench/adversarial_hands.py), and reports them as --adversarial does (--sizes is not read).
Target: every size well under 50 ms on random hands; every adversarial hand under 100 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.adversarial_hands import PILE_SIZE, adversarial_hand, deck, pile_hand  # noqa: E402
from rules_engine.games.canasta.config import build_config  # noqa: E402
from rules_engine.games.canasta.opening import plan_opening, search_going_out  # noqa: E402
from rules_engine.games.canasta.variants import BOLIVIA, SAMBA  # noqa: E402

ENTRIES = {"samba": SAMBA, "bolivia": BOLIVIA}
ADVERSARIAL_TARGET_MS = 100


class OverLimit(Exception):
    """A call ran past the time allowed."""


def _stop(*_) -> None:
    raise OverLimit


def timed_ms(call, repeat: int, limit: float) -> float | None:
    """The fastest of `repeat` calls in process milliseconds, or None past `limit` seconds."""
    best = None
    for _ in range(repeat):
        signal.setitimer(signal.ITIMER_REAL, limit)
        start = time.process_time()
        try:
            call()
        except OverLimit:
            return None
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        took = (time.process_time() - start) * 1000
        best = took if best is None else min(best, took)
    return best


def _thinned(hand: list[str], rank: str | None) -> list[str]:
    """The hand with one card of `rank` left (all of them when None)."""
    if rank is None:
        return hand
    held = [card for card in hand if card[:-1] == rank]
    return [card for card in hand if card[:-1] != rank] + held[:1]


def measure(variant: str, sizes: list[int], hands: int, repeat: int, limit: float, seed: int,
            thin: str | None = None, adversarial: bool = False, pile: bool = False) -> list[dict]:
    """One row per size: median (adversarial, pile: worst) milliseconds of each search, or past the limit."""
    cfg = build_config(ENTRIES[variant], ())
    signal.signal(signal.SIGALRM, _stop)
    rows = []
    adversarial = adversarial or pile
    for size in [PILE_SIZE] if pile else sizes:
        rng = random.Random(seed + size)
        if pile:
            drawn = [pile_hand(rng) for _ in range(hands)]
        elif adversarial:
            drawn = [adversarial_hand(rng, size) for _ in range(hands)]
        else:
            drawn = [_thinned(rng.sample(deck(), size), thin) for _ in range(hands)]
        row: dict = {"variant": variant, "cards": size, "hands": hands, **({"thin": thin} if thin else {}),
                     **({"adversarial": "worst hand"} if adversarial else {}),
                     **({"pile": "12 wild cards, runs in every suit"} if pile else {})}
        for name, search in (("opening_ms", lambda h: plan_opening(cfg, h, 50, keep=2)),
                             ("going_out_ms", lambda h: search_going_out(cfg, h, [], canastas_needed=2,
                                                                         minimum=None))):
            times = []
            for hand in drawn:
                took = timed_ms(lambda: search(hand), repeat, limit)
                if took is None and not adversarial:
                    times = None
                    break
                times.append(took)
            if adversarial:           # every hand is timed: the worst, and how many miss the target
                over = [took for took in times if took is None or took > ADVERSARIAL_TARGET_MS]
                worst = None if None in times else max(times)
                row[name] = round(worst, 2) if worst is not None else f"> {limit:g} s"
                row[name.replace("_ms", "_over_100_ms")] = len(over)
            else:
                row[name] = round(statistics.median(times), 2) if times else f"> {limit:g} s"
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(ENTRIES), default="samba")
    parser.add_argument("--sizes", type=int, nargs="+", default=[15, 30, 60, 100, 156])
    parser.add_argument("--hands", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--thin", default=None)
    parser.add_argument("--adversarial", action="store_true")
    parser.add_argument("--pile", action="store_true")
    args = parser.parse_args()
    measure(args.variant, args.sizes, args.hands, args.repeat, args.limit, args.seed, args.thin, args.adversarial,
            args.pile)


if __name__ == "__main__":
    main()
