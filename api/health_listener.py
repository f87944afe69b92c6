"""Liveness on its own port, answered by an operating-system thread of each gunicorn worker.

A gevent worker runs its answers one at a time, and an answer is CPU work that never yields: while a
worker computes, a /healthz on the service's port waits for it and for every request queued before it.
A probe there measures the queue, not whether the worker lives. This listener answers beside the
answers instead: a real thread (not a greenlet) in each worker, on HEALTH_PORT (every worker binds it
with SO_REUSEPORT, so the kernel spreads probes over them). Python hands the interpreter to another
thread every few milliseconds, so the thread answers while the worker computes.

It answers 200 `{"status":"ok"}` while the worker's heartbeat (what gunicorn's arbiter reads to find
silent workers) is younger than half the worker timeout, else 503: a worker the arbiter would soon
replace says so first. Only the standard library's C socket module is used, so gevent's patching of
`socket` does not reach this thread.
"""

from __future__ import annotations

import _socket
import _thread
import time

OK = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 15\r\nConnection: close\r\n\r\n' \
     b'{"status":"ok"}'
LATE = b'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: 19\r\n' \
       b'Connection: close\r\n\r\n{"status":"silent"}'


def start(port: int, heartbeat_age, silent_after: float, host: str = "0.0.0.0") -> None:
    """Listen on `port` in a new operating-system thread; `heartbeat_age()` gives the seconds since the worker
    last told the arbiter it lives."""
    listener = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
    listener.setsockopt(_socket.SOL_SOCKET, _socket.SO_REUSEADDR, 1)
    listener.setsockopt(_socket.SOL_SOCKET, _socket.SO_REUSEPORT, 1)
    listener.bind((host, port))
    listener.listen(64)
    _native_thread()(_serve, (listener, heartbeat_age, silent_after))


def _native_thread():
    """The standard library's start_new_thread, as it was before gevent patched it to start a greenlet."""
    try:
        from gevent import monkey
    except ImportError:
        return _thread.start_new_thread
    return monkey.get_original("_thread", "start_new_thread")


def _serve(listener, heartbeat_age, silent_after: float) -> None:
    while True:
        accepted, _ = listener._accept()      # the C socket's accept: a file descriptor
        connection = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM, 0, accepted)
        try:
            connection.settimeout(1.0)
            connection.recv(1024)           # the request line and headers: any request gets the same answer
            connection.sendall(OK if heartbeat_age() < silent_after else LATE)
        except OSError:
            pass
        finally:
            connection.close()


def heartbeat_of(worker):
    """The age in seconds of a gunicorn worker's heartbeat."""
    return lambda: time.monotonic() - worker.tmp.last_update()   # gunicorn writes monotonic time there
