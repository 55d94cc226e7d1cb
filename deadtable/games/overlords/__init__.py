"""Overlords: The Card Game (rules/overlords.en.txt, RULINGS OV-1 to OV-7)."""

from .game import GAME, Overlords
from .state import OverlordsState

__all__ = ["GAME", "Overlords", "OverlordsState"]
