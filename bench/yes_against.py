"""The /legal-moves answers after a partner's "yes" of one checkout, to compare with another's, move for move.

    .venv/bin/python bench/yes_against.py --checkout DIR --out FILE [--positions 40] [--limit 60]

Draws --positions random "yes" positions per variant of Samba, Bolivia and Brazilian (bench/yes_positions.py,
hands of 30 to 80 cards), answers each with DIR's engine (a call past --limit seconds is recorded as such) and
writes one JSON line per position: variant, seed, cards, milliseconds, and the listed moves' codes (or the
error). Two files written so, from two checkouts, compare with `diff` once the time field is cut:
`jq -c 'del(.ms)' FILE`."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from pathlib import Path


class OverLimit(Exception):
    """A call ran past the time allowed."""


def _stop(*_) -> None:
    raise OverLimit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkout", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--limit", type=float, default=60.0)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent
    sys.path.insert(0, str(here))
    from yes_positions import FAMILY, yes_position                 # noqa: E402  (this checkout's positions)
    sys.path.insert(0, str(Path(args.checkout).resolve()))
    from rules_engine import answers                                # noqa: E402  (the checkout's engine)
    from rules_engine.errors import InvalidRequest                
    signal.signal(signal.SIGALRM, _stop)
    with open(args.out, "w") as out:
        for variant in FAMILY:
            for n in range(args.positions):
                seed, size = n, 30 + (n * 7) % 51
                body = yes_position(variant, seed, size)
                row = {"variant": variant, "seed": seed, "cards": size}
                signal.setitimer(signal.ITIMER_REAL, args.limit)
                started = time.perf_counter()
                try:
                    row["moves"] = [move["code"] for move in answers.legal_moves(body)["moves"]]
                except InvalidRequest as refused:
                    row["refused"] = [problem.rule for problem in refused.problems]
                except OverLimit:
                    row["over"] = args.limit
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                row["ms"] = round((time.perf_counter() - started) * 1e3, 2)
                out.write(json.dumps(row) + "\n")
                out.flush()


if __name__ == "__main__":
    main()
