"""A Redis hit against computing the answer, on each game's most expensive requests.

Each request is handed straight to the WSGI app, as gunicorn hands it, so the figures are the
service's own time per answer without a client's. Two conditions: an idle machine, and one
whose other cores are kept busy, as on a node that is serving traffic. They differ because this
virtual machine takes about 70 µs to wake an idle core, which a loopback round trip to Redis
pays twice when nothing else runs (bench/README.md).
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager, nullcontext

import orjson

from api.cache import cache_key
from api.config import Settings
from app import create_app
from rules_engine import answers

from .positions import finished, positions

COMPUTE = {"/legal-moves": answers.legal_moves, "/validate-move": answers.validate_move,
           "/apply-move": answers.apply_move, "/explain": answers.explain, "/score": answers.score}


def wsgi_post(app, path: str, raw: bytes) -> str:
    """POST a JSON body to a WSGI app as a server would; the X-Cache header it answered with."""
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "SERVER_NAME": "bench", "SERVER_PORT": "80",
               "SERVER_PROTOCOL": "HTTP/1.1", "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr,
               "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(raw)), "wsgi.input": io.BytesIO(raw)}
    seen: dict = {}

    def start_response(status, headers, exc_info=None):
        if not status.startswith("200"):
            raise RuntimeError(f"{path} answered {status}")
        seen.update(headers)

    body = app(environ, start_response)
    b"".join(body)
    getattr(body, "close", lambda: None)()
    return seen.get("X-Cache", "")


def median_us(app, path: str, bodies: list[bytes], repeat: int) -> float:
    """Median microseconds of one request, cycling through the bodies."""
    times = []
    for index in range(repeat):
        raw = bodies[index % len(bodies)]
        started = time.perf_counter()
        wsgi_post(app, path, raw)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e6


def candidates(game: str) -> dict[str, list[dict]]:
    """Realistic requests for every cached endpoint of a game, and for Canasta its heaviest hands."""
    bodies = positions(game, 150, seed=4)
    moves = [{**b, "move": answers.legal_moves(b)["moves"][-1]} for b in bodies]
    found = {"/legal-moves": bodies, "/validate-move": moves, "/apply-move": moves, "/explain": moves,
             "/score": finished(game, 30, seed=5)}
    if game == "canasta":
        from .bench_canasta import big_hand, opening_hand

        heavy = [{"game": game, "state": big_hand()}, {"game": game, "state": opening_hand()}]
        found["/legal-moves (60-card hands)"] = heavy
        found["/validate-move (60-card hands)"] = [{**b, "move": answers.legal_moves(b)["moves"][-1]} for b in heavy]
    return found


def most_expensive(requests: list[dict], endpoint: str, count: int) -> list[dict]:
    """The `count` requests that take longest to compute."""
    compute = COMPUTE[endpoint]

    def cost(body: dict) -> float:
        runs = []
        for _ in range(5):
            started = time.perf_counter()
            compute(body)
            runs.append(time.perf_counter() - started)
        return min(runs)

    return sorted(requests, key=cost, reverse=True)[:count]


@contextmanager
def busy_cores():
    """Keep every core but one busy, as serving traffic would."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range((os.cpu_count() or 2) - 1)]
    try:
        time.sleep(0.3)
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def cache_level_us(cache, endpoint: str, bodies: list[dict], repeat: int) -> tuple[float, float]:
    """Median microseconds to read a stored answer back (key and GET) and to compute it afresh."""
    compute = COMPUTE[endpoint]
    ruleset = {id(b): answers.ruleset_of(b).id for b in bodies}
    name = endpoint.lstrip("/")
    for body in bodies:
        cache.set(cache_key(name, ruleset[id(body)], body), orjson.dumps(compute(body)))
    lookups, computed = [], []
    for index in range(repeat):
        body = bodies[index % len(bodies)]
        started = time.perf_counter()
        found = cache.get(cache_key(name, ruleset[id(body)], body))
        lookups.append(time.perf_counter() - started)
        if found is None:
            raise RuntimeError("a stored answer was not found")
        started = time.perf_counter()
        orjson.dumps(compute(body))
        computed.append(time.perf_counter() - started)
    return statistics.median(lookups) * 1e6, statistics.median(computed) * 1e6


def redis_hit(game: str, repeat: int) -> dict:
    """For each endpoint's most expensive requests: a Redis hit against computing, and what the default does.

    `lookup_us` is reading a stored answer back (its key and the GET), `compute_us` computing it:
    the two costs the service weighs; `request_hit_us` and `request_computed_us` are whole
    requests through the WSGI app, which add the same framework time to both. `default` is what the
    service as configured (REDIS_MIN_SPEEDUP=2) answered after seeing the whole realistic mix:
    it caches a kind only when its answers compute at least twice as slowly as a look-up.
    """
    from tests.redis_server import RedisServer

    server = RedisServer().start()
    try:
        always = create_app(Settings(redis_url=server.url, redis_min_speedup=0))
        default = create_app(Settings(redis_url=server.url))
        fresh = create_app(Settings(cache_ttl_seconds=0))
        found = candidates(game)
        for label, requests in found.items():  # the default learns from the whole realistic mix
            for body in requests * 2:
                wsgi_post(default, label.split(" ")[0], orjson.dumps(body))
        figures = {}
        for label, requests in found.items():
            endpoint = label.split(" ")[0]
            heaviest = most_expensive(requests, endpoint, 10)
            chosen = [orjson.dumps(b) for b in heaviest]
            for raw in chosen * 2:
                wsgi_post(always, endpoint, raw)
                wsgi_post(default, endpoint, raw)
            decisions = sorted({wsgi_post(default, endpoint, raw) for raw in chosen})
            row: dict = {"requests": len(chosen), "default": decisions}
            for condition in ("idle", "busy"):
                with busy_cores() if condition == "busy" else nullcontext():
                    lookup, compute = cache_level_us(always.extensions["cardref.cache"], endpoint, heaviest, repeat)
                    hit = median_us(always, endpoint, chosen, repeat)
                    computed = median_us(fresh, endpoint, chosen, repeat)
                row[condition] = {"lookup_us": round(lookup, 1), "compute_us": round(compute, 1),
                                  "hit_speedup": round(compute / lookup, 2),
                                  "request_hit_us": round(hit, 1), "request_computed_us": round(computed, 1),
                                  "request_speedup": round(computed / hit, 2)}
            figures[label] = row
        return figures
    finally:
        server.stop()
