"""The answer cache against a real redis-server: hits, ruleset keys, and Redis failing for real."""

from __future__ import annotations

import socket
import time

import pytest

from api.config import Settings
from app import create_app
from rules_engine import answers
from tests.redis_server import RedisServer

GAME = "canadian-salad"


def positions(count: int = 6) -> list[dict]:
    """Requests for positions a few moves into different deals."""
    requests = []
    for seed in range(count):
        state = answers.deal({"game": GAME, "players": 4, "seed": seed})["state"]
        for _ in range(seed % 4):
            move = answers.legal_moves({"game": GAME, "state": state})["moves"][0]
            state = answers.apply_move({"game": GAME, "state": state, "move": move})["state"]
        requests.append({"game": GAME, "state": state})
    return requests


def test_redis_second_answer_is_a_hit_and_equal(redis_client):
    body = positions(1)[0]
    first = redis_client.post("/legal-moves", json=body)
    second = redis_client.post("/legal-moves", json=body)
    assert first.headers["X-Cache"] == "miss" and second.headers["X-Cache"] == "hit"
    assert first.get_json() == second.get_json() == answers.legal_moves(body)


def test_redis_readyz_up(redis_client):
    assert redis_client.get("/readyz").get_json() == {"status": "ready", "cache": "redis", "redis": "up"}


def test_cache_key_changes_with_the_ruleset():
    from api.cache import cache_key

    body = positions(1)[0]
    assert cache_key("legal-moves", "canadian-salad.standard.aaa", body) != cache_key("legal-moves", "canadian-salad.standard.bbb", body)
    assert cache_key("legal-moves", "r", body) != cache_key("validate-move", "r", body)
    reordered = dict(reversed(list(body.items())))
    assert cache_key("legal-moves", "r", body) == cache_key("legal-moves", "r", reordered)


def test_creating_the_app_connects_to_nothing():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.setblocking(False)
    try:
        port = listener.getsockname()[1]
        app = create_app(Settings(redis_url=f"redis://127.0.0.1:{port}/0"))
        assert app.extensions["cardref.cache"].kind == "redis"
        with pytest.raises(BlockingIOError):
            listener.accept()
    finally:
        listener.close()


def test_redis_stopped_mid_run_answers_are_unchanged(caplog):
    server = RedisServer().start()
    client = create_app(Settings(redis_url=server.url, redis_retry_seconds=0.1, redis_min_speedup=0)).test_client()
    requests = positions()
    try:
        before = [client.post("/legal-moves", json=b).get_json() for b in requests]
        assert client.get("/readyz").get_json()["redis"] == "up"
        server.stop()
        during = [client.post("/legal-moves", json=b) for b in requests]
        assert [r.status_code for r in during] == [200] * len(requests)
        assert [r.get_json() for r in during] == before
        assert client.get("/readyz").get_json()["redis"] == "down"
        assert any("redis" in record.getMessage() for record in caplog.records)
        server.start()
        time.sleep(0.15)
        assert client.get("/readyz").get_json()["redis"] == "up"
        client.post("/legal-moves", json=requests[0])
        assert client.post("/legal-moves", json=requests[0]).headers["X-Cache"] == "hit"
    finally:
        server.stop()


def test_redis_not_running_at_start():
    client = create_app(Settings(redis_url=RedisServer().url)).test_client()
    body = positions(1)[0]
    answer = client.post("/legal-moves", json=body)
    assert answer.status_code == 200 and answer.get_json() == answers.legal_moves(body)
    assert client.get("/readyz").get_json()["redis"] == "down"


def test_redis_paused_is_slow_not_fatal():
    server = RedisServer().start()
    client = create_app(Settings(redis_url=server.url, redis_timeout_seconds=0.05, redis_retry_seconds=0.1, redis_min_speedup=0)).test_client()
    body = positions(1)[0]
    try:
        client.post("/legal-moves", json=body)
        server.pause()
        started = time.monotonic()
        answers_during = [client.post("/legal-moves", json=body) for _ in range(5)]
        elapsed = time.monotonic() - started
        assert all(a.status_code == 200 and a.get_json() == answers.legal_moves(body) for a in answers_during)
        assert elapsed < 1.0
        server.resume()
        time.sleep(0.15)
        assert client.get("/readyz").get_json()["redis"] == "up"
    finally:
        server.stop()


@pytest.mark.parametrize("endpoint", ["/legal-moves", "/score", "/explain"])
def test_cached_answer_equals_fresh_answer(redis_client, client, endpoint):
    for body in positions(3):
        miss = redis_client.post(endpoint, json=body)
        hit = redis_client.post(endpoint, json=body)
        fresh = client.post(endpoint, json=body)
        assert miss.get_json() == hit.get_json() == fresh.get_json()
        assert hit.headers["X-Cache"] == "hit"


def test_redis_is_skipped_for_answers_faster_than_a_round_trip(redis_server):
    redis_server.flush()
    client = create_app(Settings(redis_url=redis_server.url, redis_min_speedup=10**9)).test_client()
    body = positions(1)[0]
    first = client.post("/legal-moves", json=body)
    second = client.post("/legal-moves", json=body)
    assert first.headers["X-Cache"] == "miss"  # unknown cost: the cache gets its chance once
    assert second.headers["X-Cache"] == "skip"
    assert first.get_json() == second.get_json() == answers.legal_moves(body)


