"""Drive a gunicorn server on loopback with wrk and read throughput and latency percentiles."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0}


@dataclass
class Load:
    """What wrk measured."""

    requests_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int
    requests: int


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def require_wrk() -> str:
    """The wrk binary, installed from Debian's packages when missing."""
    if shutil.which("wrk") is None:
        subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True, stdout=subprocess.DEVNULL)
    return shutil.which("wrk")


@contextmanager
def gunicorn(app: str, env: dict | None = None, workers: int | None = None, worker_class: str = "gevent"):
    """A gunicorn server for `app` on a free port; yields the port, stops it after.

    The worker class goes through GUNICORN_WORKER_CLASS, which gunicorn.conf.py reads to decide
    whether to patch the standard library for gevent before the app is loaded.
    """
    port = free_port()
    environment = {**os.environ, **(env or {}), "GUNICORN_WORKER_CLASS": worker_class}
    environment.pop("REDIS_URL", None) if env is None or "REDIS_URL" not in env else None
    command = [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
               "--log-level", "warning"]
    if workers:
        command += ["--workers", str(workers)]
    if worker_class == "gthread":
        command += ["--threads", "4"]
    process = subprocess.Popen(command + [app], cwd=ROOT, env=environment, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1)
            except urllib.error.HTTPError:
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"gunicorn {app} did not start")
                time.sleep(0.1)
            else:
                break
        yield port, process
    finally:
        process.terminate()
        try:
            process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _lua(requests: list[tuple[str, dict]]) -> str:
    items = ",\n".join(
        "{path=%s, body=%s}" % (_lua_string(path), _lua_string(orjson.dumps(body).decode())) for path, body in requests)
    return """
local items = {%s}
local index = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  index = index %% #items + 1
  return wrk.format(nil, items[index].path, nil, items[index].body)
end
""" % items


def _lua_string(text: str) -> str:
    level = "=" * 3
    while f"]{level}]" in text:
        level += "="
    return f"[{level}[{text}]{level}]"


def run_wrk(port: int, requests: list[tuple[str, dict]], seconds: int, connections: int, threads: int = 1) -> Load:
    """Send the requests round-robin for `seconds` over `connections` and read wrk's report."""
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(_lua(requests))
    try:
        out = subprocess.run([require_wrk(), f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency",
                              "-s", script.name, f"http://127.0.0.1:{port}"],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(script.name)
    return parse_wrk(out)


def parse_wrk(out: str) -> Load:
    """Read requests/s, p50, p99 and errors from wrk's text report."""
    def latency(percent: str) -> float:
        value, unit = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
        return float(value) * UNITS[unit] * 1000

    errors = 0
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if non_2xx:
        errors += int(non_2xx.group(1))
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if socket_errors:
        errors += sum(int(n) for n in socket_errors.groups())
    total = int(re.search(r"(\d+) requests in", out).group(1))
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    return Load(rps, latency("50"), latency("99"), errors, total)
