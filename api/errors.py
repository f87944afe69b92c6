"""The error contract: every failure is JSON with code, status, message and, where it helps, errors.

`errors` points at the offending field the way marshmallow does: {"json": {"state": {"hands":
{"1": ["..."]}}}}. A state no real game can reach also lists `violations`, each naming the rule.
No answer carries a stack trace.
"""

from __future__ import annotations

import logging

import orjson
from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException, InternalServerError

from rules_engine.errors import (HandFinished, IllegalMove, InvalidRequest, NotBuilt, NotSupported, RulesChanged,
                                 UnknownName, nearest)

log = logging.getLogger("cardref.errors")

STATUS_NAMES = {400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
                409: "Conflict", 413: "Payload Too Large", 415: "Unsupported Media Type",
                422: "Unprocessable Entity", 429: "Too Many Requests", 500: "Internal Server Error",
                501: "Not Implemented"}


ERRORS_LISTED = 24  # messages an error answer lists; a body with thousands of bad items gets a short answer


def error_response(code: int, message: str, errors: dict | None = None, **extra) -> Response:
    """A JSON error answer in the contract's shape, listing at most ERRORS_LISTED messages."""
    payload = {"code": code, "status": STATUS_NAMES.get(code, "Error"), "message": message}
    if errors is not None:
        errors, omitted = capped(errors, ERRORS_LISTED)
        if omitted:
            payload["message"] = f"{message} ({omitted} more problems not listed)"
        payload["errors"] = errors
    if len(extra.get("violations") or ()) > ERRORS_LISTED:
        extra["violations"] = extra["violations"][:ERRORS_LISTED]
    payload.update(extra)
    return Response(orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS), status=code, mimetype="application/json")


def capped(tree: object, limit: int) -> tuple[object, int]:
    """The error tree with its first `limit` messages, and how many were left out."""
    if isinstance(tree, list):
        kept = tree[:limit]
        return kept, len(tree) - len(kept)
    if not isinstance(tree, dict):
        return tree, 0
    kept_tree: dict = {}
    omitted = 0
    for key, branch in tree.items():
        if limit <= 0:
            omitted += _messages(branch)
            continue
        kept, left_out = capped(branch, limit)
        kept_tree[key] = kept
        omitted += left_out
        limit -= _messages(kept)
    return kept_tree, omitted


def _messages(tree: object) -> int:
    if isinstance(tree, dict):
        return sum(_messages(branch) for branch in tree.values())
    return len(tree) if isinstance(tree, list) else 1


def nest(problems: list) -> dict:
    """Turn engine pointers into marshmallow's nested error shape under "json"."""
    tree: dict = {}
    for problem in problems:
        node = tree
        *path, last = [str(part) for part in problem.pointer] or ["_schema"]
        for part in path:
            child = node.setdefault(part, {})
            if isinstance(child, list):  # a message already sits here; keep both
                child = node[part] = {"_schema": child}
            node = child
        leaf = node.setdefault(last, [])
        if isinstance(leaf, dict):
            leaf = leaf.setdefault("_schema", [])
        leaf.append(problem.message)
    return {"json": tree}


def json_pointer(pointer: tuple) -> str:
    """A JSON Pointer (RFC 6901) for an engine pointer."""
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in pointer)


