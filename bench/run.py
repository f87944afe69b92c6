"""One command for every figure: `make bench` (or `python -m bench.run --help`).

For every registered game it prints the in-process median time of legal moves, validate-move and
score on realistic positions (JSON parse included); HTTP throughput and p50/p99 of /legal-moves
under gunicorn beside a plain Flask endpoint that only parses the same body, as ratios; and a
Redis hit against a fresh computation.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from contextlib import ExitStack
from pathlib import Path

import orjson

from rules_engine import answers
from rules_engine.registry import GAMES

from .http_load import gunicorn, run_wrk
from .positions import finished, positions
from .redis_hit import redis_hit

RESULTS = Path(__file__).resolve().parent / "results"


def median_us(calls: list, repeat: int) -> float:
    """Median wall time of one call, in microseconds, cycling through `calls`."""
    times = []
    for index in range(repeat):
        call = calls[index % len(calls)]
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e6


def in_process(game: str, repeat: int) -> dict:
    """Median in-process microseconds per operation, parsing JSON text included."""
    bodies = positions(game, 120, seed=1)
    raw = [orjson.dumps(b) for b in bodies]
    moves = []
    for body in bodies:
        listed = answers.legal_moves(body)
        moves.append(orjson.dumps({**body, "move": listed["moves"][len(listed["moves"]) // 2]}))
    done = [orjson.dumps(b) for b in finished(game, 20, seed=2)]
    legal = median_us([lambda r=r: answers.legal_moves(orjson.loads(r)) for r in raw], repeat)
    return {
        "legal_moves_us": round(legal, 1),
        "legal_moves_per_second": round(1e6 / legal),
        "validate_move_us": round(median_us([lambda r=r: answers.validate_move(orjson.loads(r)) for r in moves], repeat), 1),
        "score_us": round(median_us([lambda r=r: answers.score(orjson.loads(r)) for r in done], repeat), 1),
        "body_bytes": round(statistics.mean(len(r) for r in raw)),
    }


SERVERS = {"plain": ("bench.plain_app:app", {}), "no_cache": ("app:app", {"CACHE_TTL_SECONDS": "0"}),
           "embedded_cache": ("app:app", {})}


def http(game: str, seconds: int, connections: int, rounds: int, warmup: int) -> dict:
    """/legal-moves under gunicorn against the plain parse-only endpoint, in alternating rounds.

    The three servers run side by side (an idle one costs nothing), each is warmed up, then every
    round measures each in turn, so a slow spell of the machine touches both sides of a ratio.
    """
    requests = [("/legal-moves", b) for b in positions(game, 200, seed=3)]
    with ExitStack() as stack:
        ports = {name: stack.enter_context(gunicorn(app, env=env))[0] for name, (app, env) in SERVERS.items()}
        for port in ports.values():
            run_wrk(port, requests, warmup, connections)
        measured = [{name: run_wrk(port, requests, seconds, connections) for name, port in ports.items()}
                    for _ in range(rounds)]
    figures: dict = {"rounds": []}
    for loads in measured:
        plain = loads["plain"]
        figures["rounds"].append({name: {**vars(load), **({} if name == "plain" else {
            "throughput_ratio": round(load.requests_per_second / plain.requests_per_second, 3),
            "p50_ratio": round(load.p50_ms / plain.p50_ms, 3),
            "p99_ratio": round(load.p99_ms / plain.p99_ms, 3)})} for name, load in loads.items()})
    for name in SERVERS:
        figures[name] = {measure: statistics.median(r[name][measure] for r in figures["rounds"])
                         for measure in ("requests_per_second", "p50_ms", "p99_ms")}
        if name != "plain":
            figures[name].update({measure: statistics.median(r[name][measure] for r in figures["rounds"])
                                  for measure in ("throughput_ratio", "p50_ratio", "p99_ratio")})
    figures["errors"] = sum(load.errors for loads in measured for load in loads.values())
    return figures


def http_summary(found: dict) -> str:
    """Medians over the rounds (rates, latencies, ratios to the plain endpoint), errors, and each
    round's (throughput, p99) ratios, as one JSON line."""
    rounds = [{name: (load["throughput_ratio"], load["p99_ratio"]) for name, load in measured.items() if name != "plain"}
              for measured in found["rounds"]]
    return json.dumps({"median": {name: found[name] for name in SERVERS},
                       "errors": found["errors"], "rounds": rounds})


def main() -> None:
    """Run the chosen parts for the chosen games, print a summary and save the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--parts", nargs="*", default=["inprocess", "http", "redis"])
    parser.add_argument("--seconds", type=int, default=10, help="wrk duration per server")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=5, help="alternating HTTP rounds per game")
    parser.add_argument("--warmup", type=int, default=2, help="wrk seconds per server before measuring")
    parser.add_argument("--repeat", type=int, default=3000, help="calls per in-process median")
    options = parser.parse_args()
    report = {"machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine(),
                          "cores": os.cpu_count()}, "games": {}}
    for game in options.games:
        figures = report["games"].setdefault(game, {})
        if "inprocess" in options.parts:
            figures["in_process"] = in_process(game, options.repeat)
            print(game, "in-process", json.dumps(figures["in_process"]), flush=True)
        if "http" in options.parts:
            figures["http_legal_moves"] = http(game, options.seconds, options.connections, options.rounds,
                                               options.warmup)
            print(game, "http", http_summary(figures["http_legal_moves"]), flush=True)
        if "redis" in options.parts:
            figures["redis"] = redis_hit(game, min(options.repeat, 400))
            print(game, "redis", json.dumps(figures["redis"]), flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.json").write_text(json.dumps(report, indent=2))
    print(f"saved {RESULTS / 'latest.json'}")


if __name__ == "__main__":
    main()
