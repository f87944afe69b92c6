"""Canasta: the rummy family, one engine, each variant a table entry."""

from .game import Canasta

GAME = Canasta()
