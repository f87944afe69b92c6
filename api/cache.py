"""The answer cache: Redis when REDIS_URL is set, else in-process; a cache failure never fails a request."""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections import OrderedDict
from typing import Callable

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
    """Learns, for each kind of answer, whether reading it back from the cache beats computing it.

    A kind is an endpoint under one ruleset for one size class of position. Computing a kind's
    answer takes its own time; reading any answer back takes about one cache round trip. A kind
    is cached only when computing it takes at least `min_speedup` times as long as a look-up, so
    that a hit is at least that much faster than the computation it saves; cheaper kinds are
    answered fresh and not stored. Both costs are wall time measured while serving: a busy
    machine slows both, and their ratio is what decides.

    Every `SAMPLE_EVERY`-th request of a cached kind is computed anyway, so that a kind whose
    answers all come from the cache (perhaps stored by another node) still has its cost measured
    and can be let go; every `PROBE_EVERY`-th request of a kind answered fresh goes through the
    cache, so that a cache which has become faster is noticed.
    """

    SAMPLE_EVERY = 16
    PROBE_EVERY = 64

    def __init__(self, min_speedup: float, clock: Callable[[], float] = time.perf_counter):
        self._min_speedup = min_speedup
        self.clock = clock  # seconds, read before and after each computation and each round trip it weighs
        self._compute_seconds: dict[Kind, float] = {}
        self._requests: dict[Kind, int] = {}
        self.lookup_seconds: float | None = None  # unknown until the cache has answered once

    def worth_caching(self, kind: Kind) -> bool:
        """Whether this request should go through the cache (kinds of unknown cost are given the chance)."""
        if self._min_speedup <= 0:
            return True
        seen = self._requests[kind] = self._requests.get(kind, 0) + 1
        compute, lookup = self._compute_seconds.get(kind), self.lookup_seconds
        if compute is not None and lookup is not None and compute < self._min_speedup * lookup:
            return seen % self.PROBE_EVERY == 0
        return seen % self.SAMPLE_EVERY != 0

    def compute_seconds(self, kind: Kind) -> float | None:
        """The moving average of the time a kind's answers take to compute, once measured."""
        return self._compute_seconds.get(kind)

    def record_compute(self, kind: Kind, seconds: float) -> None:
        """Fold one measured computation into the kind's moving average."""
        average = self._compute_seconds.get(kind)
        self._compute_seconds[kind] = seconds if average is None else 0.8 * average + 0.2 * seconds

    def record_lookup(self, seconds: float) -> None:
        """Fold one look-up's round trip into the moving average.

        One slow round trip (a page fault, a descheduled process) moves the average by at most
        a fifth; a cache that has really become slower moves it a fifth further every time.
        """
        average = self.lookup_seconds
        self.lookup_seconds = seconds if average is None else 0.8 * average + 0.2 * min(seconds, 2 * average)


class NoCache:
    """Caching switched off (CACHE_TTL_SECONDS=0): every answer is computed."""

    kind = "off"
    costs = CostTracker(0.0)

    def get(self, key: str) -> bytes | None:
        """Nothing is ever stored."""
        return None

    def set(self, key: str, value: bytes) -> bool:
        """Drop the answer."""
        return False

    def status(self) -> str:
        """The cache's state for /readyz."""
        return "disabled"


ENTRY_OVERHEAD = 240  # bytes an entry costs beyond its answer: key string, tuple, float, dict slot


class MemoryCache:
    """An in-process LRU cache with expiry, bounded in entries and in bytes: the embedded default.

    Only answers of at most `max_answer_bytes` are stored; the least recently used are dropped
    while the entries' answers, keys and bookkeeping together exceed `max_bytes`.
    """

    kind = "memory"

    def __init__(self, entries: int, ttl_seconds: int, max_bytes: int = 64 * 2**20,
                 max_answer_bytes: int = 64 * 2**10):
        self._entries, self._ttl = entries, ttl_seconds
        self._max_bytes, self.max_answer_bytes = max_bytes, max_answer_bytes
        self.costs = CostTracker(0.0)  # a dictionary look-up beats any computation
        self._items: OrderedDict[str, tuple[float, bytes]] = OrderedDict()
        self.bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> bytes | None:
        """The stored answer, or None."""
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            if item[0] < time.monotonic():
                del self._items[key]
                self.bytes -= _entry_bytes(key, item[1])
                return None
            self._items.move_to_end(key)
            return item[1]

    def set(self, key: str, value: bytes) -> bool:
        """Store an answer no larger than the limit, dropping the least recently used when full."""
        if len(value) > self.max_answer_bytes:
            return False
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.bytes -= _entry_bytes(key, old[1])
            self._items[key] = (time.monotonic() + self._ttl, value)
            self.bytes += _entry_bytes(key, value)
            while len(self._items) > self._entries or self.bytes > self._max_bytes:
                dropped, (_, answer) = self._items.popitem(last=False)
                self.bytes -= _entry_bytes(dropped, answer)
        return True

    def status(self) -> str:
        """The cache's state for /readyz."""
        return "disabled"


