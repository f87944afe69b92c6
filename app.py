"""The cardref service: `create_app(settings)` builds it; `app` is what gunicorn serves."""

from __future__ import annotations

import logging
import time
from typing import Callable, ClassVar

from apispec import APISpec
from flask import Flask
from flask_smorest import Api

import api as service
from api import cors, errors, http_caching, ratelimit, security_headers, viewers
from api.cache import build_cache
from api.config import Settings
from schemas.answers import ErrorAnswer

SPEC_SETTINGS = {
    "API_TITLE": "cardref",
    "API_VERSION": "1",
    "OPENAPI_VERSION": "3.0.3",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    "OPENAPI_SWAGGER_UI_URL": viewers.SWAGGER_UI_ASSETS,
    "OPENAPI_REDOC_PATH": "redoc",
    "OPENAPI_REDOC_URL": viewers.REDOC_SCRIPT,
    "API_SPEC_OPTIONS": {
        "info": {"description": service.__doc__,
                 "license": {"name": "MIT"}},
        "servers": [{"url": "/"}],
    },
}


class Service(Flask):
    """Flask, told that every view is synchronous.

    Flask and flask-smorest ask on every request whether each view layer is a coroutine; with
    no async views here, the answer is always no, and asking cost a tenth of a cheap answer.
    """

    def ensure_sync(self, func):
        return func


class ServiceApi(Api):
    """flask-smorest's Api, documenting the service's own error shape.

    The document depends on the code alone, and writing it is nine tenths of building an app (about
    a tenth of a second). The first app of a process writes it; every later one (a test's fresh
    app, a tool's second app) routes its own blueprints and shares that finished document.
    """

    ERROR_SCHEMA = ErrorAnswer
    written: ClassVar[APISpec | None] = None

    def register_blueprint(self, blp, *, parameters=None, **options):
        """Route the blueprint; document it only while no finished document exists."""
        if ServiceApi.written is None:
            return super().register_blueprint(blp, parameters=parameters, **options)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][options.get("name", blp.name)] = self
        self._app.register_blueprint(blp, **options)
        self.spec = ServiceApi.written
        return None


def create_app(settings: Settings | None = None, clock: Callable[[], float] = time.perf_counter) -> Flask:
    """Build the service; nothing is connected until the first request needs it. `clock` (seconds) times the
    computations and cache round trips the Redis cache's policy weighs."""
    settings = settings or Settings.from_env()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    app = Service(__name__)
    app.config.update(SPEC_SETTINGS, MAX_CONTENT_LENGTH=settings.max_body_bytes, CARDREF_SETTINGS=settings)
    app.json.sort_keys = False
    spec = ServiceApi(app)
    service.register_blueprints(spec)
    ServiceApi.written = ServiceApi.written or spec.spec
    app.register_blueprint(viewers.blp)
    errors.register(app)
    http_caching.enable(app)
    security_headers.enable(app)
    cors.enable(app, settings.cors_origins)
    app.extensions["cardref.limiter"] = ratelimit.enable(app, settings.rate_limit, settings.redis_url,
                                                          settings.redis_timeout_seconds)
    app.extensions["cardref.cache"] = build_cache(settings, clock)
    app.extensions["cardref.spec"] = spec
    return app


app = create_app()
