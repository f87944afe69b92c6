"""An optional per-client request limit (RATE_LIMIT), shared by every node through Redis when REDIS_URL is set.

flask-limiter counts each client's requests, by the address the connection comes from, against
every limit of the setting (e.g. "20 per second; 600 per minute"), across all endpoints but the
health checks. A client over a limit is answered 429 with Retry-After, in seconds, before its
body is read. When Redis fails the limits are counted in the worker instead, and nothing fails.
"""

from __future__ import annotations

import logging
import math
import time

from flask import Flask, Response, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from .errors import error_response

UNLIMITED = frozenset({"/healthz", "/readyz"})


def _exempt() -> bool:
    return request.path in UNLIMITED


def enable(app: Flask, limits: str, redis_url: str | None, timeout_seconds: float) -> Limiter | None:
    """Install the limiter when `limits` is set; None when it is empty (the default)."""
    if not limits.strip():
        return None
    logging.getLogger("flask-limiter").setLevel(logging.WARNING)  # one line per refusal would flood the log
    options = {"socket_timeout": timeout_seconds, "socket_connect_timeout": timeout_seconds} if redis_url else {}
    limiter = Limiter(
        get_remote_address, app=app, application_limits=[limits], application_limits_exempt_when=_exempt,
        storage_uri=redis_url or "memory://", storage_options=options, strategy="moving-window",
        key_prefix="cardref", swallow_errors=True, in_memory_fallback_enabled=True, headers_enabled=False,
    )

    # The in-process store starts a timer thread at once; it ends before any worker is forked from
    # this process, so that no worker inherits a thread it never started.
    timer = getattr(limiter.storage, "timer", None)
    if timer is not None:
        timer.join()

    @app.errorhandler(RateLimitExceeded)
    def too_many(error: RateLimitExceeded) -> Response:
        breached = limiter.current_limit
        wait = max(1, math.ceil(breached.reset_at - time.time())) if breached else 1
        response = error_response(429, f"Too many requests from this client: at most {error.description}.",
                                  {"json": {"_schema": [f"retry after {wait} s"]}})
        response.headers["Retry-After"] = str(wait)
        return response

    return limiter
