"""Which player counts and choices of a game go together, so the lobby offers only those.

A game refuses some combinations when a table is made (`Game.validate`: the zombie shedding game's
3 versus 3 needs 6 players, Overlords' teams need 4). The lobby learns them beforehand: for each
player count, every combination of the options with a fixed set of values (choices and yes/no
switches) that the game accepts, the other options at their defaults. Found once per game by
asking the game itself, so no rule is copied here.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Any

from deadtable.core import DeadtableError
from deadtable.core import game as find_game

MOST = 5000  # combinations tried at most per game; beyond, the lobby is told nothing (None)


def _values(o: Any) -> tuple[Any, ...] | None:
    if o.choices:
        return tuple(o.choices)
    if isinstance(o.default, bool):
        return (False, True)
    return None


@cache
def combinations(game_id: str) -> dict[str, Any] | None:
    """`{"options": [names], "valid": {"<players>": [[value, ...], ...]}}`, or None for a game
    without such options (or with too many combinations to try)."""
    g = find_game(game_id)
    fixed = [(o, v) for o in g.chosen_options if (v := _values(o)) is not None]
    if not fixed:
        return None
    counts = range(g.min_players, g.max_players + 1)
    total = len(counts)
    for _, values in fixed:
        total *= len(values)
    if total > MOST:
        return None
    defaults = {o.name: o.default for o in g.options}
    valid: dict[str, list[list[Any]]] = {}
    for players in counts:
        accepted = []
        for chosen in product(*(values for _, values in fixed)):
            options = {**defaults, **{o.name: v for (o, _), v in zip(fixed, chosen, strict=True)}}
            try:
                g.validate(players, options)
            except DeadtableError:
                continue
            accepted.append(list(chosen))
        valid[str(players)] = accepted
    return {"options": [o.name for o, _ in fixed], "valid": valid}
