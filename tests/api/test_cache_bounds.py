"""The in-process cache is bounded in bytes, and no cache stores an answer over the size limit."""

from __future__ import annotations

import orjson

from api.cache import ENTRY_OVERHEAD
from api.config import Settings
from app import create_app

from .test_cache import positions


def test_memory_cache_never_holds_more_bytes_than_its_setting():
    bodies = positions(12)
    answer_bytes = max(len(orjson.dumps(b)) for b in bodies) * 4  # an answer outweighs its position
    limit = 3 * (answer_bytes + ENTRY_OVERHEAD + 100)
    app = create_app(Settings(memory_cache_bytes=limit))
    client, cache = app.test_client(), app.extensions["cardref.cache"]
    for body in bodies:
        assert client.post("/legal-moves", json=body).headers["X-Cache"] == "miss"
        assert cache.bytes <= limit
    assert 0 < len(cache._items) < len(bodies)
    assert cache.bytes == sum(len(key) + len(value) + ENTRY_OVERHEAD for key, (_, value) in cache._items.items())
    assert client.post("/legal-moves", json=bodies[-1]).headers["X-Cache"] == "hit"  # the newest stays


def test_answer_over_the_size_limit_is_computed_and_not_stored():
    body = positions(1)[0]
    app = create_app(Settings(cache_max_answer_bytes=64))
    client = app.test_client()
    first, second = client.post("/legal-moves", json=body), client.post("/legal-moves", json=body)
    assert first.status_code == second.status_code == 200
    assert first.headers["X-Cache"] == second.headers["X-Cache"] == "skip"
    assert app.extensions["cardref.cache"]._items == {}


def test_redis_stores_no_answer_over_the_size_limit(redis_server):
    redis_server.flush()
    body = positions(1)[0]
    small = create_app(Settings(redis_url=redis_server.url, redis_min_speedup=0, cache_max_answer_bytes=64)).test_client()
    assert small.post("/legal-moves", json=body).headers["X-Cache"] == "skip"
    assert small.post("/legal-moves", json=body).headers["X-Cache"] == "skip"
    roomy = create_app(Settings(redis_url=redis_server.url, redis_min_speedup=0)).test_client()
    assert roomy.post("/legal-moves", json=body).headers["X-Cache"] == "miss"
    assert roomy.post("/legal-moves", json=body).headers["X-Cache"] == "hit"


def test_memory_cache_default_bound_is_documented():
    settings = Settings()
    readme = (__import__("pathlib").Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert f"`MEMORY_CACHE_BYTES` | {settings.memory_cache_bytes}" in readme
    assert f"`CACHE_MAX_ANSWER_BYTES` | {settings.cache_max_answer_bytes}" in readme
