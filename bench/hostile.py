"""Hostile clients: worst case per endpoint, /healthz under attack and behind stalled uploads, memory.

`python -m bench.hostile [--parts worst attack stall memory throughput liveness]` prints one JSON line per
part and saves each in bench/results/hostile.json (beside the parts not run this time):

- worst: for every POST endpoint, the median CPU time of a typical request (realistic positions
  of every game) and of each body of a generated catalogue of hostile and heavy ones (bench.worst_searches'
  among them), in process
  through the whole Flask stack with caching off; the worst, and its ratio to typical.
- attack: /healthz p50/p99 on gunicorn as configured, idle, then while 4 clients send the
  catalogue's most expensive bodies for 10 s, paced (3.5 requests/s in all) and as a flood;
  gevent and sync workers, and gevent with a rate limit, in the same run.
- stall: /healthz while two uploads have sent half their body and wait.
- memory: each worker's resident memory before and after 3,000 distinct heavy requests (answers
  of the largest accepted kind, and positions refused with many distinct large table melds).
- throughput: requests/s and p99 of the realistic mix (bench.load) with gevent and sync workers,
  alternating rounds.
- liveness: /healthz on the service port and on HEALTH_PORT while 4 clients send the searches' worst
  bodies (single listings and batches of 16) as fast as they can for 60 s; workers replaced, memory growth.
"""

from __future__ import annotations

import argparse
import copy
import gc
import http.client
import json
import random
import socket
import statistics
import threading
import time
from pathlib import Path

import orjson

from api.config import Settings
from api.limits import LIMITS, MAX_KEYS, MAX_STRING
from app import create_app
from rules_engine import answers
from rules_engine.games.canasta.examples import GOING_OUT, complete
from rules_engine.registry import GAMES
from tests.api.test_hostile import put

from .http_load import gunicorn, run_wrk
from .load import request_mix, worker_rss_kib
from .positions import finished, positions
from .samba_family import huge_hand
from .worst_searches import later_positions
from .worst_searches import positions as worst_positions

RESULTS = Path(__file__).resolve().parent / "results"
ENDPOINTS = ("/legal-moves", "/validate-move", "/apply-move", "/explain", "/score", "/validate-meld", "/deal")
JUNK = (0, [], "", {}, "AS", None)
WORST_SEARCHES = 40       # bodies of bench.worst_searches in the catalogue
MELDS = [{"game": "canasta", "meld": {"cards": ["QS", "QH", "2C"]}, "context": {"team_score": 0}},
         {"game": "canasta", "melds": [{"cards": ["KS", "KH", "KD"]}, {"cards": ["7S", "7H", "JK"]}],
          "context": {"team_score": 1500, "initial": True}},
         {"game": "canasta", "meld": {"cards": ["5S", "5H", "5D", "5C", "2H"]}}]


def typical(seed: int = 21) -> dict[str, list[dict]]:
    """Realistic requests of every endpoint, for every game."""
    found: dict[str, list[dict]] = {endpoint: [] for endpoint in ENDPOINTS}
    for game in GAMES:
        for body in positions(game, 12, seed=seed):
            move = answers.legal_moves(body)["moves"][0]
            found["/legal-moves"].append(body)
            found["/validate-move"].append({**body, "move": move})
            found["/apply-move"].append({**body, "move": move})
            found["/explain"].append({**body, "move": move})
        found["/score"] += finished(game, 4, seed=seed)
        found["/deal"] += [{"game": game, "seed": s} for s in range(4)]
    found["/validate-meld"] = MELDS
    return found


def _paths(node, path=()):
    """Paths of every list, object and string inside a JSON value."""
    if isinstance(node, (list, dict)):
        yield path
        items = enumerate(node) if isinstance(node, list) else node.items()
        for key, item in items:
            yield from _paths(item, path + (key,))
    elif isinstance(node, str):
        yield path


def mutations(body: dict):
    """Hostile variants of a typical body, one at a time: every list, object and string swapped for
    the largest junk the limits let through, and for junk far beyond them."""
    cards = LIMITS.bounds_for(body).cards
    yield "38,000 unknown top-level keys", {**body, **{f"k{i}": i for i in range(38_000)}}
    yield "64 unknown top-level keys", {**body, **{f"k{i}": i for i in range(64)}}
    for path in list(_paths(body))[1:40]:
        where = "/".join(map(str, path))
        for item in JUNK:
            yield f"{where}: {cards} x {item!r}", put(body, path, [item] * cards)
        yield f"{where}: 80,000 x 0", put(body, path, [0] * 80_000)
        yield f"{where}: 60,000 x []", put(body, path, [[]] * 60_000)
        yield f"{where}: 60,000 x \"\"", put(body, path, [""] * 60_000)
        yield f"{where}: {MAX_KEYS} keys", put(body, path, {f"k{i}": [] for i in range(MAX_KEYS)})
        yield f"{where}: {MAX_STRING}-char string", put(body, path, "K" * MAX_STRING)


