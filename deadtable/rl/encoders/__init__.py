"""Per-game observation encoders (`deadtable.rl.encoding`), and the one an environment uses.

A game with an encoder here is observed through it (the fast path, from the state's fields); any
other game (a fifth one plugged in) through its flattened view (`deadtable.rl.observation`).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Protocol

import numpy as np

from deadtable.core import Game, State, game

from ..encoding import Encoder
from ..observation import observation_layout
from .carson_zoo import ZooEncoder
from .overlords import OverlordsEncoder
from .zombie_overlord import ZOEncoder
from .zombie_shedding import SheddingEncoder

__all__ = ["ENCODERS", "Observer", "observer"]

# Each game's encoder class, by game id.
ENCODERS: dict[str, type[Encoder]] = {
    "carson-zoo": ZooEncoder,
    "overlords": OverlordsEncoder,
    "zombie-overlord": ZOEncoder,
    "zombie-shedding": SheddingEncoder,
}


class Observer(Protocol):
    """What the environments need of an observation layout."""

    size: int
    names: list[str]

    def encode(self, state: State, seat: int) -> np.ndarray: ...

    def explain(self, vector: np.ndarray) -> dict[str, float]: ...


def observer(g: Game, players: int, options: dict[str, Any]) -> Observer:
    """The game's own encoder for these settings if it has one, else its flattened view's layout."""
    if g.id in ENCODERS:
        return _encoder(g.id, players, tuple(sorted(options.items())))
    return observation_layout(g, players, options)


@cache
def _encoder(game_id: str, players: int, items: tuple[tuple[str, Any], ...]) -> Observer:
    return ENCODERS[game_id](game(game_id).new(players, 0, **dict(items)))
