"""Euchre: four-player partnership Euchre, North American rules."""

from .game import Euchre

GAME = Euchre()
