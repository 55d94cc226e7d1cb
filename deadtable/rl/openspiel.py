"""Every registered deadtable game as an OpenSpiel Python game (`pyspiel.register_game`).

>>> import pyspiel
>>> from deadtable.rl.openspiel import register_all, short_name
>>> names = register_all()
>>> g = pyspiel.load_game(short_name("carson-zoo"), {"players": 3})
>>> g.num_players(), g.num_distinct_actions()
(3, 180)

- Names: `deadtable_<id with underscores>` (`deadtable_carson_zoo`); parameters `players` (default
  the game's minimum), `seed` (default 0) and each of the game's own options with its default. A
  game string cannot hold a comma inside a value: a string option's commas may be given, and are
  shown, as ";" (`hired_hands=black knight;thief;...`).
- Actions: the indices of `deadtable.rl.actions.ActionEncoder` (the game's fixed action list, or
  the generic sorted-legal-actions index), listed in ascending order as OpenSpiel wants.
- Chance: the game type is EXPLICIT_STOCHASTIC with one chance node, the deal, at the start. The
  deadtable contract hides chance inside each state's own seeded generator (shuffles, draws, who
  starts) and never lists chance outcomes with their probabilities; what it does offer is that a
  game is a function of its seed and its actions. So the deal node draws one of `DEALS` seeds,
  uniformly: outcome k plays game seed `seed * DEALS + k`, and everything after it is a function of
  the history (a state can be rebuilt by replaying it). Python games cannot be SAMPLED_STOCHASTIC
  and be serialized: pyspiel then asks the game for its RNG state, which Python games cannot give.
- Serialization and pickling: games pickle as their id and parameters (and register themselves
  again when unpickled in a fresh process); states as pyspiel serializes Python states (their
  attributes pickled), so `state.serialize()`, `game.deserialize_state`, `pickle` and
  `pyspiel.serialize_game_and_state` all round-trip.
- Information states (perfect recall): `information_state_string(p)` is the seat's view as JSON
  (keys sorted), then one line per move since the deal: the seat's own action when it played, and
  what it knew after every move (`State.information_key`, a function of its view). The tensor is
  the seat's observation vector now (the PettingZoo one, `deadtable.rl.encoders`) followed by its
  own moves: one slot per move since the deal, the action index it played there (see
  `ViewObserver`), so it recalls every action the seat took and when. Where the game's length
  allows a fixed bound, (max_game_length + 1) observations of at most RECORD_LIMIT floats in all
  (every Carson City Zoo variant: 84,942 to 116,202 floats), it then holds the seat's observation
  vector after the deal and after every move, what the string's trail holds line by line, so it is
  perfect recall as the string is. Elsewhere (Overlords from 207,672 floats, the shedding game from
  165,714, Zombie Overlord from 5.8 million) it holds of the other seats' moves what the
  observation now shows (the string holds every step).
- Observations: `observation_string(p)` is the seat's current view as JSON, the tensor its
  observation vector (`deadtable.rl.encoders`). A public-information observer
  (`IIGObservationType(public_info=True, private_info=PrivateInfoType.NONE, perfect_recall=False)`)
  sees the spectator's view (`state.view(None)`), which shows no hand; a private-information one
  (`public_info=False`, `SINGLE_PLAYER`) what the seat's view adds to it
  (`deadtable.rl.observation.private_part`). Other observation types (public perfect recall, every
  player's private information) are refused with a ValueError.
- Returns: +1 per winner, -1 per other seat, all 0 when every seat shares the win. GENERAL_SUM as
  registered; a loaded 2-player game declares ZERO_SUM (utility sum 0) when the game declares its
  2-player rewards always sum to zero (`Game.game_type`, declared beside each game with its reason).
  The chance mode is always EXPLICIT_STOCHASTIC (the deal node above); the information is PERFECT
  only for a game that declares `perfect_information`.
- Resampling: `resample_from_infostate(player, sampler)` and `ismcts_resampler(seed)` (for
  OpenSpiel's `ISMCTSBot.set_resampler`) draw a full state consistent with the seat's information
  through `State.determinize`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from deadtable.core import DeadtableError, Game, State, game, games

from .actions import ActionEncoder
from .encoders import Observer, observer
from .observation import (
    PRIVATE_VIEW,
    PUBLIC_VIEW,
    SEAT_VIEW,
    ObservationLayout,
    observation_layout,
    view_of,
)
from .probe import probe
from .rewards import terminal_rewards

PREFIX = "deadtable_"
LENGTH_MARGIN = 4  # max_game_length = LENGTH_MARGIN x the longest probed game + LENGTH_SLACK
LENGTH_SLACK = 100
DEALS = 1 << 12  # outcomes of the deal chance node; deal k plays game seed `seed * DEALS + k`
_RESERVED = ("players", "seed")
BEFORE_THE_DEAL = "before the deal"
LIST_SEPARATOR = ";"  # stands for "," in string parameters (see DeadtableSpielGame.__init__)


def _escaped(value: Any) -> Any:
    return value.replace(",", LIST_SEPARATOR) if isinstance(value, str) else value


def _unescaped(value: Any) -> Any:
    return value.replace(LIST_SEPARATOR, ",") if isinstance(value, str) else value


def short_name(game_id: str) -> str:
    return PREFIX + game_id.replace("-", "_")


def load(game_id: str, params: dict[str, Any]) -> DeadtableSpielGame:
    """Register `game_id` if needed and load it (what an unpickled game calls)."""
    loaded = pyspiel.load_game(register(game_id), params)
    assert isinstance(loaded, DeadtableSpielGame)
    return loaded


# Per seat: (move number since the deal, action index) of each move the seat made.
OwnMoves = list[list[tuple[int, int]]]
# Per seat: its observation vector after the deal and after every move since (games that record).
Seen = list[list[np.ndarray]]
# A seat's information-state tensor records its observation after the deal and after every move
# when (max_game_length + 1) x the observation size is at most this many floats (see the module doc).
RECORD_LIMIT = 1 << 17


class _Held:
    """A deadtable state (None before the deal), each seat's trail, own moves and (in a game that
    records them, `DeadtableSpielGame.recorded`) observations since the deal, and the game.

    OpenSpiel's Clone() deep-copies every attribute of a Python state: this clones the deadtable
    state (cheap, shares card data), copies the lists of trails (shared strings), own moves and
    observations (shared arrays, never changed once made), and shares the game (which cannot be
    copied). Pickling keeps the game as its id and parameters (`__reduce__`).
    """

    __slots__ = ("game", "moves", "own", "seen", "state", "trails")

    def __init__(
        self,
        game: DeadtableSpielGame,
        state: State | None,
        trails: list[list[str]] | None = None,
        own: OwnMoves | None = None,
        moves: int = 0,
        seen: Seen | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.trails: list[list[str]] = trails if trails is not None else [[] for _ in range(game.dplayers)]
        self.own: OwnMoves = own if own is not None else [[] for _ in range(game.dplayers)]
        self.moves = moves  # moves since the deal
        self.seen: Seen = seen if seen is not None else [[] for _ in range(game.dplayers)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(
            self.game,
            self.state.clone() if self.state is not None else None,
            [list(t) for t in self.trails],
            [list(m) for m in self.own],
            self.moves,
            [list(v) for v in self.seen],
        )

    def __getstate__(self) -> tuple[DeadtableSpielGame, State | None, list[list[str]], OwnMoves, int, Seen]:
        return (self.game, self.state, self.trails, self.own, self.moves, self.seen)

    def __setstate__(
        self, data: tuple[DeadtableSpielGame, State | None, list[list[str]], OwnMoves, int, Seen]
    ) -> None:
        self.game, self.state, self.trails, self.own, self.moves, self.seen = data


class DeadtableSpielGame(pyspiel.Game):
    """One deadtable game with its parameters; see the module doc."""

    game_type: pyspiel.GameType  # set on the per-game subclass that `register` makes
    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        # OpenSpiel's game strings cannot hold a comma inside a value: the game keeps its string
        # options with LIST_SEPARATOR for each comma (so it serializes), and the deadtable game
        # gets them back with commas (a list of Hired Hands, of cards).
        params = {k: _escaped(v) for k, v in (params or {}).items()}
        g = game(self.game_id)
        self.dgame = g
        self.dparams = params
        self.dplayers = int(params.get("players", g.min_players))
        self.dseed = int(params.get("seed", 0))
        self.doptions = {o.name: _unescaped(params[o.name]) for o in g.options if o.name in params}
        self.dgame.new(self.dplayers, 0, **self.doptions)  # refuses bad settings up front
        self.encoder = ActionEncoder.for_game(g, self.dplayers, self.doptions)
        self.layout: Observer = observer(g, self.dplayers, self.doptions)  # the seat's observation
        self.deal_outcomes = [(k, 1.0 / DEALS) for k in range(DEALS)]
        longest = probe(g, self.dplayers, self.doptions).max_length
        length = LENGTH_MARGIN * longest + LENGTH_SLACK
        # Observations a seat's information-state tensor records (after the deal and every move),
        # 0 where that many would not fit RECORD_LIMIT.
        self.recorded = length + 1 if (length + 1) * self.layout.size <= RECORD_LIMIT else 0
        zero_sum = self.dplayers == 2 and g.game_type.zero_sum
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoder.size,
            max_chance_outcomes=DEALS,
            num_players=self.dplayers,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=length,
        )
        game_type = _game_type(g, zero_sum=True) if zero_sum else self.game_type
        super().__init__(game_type, info, params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (load, (self.game_id, self.dparams))

    def new_initial_state(self) -> DeadtableSpielState:
        return DeadtableSpielState(self, None)

    def deal(self, outcome: int) -> State:
        """The deadtable game that the deal outcome `outcome` plays (see the module doc)."""
        return self.dgame.new(self.dplayers, self.dseed * DEALS + outcome, **self.doptions)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            return ViewObserver(self, SEAT_VIEW)
        private = iig_obs_type.private_info
        public = iig_obs_type.public_info
        recall = iig_obs_type.perfect_recall
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and public:
            return ViewObserver(self, SEAT_VIEW, perfect_recall=recall)
        if not recall and private == pyspiel.PrivateInfoType.NONE and public:
            return ViewObserver(self, PUBLIC_VIEW)
        if not recall and private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return ViewObserver(self, PRIVATE_VIEW)
        raise ValueError(
            f"{self.game_id}: observation type (perfect_recall={recall}, public_info={public}, "
            f"private_info={private}) is not supported"
        )


class DeadtableSpielState(pyspiel.State):
    """A deadtable state behind OpenSpiel's State API: the deal (a chance node), then the game."""

    def __init__(
        self,
        spiel_game: DeadtableSpielGame,
        state: State | None,
        trails: list[list[str]] | None = None,
        own: OwnMoves | None = None,
        moves: int = 0,
        seen: Seen | None = None,
    ) -> None:
        super().__init__(spiel_game)
        self._held = _Held(spiel_game, state, trails, own, moves, seen)

    @property
    def dstate(self) -> State:
        """The deadtable state (once dealt)."""
        state = self._held.state
        if state is None:
            raise DeadtableError("the game is not dealt yet (a chance node)")
        return state

    @property
    def dealt(self) -> bool:
        return self._held.state is not None

    def current_player(self) -> int:
        state = self._held.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        p = state.current_player
        return pyspiel.PlayerId.TERMINAL if p is None else p

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.game.deal_outcomes if self._held.state is None else []

    def _legal_actions(self, player: int) -> list[int]:
        s = self._held.state
        if s is None or s.current_player != player:
            return []
        return sorted(self._held.game.encoder.legal(s)[0])

    def _apply_action(self, action: int) -> None:
        held = self._held
        s = held.state
        if s is None:
            held.state = s = held.game.deal(int(action))
        else:
            seat = s.current_player
            assert seat is not None
            act = held.game.encoder.decode(s, int(action))
            held.trails[seat].append(f"you: {act}")
            held.own[seat].append((held.moves, int(action)))
            held.moves += 1
            s.apply_trusted(act)
        for p, trail in enumerate(held.trails):
            trail.append(repr(s.information_key(p)))
        if held.game.recorded:
            encode = held.game.layout.encode
            for p, seen in enumerate(held.seen):
                seen.append(encode(s, p))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        enc = self._held.game.encoder
        if enc.fixed:
            return enc.describe(action)
        s = self.dstate
        try:
            return str(enc.decode(s, int(action)))
        except DeadtableError:
            return enc.describe(action)

    def is_terminal(self) -> bool:
        s = self._held.state
        return s is not None and s.is_terminal

    def returns(self) -> list[float]:
        s = self._held.state
        if s is None or not s.is_terminal:
            return [0.0] * self._held.game.dplayers
        return terminal_rewards(s)

    def resample(self, player: int, rng: random.Random) -> DeadtableSpielState:
        """A state drawn from what `player` knows (`State.determinize`), as an OpenSpiel state.

        `player`'s trail is kept; the other seats' trails start again at the sample, with what they
        would know in it (their past in the sample is unknown to `player`).
        """
        held = self._held
        if held.state is None:
            return DeadtableSpielState(held.game, None)
        sample = held.state.determinize(player, rng)
        trails = [
            list(t) if p == player else ["(resampled)", repr(sample.information_key(p))]
            for p, t in enumerate(held.trails)
        ]
        own = [list(m) if p == player else [] for p, m in enumerate(held.own)]
        seen = [
            list(v) if p == player or not held.game.recorded else [held.game.layout.encode(sample, p)]
            for p, v in enumerate(held.seen)
        ]
        return DeadtableSpielState(held.game, sample, trails, own, held.moves, seen)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> DeadtableSpielState:
        """OpenSpiel's resampling: `resample` with a generator seeded from the sampler's draws."""
        seed = int(probability_sampler() * 2**53) ^ (int(probability_sampler() * 2**53) << 53)
        return self.resample(player_id, random.Random(seed))

    def __str__(self) -> str:
        s = self._held.state
        return BEFORE_THE_DEAL if s is None else json.dumps(s.view(None), sort_keys=True)


