"""A few answers through gunicorn, as the Procfile serves the app, with Redis and without."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from rules_engine import answers
from tests.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]


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
    port = free_port()
    env = {**os.environ, "PORT": str(port), "WEB_CONCURRENCY": "2"}
    env.pop("REDIS_URL", None)
    if request.param == "redis":
        env["REDIS_URL"] = redis_server.url
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py",
                                "--bind", f"127.0.0.1:{port}", "app:app"],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        pytest.fail("gunicorn did not start: " + process.stderr.read().decode()[-2000:])
    yield port, request.param
    process.terminate()
    process.wait(timeout=10)


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
