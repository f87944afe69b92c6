"""POST /batch: several requests to the POST endpoints in one round trip, each answered as its single call."""

from __future__ import annotations

import orjson
from flask import Response, current_app, request
from webargs.flaskparser import abort
from werkzeug.exceptions import RequestEntityTooLarge

from rules_engine import work
from schemas.batch import BatchAnswer, batch_request

from .answering import BATCH_CACHE, JSON, Answer
from .blueprint import Blueprint, parse
from .errors import error_response
from .limits import LIMITS, MAX_BATCH_ITEMS, TooLarge

blp = Blueprint("batch", __name__, description="Several requests in one round trip.")

ITEM_FIELDS = frozenset({"path", "body"})


@blp.route("/batch", methods=["POST"])
@blp.arguments(batch_request(MAX_BATCH_ITEMS, "MAX_BATCH_BYTES"), examples={"two": {
    "summary": "A deal and a rule", "value": {"requests": [
        {"path": "/deal", "body": {"game": "euchre", "seed": 1}},
        {"path": "/explain", "body": {"rule_id": "euchre.play.follow-suit"}}]}}})
@blp.response(200, BatchAnswer())
@blp.errors(400, 413, 422)
def batch():
    """Answer `requests` in order, each `{"status", "body"}` exactly as its single call; an error in one affects
    no other. At most 256 requests and MAX_BATCH_BYTES (4 MiB) in all, else 413. The answers together hold at
    most MAX_BATCH_ANSWER_BYTES (16 MiB): the request whose answer would pass it, and every later one, is
    answered `{"status": 413}` in its item, unanswered. The items share the searches' steps: 25,000 for the
    first and 250 more for each other one, an item spending at most what a single call may (25,000); an item
    whose search ran out of them says so in its answer's `work`, as a single call does."""
    settings = current_app.config["CARDREF_SETTINGS"]
    request.max_content_length = settings.max_batch_bytes
    parts = _answers(request.get_data(cache=False), settings.max_batch_answer_bytes)
    return Response(b'{"responses":[' + b",".join(parts) + b"]}", mimetype=JSON)


def _answers(data: bytes, answer_bytes: int) -> list[bytes]:
    """Each request's answer as `{"status", "body"}` JSON bytes, in order; once the answers reach `answer_bytes`,
    the item that would pass it and every later one are answered 413 instead (the later ones not computed)."""
    items = _read(data)
    views = _item_views()
    app = current_app._get_current_object()
    # Only a batch larger than one body may hold an item larger than a single call takes.
    item_bytes = app.config["MAX_CONTENT_LENGTH"] if len(data) > app.config["MAX_CONTENT_LENGTH"] else None
    parts = []
    add = parts.append
    answered = 0    # bytes of the answers given so far
    full = False
    steps = work.shared_steps(len(items))      # the searches' steps every item shares
    pinned = BATCH_CACHE.set(app.extensions["cardref.cache"])
    try:
        for item in items:
            part = None
            if not full:
                with work.metered(min(work.ANSWER_STEPS, steps), shared=True) as meter:
                    part = _item_answer(app, views, item, item_bytes)
                steps -= meter.spent
            full = part is None or answered + len(part) > answer_bytes
            if full:
                add(_past_the_answer_limit(answer_bytes))
            else:
                answered += len(part)
                add(part)
    finally:
        BATCH_CACHE.reset(pinned)
    return parts


def _item_answer(app, views: dict, item: dict, item_bytes: int | None) -> bytes:
    """One request's answer as `{"status", "body"}` JSON bytes, as its single call answers it."""
    view = views.get(item["path"])
    if view is None:
        answer = _unknown_path(views, item["path"])
    else:
        try:
            if item_bytes is not None and len(orjson.dumps(item["body"])) > item_bytes:
                too_large = RequestEntityTooLarge()
                too_large.limit = item_bytes
                raise too_large
            answer = view(item["body"])
        except Exception as error:  # noqa: BLE001  (answered as the single call's error handlers answer it)
            answer = app.handle_user_exception(error)
    if type(answer) is Answer:
        return b'{"status":200,"body":' + answer.data + b"}"
    return b'{"status":%d,"body":%s}' % (answer.status_code, answer.get_data())


