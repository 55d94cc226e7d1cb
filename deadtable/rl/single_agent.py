"""One learning seat against deadtable agents, as a Gymnasium environment (for single-agent RL).

>>> e = SeatEnv("carson-zoo", players=2)
>>> obs, info = e.reset(seed=0)
>>> obs.shape == e.observation_space.shape, int(e.action_masks().sum()) == len(info["legal"])
(True, True)

The learner takes seat `seat` (by default it changes every episode: 0, 1, ..., so a policy learns
every seat); the other seats are played by deadtable agents by name (`"random"`, `"greedy"`, a
game's own `"heuristic"`), each handed only its `SeatInfo`. Observations and action indices are
those of the PettingZoo environment (`deadtable.rl.encoding`, `deadtable.rl.actions`);
`action_masks()` is what sb3-contrib's MaskablePPO reads. The reward is given at the end: +1 for a
win, -1 for a loss, 0 when every seat shares the win; with `shaping` > 0 each step also earns
`shaping` times the change of the game's own measure (`Game.evaluate`, a score margin) since the
learner's last turn: a dense, potential-based signal that sums to the final measure.

An illegal index (outside `action_masks()`): by default (`illegal="terminate"`) it ends the episode
with reward -1 and `info["illegal_action"]` saying which index and why (PettingZoo's convention,
which Gymnasium's and Stable-Baselines3's `check_env` rely on, as they step random indices); with
`illegal="raise"` it raises `DeadtableError`.

Observations are `Box(-1, 1)` float32 vectors (`deadtable.rl.encoding`). `render_mode="ansi"`
makes `render()` return the table as the learner's seat sees it. Every game is registered with
Gymnasium as `deadtable/<game id>-v0` when `deadtable.rl` is imported (if Gymnasium is installed):
`gymnasium.make("deadtable/carson-zoo-v0", players=3, opponent="greedy")`; the mask is then
`env.unwrapped.action_masks()`.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from deadtable.agents.registry import make_agent
from deadtable.core import Agent, DeadtableError, State, game, seat_info

from .actions import NO_LEGAL, ActionEncoder, Legal
from .encoders import observer
from .rewards import terminal_rewards

ILLEGAL_POLICIES = ("terminate", "raise")
ILLEGAL_REWARD = -1.0


class SeatEnv(gymnasium.Env):
    """A deadtable game seen from one seat, the others played by agents (see the module doc)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int = 2,
        *,
        opponent: str = "random",
        seat: int | None = None,
        shaping: float = 0.0,
        max_actions: int | None = None,
        illegal: str = "terminate",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise DeadtableError(
                "render_mode must be one of {choices}; got {value!r}",
                choices=self.metadata["render_modes"],
                value=render_mode,
            )
        self.render_mode = render_mode
        if illegal not in ILLEGAL_POLICIES:
            raise DeadtableError(
                "illegal must be one of {choices}; got {value!r}", choices=ILLEGAL_POLICIES, value=illegal
            )
        self.illegal = illegal
        self.game = game(game_id)
        self.players = players
        self.options = options
        self.game.new(players, 0, **options)  # refuses bad settings up front
        self.encoder = ActionEncoder.for_game(self.game, players, options, max_actions=max_actions)
        self.layout = observer(self.game, players, options)
        self.observation_space = spaces.Box(-1.0, 1.0, (self.layout.size,), np.float32)
        self.action_space = spaces.Discrete(self.encoder.size)
        self.opponent_name = opponent
        self.opponents: list[Agent] = [make_agent(opponent, self.game) for _ in range(players)]
        self.fixed_seat = seat
        self.shaping = shaping
        self._potential = 0.0
        self.episodes = 0
        self.seat = seat if seat is not None else 0
        self.rng = random.Random(0)
        self.state: State | None = None
        self._legal: Legal = NO_LEGAL

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:  # a seed fixes everything that follows, seat rotation included
            self.rng = random.Random(seed)
            self.episodes = 0
        self.seat = self.fixed_seat if self.fixed_seat is not None else self.episodes % self.players
        self.episodes += 1
        while True:
            self.state = self.game.new(self.players, self.rng.getrandbits(63), **self.options)
            self._others()
            if not self.state.is_terminal:
                break
        self._potential = self.game.evaluate(self.state, self.seat) if self.shaping else 0.0
        return self._obs(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        assert state is not None, "call reset() first"
        if self.illegal == "terminate" and int(action) not in self._legal.indices:
            return self._illegal(int(action))
        state.apply_trusted(self.encoder.decode_legal(self._legal, int(action), state))
        self._others()
        done = state.is_terminal
        reward = terminal_rewards(state)[self.seat] if done else 0.0
        if self.shaping:
            # Potential-based shaping (Ng et al. 1999): the change of the game's own measure since
            # the learner's last turn; it sums to the final measure and leaves the best policy alone.
            potential = self.game.evaluate(state, self.seat)
            reward += self.shaping * (potential - self._potential)
            self._potential = potential
        return self._obs(), reward, done, False, self._info()

    def action_masks(self) -> np.ndarray:
        mask = np.zeros(self.encoder.size, dtype=bool)
        mask[self._legal.indices] = True
        return mask

    def render(self) -> str | None:
        """The table as the learner's seat sees it (render_mode "ansi"); None without a render mode."""
        if self.render_mode is None or self.state is None:
            return None
        return self.state.render(self.seat)

    # -- internals -----------------------------------------------------------------------------
    def _others(self) -> None:
        """Let the other seats act until it is the learner's turn or the game is over."""
        state = self.state
        assert state is not None
        while not state.is_terminal and state.current_player != self.seat:
            p = state.current_player
            assert p is not None
            if self.opponent_name == "random":  # the same law as RandomAgent, without a sampler
                acts = state.legal_actions()
                state.apply_trusted(acts[self.rng.randrange(len(acts))])
            else:
                state.apply(self.opponents[p].act(seat_info(state), self.rng))
        self._legal = NO_LEGAL if state.is_terminal else self.encoder.legal(state)

    def _illegal(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """End the episode on an illegal index: reward -1, the game left as it was."""
        enc = self.encoder
        text = enc.describe(action) if 0 <= action < enc.size else f"outside 0..{enc.size - 1}"
        info = self._info()
        info["illegal_action"] = {"index": action, "action": text, "reason": "not legal now"}
        self._legal = NO_LEGAL
        return self._obs(), ILLEGAL_REWARD, True, False, info

    def _obs(self) -> np.ndarray:
        assert self.state is not None
        return self.layout.encode(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "legal": [str(a) for a in self._legal.actions]}
