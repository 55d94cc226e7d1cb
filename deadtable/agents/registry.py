"""Agents by name: the game-agnostic ones here, plus each game's own (`Game.agents()`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deadtable.core import Agent, DeadtableError, Game

from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .random_agent import RandomAgent

GENERIC: dict[str, Callable[[], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "ismcts": IsmctsAgent,
}


def agent_names(game: Game) -> list[str]:
    return sorted({*GENERIC, *game.agents()})


def make_agent(
    name: str, game: Game, players: int | None = None, options: dict[str, Any] | None = None
) -> Agent:
    """A fresh agent called `name` for `game`; a clear error lists the names that exist.

    An `ismcts` agent starts from the game's own search settings (`Game.search_settings`) for
    `players` seats and `options` when given, and refits them to the table it plays at."""
    factories = {**GENERIC, **game.agents()}
    try:
        factory = factories[name]
    except KeyError:
        known = ", ".join(agent_names(game))
        raise DeadtableError(
            "no agent {name!r} for {game}; the agents are: {known}",
            name=name,
            game=game.display_name(),
            known=known,
        ) from None
    agent = factory()
    if isinstance(agent, IsmctsAgent):
        agent.adopt(game, players, options)  # the game's measured search settings
    return agent
