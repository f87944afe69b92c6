"""A real redis-server on a free loopback port, which tests can stop, pause and restart."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class RedisServer:
    """One redis-server process without persistence."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.process: subprocess.Popen | None = None
        self._dir = ""

    @property
    def url(self) -> str:
        """The REDIS_URL that reaches this server."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "RedisServer":
        """Start the server and wait until it answers."""
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed; `make test` installs it")
        self._dir = self._dir if os.path.isdir(self._dir) else tempfile.mkdtemp(prefix="cardref-redis-")
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", self._dir, "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        """Stop the server for real."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None
        shutil.rmtree(self._dir, ignore_errors=True)

    def pause(self) -> None:
        """Freeze the server: connections stay open but nothing answers (a slow Redis)."""
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        """Let a paused server answer again."""
        os.kill(self.process.pid, signal.SIGCONT)

    def flush(self) -> None:
        """Empty the server."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
            sock.sendall(b"FLUSHALL\r\n")
            sock.recv(16)
