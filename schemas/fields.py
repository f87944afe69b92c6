"""Fields of the request envelopes."""

from __future__ import annotations

from marshmallow import fields


class FreeObject(fields.Dict):
    """A JSON object passed to the engine whole: the engine reads it in one pass (card lists as one
    field each) and points at what is wrong, which a nested schema would do field by field, slower."""