def test_redis_lookup_cost_is_learnt_from_real_round_trips(redis_client, redis_app):
    costs = redis_app.extensions["cardref.cache"].costs
    assert costs.lookup_seconds is None
    redis_client.post("/legal-moves", json=positions(1)[0])
    assert 0 < costs.lookup_seconds < 0.05  # one GET and its reply, below the configured timeout


class Ticks:
    """A clock that moves on by `step` seconds at every reading, so every interval the service times lasts one step:
    each computation and each cache round trip is measured at `step`, however loaded the machine is."""

    def __init__(self, step: float):
        self.step, self.now = step, 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_redis_caches_a_kind_only_when_a_hit_is_twice_as_fast(redis_server):
    redis_server.flush()
    app = create_app(Settings(redis_url=redis_server.url), clock=Ticks(100e-6))
    client = app.test_client()
    body = positions(1)[0]
    client.post("/score", json=body)  # any look-up teaches the round trip's cost
    costs = app.extensions["cardref.cache"].costs
    assert costs.lookup_seconds == pytest.approx(100e-6)
    kind = ("legal-moves", answers.ruleset_of(body).id, answers.work_size(body))
    costs.record_compute(kind, 1.9 * costs.lookup_seconds)
    # Each answer computed folds one more measurement (one round trip's time) in: the kind stays under 2x.
    assert [client.post("/legal-moves", json=body).headers["X-Cache"] for _ in range(2)] == ["skip", "skip"]
    assert costs.compute_seconds(kind) < 2 * costs.lookup_seconds
    costs.record_compute(kind, 1000 * costs.lookup_seconds)  # a fifth of it lifts the average far past 2x
    assert [client.post("/legal-moves", json=body).headers["X-Cache"] for _ in range(2)] == ["miss", "hit"]


def test_cache_can_be_switched_off():
    client = create_app(Settings(cache_ttl_seconds=0)).test_client()
    body = positions(1)[0]
    answer = client.post("/legal-moves", json=body)
    assert "X-Cache" not in answer.headers and answer.get_json() == answers.legal_moves(body)
    assert client.get("/readyz").get_json() == {"status": "ready", "cache": "off", "redis": "disabled"}


def test_redis_lets_go_of_a_kind_whose_answers_all_hit(redis_server):
    redis_server.flush()
    app = create_app(Settings(redis_url=redis_server.url, redis_min_speedup=1000))
    client = app.test_client()
    body = positions(1)[0]
    costs = app.extensions["cardref.cache"].costs
    kind = ("legal-moves", answers.ruleset_of(body).id, answers.work_size(body))
    costs.record_compute(kind, 1.0)  # a cold first measurement, a thousand round trips and more
    seen = [client.post("/legal-moves", json=body).headers["X-Cache"] for _ in range(400)]
    assert seen[0] == "miss" and "hit" in seen and seen[-1] == "skip"


def test_redis_weighs_long_hands_apart_from_short_ones(redis_server):
    redis_server.flush()
    app = create_app(Settings(redis_url=redis_server.url), clock=Ticks(100e-6))
    client = app.test_client()
    short = positions(1)[0]  # four players: 13 cards each
    long = {"game": GAME, "state": answers.deal({"game": GAME, "players": 3, "seed": 1})["state"]}  # 17 each
    assert answers.work_size(short) != answers.work_size(long)
    client.post("/score", json=short)  # any look-up teaches the round trip's cost
    costs = app.extensions["cardref.cache"].costs
    ruleset = answers.ruleset_of(short).id
    costs.record_compute(("legal-moves", ruleset, answers.work_size(short)), 1e-7)  # cheaper than any round trip
    costs.record_compute(("legal-moves", ruleset, answers.work_size(long)), 1.0)  # far dearer
    assert [client.post("/legal-moves", json=short).headers["X-Cache"] for _ in range(2)] == ["skip", "skip"]
    assert [client.post("/legal-moves", json=long).headers["X-Cache"] for _ in range(2)] == ["miss", "hit"]
    assert client.post("/legal-moves", json=long).get_json() == answers.legal_moves(long)


def test_cost_tracker_probes_the_cache_for_kinds_answered_fresh():
    from api.cache import CostTracker

    costs = CostTracker(2.0)
    costs.record_lookup(100e-6)
    costs.record_compute(("k", "r", 1), 50e-6)
    chosen = [costs.worth_caching(("k", "r", 1)) for _ in range(3 * CostTracker.PROBE_EVERY)]
    assert chosen.count(True) == 3  # one look-up in PROBE_EVERY keeps the round trip measured


def test_cost_tracker_one_slow_round_trip_does_not_turn_the_cache_off():
    from api.cache import CostTracker

    costs = CostTracker(2.0)
    kind = ("k", "r", 1)
    costs.record_lookup(100e-6)
    costs.record_compute(kind, 300e-6)
    costs.record_lookup(50e-3)  # a stall: five hundred times the usual
    assert costs.lookup_seconds < 150e-6 and costs.worth_caching(kind)
    for _ in range(20):  # a cache that has really become slower is believed within a few look-ups
        costs.record_lookup(5e-3)
    assert not costs.worth_caching(kind)
    for _ in range(60):
        costs.record_lookup(100e-6)
    assert costs.worth_caching(kind)


def test_work_size_tolerates_any_body():
    assert answers.work_size({}) == answers.work_size({"state": []}) == answers.work_size({"state": {"hands": 3}}) == 0
    assert answers.work_size({"state": {"hands": [{"count": 40}, ["AS"] * 60, "x"]}}) == 6
