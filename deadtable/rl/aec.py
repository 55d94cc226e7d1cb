"""What a PettingZoo step runs, as a base class of the AEC environment (`deadtable.rl.pettingzoo`).

`AECCore` holds the environment's per-step attributes and methods: `step` (the checks, the move,
the next decision's legal indices and info), `last`, `observe` (the mask and the encoded vector)
and `agent_iter`. The native build compiles this module (`deadtable.which_build.MODULES`), so that
a step's own work runs as C as the rules it calls do; `DeadtableAEC` subclasses it interpreted,
with everything a step does not run (the spaces, reset, render, PettingZoo's words for an
attribute read before reset). Pure Python, it is the same code in one more class.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NoReturn

import numpy as np
from mypy_extensions import mypyc_attr
from pettingzoo.utils.env_logger import EnvLogger

from deadtable.core import State
from deadtable.core._mix import COMPILED  # this module is compiled with it, in the same group

from .actions import NO_LEGAL, ActionEncoder, Legal
from .encoders import Observer
from .rewards import terminal_rewards

FEW_INDICES = 4  # AECCore.observe sets up to this many ones of a mask without a memoryview
ACTION_NOT_IN_SPACE = "action is not in action space"  # AssertOutOfBoundsWrapper's words
INDEX_TYPES = (int, np.integer)  # an action index as step takes it without a space check
ILLEGAL_REWARD = -1.0  # for the seat whose illegal index ended the episode (TerminateIllegal)


def pz(env: AECCore) -> Any:
    """`env` as the `AECEnv` it is (`DeadtableAEC`), to call the methods it has from PettingZoo."""
    return env


def before_reset(call: str) -> NoReturn:
    """PettingZoo's error (EnvLogger's words) for `call` made before reset()."""
    raise AssertionError(f"reset() needs to be called before {call}.")


@mypyc_attr(allow_interpreted_subclasses=True)
class AECCore:
    """The per-step part of `DeadtableAEC` (see the module doc); never made on its own.

    Not itself an `AECEnv`: `DeadtableAEC(AECCore, AECEnv)` is (a compiled class whose base is an
    interpreted one lost the attributes its interpreted subclass set, mypyc 2.4). The few calls of
    AECEnv's own methods (a dead agent's step, adding up rewards) go through `pz`, this object
    typed as any PettingZoo environment.
    """

    # PettingZoo's (AECEnv) attributes, declared so that a compiled build keeps them natively.
    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    action_spaces: dict[str, Any]
    render_mode: str | None
    # The environment's own.
    game_state: State | None  # the deadtable game (state() is PettingZoo's)
    encoder: ActionEncoder
    layout: Observer
    checks: bool  # PettingZoo's order and bounds checks (env())
    terminate: bool  # an illegal index ends the episode (env()), else DeadtableError
    max_steps: int | None
    steps: int
    _has_reset: bool
    _seat: dict[str, int]
    # The legal indices and actions of the seat to act, an `actions.Legal`. Typed Any: a compiled build
    # would keep a tuple attribute unboxed, and setting that from the interpreted subclass crashed
    # (mypyc 2.4).
    _legal: Any
    _no_mask: Any  # an all-zero int8 mask, copied for every mask
    _acting: int | None  # the game's current_player, read once a move
    _texts: tuple[str, ...] | None  # the action texts of a fixed space, by index
    _by_id: dict[int, int]  # action object id -> index (the encoder's, emptied in place, never replaced)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """AECEnv.last, read straight from this environment's dicts (it runs every step)."""
        if not self._has_reset and self.checks:
            before_reset("observe")
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """AECEnv.agent_iter as a generator: the agent to act, while any agent is left (at most
        `max_iter` times); the same agents as PettingZoo's AECIterator, for less a step."""
        if not self._has_reset and self.checks:
            EnvLogger.error_agent_iter_before_reset()
        return _agents(self, max_iter)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """A new observation vector and a new mask, both the caller's."""
        state = self.game_state
        if state is None:
            before_reset("observe")
        seat = self._seat[agent]
        # current_player is None once the game is over; an episode ended by an illegal action
        # leaves the game unfinished, and no seat may act any more (`_legal` is empty then).
        mask = self._no_mask.copy()
        if seat == self._acting:
            indices = self._legal.indices
            if len(indices) <= FEW_INDICES:  # numpy's item assignment for a few
                for i in indices:
                    mask[i] = 1
            else:  # a memoryview over the array for more: cheaper per index, dearer to set up
                view = mask.data
                for i in indices:
                    view[i] = 1
        return {"observation": self.layout.encode(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play `action` for the agent to act (None for an agent that is done): the checks, the
        move and what the next agent sees, in one method (it runs every step)."""
        if not self._has_reset:
            before_reset("step")
        agent = self.agent_selection
        if not self.agents:  # every agent is done: PettingZoo's order enforcing warns
            EnvLogger.warn_step_after_terminated_truncated()
            return
        if self.terminations[agent] or self.truncations[agent]:
            if self.checks:
                assert action is None or self.action_spaces[agent].contains(action), ACTION_NOT_IN_SPACE
            pz(self)._was_dead_step(action)
            return
        if type(action) is not int:
            if self.checks and not isinstance(action, INDEX_TYPES):
                assert action is not None and self.action_spaces[agent].contains(action), ACTION_NOT_IN_SPACE
            if action is not None:
                action = int(action)
        if self.checks:
            assert action is not None and 0 <= action < self.encoder.size, ACTION_NOT_IN_SPACE
        indices, actions = self._legal
        try:
            chosen = actions[indices.index(action)]
        except ValueError:  # not legal now
            self._illegal(agent, action)
            return
        state = self.game_state
        assert state is not None
        # self.rewards are all 0 here: only the move that ends the game gives any (then every step
        # is a dead step, which clears them), so there is nothing to reset or to add up before.
        self._cumulative_rewards[agent] = 0.0
        state.apply_trusted(chosen)
        self.steps += 1
        seat = state.current_player
        self._acting = seat
        if seat is None:
            self._game_over()
            pz(self)._accumulate_rewards()
        else:
            self._next_decision(state, seat)
        if self.render_mode == "human":
            pz(self).render()

    def is_legal(self, action: int) -> bool:
        """Whether `action` is a legal index for the agent to act now (its mask holds a 1 there)."""
        return action in self._legal.indices

    def describe(self, action: int) -> str:
        """What an index means (the action text of a fixed space)."""
        return self.encoder.describe(action)

    # -- internals -----------------------------------------------------------------------------
    def _next_decision(self, state: State, seat: int) -> None:
        """The game goes on with `seat` to act: its legal indices, and its agent's info and turn."""
        texts = self._texts
        if texts is not None:  # a fixed space: encoder.indices, inlined (it runs every step)
            actions = state.legal_actions()
            by_id = self._by_id
            try:
                if COMPILED:  # native loops: no bound method, map object or boxed call per item
                    indices = [by_id[id(a)] for a in actions]
                else:  # maps: C loops (a comprehension is a Python loop in pure Python)
                    indices = list(map(by_id.__getitem__, map(id, actions)))
            except KeyError:  # an action object not seen before
                indices = self.encoder.indices(actions)
            legal = [texts[i] for i in indices] if COMPILED else list(map(texts.__getitem__, indices))
        else:
            indices, actions = self.encoder.legal(state)
            legal = list(map(str, actions))
        self._legal = Legal(indices, actions)
        agent = self.possible_agents[seat]
        # The texts go to the agent to act, an empty list to the others (only the agent that acted
        # before may hold any). New dicts, never changed in place: an info dict handed out by
        # last() keeps saying what it said.
        infos = self.infos
        before = self.agent_selection
        if before != agent and infos[before]["legal"]:
            infos[before] = {**infos[before], "legal": []}
        info = infos[agent]
        infos[agent] = {"legal": legal} if len(info) == 1 else {**info, "legal": legal}
        if self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        self.agent_selection = agent

    def _game_over(self) -> None:
        state = self.game_state
        assert state is not None
        self._legal = NO_LEGAL
        for a, r in zip(self.agents, terminal_rewards(state), strict=True):
            self.rewards[a] = r
            self.terminations[a] = True
            self.infos[a] = {**self.infos[a], "legal": []}
        # Everyone takes a final (None) step in seat order, as in PettingZoo's classic games.
        self.agent_selection = self.agents[0]

    def _illegal(self, agent: str, action: int | None) -> None:
        """`agent`, the agent to act, played `action`, not a legal index now."""
        if self.terminate:
            end_for_illegal(self, agent, action)
            return
        state = self.game_state
        assert state is not None
        if action is None:
            raise TypeError("an agent that must act gave no action (None)")
        self.encoder.decode_legal(self._legal, action, state)  # DeadtableError: which index, why


def _agents(env: AECCore, max_iter: int) -> Iterator[str]:
    """PettingZoo's AECIterator as a generator: the agent to act, while any is left, `max_iter` at most."""
    while env.agents and max_iter > 0:
        max_iter -= 1
        yield env.agent_selection


def end_for_illegal(raw: AECCore, agent: str, action: int | None) -> None:
    """`TerminateIllegal`'s rule: `agent` played `action`, not legal now; the episode ends."""
    reason = "no action (None) from a seat that must act" if action is None else "not legal now"
    raw._cumulative_rewards[agent] = 0.0
    raw.rewards = dict.fromkeys(raw.agents, 0.0)
    raw.rewards[agent] = ILLEGAL_REWARD
    raw.terminations = dict.fromkeys(raw.agents, True)
    raw._legal = NO_LEGAL  # nobody may act any more
    for a in raw.agents:
        raw.infos[a] = {**raw.infos[a], "legal": []}
    raw.infos[agent] = {
        **raw.infos[agent],
        "illegal_action": {
            "index": action,
            "action": None if action is None else raw.describe(action),
            "reason": reason,
        },
    }
    pz(raw)._accumulate_rewards()
    pz(raw)._deads_step_first()
