"""Carson City Zoo Apocalypse (rules/carson-city-zoo.en.md, RULINGS CZ-1 to CZ-7)."""

from .game import GAME, CarsonZoo
from .state import Move, Place, ZooState

__all__ = ["GAME", "CarsonZoo", "Move", "Place", "ZooState"]
