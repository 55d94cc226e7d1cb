"""Carson City Zoo's actions: place a character, move one; every one made once, shared.

Interpreted in every build (deadtable/native.py compiles the state beside it): the CLI, the server
and the tests match these classes, as the other games' actions.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from deadtable.core import Action

from . import board
from .board import CHARACTER_VALUES, NEIGHBOURS, POSITIONS


@dataclass(frozen=True)
class Place(Action):
    """Place a character of `value` from hand on `pos`, capturing its top zoo card."""

    value: int
    pos: int

    def __str__(self) -> str:
        return f"place {self.value} {board.name(self.pos)}"


@dataclass(frozen=True)
class Move(Action):
    """Move the character on `src` one step to `dst`, capturing one thing there."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"move {board.name(self.src)} {board.name(self.dst)}"


# Every action there can be, made once: legal_actions hands out these shared (equal-by-value) objects.
PLACES: dict[int, tuple[Place, ...]] = {
    v: tuple(Place(v, i) for i in range(POSITIONS)) for v in CHARACTER_VALUES
}
MOVES: tuple[tuple[tuple[int, Move], ...], ...] = tuple(
    tuple((dst, Move(src, dst)) for dst in NEIGHBOURS[src]) for src in range(POSITIONS)
)
