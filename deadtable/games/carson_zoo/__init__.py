"""Carson City Zoo Apocalypse (rules/carson-city-zoo.en.md, RULINGS CZ-1 to CZ-7)."""

from .actions import Move, Place
from .game import GAME, CarsonZoo
from .state import ZooState

__all__ = ["GAME", "CarsonZoo", "Move", "Place", "ZooState"]
