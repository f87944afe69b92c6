"""Load test: gunicorn on loopback, a mix of every endpoint and game, 64 connections for 60 s.

Prints requests, errors and the growth of every worker's resident memory between the end of a
warm-up and the end of the run.
`python -m bench.load --seconds 60 --connections 64 [--no-cache | --redis]`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

from rules_engine import answers
from rules_engine.registry import GAMES

from .http_load import gunicorn, run_wrk
from .positions import finished, positions


def request_mix(per_game: int = 40) -> list[tuple[str, dict]]:
    """Requests for every POST endpoint and game, in a shuffled but fixed order."""
    mix: list[tuple[str, dict]] = []
    for game in GAMES:
        for body in positions(game, per_game, seed=11):
            move = answers.legal_moves(body)["moves"][0]
            mix += [("/legal-moves", body), ("/validate-move", {**body, "move": move}),
                    ("/apply-move", {**body, "move": move}), ("/explain", {**body, "move": move})]
        mix += [("/score", body) for body in finished(game, 5, seed=12)]
        mix += [("/deal", {"game": game, "seed": seed}) for seed in range(5)]
    return mix


def worker_rss_kib(master: int) -> dict[int, int]:
    """Resident memory of each gunicorn worker, by pid."""
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True).stdout.split()
    rss = {}
    for pid in map(int, children):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss[pid] = int(line.split()[1])
    return rss


@contextmanager
def running_redis():
    """A redis-server for the run, stopped after it."""
    from tests.redis_server import RedisServer

    server = RedisServer().start()
    try:
        yield server
    finally:
        server.stop()


def redis_keyspace(url: str) -> dict:
    """Redis's own count of hits, misses and keys: proof the cache was used."""
    import redis

    client = redis.Redis.from_url(url)
    stats = client.info("stats")
    return {"hits": stats["keyspace_hits"], "misses": stats["keyspace_misses"], "keys": client.dbsize()}


def main() -> None:
    """Warm up, record worker memory, load for the given time, record it again, report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--warmup", type=int, default=10)
    caches = parser.add_mutually_exclusive_group()
    caches.add_argument("--no-cache", action="store_true", help="CACHE_TTL_SECONDS=0: every answer computed")
    caches.add_argument("--redis", action="store_true", help="cache in a redis-server started for the run")
    options = parser.parse_args()
    mix = request_mix()
    with ExitStack() as stack:
        env, redis_server = None, None
        if options.no_cache:
            env = {"CACHE_TTL_SECONDS": "0"}
        elif options.redis:
            redis_server = stack.enter_context(running_redis())
            env = {"REDIS_URL": redis_server.url}
        port, process = stack.enter_context(gunicorn("app:app", env=env))
        run_wrk(port, mix, options.warmup, options.connections)
        before = worker_rss_kib(process.pid)
        started = time.monotonic()
        load = run_wrk(port, mix, options.seconds, options.connections, threads=2)
        after = worker_rss_kib(process.pid)
        redis_stats = redis_keyspace(redis_server.url) if redis_server else None
    growth = {pid: round(100 * (after[pid] - before[pid]) / before[pid], 2) for pid in before if pid in after}
    report = {"seconds": round(time.monotonic() - started, 1), "connections": options.connections,
              "cache": "off" if options.no_cache else "redis" if options.redis else "embedded",
              "distinct_requests": len(mix), "requests": load.requests, "errors": load.errors,
              "requests_per_second": load.requests_per_second, "p50_ms": load.p50_ms, "p99_ms": load.p99_ms,
              "worker_rss_kib_before": before, "worker_rss_kib_after": after, "worker_rss_growth_percent": growth,
              "workers_replaced": sorted(set(before) ^ set(after))}
    if redis_stats:
        report["redis"] = redis_stats
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
