"""Liveness and readiness for load balancers and orchestrators."""

from __future__ import annotations

import orjson
from flask import current_app

from schemas.answers import Health, Readiness

from . import examples
from .answering import json_response
from .blueprint import Blueprint

blp = Blueprint("health", __name__, description="Liveness and readiness.")


@blp.route("/healthz")
@blp.response(200, Health(), **examples.listing("healthz"))
def healthz():
    """Liveness: the process answers."""
    return json_response(b'{"status":"ok"}')


@blp.route("/readyz")
@blp.response(200, Readiness(), **examples.listing("readyz"))
def readyz():
    """Readiness, with the cache's state; the service answers even when Redis is down."""
    cache = current_app.extensions["cardref.cache"]
    return json_response(orjson.dumps({"status": "ready", "cache": cache.kind, "redis": cache.status()}))
