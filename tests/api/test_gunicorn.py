"""A few answers through gunicorn, as the Procfile serves the app, with Redis and without."""

from __future__ import annotations

import json
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
