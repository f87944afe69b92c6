"""POST /batch against single calls through gunicorn: positions answered per second, in the same run.

Both sides ask /legal-moves of the same mid-hand positions of every game, the service computing
every answer (CACHE_TTL_SECONDS=0), with wrk on loopback; the batch side sends them `--size` at a
time. Rounds alternate between the two, so a slow spell of the machine touches both.

    .venv/bin/python -m bench.batch [--size 200] [--seconds 5] [--rounds 3] [--connections 16] [--game euchre ...]
"""

from __future__ import annotations

import argparse
import statistics

import orjson

from rules_engine.registry import GAMES

from .http_load import gunicorn, run_wrk
from .positions import positions


def requests_for(per_game: int, games: list[str] | None = None) -> list[tuple[str, dict]]:
    """Single /legal-moves requests over mid-hand positions of every game (or of `games`)."""
    return [("/legal-moves", body) for game in sorted(games or GAMES) for body in positions(game, per_game, seed=5)]


def batches(singles: list[tuple[str, dict]], size: int) -> list[tuple[str, dict]]:
    """The same requests as /batch bodies of `size` items each (the list repeated to fill the last)."""
    looped = singles * (size // len(singles) + 2)
    return [("/batch", {"requests": [{"path": path, "body": body} for path, body in looped[start:start + size]]})
            for start in range(0, len(singles), size)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--game", action="append", choices=sorted(GAMES),
                        help="only this game's positions (repeat for several); every game by default")
    args = parser.parse_args()
    singles = requests_for(100, args.game)
    batched = batches(singles, args.size)
    print(f"{len(singles)} positions; batch bodies of {args.size} items, "
          f"{statistics.mean(len(orjson.dumps(b)) for _, b in batched) / 1024:.0f} KiB on average")
    rates: dict[str, list[float]] = {"single": [], "batch": []}
    with gunicorn("app:app", env={"CACHE_TTL_SECONDS": "0"}) as (port, _):
        run_wrk(port, singles, 2, args.connections)
        run_wrk(port, batched, 2, args.connections)
        for _ in range(args.rounds):
            single = run_wrk(port, singles, args.seconds, args.connections)
            batch = run_wrk(port, batched, args.seconds, args.connections)
            assert single.errors == 0 and batch.errors == 0, (single, batch)
            rates["single"].append(single.requests_per_second)
            rates["batch"].append(batch.requests_per_second * args.size)
            print(orjson.dumps({"single_positions_per_s": round(rates["single"][-1]),
                                "batch_positions_per_s": round(rates["batch"][-1]),
                                "ratio": round(rates["batch"][-1] / rates["single"][-1], 2),
                                "batch_p50_ms": batch.p50_ms, "single_p50_ms": single.p50_ms}).decode())
    single, batch = statistics.median(rates["single"]), statistics.median(rates["batch"])
    print(orjson.dumps({"median_single_positions_per_s": round(single), "median_batch_positions_per_s": round(batch),
                        "ratio": round(batch / single, 2)}).decode())


if __name__ == "__main__":
    main()
