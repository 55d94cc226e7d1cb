"""PettingZoo AEC environments for every registered deadtable game.

>>> from deadtable.rl.pettingzoo import env
>>> e = env("carson-zoo", players=2)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].shape, e.agent_selection
((286,), (180,), 'player_1')

Agents are `player_0` .. `player_{n-1}`, one per seat; `agent_selection` is the seat that must act
(a seat may act several times in a row, or answer another seat's card). Observations are dicts
`{"observation": float32 vector, "action_mask": int8 vector}`: the vector is what the seat may see,
encoded from the state's fields by the game's encoder (`deadtable.rl.encoders`; a game without one:
its view flattened by `deadtable.rl.observation`), the mask marks the legal
indices of `deadtable.rl.actions.ActionEncoder` (the game's own fixed action list, or the generic
sorted-legal-actions index). Rewards come at the end only: +1 for each winner, -1 for each other
seat, 0 for everyone when every seat wins (a shared first place).

An illegal index (one outside the mask): by default (`illegal="terminate"`, PettingZoo's classic
games' convention) it ends the episode, -1 for the seat that played it and 0 for the others, with
`infos[agent]["illegal_action"]` saying which index and why; with `illegal="raise"` it raises
`DeadtableError`, as `raw_env` always does. `env()` is one object, no wrapper around it: the
environment itself makes PettingZoo's order and bounds checks (what its `OrderEnforcingWrapper` and
`AssertOutOfBoundsWrapper` do for its classic games: an attribute that reset() sets is an
AttributeError before it, a call before it an AssertionError, an index outside the space an
AssertionError) and applies this rule (`checks` and `terminate`), in the one method call a step
takes; `TerminateIllegal` is the rule alone, a wrapper to stack with other wrappers on `raw_env`.
`reset(seed=s)` plays the game with seed `s`; a reset without a seed draws the next game seed from
the last one given, so a run stays reproducible.

- Spaces: `Box(-1, 1)` float32 observations (every slot scaled into [-1, 1], see
  `deadtable.rl.encoding`; `env.unwrapped.layout.names` labels each slot), `Discrete(size)`
  actions, an int8 mask.
- `infos[agent]["legal"]`: the texts of the legal actions, in the order of the mask's ones, for the
  agent to act (an empty list for the others).
- `state()`: for a centralised critic, every seat's observation vector one after the other
  (`state_space`: `Box(-1, 1)`, players x the observation size); it shows every hand but never the
  order of a deck nobody has seen.
- `metadata["name"]`: `deadtable_<game id with underscores>_v0` (`deadtable_carson_zoo_v0`).
- `parallel_env(...)`: the same game as a PettingZoo ParallelEnv (`turn_based_aec_to_parallel`:
  each step takes every agent's action and plays the one of the agent to act).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import BaseWrapper
from pettingzoo.utils.conversions import turn_based_aec_to_parallel
from pettingzoo.utils.env_logger import EnvLogger

from deadtable.core import DeadtableError, Game, game

from .actions import NO_LEGAL, ActionEncoder
from .aec import FEW_INDICES, ILLEGAL_REWARD, AECCore, before_reset, end_for_illegal
from .encoders import observer

__all__ = [
    "FEW_INDICES",
    "DeadtableAEC",
    "TerminateIllegal",
    "end_for_illegal",
    "env",
    "env_name",
    "parallel_env",
    "raw_env",
]

# What reset() sets: reading one before it raises AttributeError saying so (as OrderEnforcingWrapper).
BEFORE_RESET = frozenset(
    ("rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents")
)


class DeadtableAEC(AECCore, AECEnv):
    """One deadtable game as an AEC environment (see the module doc).

    `raw_env()` gives it as it is: an illegal index raises `DeadtableError`, and nothing checks the
    order of calls. `env()` gives it with `checks` on (PettingZoo's order enforcing and action
    bounds checks, which its classic games get from `OrderEnforcingWrapper` and
    `AssertOutOfBoundsWrapper`) and, by default, `terminate` on (an illegal index ends the episode:
    `TerminateIllegal`'s rule): the same object, one method call a step and no wrapper around it.
    """

    # Each instance gets its own copy with its game's name (`env_name`).
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human"],
        "name": "deadtable",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        *,
        render_mode: str | None = None,
        max_actions: int | None = None,
        max_steps: int | None = None,
        checks: bool = False,
        terminate: bool = False,
        **options: Any,
    ) -> None:
        self._has_reset = False
        super().__init__()
        self.game: Game = game(game_id)
        self.metadata = {**self.metadata, "name": env_name(game_id)}
        self.players = players
        self.options = options
        self.game.new(players, 0, **options)  # checks players and options up front
        self.encoder = ActionEncoder.for_game(self.game, players, options, max_actions=max_actions)
        self.layout = observer(self.game, players, options)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.checks = checks
        self.terminate = terminate
        self.possible_agents = [f"player_{p}" for p in range(players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, 1.0, (self.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.encoder.size) for a in self.possible_agents}
        self.state_space = spaces.Box(-1.0, 1.0, (players * self.layout.size,), np.float32)
        self._seeds = random.Random()
        self.game_state = None
        self._legal = NO_LEGAL
        self._no_mask = np.zeros(self.encoder.size, np.int8)
        self._acting = None
        self._texts = self.encoder.texts
        self._by_id = self.encoder.by_id

    if not TYPE_CHECKING:  # (mypy would take every unknown attribute for one)

        def __getattr__(self, name: str) -> Any:
            """Only called for an attribute not set: PettingZoo's words for one that reset() sets
            (what its OrderEnforcingWrapper says), Python's for any other."""
            if name in BEFORE_RESET and not self._has_reset:
                raise AttributeError(f"{name} cannot be accessed before reset")
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- PettingZoo API ------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self._has_reset = True
        state = self.game_state = self.game.new(self.players, game_seed, **self.options)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"legal": []} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._acting = state.current_player
        if self._acting is None:
            self._game_over()
        else:
            self._next_decision(state, self._acting)

    def state(self) -> np.ndarray:
        """Every seat's observation vector, seat 0 first (for a centralised critic)."""
        state = self.game_state
        if state is None:
            before_reset("state")
        return np.concatenate([self.layout.encode(state, p) for p in range(self.players)])

    def render(self) -> str | None:
        if self.checks and not self._has_reset:
            EnvLogger.error_render_before_reset()
        if self.game_state is None:
            return None
        text = self.game_state.render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game_state = None


