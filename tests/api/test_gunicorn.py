"""A few answers through gunicorn, as the Procfile serves the app, with Redis and without."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from rules_engine import answers
from tests.gunicorn_server import gunicorn as serving


def post(port: int, path: str, body: dict) -> tuple[int, dict, dict]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read()), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read()), dict(error.headers)


@pytest.fixture(params=["embedded", "redis"])
def gunicorn(request, redis_server):
    env = {"REDIS_URL": redis_server.url} if request.param == "redis" else {}
    with serving(env) as (port, _):
        yield port, request.param


@pytest.mark.slow
def test_gunicorn_serves_a_hand(gunicorn):
    port, cache = gunicorn
    status, dealt, _ = post(port, "/deal", {"game": "canadian-salad", "players": 5, "seed": 77})
    assert status == 200
    body = {"game": "canadian-salad", "state": dealt["state"]}
    status, listed, headers = post(port, "/legal-moves", body)
    assert status == 200 and listed == answers.legal_moves(body)
    status, _, headers = post(port, "/legal-moves", body)
    assert headers["X-Cache"] in ("hit", "miss", "skip")  # two workers: the second may land on a cold one
    status, error, _ = post(port, "/apply-move", {"game": "canadian-salad", "state": dealt["state"], "move": {"type": "play", "card": "XX"}})
    assert status == 422 and error["errors"]["json"]["move"]["card"]
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as answer:
        assert json.loads(answer.read())["redis"] == ("up" if cache == "redis" else "disabled")


@pytest.mark.slow
def test_gunicorn_health_port_answers_while_every_worker_computes():
    # Two workers each busy with a batch of the searches' worst positions (over a second of CPU each): the service
    # port's /healthz waits behind them, the health port's answers from a thread of each worker at once.
    from bench.worst_searches import positions
    from tests.redis_server import free_port

    health = free_port()
    items = [{"path": "/legal-moves", "body": body} for _, body in positions(64)]

    def compute():
        for _ in range(3):
            post(port, "/batch", {"requests": items})

    with serving({"HEALTH_PORT": str(health), "CACHE_TTL_SECONDS": "0"}) as (port, _):
        busy = [threading.Thread(target=compute) for _ in range(2)]
        for thread in busy:
            thread.start()
        time.sleep(0.2)
        waits = []
        for _ in range(10):
            started = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{health}/healthz", timeout=5) as answer:
                assert answer.status == 200 and json.loads(answer.read()) == {"status": "ok"}
            waits.append(time.perf_counter() - started)
        assert any(thread.is_alive() for thread in busy)    # the workers were still computing
        for thread in busy:
            thread.join()
    assert sorted(waits)[5] < 0.1, waits
