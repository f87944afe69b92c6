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


@pytest.mark.slow
def test_gunicorn_keeps_a_connection_alive_between_requests_and_an_idle_one_holds_no_worker():
    # As configured, a bot sends its moves over one connection: the answers do not close it, and the same socket
    # carries the next request. While such a connection idles (kept alive 30 s in the second server), another client
    # is answered by the one worker well within its 10 s socket timeout: an idle connection holds no worker.
    import http.client
    for env in ({}, {"GUNICORN_KEEPALIVE": "30"}):
        with serving(env, workers=1) as (port, _):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            sockets = []
            for seed in (1, 2, 3):
                connection.request("POST", "/deal", json.dumps({"game": "euchre", "seed": seed}),
                                   {"Content-Type": "application/json"})
                answer = connection.getresponse()
                assert answer.status == 200 and json.loads(answer.read())["seed"] == seed
                assert (answer.getheader("Connection") or "").lower() != "close"
                sockets.append(connection.sock)
            assert sockets[0] is not None and sockets[0] is sockets[1] is sockets[2]
            for seed in (4, 5):
                status, dealt, _ = post(port, "/deal", {"game": "euchre", "seed": seed})
                assert status == 200 and dealt["seed"] == seed
            connection.close()
