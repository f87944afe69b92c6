"""Marshmallow schemas: the request envelopes the service parses and the answers it documents."""
