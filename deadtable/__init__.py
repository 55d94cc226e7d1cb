"""deadtable: four card games from their rulebooks, to play, test and study.

>>> import deadtable
>>> state = deadtable.game("carson-zoo").new(2, seed=1)
>>> state.current_player in (0, 1)
True

Which build runs is chosen first: a fresh compiled copy of the package when there is one, else pure
Python with one line on stderr (deadtable/which_build.py; DEADTABLE_PURE=1: pure, silently).
"""

from . import which_build as _which_build

__path__ = _which_build.package_path(__path__)  # the rest of the package: compiled or pure

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
