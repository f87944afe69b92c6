"""Salsifis."""

from .game import Salsifis

GAME = Salsifis()
