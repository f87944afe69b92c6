"""gunicorn serving the app on a free loopback port with the project's own gunicorn.conf.py."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from tests.redis_server import free_port

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def gunicorn(env: dict | None = None, workers: int = 2):
    """Start gunicorn as the Procfile does (REDIS_URL only when given); yield its port and the
    master's pid; stop it after."""
    port = free_port()
    environment = {**os.environ, "PORT": str(port), "WEB_CONCURRENCY": str(workers)}
    environment.pop("REDIS_URL", None)
    environment.update(env or {})
    process = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py",
                                "--bind", f"127.0.0.1:{port}", "app:app"],
                               cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    process.kill()
                    raise RuntimeError("gunicorn did not start: " + process.stderr.read().decode()[-2000:])
                time.sleep(0.1)
        yield port, process.pid
    finally:
        process.terminate()  # graceful: waits for open connections, up to gunicorn's graceful timeout
        try:
            process.wait(timeout=40)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
