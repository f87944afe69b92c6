"""ETag and Cache-Control on every successful GET, and 304 when If-None-Match still matches.

Every GET answer here is a function of the deployed code alone (games, rules, the spec, the
viewers, the embed script), so an ETag of the body lets browsers and documentation sites
revalidate for the price of a header. Health checks are never cached.
"""

from __future__ import annotations

import hashlib

from flask import Flask, Response, request

MAX_AGE = 3600
NOT_CACHED = frozenset({"health.healthz", "health.readyz"})


def enable(app: Flask) -> None:
    """Tag GET answers with an ETag and Cache-Control and answer revalidations with 304."""

    @app.after_request
    def tag(response: Response) -> Response:
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        if request.endpoint in NOT_CACHED:
            response.headers["Cache-Control"] = "no-store"
            return response
        if response.direct_passthrough:  # a file: send_from_directory tagged it and checked the request
            response.headers.setdefault("Cache-Control", f"public, max-age={MAX_AGE}")
            return response
        if "ETag" not in response.headers:
            response.set_etag(hashlib.sha256(response.get_data()).hexdigest()[:32])
        response.headers.setdefault("Cache-Control", f"public, max-age={MAX_AGE}")
        return response.make_conditional(request)
