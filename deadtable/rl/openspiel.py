"""Every registered deadtable game as an OpenSpiel Python game (`pyspiel.register_game`).

>>> import pyspiel
>>> from deadtable.rl.openspiel import register_all, short_name
>>> names = register_all()
>>> g = pyspiel.load_game(short_name("carson-zoo"), {"players": 3})
>>> g.num_players(), g.num_distinct_actions()
(3, 180)

- Names: `deadtable_<id with underscores>` (`deadtable_carson_zoo`); parameters `players` (default
  the game's minimum), `seed` (default 0) and each of the game's own options with its default.
- Actions: the indices of `deadtable.rl.actions.ActionEncoder` (the game's fixed action list, or
  the generic sorted-legal-actions index), listed in ascending order as OpenSpiel wants.
- Chance: the game type is SAMPLED_STOCHASTIC. The deadtable contract hides chance inside each
  state's own seeded generator (shuffles, draws, who starts); it never lists chance outcomes with
  their probabilities, which OpenSpiel's explicit chance nodes would need. So chance is sampled by
  that generator, as in OpenSpiel's own sampled-stochastic games: the k-th new game of a loaded
  game plays the k-th seed drawn from `seed`, and a clone carries its generator along.
- Information states and observations: the JSON text of `state.view(player)` (keys sorted) for the
  strings, and the flat vector of `deadtable.rl.observation` for the tensors. Views carry everything
  a seat knows, so both are built from the view and nothing else.
- Returns: +1 per winner, -1 per other seat, all 0 when every seat shares the win (GENERAL_SUM).
- ISMCTS: `ismcts_resampler(seed)` gives OpenSpiel's `ISMCTSBot.set_resampler` a function that
  draws a full state consistent with the seat's information through `State.determinize`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from deadtable.core import Game, State, game, games

from .actions import ActionEncoder
from .observation import ObservationLayout, observation_layout
from .probe import probe
from .rewards import terminal_rewards

PREFIX = "deadtable_"
LENGTH_MARGIN = 4  # max_game_length = LENGTH_MARGIN x the longest probed game + LENGTH_SLACK
LENGTH_SLACK = 100
_RESERVED = ("players", "seed")


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


class _Held:
    """A deadtable state and its OpenSpiel game.

    OpenSpiel's Clone() deep-copies every attribute of a Python state: this clones the deadtable
    state (cheap, shares card data) and shares the game (which cannot be copied).
    """

    __slots__ = ("game", "state")

    def __init__(self, game: DeadtableSpielGame, state: State | None) -> None:
        self.game = game
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game, self.state.clone() if self.state is not None else None)


class DeadtableSpielGame(pyspiel.Game):
    """One deadtable game with its parameters; see the module doc."""

    game_type: pyspiel.GameType  # set on the per-game subclass that `register` makes
    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        g = game(self.game_id)
        self.dgame = g
        self.dplayers = int(params.get("players", g.min_players))
        self.doptions = {o.name: params[o.name] for o in g.options if o.name in params}
        self.dgame.new(self.dplayers, 0, **self.doptions)  # refuses bad settings up front
        self.encoder = ActionEncoder.for_game(g, self.dplayers, self.doptions)
        self.layout: ObservationLayout = observation_layout(g, self.dplayers, self.doptions)
        longest = probe(g, self.dplayers, self.doptions).max_length
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.size,
            max_chance_outcomes=0,
            num_players=self.dplayers,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=LENGTH_MARGIN * longest + LENGTH_SLACK,
        )
        super().__init__(self.game_type, info, params)
        self._seeds = random.Random(int(params.get("seed", 0)))

    def new_initial_state(self) -> DeadtableSpielState:
        return DeadtableSpielState(self, None)

    def next_seed(self) -> int:
        return self._seeds.getrandbits(63)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return ViewObserver(self.layout)


class DeadtableSpielState(pyspiel.State):
    """A deadtable state behind OpenSpiel's State API."""

    def __init__(self, spiel_game: DeadtableSpielGame, state: State | None) -> None:
        super().__init__(spiel_game)
        # A fresh state is created lazily: OpenSpiel's Clone() builds an initial state and then
        # overwrites its attributes, and that must neither cost a deal nor consume a seed.
        self._held = _Held(spiel_game, state)

    @property
    def dstate(self) -> State:
        """The deadtable state (created on first use with the game's next seed)."""
        held = self._held
        if held.state is None:
            g = held.game
            held.state = g.dgame.new(g.dplayers, g.next_seed(), **g.doptions)
        return held.state

    def current_player(self) -> int:
        p = self.dstate.current_player
        return pyspiel.PlayerId.TERMINAL if p is None else p

    def _legal_actions(self, player: int) -> list[int]:
        s = self.dstate
        if s.current_player != player:
            return []
        return sorted(self._held.game.encoder.legal(s)[0])

    def _apply_action(self, action: int) -> None:
        s = self.dstate
        s.apply_trusted(self._held.game.encoder.decode(s, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        enc = self._held.game.encoder
        if enc.fixed:
            return enc.describe(action)
        s = self.dstate
        try:
            return str(enc.decode(s, int(action)))
        except Exception:
            return enc.describe(action)

    def is_terminal(self) -> bool:
        return self.dstate.is_terminal

    def returns(self) -> list[float]:
        s = self.dstate
        return terminal_rewards(s) if s.is_terminal else [0.0] * s.players

    def resample(self, player: int, rng: random.Random) -> DeadtableSpielState:
        """A state drawn from what `player` knows (`State.determinize`), as an OpenSpiel state."""
        return DeadtableSpielState(self._held.game, self.dstate.determinize(player, rng))

    def __str__(self) -> str:
        return json.dumps(self.dstate.view(None), sort_keys=True)


class ViewObserver:
    """OpenSpiel's PyObserver from a seat's view: JSON text, and the flat vector as the tensor."""

    def __init__(self, layout: ObservationLayout) -> None:
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DeadtableSpielState, player: int) -> None:
        self.tensor[:] = self.layout.encode(state.dstate, player)

    def string_from(self, state: DeadtableSpielState, player: int) -> str:
        return json.dumps(state.dstate.view(player), sort_keys=True, separators=(",", ":"))


def _game_type(g: Game) -> pyspiel.GameType:
    spec: dict[str, Any] = {"players": g.min_players, "seed": 0}
    for o in g.options:
        if o.name in _RESERVED or o.default is None:
            continue  # OpenSpiel parameters cannot be null; such options keep their default
        spec[o.name] = o.default
    return pyspiel.GameType(
        short_name=short_name(g.id),
        long_name=f"deadtable {g.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=g.max_players,
        min_num_players=g.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


def register(game_id: str) -> str:
    """Register one game with OpenSpiel (once per process); returns its short name."""
    name = short_name(game_id)
    if name in pyspiel.registered_names():
        return name
    game_type = _game_type(game(game_id))
    # OpenSpiel keeps the factory until the process ends; a class (not a closure) outlives the
    # interpreter's shutdown safely, a closure crashes it ("PyThreadState_Get ... GIL released").
    cls = type(
        f"DeadtableSpielGame_{name}", (DeadtableSpielGame,), {"game_type": game_type, "game_id": game_id}
    )
    pyspiel.register_game(game_type, cls)
    return name


def register_all() -> list[str]:
    """Register every installed deadtable game; returns the short names."""
    return [register(g.id) for g in games()]


def ismcts_resampler(seed: int = 0) -> Callable[[DeadtableSpielState, int], DeadtableSpielState]:
    """A resampler for `open_spiel.python.algorithms.ismcts.ISMCTSBot.set_resampler`."""
    rng = random.Random(seed)

    def resample(state: DeadtableSpielState, player: int) -> DeadtableSpielState:
        return state.resample(player, rng)

    return resample
