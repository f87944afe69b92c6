"""Canadian Salad."""

from .game import CanadianSalad

GAME = CanadianSalad()
