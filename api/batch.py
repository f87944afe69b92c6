"""POST /batch: several requests to the POST endpoints in one round trip, each answered as its single call."""

from __future__ import annotations

import gc

import orjson
from flask import Response, current_app, request
from webargs.flaskparser import abort
from werkzeug.exceptions import RequestEntityTooLarge

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
    no other. At most 256 requests and MAX_BATCH_BYTES (4 MiB) in all, else 413."""
    request.max_content_length = current_app.config["CARDREF_SETTINGS"].max_batch_bytes
    data = request.get_data(cache=False)
    # The parsed batch holds no reference cycles, yet the cycle collector would walk all of it again
    # and again while it is read and its items answered. Held off until the batch is answered and
    # its parsed requests freed (which takes them off the collector's count), it finds nothing to walk.
    collecting = gc.isenabled()
    gc.disable()
    try:
        parts = _answers(data)
    finally:
        if collecting:
            gc.enable()
    return Response(b'{"responses":[' + b",".join(parts) + b"]}", mimetype=JSON)


def _answers(data: bytes) -> list[bytes]:
    """Each request's answer as `{"status", "body"}` JSON bytes, in order."""
    items = _read(data)
    views = _item_views()
    app = current_app._get_current_object()
    # Only a batch larger than one body may hold an item larger than a single call takes.
    item_bytes = app.config["MAX_CONTENT_LENGTH"] if len(data) > app.config["MAX_CONTENT_LENGTH"] else None
    parts = []
    add = parts.append
    pinned = BATCH_CACHE.set(app.extensions["cardref.cache"])
    try:
        for item in items:
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
                add(b'{"status":200,"body":' + answer.data + b"}")
            else:
                add(b'{"status":%d,"body":%s}' % (answer.status_code, answer.get_data()))
    finally:
        BATCH_CACHE.reset(pinned)
    return parts


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


def _unknown_path(views: dict, path: str) -> Response:
    """The answer to an item naming no endpoint a batch item may name."""
    known = ", ".join(sorted(views))
    return error_response(404, f"No endpoint at {path} answers a batch item.",
                          {"path": [f"a batch item names one of: {known}"]})
