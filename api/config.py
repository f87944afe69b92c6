"""Settings, read once from the environment; every one has a working default."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value not in (None, "") else default


def _float(name: str, default: float) -> float:
    value = os.environ.get(name)
    return float(value) if value not in (None, "") else default


def _list(name: str, default: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in os.environ.get(name, default).split(",") if item.strip())


@dataclass
class Settings:
    """The service's settings; `from_env` reads them, tests build them directly."""

    redis_url: str | None = None
    cache_ttl_seconds: int = 3600
    memory_cache_entries: int = 10_000
    memory_cache_bytes: int = 64 * 2**20
    cache_max_answer_bytes: int = 64 * 2**10
    redis_timeout_seconds: float = 0.05
    redis_retry_seconds: float = 1.0
    redis_min_speedup: float = 2.0
    max_body_bytes: int = 256 * 1024
    max_batch_bytes: int = 4 * 2**20
    max_batch_answer_bytes: int = 16 * 2**20
    log_level: str = "INFO"
    cors_origins: tuple[str, ...] = field(default_factory=lambda: ("*",))
    rate_limit: str = ""

    @classmethod
    def from_env(cls) -> "Settings":
        """Read every setting from its environment variable."""
        return cls(
            redis_url=os.environ.get("REDIS_URL") or None,
            cache_ttl_seconds=_int("CACHE_TTL_SECONDS", 3600),
            memory_cache_entries=_int("MEMORY_CACHE_ENTRIES", 10_000),
            memory_cache_bytes=_int("MEMORY_CACHE_BYTES", 64 * 2**20),
            cache_max_answer_bytes=_int("CACHE_MAX_ANSWER_BYTES", 64 * 2**10),
            redis_timeout_seconds=_float("REDIS_TIMEOUT_SECONDS", 0.05),
            redis_retry_seconds=_float("REDIS_RETRY_SECONDS", 1.0),
            redis_min_speedup=_float("REDIS_MIN_SPEEDUP", 2.0),
            max_body_bytes=_int("MAX_BODY_BYTES", 256 * 1024),
            max_batch_bytes=_int("MAX_BATCH_BYTES", 4 * 2**20),
            max_batch_answer_bytes=_int("MAX_BATCH_ANSWER_BYTES", 16 * 2**20),
            log_level=os.environ.get("LOG_LEVEL", "INFO").upper(),
            cors_origins=_list("CORS_ORIGINS", "*"),
            rate_limit=os.environ.get("RATE_LIMIT", ""),
        )
