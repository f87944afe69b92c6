"""Fields of the request envelopes, and the pieces the per-game shapes are built from."""

from __future__ import annotations

import re
from functools import cache

from marshmallow import RAISE, Schema, ValidationError, fields, validate

# Every spelling the engine reads as a card: rank 2-10, J, Q, K, A (or T for ten) then suit, any case; or JK.
CARD_PATTERN = r"^(?:(?:[2-9]|10|[TtJjQqKkAa])[CcDdHhSs]|[Jj][Kk])$"
SUIT_PATTERN = r"^[CcDdHhSs]$"
SEED_DIGITS = r"^[0-9]{1,18}$"
# JSON numbers beyond 64 bits are not read as integers.
INT64 = 2**63 - 1


class FreeObject(fields.Dict):
    """A JSON object passed to the engine whole: the engine reads it in one pass (card lists as one
    field each) and points at what is wrong, which a nested schema would do field by field, slower."""


class Strict(Schema):
    """An object whose fields are all listed: the engine refuses any other."""

    class Meta:
        unknown = RAISE


class OneOf(fields.Field):
    """A value of exactly one of several shapes; the spec says so with oneOf (see one_of_attributes)."""

    keyword = "oneOf"

    def __init__(self, *choices: fields.Field, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices = choices


class Seed(OneOf):
    """A deal's seed: a JSON integer, or a string of up to 18 decimal digits (a JavaScript client keeps any seed
    exactly as a string); read as the integer either way."""

    def __init__(self, **kwargs) -> None:
        super().__init__(fields.Integer(strict=True, validate=validate.Range(min=0, max=INT64)),
                         fields.String(validate=validate.Regexp(SEED_DIGITS)), **kwargs)

    def _deserialize(self, value, attr, data, **kwargs) -> int:
        if type(value) is int and 0 <= value <= INT64:
            return value
        if type(value) is str and re.fullmatch(SEED_DIGITS, value):
            return int(value)
        raise ValidationError(f"must be an integer from 0 to {INT64}, or a string of up to 18 decimal digits")


class AnyOf(OneOf):
    """A value of at least one of several shapes."""

    keyword = "anyOf"


def one_of_attributes(self, field: fields.Field, **kwargs) -> dict:
    """apispec attribute function: a OneOf field is documented as the oneOf (anyOf) of its choices."""
    if isinstance(field, OneOf):
        return {field.keyword: [self.field2property(choice) for choice in field.choices]}
    return {}


def card(**kwargs) -> fields.String:
    """A card code."""
    metadata = {"example": "QS", **kwargs.pop("metadata", {})}
    return fields.String(validate=validate.Regexp(CARD_PATTERN), metadata=metadata, **kwargs)


def cards(limit: int, minimum: int = 0, **kwargs) -> fields.List:
    """A list of card codes, at most `limit` long."""
    return fields.List(card(), validate=validate.Length(min=minimum or None, max=limit), **kwargs)




def integer(low: int | None = None, high: int | None = None, **kwargs) -> fields.Integer:
    """A JSON integer within low..high (within 64 bits when a bound is not given)."""
    return fields.Integer(strict=True, validate=validate.Range(min=-INT64 if low is None else low,
                                                               max=INT64 if high is None else high), **kwargs)


def seat(players: int, **kwargs) -> fields.Integer:
    """A seat number of a game of `players`."""
    return integer(0, players - 1, **kwargs)


def const(value: object, **kwargs) -> fields.Field:
    """A field that holds exactly one value."""
    field = fields.String if isinstance(value, str) else fields.Integer
    return field(validate=validate.OneOf([value]), **kwargs)


def per_entry(field: fields.Field, count: int, **kwargs) -> fields.List:
    """A list of exactly `count` entries (one per seat, or per side)."""
    return fields.List(field, validate=validate.Length(equal=count), **kwargs)


@cache
def hidden(limit: int) -> type[Schema]:
    """{"count": n}: cards whose number is known and whose faces are not."""
    return type(f"HiddenCardsUpTo{limit}", (Strict,), {
        "__doc__": "Cards whose faces are hidden; only how many there are.",
        "count": integer(0, limit, required=True)})


def hand(limit: int, **kwargs) -> OneOf:
    """A pile shown as card codes, or hidden as {"count": n}."""
    return OneOf(cards(limit), fields.Nested(hidden(limit)), **kwargs)


def nullable(schema: type[Schema], **kwargs) -> OneOf:
    """An object of one shape, or null (written {"oneOf": [ref], "nullable": true}, which OpenAPI 3.0 reads right)."""
    return OneOf(fields.Nested(schema), allow_none=True, **kwargs)


def echoed() -> dict:
    """The fields a move copied from /legal-moves carries and the service ignores."""
    ignored = {"description": "Copied from a /legal-moves answer; ignored."}
    return {"code": fields.Raw(metadata=ignored), "rules": fields.Raw(metadata=ignored),
            "unverified": fields.Raw(metadata=ignored)}


def shape(name: str, doc: str, attributes: dict) -> type[Schema]:
    """A strict schema class named for the spec."""
    return type(name, (Strict,), {"__doc__": doc, **attributes})