class ViewObserver:
    """OpenSpiel's PyObserver (see the module doc): JSON text of a view, a flat vector as tensor.

    `kind` (`deadtable.rl.observation.view_of`): SEAT_VIEW (the seat's view; the tensor is the
    PettingZoo observation, `deadtable.rl.encoders`), PUBLIC_VIEW (the spectator's: public
    information only) or PRIVATE_VIEW (what the seat's view adds to it), whose tensors flatten those
    views (`deadtable.rl.observation`). With `perfect_recall` (SEAT_VIEW only), the string adds the
    seat's trail since the deal, and the tensor adds the seat's own moves: one slot per move since
    the deal (`max_game_length` of them), (index + 1) / `num_distinct_actions` where the seat made
    that move with that action index, 0 where another seat moved (`dict["own_moves"]`); then, in a
    game that records them (`DeadtableSpielGame.recorded`), the seat's observation vector after the
    deal and after every move since, one row each (`dict["seen"]`, `max_game_length + 1` rows, all
    zero past the moves made).
    """

    def __init__(self, spiel_game: DeadtableSpielGame, kind: str, *, perfect_recall: bool = False) -> None:
        self.kind = kind
        self.perfect_recall = perfect_recall
        g, players, options = spiel_game.dgame, spiel_game.dplayers, spiel_game.doptions
        if kind == SEAT_VIEW:
            self.layout: Observer = observer(g, players, options)
        else:
            self.layout = observation_layout(g, players, options, kind)
        self.actions = spiel_game.encoder.size
        size = self.layout.size
        history = spiel_game.max_game_length() if perfect_recall else 0
        rows = spiel_game.recorded if perfect_recall and kind == SEAT_VIEW else 0
        self.tensor = np.zeros(size + history + rows * size, np.float32)
        self.dict = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["own_moves"] = self.tensor[size : size + history]
        if rows:
            self.dict["seen"] = self.tensor[size + history :].reshape(rows, size)

    def set_from(self, state: DeadtableSpielState, player: int) -> None:
        held = state._held
        s = held.state
        self.tensor[:] = 0.0
        if s is None:
            return
        observation = self.dict["observation"]
        if self.kind == SEAT_VIEW:
            observation[:] = self.layout.encode(s, player)
        else:
            layout = self.layout
            assert isinstance(layout, ObservationLayout)
            observation[:] = layout.encode_view(view_of(s, player, self.kind))
        if self.perfect_recall:
            own = self.dict["own_moves"]
            scale = 1.0 / self.actions
            for move, index in held.own[player]:
                if move < len(own):
                    own[move] = (index + 1) * scale
            if "seen" in self.dict:
                rows = self.dict["seen"]
                seen = held.seen[player][: len(rows)]
                if seen:
                    rows[: len(seen)] = seen

    def string_from(self, state: DeadtableSpielState, player: int) -> str:
        s = state._held.state
        if s is None:
            return BEFORE_THE_DEAL
        # The seat's view keeps its narration in the string, for people reading it.
        view = s.view(player) if self.kind == SEAT_VIEW else view_of(s, player, self.kind)
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            return "\n".join([text, *state._held.trails[player]])
        return text


def _game_type(g: Game, *, zero_sum: bool = False) -> pyspiel.GameType:
    spec: dict[str, Any] = {"players": g.min_players, "seed": 0}
    for o in g.options:
        if o.name in _RESERVED or o.default is None:
            continue  # OpenSpiel parameters cannot be null; such options keep their default
        spec[o.name] = o.default
    return pyspiel.GameType(
        short_name=short_name(g.id),
        long_name=f"deadtable {g.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if g.game_type.perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
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
