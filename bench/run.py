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


def most_expensive(game: str, count: int) -> dict[str, list[dict]]:
    """For each cached endpoint, the `count` requests of a game that take longest to compute."""
    bodies = positions(game, 150, seed=4)
    requests = {"/legal-moves": bodies, "/score": finished(game, 30, seed=5),
                "/validate-move": [{**b, "move": answers.legal_moves(b)["moves"][-1]} for b in bodies]}
    compute = {"/legal-moves": answers.legal_moves, "/score": answers.score, "/validate-move": answers.validate_move}
    chosen = {}
    for endpoint, candidates in requests.items():
        timed = sorted(candidates, key=lambda b: -median_us([lambda: compute[endpoint](b)], 5))
        chosen[endpoint] = timed[:count]
    if game == "canasta":
        # The heaviest position known: a 60-card hand with 12 wild cards after a big pile.
        from .bench_canasta import big_hand

        chosen["/legal-moves (60-card hand)"] = [{"game": game, "state": big_hand()}]
    return chosen


def redis_hit(game: str, repeat: int) -> dict:
    """Through the app, on a game's most expensive requests: a Redis hit against computing the answer.

    `redis_hit_us` always reads Redis; `default_policy_us` is what the service does by default
    (Redis skipped where computing is cheaper than a round trip, see REDIS_MIN_COMPUTE_US).
    """
    from tests.redis_server import RedisServer

    server = RedisServer().start()
    try:
        always = create_app(Settings(redis_url=server.url, redis_min_compute_us=0)).test_client()
        default = create_app(Settings(redis_url=server.url)).test_client()
        fresh = create_app(Settings(cache_ttl_seconds=0)).test_client()
        figures = {}
        for endpoint, chosen in most_expensive(game, 10).items():
            label, endpoint = endpoint, endpoint.split(" ")[0]
            for body in chosen:
                always.post(endpoint, json=body)
                default.post(endpoint, json=body)
            hit = median_us([lambda b=b: always.post(endpoint, json=b) for b in chosen], repeat)
            computed = median_us([lambda b=b: fresh.post(endpoint, json=b) for b in chosen], repeat)
            policy = median_us([lambda b=b: default.post(endpoint, json=b) for b in chosen], repeat)
            decisions = sorted({default.post(endpoint, json=b).headers.get("X-Cache") for b in chosen})
            figures[label] = {"redis_hit_us": round(hit, 1), "computed_us": round(computed, 1),
                                 "hit_speedup": round(computed / hit, 2), "default_policy_us": round(policy, 1),
                                 "default_policy": decisions}
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
            figures["redis"] = redis_hit(game, min(options.repeat, 500))
            print(game, "redis", json.dumps(figures["redis"]), flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.json").write_text(json.dumps(report, indent=2))
    print(f"saved {RESULTS / 'latest.json'}")


if __name__ == "__main__":
    main()
