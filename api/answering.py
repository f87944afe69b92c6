"""The path every POST takes: ruleset, cache look-up, engine, cache store, JSON answer."""

from __future__ import annotations

from contextvars import ContextVar
from typing import Callable, NamedTuple

import orjson
from flask import Response, current_app

from rules_engine import answers, work

from .cache import CostTracker, Kind, cache_key

JSON = "application/json"

# The cache a batch looked up once for all its items; a single call, which has none set, looks its app's up.
BATCH_CACHE: ContextVar = ContextVar("cardref.batch_cache", default=None)


def json_response(data: bytes, status: int = 200, cache: str | None = None) -> Response:
    """Send bytes that already hold JSON."""
    response = Response(data, status=status, mimetype=JSON)
    if cache:
        response.headers["X-Cache"] = cache
    return response


class Answer(NamedTuple):
    """An endpoint's answer as JSON bytes: sent as a Response by a single call, copied as it is into a batch."""

    data: bytes
    cache: str | None = None

    def response(self) -> Response:
        """The answer as an HTTP response."""
        return json_response(self.data, cache=self.cache)


def cached_answer(endpoint: str, body: dict, compute: Callable[[dict], dict], ruleset: str | None = None) -> Answer:
    """Answer from the cache when the same request under the same ruleset was answered before.

    X-Cache says what happened: hit, miss (computed and stored), or skip (computed and not
    stored, because a look-up would not beat computing this kind of answer by the configured
    speed-up, see CostTracker, or because the answer is larger than the cache takes). A kind
    is an endpoint under one ruleset for positions of one size class, so the few heavy positions
    of an endpoint are cached even where its usual answers are cheaper than a round trip.
    """
    cache = BATCH_CACHE.get()
    if cache is None:
        cache = current_app.extensions["cardref.cache"]
    if "ruleset" in body:
        ruleset = ruleset or answers.ruleset_of(body).id
        body = answers.under_current_rules(body, ruleset)
    if cache.kind == "off":
        return Answer(orjson.dumps(compute(body)))
    if ruleset is None:
        ruleset = answers.ruleset_of(body).id
    kind = (endpoint, ruleset, answers.work_size(body))
    costs = cache.costs
    if not costs.worth_caching(kind):
        return Answer(_timed(costs, kind, compute, body), "skip")
    try:
        key = cache_key(endpoint, ruleset, body)
    except TypeError:  # nested deeper than a canonical form can be written: the engine will refuse it
        return Answer(orjson.dumps(compute(body)))
    hit = cache.get(key)
    if hit is not None:
        return Answer(hit, "hit")
    data = _timed(costs, kind, compute, body)
    if _cut_short():
        return Answer(data, "skip")
    return Answer(data, "miss" if cache.set(key, data) else "skip")


def _cut_short() -> bool:
    """Whether the answer ran out of a batch's shared steps, which may be fewer than its single call has (a log's
    moves add to a single call's, never to a batch item's): stored, it would answer a later single call with less
    than that call could settle."""
    meter = work.meter()
    return meter.ran_out and meter.shared


def _timed(costs: CostTracker, kind: Kind, compute: Callable[[dict], dict], body: dict) -> bytes:
    clock = costs.clock
    started = clock()
    data = orjson.dumps(compute(body))
    costs.record_compute(kind, clock() - started)
    return data