def register(app: Flask) -> None:
    """Install the handlers that turn every failure into the contract's JSON."""

    @app.errorhandler(InvalidRequest)
    def invalid_request(error: InvalidRequest) -> Response:
        violations = [
            {"rule": p.rule, "pointer": json_pointer(p.pointer), "message": p.message}
            for p in error.problems if p.rule
        ]
        extra = {"violations": violations} if violations else {}
        first = error.problems[0]
        message = f"{json_pointer(first.pointer)}: {first.message}" + (f" ({first.rule})" if first.rule else "")
        return error_response(422, message, nest(error.problems), **extra)

    @app.errorhandler(UnknownName)
    def unknown_name(error: UnknownName) -> Response:
        known = f"; known: {', '.join(error.known)}" if error.known else ""
        hint = f" Did you mean {error.nearest!r}?" if error.nearest else ""
        field = {"game": "game", "variant": "variant", "rule": "rule_id"}[error.kind]
        return error_response(404, f"Unknown {error.kind} {error.name!r}{known}.{hint}",
                              {"json": {field: [f"unknown {error.kind}" + (f"; did you mean {error.nearest!r}?"
                                                                          if error.nearest else "")]}},
                              **({"did_you_mean": error.nearest} if error.nearest else {}))

    @app.errorhandler(IllegalMove)
    def illegal_move(error: IllegalMove) -> Response:
        return error_response(422, "The move is not legal here: " + str(error),
                              {"json": {"move": [v.message for v in error.violations]}},
                              violations=[v.as_dict() for v in error.violations])

    @app.errorhandler(HandFinished)
    def hand_finished(error: HandFinished) -> Response:
        return error_response(409, str(error).capitalize() + ".", {"json": {"state": [str(error)]}})

    @app.errorhandler(RulesChanged)
    def rules_changed(error: RulesChanged) -> Response:
        return error_response(409, str(error).capitalize() + ".",
                              {"json": {"ruleset": [f"no longer current; the current ruleset is {error.current}"]}},
                              ruleset=error.current)

    @app.errorhandler(NotSupported)
    def not_supported(error: NotSupported) -> Response:
        return error_response(422, str(error), {"json": {str(error.pointer[0]): [str(error)]}})

    @app.errorhandler(NotBuilt)
    def not_built(error: NotBuilt) -> Response:
        return error_response(501, str(error), {"json": {str(error.pointer[0]): [str(error)]}})

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        data = getattr(error, "data", None) or {}
        errors = data.get("errors") or data.get("messages")
        message = data.get("message") or _plain(error)
        if error.code == 413 and errors is None:  # werkzeug's, over a byte limit
            # A batch item is held to a single call's limit; the batch and other bodies to the request's own.
            limit = getattr(error, "limit", None) or request.max_content_length
            message = f"The body is larger than this service accepts ({limit} bytes)."
            errors = {"json": {"_schema": [f"the body must be at most {limit} bytes"]}}
        if errors is None:
            errors = _request_errors(error)
        extra = {}
        if error.code == 404 and request.url_rule is None:
            # An unknown path: the nearest the service answers, so a typo is one glance from its fix.
            near = nearest(request.path, (rule.rule for rule in current_app.url_map.iter_rules()
                                          if "<" not in rule.rule and not rule.rule.startswith("/docs/assets")))
            if near is not None:
                message, extra = f"{message.rstrip('.')}. Did you mean {near}?", {"did_you_mean": near}
        response = error_response(error.code or 500, message, errors, **extra)
        for name, value in (data.get("headers") or {}).items():
            response.headers[name] = value
        if error.code == 405 and hasattr(error, "valid_methods") and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        if isinstance(error, HTTPException):
            return http_error(error)
        log.exception("unexpected error")
        return error_response(500, InternalServerError.description)


def _request_errors(error: HTTPException) -> dict:
    """Point an error that no field caused at the part of the request that did: path, method or headers."""
    if error.code == 404:
        return {"path": [f"no resource at {request.path}; /openapi.json lists every path"]}
    if error.code == 405:
        allowed = ", ".join(sorted(getattr(error, "valid_methods", None) or ()))
        return {"method": [f"{request.method} is not allowed on {request.path}; allowed: {allowed}"]}
    if error.code in (406, 415):
        return {"headers": [_plain(error)]}
    return {"_schema": [_plain(error)]}


def _plain(error: HTTPException) -> str:
    if error.code == 422:
        return "The request has fields of the wrong type or shape; see errors."
    return error.description or STATUS_NAMES.get(error.code or 500, "Error")
