"""The going-out questions the listings after a partner's "yes" ask, recorded once and replayed against a checkout.

    .venv/bin/python bench/yes_questions.py record --checkout DIR --out FILE [--positions 16]
    .venv/bin/python bench/yes_questions.py replay --checkout DIR --questions FILE [--which all|yes|no]

`record` answers the yes positions of bench/yes_positions.py (as bench/yes_against.py draws them) with DIR's engine
and writes every going-out search they ask (search_going_out: the variant and options, the hand, the side's
melds, the arguments, whether a way out was found and its points) to FILE (a pickle). `replay` asks each again of
DIR's engine, all of them inside one functools.reduce call, so that callgrind counts only them:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect=functools_reduce \\
        .venv/bin/python bench/yes_questions.py replay --checkout DIR --questions FILE --which no

and prints how many answers differ from the recorded ones (a way out or none; the points of a best way), the
milliseconds in all and the worst position's."""

from __future__ import annotations

import argparse
import functools
import pickle
import sys
import time
from collections import Counter
from pathlib import Path


def record(checkout: str, out: str, positions: int) -> None:
    """Every going-out search the yes listings of DIR's engine ask, written to `out`."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from yes_positions import FAMILY, yes_position                 # noqa: E402  (this checkout's positions)
    sys.path.insert(0, str(Path(checkout).resolve()))
    from rules_engine import answers                                # noqa: E402  (the checkout's engine)
    from rules_engine.errors import InvalidRequest                  # noqa: E402
    from rules_engine.games.canasta import config, position         # noqa: E402
    asked = []
    where: list = [None, None]
    search = position.search_going_out

    def recorded(cfg, hand, melds, **kwargs):
        plan = search(cfg, hand, melds, **kwargs)
        options = next(tuple(sorted(key[1])) for key, found in config._BY_REQUEST.items() if found is cfg)
        asked.append({"variant": where[0], "seed": where[1], "options": options, "hand": list(hand),
                      "melds": [(m.rank, list(m.cards), m.naturals, m.wilds, m.suit, m.named) for m in melds],
                      "kwargs": {k: v for k, v in kwargs.items() if k != "split"}, "out": plan is not None,
                      "points": None if plan is None else plan.points})
        return plan

    position.search_going_out = recorded
    for variant in FAMILY:
        for n in range(positions):
            where[:] = variant, n
            try:
                answers.legal_moves(yes_position(variant, n, 30 + (n * 7) % 51))
            except InvalidRequest:
                pass
    with open(out, "wb") as file:
        pickle.dump(asked, file)
    print(f"{len(asked)} questions from {positions * len(FAMILY)} positions")


def replay(checkout: str, questions: str, which: str) -> None:
    """Each recorded question asked again of DIR's engine: answers that differ, milliseconds in all and worst."""
    sys.path.insert(0, str(Path(checkout).resolve()))
    from rules_engine.games.canasta import config                   # noqa: E402  (the checkout's engine)
    from rules_engine.games.canasta.melds import Meld               # noqa: E402
    from rules_engine.games.canasta.opening import search_going_out  # noqa: E402
    with open(questions, "rb") as file:
        asked = [q for q in pickle.load(file) if which == "all" or q["out"] == (which == "yes")]
    jobs = [(config._config(q["variant"], q["options"]), q, [Meld(*fields) for fields in q["melds"]]) for q in asked]
    spent: Counter = Counter()

    def ask(differ: int, job) -> int:
        cfg, q, melds = job
        started = time.perf_counter()
        plan = search_going_out(cfg, q["hand"], melds, **q["kwargs"])
        spent[(q["variant"], q["seed"])] += time.perf_counter() - started
        best = not q["kwargs"].get("any_way")
        return differ + ((plan is not None) != q["out"] or (best and plan is not None and plan.points != q["points"]))

    differ = functools.reduce(ask, jobs, 0)
    worst = max(spent, key=spent.get) if spent else None
    print(f"{len(jobs)} questions, {differ} answers differ, {sum(spent.values()) * 1e3:.0f} ms in all, worst "
          f"position {worst} {spent[worst] * 1e3:.0f} ms" if worst else "no questions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["record", "replay"])
    parser.add_argument("--checkout", required=True)
    parser.add_argument("--out")
    parser.add_argument("--questions")
    parser.add_argument("--positions", type=int, default=16)
    parser.add_argument("--which", choices=["all", "yes", "no"], default="all")
    args = parser.parse_args()
    if args.action == "record":
        record(args.checkout, args.out, args.positions)
    else:
        replay(args.checkout, args.questions, args.which)


if __name__ == "__main__":
    main()
