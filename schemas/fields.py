"""Fields that validate in one pass: a card list is one field, not one field per card."""

from __future__ import annotations

from marshmallow import ValidationError, fields

from rules_engine.cards import CANONICAL

CARD_PATTERN = r"^(?i:(10|[2-9TJQKA])[CDHS]|JK)$"


class CardList(fields.Field):
    """A list of card codes, checked and made canonical in a single loop."""

    def _deserialize(self, value, attr, data, **kwargs):
        if type(value) is not list:
            raise ValidationError("Must be a list of card codes.")
        try:
            return [CANONICAL[item] for item in value]
        except (KeyError, TypeError):
            bad = next(i for i, item in enumerate(value) if type(item) is not str or item not in CANONICAL)
            raise ValidationError(f"Item {bad}: {value[bad]!r} is not a card code.") from None

    def _serialize(self, value, attr, obj, **kwargs):
        return value


class FreeObject(fields.Dict):
    """A JSON object passed to the engine whole; the engine reads it and points at what is wrong."""


def card_list_property(field: fields.Field, ret: dict, **kwargs) -> dict:
    """OpenAPI for CardList: an array of card-code strings."""
    if isinstance(field, CardList):
        return {"type": "array", "items": {"type": "string", "pattern": CARD_PATTERN}}
    return {}
