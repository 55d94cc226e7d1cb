"""The zombie shedding game (rules/zombie-shedding.ru.txt and .en.md, RULINGS ZS-1 to ZS-5)."""

from .game import GAME, ZombieShedding
from .state import ShedState

__all__ = ["GAME", "ShedState", "ZombieShedding"]
