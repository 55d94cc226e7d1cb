"""Every action text Carson City Zoo can offer: the fixed space of deadtable.rl.

Every "place V POS" (CZ-3: a character of each value on each position) and every "move SRC DST"
between orthogonal neighbours (CZ-4), whatever the player count.

>>> space = action_space(2, {})
>>> len(space), space[0], "move c3 c4" in space
(180, 'place 3 a1', True)
"""

from __future__ import annotations

from typing import Any

from .actions import Move, Place
from .board import CHARACTER_VALUES, NEIGHBOURS, POSITIONS


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """The texts, places then moves, in a fixed order."""
    places = [str(Place(v, pos)) for v in CHARACTER_VALUES for pos in range(POSITIONS)]
    moves = [str(Move(src, dst)) for src in range(POSITIONS) for dst in NEIGHBOURS[src]]
    return places + moves
