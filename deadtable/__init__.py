"""deadtable: four card games from their rulebooks, to play, test and study.

>>> import deadtable
>>> state = deadtable.game("carson-zoo").new(2, seed=1)
>>> state.current_player in (0, 1)
True
"""

from . import games as games  # callable: deadtable.games() lists the games
from .core import (
    Action,
    Agent,
    DeadtableError,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Record,
    SeatInfo,
    State,
    game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Agent",
    "DeadtableError",
    "Game",
    "IllegalAction",
    "Option",
    "Outcome",
    "Record",
    "SeatInfo",
    "State",
    "game",
    "games",
    "replay",
]