class TerminateIllegal(BaseWrapper):
    """An illegal action index ends the episode: -1 for the seat that played it, 0 for the others.

    The convention of PettingZoo's classic games (their `TerminateIllegalWrapper`), with two
    differences: every seat is terminated (not also truncated, the game did end), and the offender's
    info says what happened: `{"index": i, "action": its text, "reason": ...}` under
    `"illegal_action"`. The wrapped game is left as it was (no action applied). `env()` has this
    rule built in (`terminate`); this wrapper puts it around a `raw_env()` among other wrappers.
    """

    ILLEGAL_REWARD = ILLEGAL_REWARD

    def step(self, action: int | None) -> None:
        raw = self.env.unwrapped
        assert isinstance(raw, DeadtableAEC)
        agent = raw.agent_selection
        if (
            raw.terminations[agent]
            or raw.truncations[agent]
            or (action is not None and raw.is_legal(int(action)))
        ):
            self.env.step(action)
            return
        end_for_illegal(raw, agent, action)


ILLEGAL_POLICIES = ("terminate", "raise")


def env_name(game_id: str) -> str:
    """The environment's `metadata["name"]`: `deadtable_carson_zoo_v0` for "carson-zoo"."""
    return "deadtable_" + game_id.replace("-", "_") + "_v0"


def raw_env(game_id: str, players: int = 2, **kwargs: Any) -> DeadtableAEC:
    """The environment without any wrapper (fastest): an illegal index raises `DeadtableError`."""
    return DeadtableAEC(game_id, players, **kwargs)


def env(game_id: str, players: int = 2, *, illegal: str = "terminate", **kwargs: Any) -> DeadtableAEC:
    """The environment as PettingZoo's classic games give theirs (with their wrappers' checks).

    `illegal`: "terminate" (an illegal index ends the episode, see `TerminateIllegal`) or "raise"
    (`DeadtableError`). Other keyword arguments: `render_mode` ("ansi" or "human"), `max_actions`
    (size of the generic action space), `max_steps` (truncate after so many actions), and any of the
    game's own options.
    """
    if illegal not in ILLEGAL_POLICIES:
        raise DeadtableError(
            "illegal must be one of {choices}; got {value!r}", choices=ILLEGAL_POLICIES, value=illegal
        )
    # PettingZoo's classic games wrap TerminateIllegalWrapper, AssertOutOfBoundsWrapper and
    # OrderEnforcingWrapper around one another; this one object makes the same checks itself.
    return DeadtableAEC(game_id, players, checks=True, terminate=illegal == "terminate", **kwargs)


def parallel_env(game_id: str, players: int = 2, **kwargs: Any) -> ParallelEnv:
    """The environment (as `env`) as a ParallelEnv: every agent gives an action, the one to act plays."""
    return turn_based_aec_to_parallel(env(game_id, players, **kwargs))
