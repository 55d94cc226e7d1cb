"""Each game's observation encoder (`deadtable.rl.encoding`), found through the game, and the one an
environment uses.

A game's encoder lives in its own package, as the `ENCODER` of its `encoder` module
(`deadtable.core.parts`); a game with one is observed through it (the fast path, from the state's
fields), any other game (a fifth one plugged in) through its flattened view
(`deadtable.rl.observation`).

>>> from deadtable.core import game
>>> encoder_of(game("carson-zoo")).__name__
'ZooEncoder'
"""

from __future__ import annotations

from functools import cache
from typing import Any, Protocol

import numpy as np

from deadtable.core import Game, State, game
from deadtable.core.parts import module

from .encoding import Encoder
from .observation import observation_layout

__all__ = ["Observer", "encoder_of", "observer"]


class Observer(Protocol):
    """What the environments need of an observation layout."""

    size: int
    names: list[str]

    def encode(self, state: State, seat: int) -> np.ndarray: ...

    def explain(self, vector: np.ndarray) -> dict[str, float]: ...


def encoder_of(g: Game) -> type[Encoder] | None:
    """The game's own encoder class (its package's `encoder.ENCODER`), or None when it has none."""
    found = module(g, "encoder")
    if found is None:
        return None
    encoder: type[Encoder] = found.ENCODER
    return encoder


def observer(g: Game, players: int, options: dict[str, Any]) -> Observer:
    """The game's own encoder for these settings if it has one, else its flattened view's layout."""
    if encoder_of(g) is not None:
        return _encoder(g.id, players, tuple(sorted(options.items())))
    return observation_layout(g, players, options)


@cache
def _encoder(game_id: str, players: int, items: tuple[tuple[str, Any], ...]) -> Observer:
    g = game(game_id)
    encoder = encoder_of(g)
    assert encoder is not None
    return encoder(g.new(players, 0, **dict(items)))