def yes_positions(count: int, seed: int = 2) -> list[dict]:
    """Positions after a partner's yes, the side without a canasta, hands heavy in pairs and wild cards."""
    chooser = random.Random(seed)
    table = [{"rank": "K", "cards": ["KH", "KS", "KD"]}, {"rank": "7", "cards": ["7H", "7S", "7C"]}]
    found = []
    for _ in range(count):
        ranks = chooser.sample(["4", "5", "6", "8", "9", "10", "Q", "A"], chooser.randint(2, 5))
        hand = [r + s for r in ranks for s in "CDHS"] + ["JK", "JK", "2C", "2D", "2S", "2H"]
        chooser.shuffle(hand)
        position = copy.deepcopy(GOING_OUT)
        position["hands"][2] = hand[: chooser.randint(12, 24)]
        position["melds"][0] = table
        position["hands"][0] = ["6C"]
        position["turn"]["question"] = "yes"
        body = {"game": "canasta", "state": complete(position)}
        try:
            answers.legal_moves(body)
        except Exception:  # refused (an unreachable position): not a listing to time
            continue
        found.append(body)
    return found


def heavy(typical_bodies: dict) -> list[tuple[str, str, dict]]:
    """Bodies that are valid in shape and as large as the limits allow."""
    canasta = next(b for b in typical_bodies["/legal-moves"] if b["game"] == "canasta")
    salsifis = next(b for b in typical_bodies["/legal-moves"] if b["game"] == "salsifis")
    ranks = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    big_meld = {"type": "meld", "melds": [{"cards": [r + s for s in "CDH"]} for r in ranks for _ in range(3)][:36]}
    text = ", ".join(["Queen of Diamonds"] * 13) + ", salsifis"
    calls = [{"seat": i % 2, "text": text[:MAX_STRING]} for i in range(LIMITS.bounds_for(salsifis).cards)]
    found = [("/validate-move", "canasta meld move of 108 cards", {**canasta, "move": big_meld}),
             ("/apply-move", "canasta meld move of 108 cards", {**canasta, "move": big_meld}),
             ("/explain", "canasta meld move of 108 cards", {**canasta, "move": big_meld}),
             ("/validate-move", "salsifis reveal with a formula per card", {**salsifis, "move": {"type": "resolve", "calls": calls}}),
             ("/validate-meld", "canasta opening of 36 melds", {"game": "canasta", "melds": big_meld["melds"],
                                                                 "context": {"team_score": 0, "initial": True}}),
             ("/validate-meld", "canasta meld of 108 cards", {"game": "canasta", "meld": {"cards": ["QS"] * 100 + ["JK"] * 4 + ["2C"] * 4}})]
    for variant in ("samba", "bolivia", "brazilian"):
        for question in (None, "yes"):
            body = orjson.loads(huge_hand(variant, question))
            name = f"{variant} 80-card hand" + (" after a partner's yes" if question else "")
            found.append(("/legal-moves", name, body))
            found.append(("/validate-move", name, {**body, "move": {"type": "discard", "card": "QC"}}))
            found.append(("/apply-move", name, {**body, "move": {"type": "meld", "melds": [{"cards": ["QC", "QD", "2C"]}]}}))
    for name, body in worst_positions(WORST_SEARCHES) + later_positions(WORST_SEARCHES // 2):
        discard = {"type": "discard", "card": body["state"]["hands"][0][0]}
        found.append(("/legal-moves", name, body))
        found.append(("/validate-move", f"{name}, a discard", {**body, "move": discard}))
        found.append(("/apply-move", f"{name}, a discard", {**body, "move": discard}))
    for index, body in enumerate(yes_positions(80)):
        found.append(("/legal-moves", f"canasta after a partner's yes, #{index}", body))
        found.append(("/validate-move", f"canasta after a partner's yes, #{index}",
                      {**body, "move": {"type": "discard", "card": body["state"]["hands"][2][0]}}))
    return found


def _median_ms(client, endpoint: str, raw: bytes, repeat: int) -> float:
    """Median CPU time of one request: on a machine shared with other work, wall time would
    count the time other processes held the cores."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        client.post(endpoint, data=raw, content_type="application/json")
        times.append(time.process_time() - started)
    return statistics.median(times) * 1000


def worst(repeat: int = 5) -> dict:
    """Each endpoint's typical median and its worst hostile or heavy body, with their ratio.

    Bodies are made one at a time and timed as JSON text, with the heap frozen first, as
    gunicorn.conf.py freezes the loaded app: a catalogue held in memory would give every
    allocation and garbage collection millions of objects that no server holds.
    """
    client = create_app(Settings(cache_ttl_seconds=0)).test_client()
    bodies = typical()
    heavy_raw = [(endpoint, name, orjson.dumps(body), body.get("game")) for endpoint, name, body in heavy(bodies)]
    gc.collect()
    gc.freeze()
    report = {}
    for endpoint in ENDPOINTS:
        typical_ms = [(b.get("game"), _median_ms(client, endpoint, orjson.dumps(b), repeat)) for b in bodies[endpoint]]
        usual = statistics.median(ms for _, ms in typical_ms)
        by_game = {game: statistics.median(ms for g, ms in typical_ms if g == game) for game, _ in typical_ms}
        timed = [(_median_ms(client, endpoint, raw, repeat), name, len(raw))
                 for name_endpoint, name, raw, _ in heavy_raw if name_endpoint == endpoint]
        # The worst body of each game against that game's typical request.
        same_game = {}
        for name_endpoint, name, raw, game in heavy_raw:
            if name_endpoint == endpoint and game in by_game:
                ms = next(t[0] for t in timed if t[1] == name and t[2] == len(raw))
                if ms / by_game[game] > same_game.get(game, (0,))[0]:
                    same_game[game] = (round(ms / by_game[game], 1), round(ms, 3), round(by_game[game], 3), name)
        for game_body in {b.get("game"): b for b in bodies[endpoint]}.values():
            for name, body in mutations(game_body):
                raw = orjson.dumps(body)
                del body
                if len(raw) <= 256 * 1024:  # larger bodies are refused by the body limit before anything is read
                    timed.append((_median_ms(client, endpoint, raw, repeat), f"{game_body.get('game')} {name}", len(raw)))
        timed.sort(reverse=True)
        top_ms, top_name, top_bytes = timed[0]
        report[endpoint] = {"typical_ms": round(usual, 3), "worst_ms": round(top_ms, 3), "ratio": round(top_ms / usual, 1),
                            "worst": top_name, "worst_body_bytes": top_bytes, "bodies_tried": len(timed),
                            "next_worst": [(round(ms, 3), name) for ms, name, _ in timed[1:4]],
                            "worst_against_its_game": same_game}
    gc.unfreeze()
    return report


def expensive_bodies(count: int = 12) -> list[tuple[str, dict]]:
    """The bodies an attacker would pick: near the body limit, and the slowest accepted shapes."""
    near_limit = {"game": "canasta", "melds": [0] * 130_000}
    found = [("/validate-meld", near_limit), ("/validate-meld", {"game": "canasta", "melds": [[]] * 85_000}),
             ("/legal-moves", {"game": "canasta", **{f"k{i}": 0 for i in range(20_000)}})]
    found += [(endpoint, body) for endpoint, _, body in heavy(typical())][:count]
    found += [("/legal-moves", body) for _, body in worst_positions(count)]    # the searches' worst
    return found


def _healthz_latencies(port: int, seconds: float | None = None, count: int | None = None, timeout: float = 5.0,
                       pause: float = 0.01) -> tuple[list[float], int]:
    latencies, failures = [], 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    deadline = time.monotonic() + (seconds or 1e9)
    while time.monotonic() < deadline and (count is None or len(latencies) + failures < count):
        started = time.perf_counter()
        try:
            connection.request("GET", "/healthz")
            connection.getresponse().read()
            latencies.append((time.perf_counter() - started) * 1000)
        except OSError:
            failures += 1
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        time.sleep(pause)
    connection.close()
    return latencies, failures


def _percentiles(latencies: list[float], failures: int) -> dict:
    if not latencies:
        return {"answered": 0, "failed": failures}
    ordered = sorted(latencies)
    return {"answered": len(ordered), "failed": failures, "p50_ms": round(ordered[len(ordered) // 2], 2),
            "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
            "max_ms": round(ordered[-1], 2)}


def _paced(port: int, bodies: list[tuple[str, dict]], seconds: float, clients: int, per_second: float) -> int:
    """`clients` connections sending the bodies in turn, `per_second` requests in all; how many were sent."""
    sent = [0]
    raw = [(endpoint, orjson.dumps(body)) for endpoint, body in bodies]

    def client(offset: int):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        deadline, index = time.monotonic() + seconds, offset
        while time.monotonic() < deadline:
            started = time.monotonic()
            endpoint, body = raw[index % len(raw)]
            connection.request("POST", endpoint, body, {"Content-Type": "application/json"})
            connection.getresponse().read()
            sent[0] += 1
            index += clients
            time.sleep(max(0.0, clients / per_second - (time.monotonic() - started)))
        connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sent[0]


def attack(seconds: int = 10) -> dict:
    """/healthz idle, then while 4 clients send the most expensive bodies: at 3.5 requests/s in all
    (the rate that stalled the service when one such body cost half a second), and as fast as
    they can (a flood, wrk); for gevent and sync workers, and for gevent with RATE_LIMIT set."""
    bodies = expensive_bodies()
    report = {}
    for name, worker_class, env in (("gevent", "gevent", {}), ("sync", "sync", {}),
                                    ("gevent_rate_limited", "gevent", {"RATE_LIMIT": "20 per second"})):
        with gunicorn("app:app", env=env, worker_class=worker_class) as (port, _):
            figures = {"healthz_idle": _percentiles(*_healthz_latencies(port, count=500))}
            for attack_name in ("paced", "flood"):
                found: dict = {}
                probe = threading.Thread(target=lambda: found.update(
                    zip(("latencies", "failures"), _healthz_latencies(port, seconds=seconds))))
                probe.start()
                if attack_name == "paced":
                    figures["hostile_requests"] = _paced(port, bodies, seconds, clients=4, per_second=3.5)
                else:
                    load = run_wrk(port, bodies, seconds, connections=4)
                    figures["flood_requests_per_second"] = load.requests_per_second
                probe.join()
                figures[f"healthz_{attack_name}"] = _percentiles(found["latencies"], found["failures"])
            report[name] = figures
    return report


def _worst_bodies(count: int = 40) -> list[tuple[str, dict]]:
    """The searches' worst bodies (bench.worst_searches) as listings, and batches of 16 of them."""
    found = [("/legal-moves", body) for _, body in worst_positions(count)]
    batches = [("/batch", {"requests": [{"path": path, "body": body} for path, body in found[i:i + 16]]})
               for i in range(0, count, 16)]
    return found + batches


def liveness(seconds: int = 60) -> dict:
    """gunicorn as configured, with HEALTH_PORT set and caching off: /healthz on the service port and on the health
    port while 4 clients send the searches' worst bodies (single listings and batches of 16) as fast as they can
    for `seconds`; workers replaced (their pids before and after) and each worker's resident memory growth."""
    from tests.redis_server import free_port

    health = free_port()
    bodies = _worst_bodies()
    with gunicorn("app:app", env={"HEALTH_PORT": str(health), "CACHE_TTL_SECONDS": "0"}) as (port, process):
        time.sleep(1.0)
        before = worker_rss_kib(process.pid)
        found: dict = {}
        probes = [threading.Thread(target=lambda key=key, probed=probed: found.update(
            {key: _healthz_latencies(probed, seconds=seconds, timeout=30)})) for key, probed in
            (("service_port", port), ("health_port", health))]
        for probe in probes:
            probe.start()
        sent = _paced(port, bodies, seconds, clients=4, per_second=1e9)
        for probe in probes:
            probe.join()
        after = worker_rss_kib(process.pid)
    return {"seconds": seconds, "hostile_requests": sent,
            "healthz_service_port": _percentiles(*found["service_port"]),
            "healthz_health_port": _percentiles(*found["health_port"]),
            "workers_replaced": len(set(before) - set(after)),
            "worker_rss_growth_mib": {pid: round((after[pid] - rss) / 1024, 1) for pid, rss in before.items()
                                      if pid in after}}


def _stalled_upload(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"POST /validate-meld HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n{\"game\": \"canasta\", ")
    return sock


def stall() -> dict:
    """/healthz while two uploads wait half-sent, on 2 workers of each class."""
    report = {}
    for worker_class, count, timeout in (("gevent", 300, 5.0), ("sync", 3, 3.0)):
        with gunicorn("app:app", workers=2, worker_class=worker_class) as (port, _):
            stalled = [_stalled_upload(port) for _ in range(2)]
            time.sleep(0.2)
            try:
                report[worker_class] = _percentiles(*_healthz_latencies(port, count=count, timeout=timeout))
                report[worker_class]["client_timeout_s"] = timeout
            finally:
                for sock in stalled:
                    sock.close()
    return report


def memory_requests(count: int = 3000, seed: int = 8) -> list[tuple[str, bytes]]:
    """Distinct heavy requests: the largest accepted answers, and refused positions with many large melds."""
    chooser = random.Random(seed)
    base = next(b for b in typical()["/legal-moves"] if b["game"] == "canasta")
    ranks = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    found = []
    for index in range(count):
        if index % 2:
            melds = [{"cards": [r + s for s in "CDH"]} for r in ranks for _ in range(3)][:36]
            for meld in melds:
                chooser.shuffle(meld["cards"])
            found.append(("/validate-move", orjson.dumps({**base, "move": {"type": "meld", "melds": melds}})))
        else:
            state = copy.deepcopy(base["state"])
            table = []
            for rank in chooser.sample(ranks, 8):
                cards = [rank + s for s in "CDHS" for _ in range(2)] + ["JK", "2C", "2D"]
                chooser.shuffle(cards)
                table.append({"cards": cards[:chooser.randint(6, 11)]})
            state["melds"] = [table, []]  # far more cards than the deck has left: refused
            found.append(("/legal-moves", orjson.dumps({"game": "canasta", "state": state})))
    return found


def memory(count: int = 3000) -> dict:
    """Worker memory before and after `count` distinct heavy requests (workers never recycled here)."""
    requests = memory_requests(count)
    with gunicorn("app:app", env={"GUNICORN_MAX_REQUESTS": "0"}) as (port, process):
        _send_all(port, memory_requests(200, seed=99))  # warm up: imports, first caches
        before = worker_rss_kib(process.pid)
        statuses = _send_all(port, requests)
        after = worker_rss_kib(process.pid)
    growth = {pid: round((after[pid] - before[pid]) / 1024, 1) for pid in before if pid in after}
    return {"requests": len(requests), "statuses": statuses, "worker_rss_mib_before": {p: round(v / 1024, 1) for p, v in before.items()},
            "worker_rss_growth_mib": growth}


def _send_all(port: int, requests: list[tuple[str, bytes]], clients: int = 4) -> dict:
    statuses: dict = {}
    lock = threading.Lock()

    def send(share):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for endpoint, raw in share:
            connection.request("POST", endpoint, raw, {"Content-Type": "application/json"})
            answer = connection.getresponse()
            answer.read()
            with lock:
                statuses[answer.status] = statuses.get(answer.status, 0) + 1
        connection.close()

    threads = [threading.Thread(target=send, args=(requests[i::clients],)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def throughput(seconds: int = 10, rounds: int = 3) -> dict:
    """The realistic mix on gevent and sync workers (2 each), alternating rounds; medians."""
    mix = request_mix(12)
    measured = {"gevent": [], "sync": []}
    with gunicorn("app:app", worker_class="gevent") as (gevent_port, _), \
            gunicorn("app:app", worker_class="sync") as (sync_port, _):
        ports = {"gevent": gevent_port, "sync": sync_port}
        for port in ports.values():
            run_wrk(port, mix, 2, 16)
        for _ in range(rounds):
            for name, port in ports.items():
                measured[name].append(run_wrk(port, mix, seconds, 16))
    report = {name: {"requests_per_second": statistics.median(l.requests_per_second for l in loads),
                     "p99_ms": statistics.median(l.p99_ms for l in loads),
                     "errors": sum(l.errors for l in loads),
                     "rounds": [round(l.requests_per_second) for l in loads]} for name, loads in measured.items()}
    report["gevent_over_sync"] = round(report["gevent"]["requests_per_second"] / report["sync"]["requests_per_second"], 3)
    return report


PARTS = {"worst": worst, "attack": attack, "stall": stall, "memory": memory, "throughput": throughput,
         "liveness": liveness}


def main() -> None:
    """Run the chosen parts, print each as a JSON line, save them beside the parts not run this time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", nargs="*", default=list(PARTS))
    options = parser.parse_args()
    saved = RESULTS / "hostile.json"
    report = json.loads(saved.read_text()) if saved.exists() else {}
    for part in options.parts:
        report[part] = PARTS[part]()
        print(part, json.dumps(report[part]), flush=True)
    RESULTS.mkdir(exist_ok=True)
    saved.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
