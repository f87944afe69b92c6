"""The answer cache: Redis when REDIS_URL is set, else in-process; a cache failure never fails a request."""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections import OrderedDict

import orjson
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger("cardref.cache")

Kind = tuple[str, str, int]  # endpoint, ruleset id, size class of the position (answers.work_size)


def cache_key(endpoint: str, ruleset: str, body: dict) -> str:
    """A key for an answer: the endpoint, the ruleset id and the request in canonical form."""
    canonical = orjson.dumps(body, option=orjson.OPT_SORT_KEYS)
    return "cardref:v1:" + hashlib.sha256(endpoint.encode() + b"\0" + ruleset.encode() + b"\0" + canonical).hexdigest()


class CostTracker:
    """Learns how long each kind of answer takes to compute, to skip a cache that cannot beat it.

    A kind is an endpoint under one ruleset for one size class of position. A Redis round trip
    costs a fixed time; kinds that compute faster than `min_compute_us` on average are answered
    fresh and not stored. Every `SAMPLE_EVERY`-th request of a cached kind is computed anyway, so
    that a kind whose answers all come from the cache (perhaps stored by another node) still has
    its cost measured and can be let go.
    """

    SAMPLE_EVERY = 16

    def __init__(self, min_compute_us: float):
        self._min = min_compute_us
        self._average_us: dict[Kind, float] = {}
        self._requests: dict[Kind, int] = {}

    def worth_caching(self, kind: Kind) -> bool:
        """Whether this request should go through the cache (unknown kinds are given the chance)."""
        if self._min <= 0:
            return True
        average = self._average_us.get(kind)
        if average is not None and average < self._min:
            return False
        seen = self._requests[kind] = self._requests.get(kind, 0) + 1
        return seen % self.SAMPLE_EVERY != 0

    def record(self, kind: Kind, seconds: float) -> None:
        """Fold one measured computation into the kind's moving average."""
        spent = seconds * 1e6
        average = self._average_us.get(kind)
        self._average_us[kind] = spent if average is None else 0.8 * average + 0.2 * spent


class NoCache:
    """Caching switched off (CACHE_TTL_SECONDS=0): every answer is computed."""

    kind = "off"
    costs = CostTracker(float("inf"))

    def get(self, key: str) -> bytes | None:
        """Nothing is ever stored."""
        return None

    def set(self, key: str, value: bytes) -> None:
        """Drop the answer."""

    def status(self) -> str:
        """The cache's state for /readyz."""
        return "disabled"


class MemoryCache:
    """A bounded in-process LRU cache with expiry: the embedded default."""

    kind = "memory"

    def __init__(self, entries: int, ttl_seconds: int):
        self._entries, self._ttl = entries, ttl_seconds
        self.costs = CostTracker(0.0)  # a dictionary look-up beats any computation
        self._items: OrderedDict[str, tuple[float, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        """The stored answer, or None."""
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            if item[0] < time.monotonic():
                del self._items[key]
                return None
            self._items.move_to_end(key)
            return item[1]

    def set(self, key: str, value: bytes) -> None:
        """Store an answer, dropping the least recently used when full."""
        with self._lock:
            self._items[key] = (time.monotonic() + self._ttl, value)
            self._items.move_to_end(key)
            while len(self._items) > self._entries:
                self._items.popitem(last=False)

    def status(self) -> str:
        """The cache's state for /readyz."""
        return "disabled"


class RedisCache:
    """Redis with short timeouts; after a failure it stays out of the way for a moment, then retries.

    Each thread keeps one connection and sends its commands straight on it: a GET through
    redis-py's client and pool costs about twice the round trip itself (bench/README.md), and a
    sync worker never needs more than one connection at a time.
    """

    kind = "redis"

    def __init__(self, url: str, ttl_seconds: int, timeout_seconds: float, retry_seconds: float,
                 min_compute_us: float = 0.0):
        # Parsing the URL touches no network: the first command connects.
        self._pool = redis.ConnectionPool.from_url(
            url, socket_timeout=timeout_seconds, socket_connect_timeout=timeout_seconds, retry=Retry(NoBackoff(), 0),
            health_check_interval=0,
        )
        self._local = threading.local()
        self._ttl, self._retry_seconds = ttl_seconds, retry_seconds
        self.costs = CostTracker(min_compute_us)
        self._down_until = 0.0
        self._down = False

    def _connection(self):
        connection = getattr(self._local, "connection", None)
        if connection is None or connection.pid != os.getpid():  # never share a socket across a fork
            connection = self._local.connection = self._pool.make_connection()
        return connection

    def _command(self, *args):
        connection = self._connection()
        try:
            connection.send_command(*args)
            return connection.read_response()
        except BaseException:
            connection.disconnect()  # a late reply must never answer the next command
            raise

    def _available(self) -> bool:
        return not self._down or time.monotonic() >= self._down_until

    def _failed(self, action: str, error: Exception) -> None:
        if not self._down:
            log.warning("redis %s failed, answering without the cache: %s", action, error)
        self._down = True
        self._down_until = time.monotonic() + self._retry_seconds

    def _recovered(self) -> None:
        if self._down:
            log.warning("redis is back; caching resumes")
        self._down = False

    def get(self, key: str) -> bytes | None:
        """The stored answer, or None (also when Redis is down or slow)."""
        if not self._available():
            return None
        try:
            value = self._command("GET", key)
        except (redis.RedisError, OSError) as error:
            self._failed("read", error)
            return None
        self._recovered()
        return value

    def set(self, key: str, value: bytes) -> None:
        """Store an answer; a failure is logged and forgotten."""
        if not self._available():
            return
        try:
            self._command("SET", key, value, "EX", self._ttl)
        except (redis.RedisError, OSError) as error:
            self._failed("write", error)
            return
        self._recovered()

    def status(self) -> str:
        """Ping Redis now: 'up' or 'down'."""
        try:
            self._command("PING")
        except (redis.RedisError, OSError) as error:
            self._failed("ping", error)
            return "down"
        self._recovered()
        return "up"


def build_cache(settings) -> NoCache | MemoryCache | RedisCache:
    """The cache the settings ask for."""
    if settings.cache_ttl_seconds <= 0:
        return NoCache()
    if settings.redis_url:
        return RedisCache(settings.redis_url, settings.cache_ttl_seconds, settings.redis_timeout_seconds,
                          settings.redis_retry_seconds, settings.redis_min_compute_us)
    return MemoryCache(settings.memory_cache_entries, settings.cache_ttl_seconds)
