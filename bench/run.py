"""One command for every figure: `make bench` (or `python -m bench.run --help`).

For every registered game it prints the in-process median time of legal moves, validate-move and
score on realistic positions (JSON parse included); HTTP throughput and p50/p99 of /legal-moves
under gunicorn beside a plain Flask endpoint that only parses the same body, as ratios; and a
Redis hit against a fresh computation.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

import orjson

from api.config import Settings
from app import create_app
from rules_engine import answers
from rules_engine.registry import GAMES

from .http_load import gunicorn, run_wrk
from .positions import finished, positions

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


def http(game: str, seconds: int, connections: int) -> dict:
    """/legal-moves under gunicorn against the plain parse-only endpoint, in the same run."""
    requests = [("/legal-moves", b) for b in positions(game, 200, seed=3)]
    with gunicorn("bench.plain_app:app") as (port, _):
        plain = run_wrk(port, requests, seconds, connections)
    with gunicorn("app:app", env={"CACHE_TTL_SECONDS": "0"}) as (port, _):
        computed = run_wrk(port, requests, seconds, connections)
    with gunicorn("app:app") as (port, _):
        cached = run_wrk(port, requests, seconds, connections)
    figures = {"plain": vars(plain), "no_cache": vars(computed), "embedded_cache": vars(cached)}
    for name, load in (("no_cache", computed), ("embedded_cache", cached)):
        figures[name]["throughput_ratio"] = round(load.requests_per_second / plain.requests_per_second, 3)
        figures[name]["p99_ratio"] = round(load.p99_ms / plain.p99_ms, 3)
    return figures


def redis_hit(game: str, repeat: int) -> dict:
    """Through the app: a Redis hit against computing the answer, for each POST endpoint."""
    from tests.redis_server import RedisServer

    server = RedisServer().start()
    try:
        with_redis = create_app(Settings(redis_url=server.url)).test_client()
        without = create_app(Settings(cache_ttl_seconds=0)).test_client()
        bodies = positions(game, 40, seed=4)
        figures = {}
        for endpoint, chosen in (("/legal-moves", bodies), ("/score", finished(game, 10, seed=5))):
            for body in chosen:
                with_redis.post(endpoint, json=body)
            hit = median_us([lambda b=b: with_redis.post(endpoint, json=b) for b in chosen], repeat)
            fresh = median_us([lambda b=b: without.post(endpoint, json=b) for b in chosen], repeat)
            figures[endpoint] = {"redis_hit_us": round(hit, 1), "computed_us": round(fresh, 1),
                                 "hit_speedup": round(fresh / hit, 2)}
        return figures
    finally:
        server.stop()


def main() -> None:
    """Run the chosen parts for the chosen games, print a summary and save the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--parts", nargs="*", default=["inprocess", "http", "redis"])
    parser.add_argument("--seconds", type=int, default=10, help="wrk duration per server")
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=3000, help="calls per in-process median")
    options = parser.parse_args()
    report = {"machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine(),
                          "cores": __import__("os").cpu_count()}, "games": {}}
    for game in options.games:
        figures = report["games"].setdefault(game, {})
        if "inprocess" in options.parts:
            figures["in_process"] = in_process(game, options.repeat)
            print(game, "in-process", json.dumps(figures["in_process"]), flush=True)
        if "http" in options.parts:
            figures["http_legal_moves"] = http(game, options.seconds, options.connections)
            print(game, "http", json.dumps(figures["http_legal_moves"]), flush=True)
        if "redis" in options.parts:
            figures["redis"] = redis_hit(game, min(options.repeat, 1000))
            print(game, "redis", json.dumps(figures["redis"]), flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.json").write_text(json.dumps(report, indent=2))
    print(f"saved {RESULTS / 'latest.json'}")


if __name__ == "__main__":
    main()
