"""Fixtures: a fresh app per test (embedded cache), and one real redis-server for the whole run (for each
worker, where the run is split across processes)."""

from __future__ import annotations

import pytest

from api.config import Settings
from app import create_app
from tests.redis_server import RedisServer


def pytest_collection_modifyitems(items):
    """Run the slow tests first, so that a run split across workers does not end waiting on one of them."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def redis_server():
    """A real redis-server on a free port, started once and stopped at the end of the run."""
    server = RedisServer().start()
    yield server
    server.stop()


@pytest.fixture
def app():
    """The service with its embedded defaults: no REDIS_URL, an in-process cache."""
    return create_app(Settings())


@pytest.fixture
def client(app):
    """Flask's test client: real HTTP requests through the whole stack."""
    return app.test_client()


@pytest.fixture
def redis_app(redis_server):
    """The service caching in the shared redis-server."""
    redis_server.flush()
    return create_app(Settings(redis_url=redis_server.url, redis_retry_seconds=0.2, redis_min_speedup=0))


@pytest.fixture
def redis_client(redis_app):
    """A test client of the Redis-backed service."""
    return redis_app.test_client()
