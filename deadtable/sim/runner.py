"""One simulated game between agents, as one plain row of numbers; the unit every backend runs.

A game is fully described by a `Plan` (game id, seats, options, agent specs, base seed) and its
index: the game's seed is derived from the base seed and the index (`game_seed`), the agents
rotate over the seats by index (`seat_agents`), and every agent draws from a generator seeded by
the game's seed and its seat. So a row depends on nothing but the plan and the index, whichever
process, machine or backend plays it.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from deadtable.agents import make_agent
from deadtable.core import Agent, DeadtableError, Game, game
from deadtable.i18n import Message

from .loop import MAX_ACTIONS, is_one_of, play_out

__all__ = [
    "MAX_ACTIONS",
    "Plan",
    "build_agent",
    "check_plan",
    "game_seed",
    "is_one_of",
    "play_chunk",
    "play_game",
]


@dataclass(frozen=True)
class Plan:
    """Everything that defines a series of games; picklable, so it travels to workers."""

    game_id: str
    players: int
    agents: tuple[str, ...]
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def seat_agents(self, index: int) -> tuple[str, ...]:
        """The agent spec at each seat of game `index`: seat s gets agents[(s + index) % k].

        Over any k consecutive games (k agents) every agent sits at every seat equally often.
        """
        k = len(self.agents)
        return tuple(self.agents[(s + index) % k] for s in range(self.players))

    def game_seed(self, index: int) -> int:
        return game_seed(self.seed, index)


def game_seed(base: int, index: int) -> int:
    """The seed of game `index` of a series started with `base` (stable across processes).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"deadtable-sim/{base}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def build_agent(
    spec: str, the_game: Game, players: int | None = None, options: dict[str, Any] | None = None
) -> Agent:
    """An agent from a spec: a name, optionally with settings, e.g. `ismcts:iterations=200:rollout=heuristic`.

    `players` and `options` are the table's, when known (an `ismcts` agent's game settings are
    chosen by them, `make_agent`). Each setting must name an attribute the agent already has; the
    value is converted to that attribute's type. A bad name or setting raises DeadtableError listing
    what exists.
    """
    name, *settings = spec.split(":")
    agent = make_agent(name.strip(), the_game, players, options)
    for setting in settings:
        key, sep, text = setting.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise DeadtableError("agent settings are written name:key=value, not {spec!r}", spec=spec)
        if key.startswith("_") or not hasattr(agent, key) or callable(getattr(agent, key)):
            raise DeadtableError("agent {name!r} has no setting {key!r}", name=name, key=key)
        current = getattr(agent, key)
        setattr(agent, key, _convert(current, text.strip(), spec))
    check = getattr(agent, "check_settings", None)
    if callable(check):
        try:
            check()
        except ValueError as err:
            # The reason is an N_-marked English text (see the agents), translated when shown.
            raise DeadtableError("agent {spec!r}: {err}", spec=spec, err=Message(str(err))) from None
    return agent


def _convert(current: Any, text: str, spec: str) -> Any:
    try:
        if isinstance(current, bool):
            if text.lower() not in ("1", "0", "true", "false", "yes", "no"):
                raise ValueError(text)
            return text.lower() in ("1", "true", "yes")
        if isinstance(current, int):
            return int(text)
        if isinstance(current, float) or current is None:
            return None if text.lower() in ("", "none") else float(text)
    except ValueError:
        raise DeadtableError("bad value {text!r} in agent spec {spec!r}", text=text, spec=spec) from None
    return text


def check_plan(plan: Plan) -> Game:
    """Refuse a bad game, player count, option or agent before any game starts (DeadtableError)."""
    the_game = game(plan.game_id)
    if not plan.agents:
        raise DeadtableError("name at least one agent")
    the_game.new(plan.players, 0, **plan.options)  # checks players and options
    for spec in set(plan.agents):
        build_agent(spec, the_game, plan.players, plan.options)
    return the_game


def play_game(plan: Plan, index: int) -> dict[str, Any]:
    """Play game `index` of `plan` to the end and return its row (`loop.play_out`, compiled)."""
    the_game = game(plan.game_id)
    seed = plan.game_seed(index)
    specs = plan.seat_agents(index)
    agents = [build_agent(spec, the_game, plan.players, plan.options) for spec in specs]
    rngs = [random.Random(f"{seed}/agent/{s}") for s in range(plan.players)]
    state = the_game.new(plan.players, seed, **plan.options)
    return play_out(state, agents, rngs, specs, index)


def play_chunk(plan: Plan, indices: list[int]) -> list[dict[str, Any]]:
    """Rows of several games; what a worker process or a Dask task runs."""
    return [play_game(plan, i) for i in indices]
