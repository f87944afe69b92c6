"""The Blueprint every resource uses: flask-smorest's, with a JSON body reader built for speed."""

from __future__ import annotations

import gc
from functools import wraps

import flask_smorest
import orjson
from flask import request
from marshmallow import Schema, ValidationError, fields, missing
from webargs.flaskparser import FlaskParser, abort

from schemas.answers import ErrorAnswer

from .answering import Answer
from .limits import LIMITS, TooLarge


class BodyParser(FlaskParser):
    """Reads a JSON body in one step: orjson, an object check, then the schema instance's load.

    Any content type is read as JSON. A body that is not JSON, or not an object, is a 400; a body
    over a size limit (api.limits) is a 422 before any field is read; a field of the wrong type or
    shape is a 422 whose errors point at it under "json".
    """

    def use_args(self, schema, *, location=None, **kwargs):
        if location != "json":
            return super().use_args(schema, location=location, **kwargs)
        # A body documented game by game is read through its plain envelope (schemas.bodies.Body).
        schema = getattr(schema, "envelope", schema)
        shape = plain_shape(schema)
        field_count = len(schema.fields)
        log = "moves" in schema.fields  # a body carrying a log of moves (api.limits)

        def decorator(view):
            # flask-smorest's own wrapper only asks whether the view is a coroutine; none is, so the
            # view it wraps is called directly.
            target = getattr(view, "__wrapped__", view)
            if getattr(schema, "reads_raw", False):  # a view that reads its body itself, under its own limits
                return wraps(view)(target)

            def read(body: object) -> dict:
                """The body, already parsed from JSON, checked against the size limits and the schema."""
                if type(body) is not dict:
                    abort(400, message="The body must be a JSON object.",
                          messages={"json": {"_schema": [f"a JSON {_json_type(body)} was sent; send an object"]}})
                try:
                    LIMITS.check(body, field_count, log)
                except TooLarge as error:
                    _refuse(error)
                if shape is None or not fits(body, shape):
                    try:
                        body = schema.load(body)
                    except ValidationError as error:
                        abort(422, messages={"json": error.messages})
                return body

            @wraps(view)
            def parsed(*args, **view_kwargs):
                data = request.get_data(cache=False)
                try:
                    LIMITS.check_text(data, log=log)
                    body = parse(data)
                except TooLarge as error:
                    _refuse(error)
                except orjson.JSONDecodeError as error:
                    abort(400, message="The body is not valid JSON.", messages={"json": {"_schema": [str(error)]}})
                answer = target(*args, read(body), **view_kwargs)
                return answer.response() if type(answer) is Answer else answer

            # A batch answers each of its items through the same checks and view as a single call,
            # and copies the answer's bytes without making a response of each.
            parsed.answer_parsed = lambda body: target(read(body))
            return parsed

        return decorator


def _refuse(error: TooLarge) -> None:
    abort(422, message=f"The body is larger than any real request: {error.message}.", messages=error.errors())


def parse(data: bytes) -> object:
    """orjson's reading of a body, with the cycle collector held off meanwhile.

    Parsed JSON holds no reference cycles, yet every object it creates counts toward the next
    collection: a body of 85,000 empty lists set off a hundred collections, most of the cost of
    refusing it. Held off, they become at most one, after the parse.
    """
    if not gc.isenabled():
        return orjson.loads(data)
    gc.disable()
    try:
        return orjson.loads(data)
    finally:
        gc.enable()


def _json_type(value: object) -> str:
    return {list: "array", str: "string", int: "number", float: "number", bool: "boolean"}.get(type(value), "null")


def plain_shape(schema: Schema) -> tuple[dict[str, type], frozenset[str]] | None:
    """Each field's one JSON type and the required names, when a type check is all the schema does.

    Such a schema accepts a body exactly when every key is a field, every value has its field's
    type and no required field is missing; checking that directly costs a tenth of a load. A
    schema with validators, defaults or hooks returns None and is always loaded.
    """
    if any(schema._hooks.values()):
        return None
    types: dict[str, type] = {}
    for name, field in schema.fields.items():
        if field.validators or field.load_default is not missing:
            return None
        if type(field) is fields.String:
            types[name] = str
        elif type(field) is fields.Boolean:
            types[name] = bool
        elif isinstance(field, fields.Dict) and field.key_field is None and field.value_field is None:
            types[name] = dict
        else:
            return None
    return types, frozenset(name for name, field in schema.fields.items() if field.required)


def fits(body: dict, shape: tuple[dict[str, type], frozenset[str]]) -> bool:
    """Whether the body has only known fields, each of its type, and every required one."""
    types, required = shape
    for name, value in body.items():
        if type(value) is not types.get(name):
            return False
    return required <= body.keys()


ERROR_ANSWERS = {
    400: "The body is not JSON, or not a JSON object.",
    404: "An unknown game, variant or rule.",
    409: "A move on a hand that is already over, or a `ruleset` sent that is no longer the current one (the "
         "answer's `ruleset` names the current one).",
    413: "The body is larger than the service accepts.",
    422: "A field of the wrong type or shape, an unknown card or option, a position no game reaches (with "
         "the rules it breaks in violations), or an illegal move (from /apply-move).",
    429: "Too many requests from this client, when the service runs with RATE_LIMIT set; Retry-After says "
         "how many seconds to wait.",
}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before the next request.",
                               "schema": {"type": "integer", "minimum": 0}}}


class Blueprint(flask_smorest.Blueprint):
    """A flask-smorest Blueprint whose bodies are read by BodyParser and whose views answer for themselves."""

    ARGUMENTS_PARSER = BodyParser()

    def errors(self, *codes: int):
        """Document the error answers an operation can give, each in the error shape, and the rate limit's 429."""
        def decorator(view):
            # Like response(): the documentation is kept and flask-smorest's wrapper is not.
            for code in (*codes, 429):
                view._apidoc = self.alt_response(code, schema=ErrorAnswer, description=ERROR_ANSWERS[code],
                                                 headers=RETRY_AFTER if code == 429 else None)(view)._apidoc
            return view

        return decorator

    def response(self, status_code, schema=None, **kwargs):
        """Document an answer without wrapping the view: every view here returns a finished Response.

        flask-smorest's wrapper would only check that on every request and pass the Response on.
        """
        document = super().response(status_code, schema, **kwargs)

        def decorator(view):
            view._apidoc = document(view)._apidoc
            return view

        return decorator
