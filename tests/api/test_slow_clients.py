"""Clients that send slowly hold no worker: gunicorn as deployed answers everyone else meanwhile.

Two connections send their headers and half of their body, then wait. With gunicorn's sync
workers (two of them here) these two would hold both workers until the timeout; the deployed
worker class parks them and goes on answering, on both workers, with Redis and without.
"""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from pathlib import Path

import pytest

from tests.gunicorn_server import gunicorn

from .test_gunicorn import post

MELD = {"game": "canasta", "meld": {"cards": ["QS", "QH", "2C"]}}
WAIT_SECONDS = 10  # far beyond an answer; a held worker would not answer before gunicorn's 30 s timeout


def stalled_upload(port: int) -> socket.socket:
    """A connection that has sent its headers and half its body, and sends nothing more."""
    body = json.dumps(MELD).encode()
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"POST /validate-meld HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 + f"Content-Length: {len(body)}\r\n\r\n".encode() + body[: len(body) // 2])
    return sock


@pytest.fixture(params=["embedded", "redis"])
def server(request, redis_server):
    env = {"REDIS_URL": redis_server.url} if request.param == "redis" else {}
    with gunicorn(env, workers=2) as (port, _):
        yield port


@pytest.mark.slow
def test_two_stalled_uploads_delay_nobody_else(server):
    stalled = [stalled_upload(server) for _ in range(2)]
    try:
        for _ in range(6):  # more requests than workers: each worker answers while holding a stalled upload
            with urllib.request.urlopen(f"http://127.0.0.1:{server}/healthz", timeout=WAIT_SECONDS) as answer:
                assert answer.status == 200
            status, verdict, _ = post(server, "/validate-meld", MELD)
            assert status == 200 and verdict["valid"] is True
    finally:
        for sock in stalled:
            sock.close()


@pytest.mark.slow
def test_stalled_upload_is_answered_once_its_body_arrives(server):
    sock = stalled_upload(server)
    try:
        post(server, "/validate-meld", MELD)  # the worker went on meanwhile
        body = json.dumps(MELD).encode()
        sock.sendall(body[len(body) // 2:])
        sock.settimeout(WAIT_SECONDS)
        reply = sock.recv(4096)
        assert reply.startswith(b"HTTP/1.1 200")
    finally:
        sock.close()


@pytest.mark.slow
def test_oversized_body_through_gunicorn_is_refused_briefly(server):
    status, error, _ = post(server, "/validate-meld", {"game": "canasta", "melds": list(range(30_000))})
    assert status == 422 and len(json.dumps(error)) < 1024


def worker_pids(master: int) -> set[int]:
    """The worker processes of a gunicorn master."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return {int(pid) for pid in children}


def workers_when(master: int, condition) -> set[int]:
    """The workers once `condition(workers)` holds; a worker leaves and is replaced within a second or two."""
    for _ in range(200):
        found = worker_pids(master)
        if condition(found):
            return found
        time.sleep(0.05)
    raise AssertionError(f"the workers stayed {found}")


@pytest.mark.slow
def test_workers_are_replaced_after_their_requests_so_memory_comes_back():
    with gunicorn({"GUNICORN_MAX_REQUESTS": "10"}, workers=2) as (port, master):
        first = workers_when(master, lambda found: len(found) == 2)
        for _ in range(60):  # a worker leaves after at most eleven requests (ten and a tenth of jitter)
            status, _, _ = post(port, "/validate-meld", MELD)
            assert status == 200
        workers_when(master, lambda found: len(found) == 2 and first - found)  # fresh workers took over