def _read(data: bytes) -> list:
    """The batch's requests, once its envelope is well formed and within the limits."""
    try:
        LIMITS.check_text(data, bodies=MAX_BATCH_ITEMS)
        body = parse(data)
    except TooLarge as error:
        abort(413, message=f"The batch is larger than this service accepts: {error.message}.",
              messages=error.errors())
    except orjson.JSONDecodeError as error:
        abort(400, message="The body is not valid JSON.", messages={"json": {"_schema": [str(error)]}})
    if type(body) is not dict:
        abort(400, message="The body must be a JSON object.",
              messages={"json": {"_schema": ["send an object: {\"requests\": [...]}"]}})
    unknown = sorted(set(body) - {"requests"})
    if unknown:
        _malformed({unknown[0]: ["Unknown field."]})
    items = body.get("requests")
    if type(items) is not list:
        _malformed({"requests": ["Missing data for required field." if items is None else "Not a valid list."]})
    if len(items) > MAX_BATCH_ITEMS:
        abort(413, message=f"The batch holds {len(items)} requests; a batch holds at most {MAX_BATCH_ITEMS}.",
              messages={"json": {"requests": [f"at most {MAX_BATCH_ITEMS} requests"]}})
    for index, item in enumerate(items):
        problem = _item_problem(item)
        if problem:
            _malformed({"requests": {str(index): problem}})
    return items


def _item_problem(item: object) -> dict | None:
    if type(item) is dict and item.keys() == ITEM_FIELDS and type(item["path"]) is str and len(item["path"]) <= 64:
        return None  # the usual item, settled at once
    if type(item) is not dict:
        return {"_schema": ['Invalid input type: send {"path": ..., "body": ...}.']}
    unknown, missing = sorted(set(item) - ITEM_FIELDS), sorted(ITEM_FIELDS - set(item))
    if unknown:
        return {unknown[0]: ["Unknown field."]}
    if missing:
        return {missing[0]: ["Missing data for required field."]}
    if type(item["path"]) is not str:
        return {"path": ["Not a valid string."]}
    if len(item["path"]) > 64:
        return {"path": ["Longer than maximum length 64."]}
    return None


def _malformed(errors: dict) -> None:
    abort(422, messages={"json": errors})


def _item_views() -> dict:
    """The POST endpoints a batch item may name, by path: each answers a parsed body as its single call."""
    views = current_app.extensions.get("cardref.batch_views")
    if views is None:
        views = {}
        for rule in current_app.url_map.iter_rules():
            answer = getattr(current_app.view_functions[rule.endpoint], "answer_parsed", None)
            if answer is not None and "POST" in (rule.methods or ()):
                views[rule.rule] = answer
        current_app.extensions["cardref.batch_views"] = views
    return views


def _past_the_answer_limit(answer_bytes: int) -> bytes:
    """The item answer of a request left unanswered because the batch's answer is full."""
    message = (f"The batch's answer is full: with this request's answer it would pass MAX_BATCH_ANSWER_BYTES "
               f"({answer_bytes} bytes), so this request and the ones after it were not answered. Send them "
               f"again, alone or in another batch.")
    error = error_response(413, message, {"requests": [f"at most {answer_bytes} bytes of answers in one batch"]})
    return b'{"status":413,"body":%s}' % error.get_data()


def _unknown_path(views: dict, path: str) -> Response:
    """The answer to an item naming no endpoint a batch item may name."""
    known = ", ".join(sorted(views))
    return error_response(404, f"No endpoint at {path} answers a batch item.",
                          {"path": [f"a batch item names one of: {known}"]})
