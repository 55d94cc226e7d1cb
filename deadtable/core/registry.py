"""Finds games through the `deadtable.games` entry-point group; core never imports a game."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from .errors import UnknownGame
from .game import Game

GROUP = "deadtable.games"


@cache
def _load() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for ep in entry_points(group=GROUP):
        obj = ep.load()
        instance = obj() if isinstance(obj, type) else obj
        if not isinstance(instance, Game):
            raise TypeError(f"entry point {ep.name!r} in {GROUP} is not a deadtable Game")
        found[instance.id] = instance
    return dict(sorted(found.items()))


def games() -> list[Game]:
    """Every installed game, by id."""
    return list(_load().values())


def game(game_id: str) -> Game:
    """The game with this id (`carson-zoo`, `overlords`, `zombie-overlord`, `zombie-shedding`)."""
    found = _load()
    try:
        return found[game_id]
    except KeyError:
        if not found:
            raise UnknownGame("no game {id!r}; no games are installed", id=game_id) from None
        raise UnknownGame(
            "no game {id!r}; the games are: {known}", id=game_id, known=", ".join(found)
        ) from None
