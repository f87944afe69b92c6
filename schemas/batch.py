"""The body and answer of POST /batch: several requests to the POST endpoints, answered in order."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from .fields import Strict

ITEM_PATH_DOC = ("A POST endpoint of this service: /deal, /legal-moves, /validate-move, /apply-move, /explain, "
                 "/score, /validate-meld or /validate-game. Any other path is answered 404 in its item.")
ITEM_BODY_DOC = "The request body that endpoint takes, exactly as a single call would send it."


class BatchItem(Strict):
    """One request of a batch."""

    path = fields.String(required=True, validate=validate.Length(max=64), metadata={"description": ITEM_PATH_DOC})
    body = fields.Raw(required=True, metadata={"description": ITEM_BODY_DOC})


def batch_request(max_items: int, max_bytes_setting: str) -> Schema:
    """The batch body: its requests, at most `max_items` of them; read by the view itself."""

    class BatchRequest(Strict):
        __doc__ = (f"At most {max_items} requests and the byte limit {max_bytes_setting} (4 MiB unless set); "
                   "each request is held to the limits of a single call. Beyond either, 413.")

        requests = fields.List(fields.Nested(BatchItem), required=True, validate=validate.Length(max=max_items))

    schema = BatchRequest()
    schema.reads_raw = True
    return schema


class BatchItemAnswer(Schema):
    status = fields.Integer(required=True, metadata={"description": "The status a single call would answer."})
    body = fields.Raw(required=True, metadata={"description": "The body a single call would answer: an answer or "
                                                              "an error in the usual shapes."})


class BatchAnswer(Schema):
    responses = fields.List(fields.Nested(BatchItemAnswer), required=True,
                            metadata={"description": "One per request, in the same order."})
