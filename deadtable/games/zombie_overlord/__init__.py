"""Zombie Overlord (rules/zombie-overlord.en.txt, .es.txt, .es-additions.en.md; RULINGS ZO-1 to ZO-11)."""

from .game import GAME, ZombieOverlord
from .state import ZOState

__all__ = ["GAME", "ZOState", "ZombieOverlord"]
