"""A bot playing Euchre over HTTP: one kept-alive connection against a new connection per request, same run.

    .venv/bin/python -m bench.keepalive [--hands 40] [--rounds 3] [--bots 1]

gunicorn as configured (gunicorn.conf.py: gevent workers, GUNICORN_KEEPALIVE seconds of keep-alive), caching off
so every answer is computed. Each bot deals a hand, then asks /legal-moves and sends the first listed move to
/apply-move until the hand is over, as an app does on every turn. The two ways alternate round by round, so the
machine's drift weighs on both alike. One JSON line: requests per second and latency percentiles of each way, and
their ratio. On loopback a connection costs little; over TLS and a real network each new connection costs a
handshake too, which this run does not include.
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import threading
import time

import orjson

from .http_load import gunicorn

MOVE_FIELDS = ("type", "card", "suit", "alone", "bid", "pass")


class Bot:
    """One client: a kept-alive connection, or a new one per request."""

    def __init__(self, port: int, keep_alive: bool):
        self.port, self.keep_alive = port, keep_alive
        self.connection: http.client.HTTPConnection | None = None
        self.latencies: list[float] = []

    def post(self, path: str, body: dict) -> dict:
        """POST a body and read the answer, timing the round trip (a new connection's set-up included)."""
        started = time.perf_counter()
        if self.connection is None or not self.keep_alive:
            if self.connection is not None:
                self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Content-Type": "application/json", "Connection": "keep-alive" if self.keep_alive else "close"}
        self.connection.request("POST", path, orjson.dumps(body), headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
            self.connection = None
        self.latencies.append(time.perf_counter() - started)
        if response.status != 200:
            raise RuntimeError(f"{path}: {response.status} {data[:200]!r}")
        return orjson.loads(data)

    def play(self, seed: int) -> int:
        """Play one hand from its deal to its end; the requests sent."""
        state = self.post("/deal", {"game": "euchre", "seed": seed})["state"]
        sent = 1
        while True:
            listed = self.post("/legal-moves", {"game": "euchre", "state": state})
            sent += 1
            if listed["to_act"] is None or not listed["moves"]:
                return sent
            move = {key: value for key, value in listed["moves"][0].items() if key in MOVE_FIELDS}
            state = self.post("/apply-move", {"game": "euchre", "state": state, "move": move})["state"]
            sent += 1


def one_way(port: int, keep_alive: bool, hands: int, bots: int, seed: int) -> dict:
    """`bots` bots each playing `hands` hands: requests, seconds and every latency."""
    players = [Bot(port, keep_alive) for _ in range(bots)]
    counts = [0] * bots

    def run(index: int) -> None:
        for hand in range(hands):
            counts[index] += players[index].play(seed + index * 10_000 + hand)

    started = time.perf_counter()
    threads = [threading.Thread(target=run, args=(i,)) for i in range(bots)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {"requests": sum(counts), "seconds": time.perf_counter() - started,
            "latencies": [lat for bot in players for lat in bot.latencies]}


def summary(runs: list[dict]) -> dict:
    """Requests per second over the runs, and latency percentiles in ms."""
    latencies = sorted(lat for run in runs for lat in run["latencies"])
    requests, seconds = sum(r["requests"] for r in runs), sum(r["seconds"] for r in runs)
    pick = lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000, 3)  # noqa: E731
    return {"requests": requests, "per_second": round(requests / seconds, 1),
            "p50_ms": round(statistics.median(latencies) * 1000, 3), "p99_ms": pick(0.99), "max_ms": pick(1.0)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bots", type=int, default=1)
    args = parser.parse_args()
    found: dict[str, list[dict]] = {"keep_alive": [], "new_connection": []}
    with gunicorn("app:app", env={"CACHE_TTL_SECONDS": "0"}) as (port, _):
        one_way(port, True, 2, args.bots, 999)         # warm both workers
        for round_ in range(args.rounds):
            for keep_alive in (True, False) if round_ % 2 == 0 else (False, True):
                name = "keep_alive" if keep_alive else "new_connection"
                found[name].append(one_way(port, keep_alive, args.hands, args.bots, 1 + round_ * 1000))
    kept, fresh = summary(found["keep_alive"]), summary(found["new_connection"])
    print(orjson.dumps({"bench": "keepalive", "bots": args.bots, "hands_per_round": args.hands,
                        "rounds": args.rounds, "keep_alive": kept, "new_connection": fresh,
                        "per_second_ratio": round(kept["per_second"] / fresh["per_second"], 2),
                        "p99_ratio": round(kept["p99_ms"] / fresh["p99_ms"], 2)}).decode())


if __name__ == "__main__":
    main()
