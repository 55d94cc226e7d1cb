"""The game-agnostic contract every game, agent, simulator, server and CLI is built on."""

from .agent import Agent, SeatInfo, seat_info
from .errors import (
    CardDataError,
    DeadtableError,
    IllegalAction,
    OptionError,
    RecordError,
    UnknownGame,
)
from .game import Game, GameType, Variant
from .options import Option
from .outcome import Outcome
from .record import Record, replay, replay_states
from .registry import game, games
from .state import Action, State

__all__ = [
    "Action",
    "Agent",
    "CardDataError",
    "DeadtableError",
    "Game",
    "GameType",
    "IllegalAction",
    "Option",
    "OptionError",
    "Outcome",
    "Record",
    "RecordError",
    "SeatInfo",
    "State",
    "UnknownGame",
    "Variant",
    "game",
    "games",
    "replay",
    "replay_states",
    "seat_info",
]