def _entry_bytes(key: str, value: bytes) -> int:
    return len(key) + len(value) + ENTRY_OVERHEAD


class RedisCache:
    """Redis with short timeouts; after a failure it stays out of the way for a moment, then retries.

    Commands go straight on a connection taken from a free list and put back after: a GET
    through redis-py's client and pool costs about twice the round trip itself (bench/README.md).
    Taking and returning are single list operations, safe for threads and greenlets alike, so a
    worker holds as many connections as it ever had requests waiting on Redis at once.
    """

    kind = "redis"

    def __init__(self, url: str, ttl_seconds: int, timeout_seconds: float, retry_seconds: float,
                 min_speedup: float = 0.0, max_answer_bytes: int = 64 * 2**10,
                 clock: Callable[[], float] = time.perf_counter):
        # Parsing the URL touches no network: the first command connects.
        self._pool = redis.ConnectionPool.from_url(
            url, socket_timeout=timeout_seconds, socket_connect_timeout=timeout_seconds, retry=Retry(NoBackoff(), 0),
            health_check_interval=0,
        )
        self._idle: list = []
        self._ttl, self._retry_seconds = ttl_seconds, retry_seconds
        self.max_answer_bytes = max_answer_bytes
        self.costs = CostTracker(min_speedup, clock)
        self._down_until = 0.0
        self._down = False

    def _connection(self):
        pid = os.getpid()
        while self._idle:
            try:
                connection = self._idle.pop()
            except IndexError:  # another thread took the last one
                break
            if connection.pid == pid:  # never share a socket across a fork
                return connection
        return self._pool.make_connection()

    def _command(self, *args) -> tuple[object, float]:
        """Send one command on a connection of its own: the reply, and the round trip in seconds."""
        connection = self._connection()
        try:
            if not connection.is_connected:
                connection.connect()  # outside the round trip that measures what a look-up costs
            clock = self.costs.clock
            started = clock()
            connection.send_command(*args)
            reply = connection.read_response()
            round_trip = clock() - started
        except BaseException:
            connection.disconnect()  # a late reply must never answer the next command
            raise
        self._idle.append(connection)
        return reply, round_trip

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
            value, round_trip = self._command("GET", key)
        except (redis.RedisError, OSError) as error:
            self._failed("read", error)
            return None
        self._recovered()
        self.costs.record_lookup(round_trip)
        return value

    def set(self, key: str, value: bytes) -> bool:
        """Store an answer no larger than the limit; a failure is logged and forgotten."""
        if len(value) > self.max_answer_bytes or not self._available():
            return False
        try:
            self._command("SET", key, value, "EX", self._ttl)
        except (redis.RedisError, OSError) as error:
            self._failed("write", error)
            return False
        self._recovered()
        return True

    def status(self) -> str:
        """Ping Redis now: 'up' or 'down'."""
        try:
            self._command("PING")
        except (redis.RedisError, OSError) as error:
            self._failed("ping", error)
            return "down"
        self._recovered()
        return "up"


def build_cache(settings, clock: Callable[[], float] = time.perf_counter) -> NoCache | MemoryCache | RedisCache:
    """The cache the settings ask for; `clock` times what the Redis cache's policy weighs."""
    if settings.cache_ttl_seconds <= 0:
        return NoCache()
    if settings.redis_url:
        return RedisCache(settings.redis_url, settings.cache_ttl_seconds, settings.redis_timeout_seconds,
                          settings.redis_retry_seconds, settings.redis_min_speedup, settings.cache_max_answer_bytes,
                          clock)
    return MemoryCache(settings.memory_cache_entries, settings.cache_ttl_seconds, settings.memory_cache_bytes,
                       settings.cache_max_answer_bytes)
