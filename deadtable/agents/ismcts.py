"""Information-Set Monte Carlo Tree Search (after Cowling, Powley and Whitehouse 2012).

Each iteration draws a fresh determinization of the seat's information (`SeatInfo.sample`), walks
the tree choosing by UCB among the actions available in that determinization (counting how often
each action was available, so rarely-possible actions are not over-explored), adds one node, plays
the rest out (random or the game's heuristic agent) up to a depth cap in actions
(`rollout_depth`) or in turns (`rollout_turns`), scores the end with the outcome or
`game.evaluate`, and backs the per-seat rewards up the path. With `guide` > 0 each new node asks
the game's heuristic agent for its choice, which is tried first and gets an exploration bonus
that fades as it is visited (progressive bias): the search then starts from the heuristic's play.
A decision the game calls routine (`Game.routine(view)`, measured per game) is left to the game's
heuristic agent unless `routine=search` (in Zombie Overlord, the card effects' questions).

With `sweep` an iteration is one determinization on which every root action is played, each
continued with a copy of the same rollout rng (common random numbers): the actions' means differ by
what the actions do, not by the luck of separate samples, which is what lets a handful of samples
compare purchases. `tree_depth` caps the decisions the tree takes before the rollout policy plays
(1: the root only, a one-step lookahead over the rollout policy). A game's measured settings
(`Game.search_settings`, applied by `make_agent`) are the agent's defaults for that game.

Nodes are keyed by (seat to act, that seat's information: `State.information_key`, a function of its
view), not by the moves that led there. So a node is an information set of the seat that acts at it:
when Overlords-style simultaneous choices are committed one after another in secret, the seat that
commits second has the same node whatever the first one chose (its view does not show it), and
cannot answer a choice it has not seen. The same holds for the searching seat's own later decisions.
A determinized state is the only state the search touches; the agent never holds the real one.

With an iteration budget the agent is reproducible: the same SeatInfo (hence the same view and
sampler) and the same `rng` state give the same action. A time budget trades that for speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable

from deadtable.core import Action, Agent, Game, SeatInfo, State
from deadtable.i18n import N_

DEFAULT_ITERATIONS = 1000


class _Edge:
    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class _Node:
    """An information set of the seat to act: statistics of each action tried from it."""

    __slots__ = ("edges", "hint")

    def __init__(self) -> None:
        self.edges: dict[Action, _Edge] = {}
        self.hint: Action | None = None  # the game's heuristic's choice here, when guided


def _signature(state: State, seat: int) -> Hashable:
    # The game's fingerprint of the seat's information (by default the text of its view, which
    # the game builds in a fixed key order; games give cheaper tuples of the same facts).
    return (seat, state.information_key(seat))


class IsmctsAgent:
    """IS-MCTS with UCB1; settings are plain attributes (`ismcts:iterations=300` in simulate)."""

    name = "ismcts"

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout: str = "random",
        rollout_depth: int = 4,
        rollout_turns: int = 0,
        guide: float = 0.0,
        routine: str = "heuristic",
        sweep: bool = False,
        tree_depth: int = 0,
    ) -> None:
        self.routine = routine
        self.sweep = sweep
        self.tree_depth = tree_depth
        self._heuristics: dict[str, Agent | None] = {}
        self.rollout_turns = rollout_turns
        self.guide = guide
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.check_settings()
        self.last_iterations = 0  # how many iterations the last move ran (benchmarks read it)

    def check_settings(self) -> None:
        if self.iterations < 1:
            raise ValueError(N_("iterations must be at least 1"))
        if self.time_limit is not None and self.time_limit <= 0:
            raise ValueError(N_("time_limit must be positive seconds"))
        if self.rollout not in ("random", "heuristic"):
            raise ValueError(N_("rollout is random or heuristic"))
        if self.rollout_depth < 0:
            raise ValueError(N_("rollout_depth cannot be negative"))
        if self.rollout_turns < 0:
            raise ValueError(N_("rollout_turns cannot be negative"))
        if self.guide < 0:
            raise ValueError(N_("guide cannot be negative"))
        if self.tree_depth < 0:
            raise ValueError(N_("tree_depth cannot be negative"))
        if self.routine not in ("heuristic", "search"):
            raise ValueError(N_("routine is heuristic or search"))

    def adopt(self, the_game: Game) -> None:
        """Take the game's measured search settings (`Game.search_settings`); a user's come after."""
        for key, value in the_game.search_settings().items():
            if key.startswith("_") or not hasattr(self, key) or callable(getattr(self, key)):
                raise ValueError(f"{the_game.id}: search_settings names no ismcts setting {key!r}")
            setattr(self, key, value)
        self.check_settings()

    # -- the agent protocol ----------------------------------------------------------------
    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        actions = seat_info.legal_actions
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        if self.routine == "heuristic":
            heuristic = self._routine_heuristic(seat_info)
            if heuristic is not None:
                self.last_iterations = 0
                return heuristic.act(seat_info, rng)
        stats = self.analyse(seat_info, rng)
        # The most visited action; ties go to the better mean, then to the listed order.
        best = max(range(len(actions)), key=lambda i: (*stats[actions[i]], -i))
        return actions[best]

    def _routine_heuristic(self, info: SeatInfo) -> Agent | None:
        """The game's heuristic when the game calls this decision routine, else None."""
        the_game = info.sample(random.Random(0)).game  # the game object comes with a sample
        return self.game_heuristic(the_game) if the_game.routine(info.view) else None

    def game_heuristic(self, the_game: Game) -> Agent | None:
        """The game's own heuristic agent (see `_heuristic`), made once per game: it keeps no state."""
        if the_game.id not in self._heuristics:
            self._heuristics[the_game.id] = _heuristic(the_game)
        return self._heuristics[the_game.id]

    def analyse(self, seat_info: SeatInfo, rng: random.Random) -> dict[Action, tuple[int, float]]:
        """Search, then (visits, mean reward for the seat) of each legal action at the root."""
        search = _Search(self, seat_info, rng)
        step = search.sweep if self.sweep else search.iterate
        if self.time_limit is not None:
            deadline = time.perf_counter() + self.time_limit
            n = 0
            while True:
                step()
                n += 1
                if time.perf_counter() >= deadline:
                    break
        else:
            n = self.iterations
            for _ in range(n):
                step()
        self.last_iterations = n
        root = search.table.get(search.root_key)
        out: dict[Action, tuple[int, float]] = {}
        for a in seat_info.legal_actions:
            edge = root.edges.get(a) if root is not None else None
            out[a] = (edge.visits, edge.total / edge.visits) if edge and edge.visits else (0, 0.0)
        return out


class _Search:
    """The statistics of one decision: nodes by information set, and the iteration loop."""

    def __init__(self, agent: IsmctsAgent, info: SeatInfo, rng: random.Random) -> None:
        self.agent = agent
        # The game object comes with the samples, so games outside the registry work too.
        first = info.sample(random.Random(0))
        self.game: Game = first.game
        self.root_key = _signature(first, info.seat)  # every sample has the seat's information
        self.info = info
        self.rng = rng
        self.players = info.players
        self.table: dict[Hashable, _Node] = {}
        self.c = agent.exploration
        self.low = math.inf  # the range of rewards backed up so far
        self.high = -math.inf
        self.policy: Callable[[State, list[Action], random.Random], Action] = self._random_policy
        self.guide = 0.0
        if agent.rollout == "heuristic" or agent.guide:
            heuristic = agent.game_heuristic(self.game)
            if heuristic is not None:
                self.heuristic = heuristic
                self.guide = agent.guide
                if agent.rollout == "heuristic":
                    self.policy = self._heuristic_policy

    def iterate(self) -> None:
        """One iteration: a fresh determinization walked down the tree from the root."""
        self._descend(self.info.sample(self.rng), [], self.rng)

    def sweep(self) -> None:
        """One determinization with every root action played on it (`sweep`): the actions meet the
        same hidden cards and the same rollout luck (common random numbers), so their means differ
        by what the actions do, not by the draw; an iteration then costs one rollout per action."""
        rng = self.rng
        base = self.info.sample(rng)
        seed = rng.getrandbits(64)
        seat = self.info.seat
        root = self.table.get(self.root_key)
        if root is None:
            root = self.table[self.root_key] = _Node()
        for action in self.info.legal_actions:
            edge = root.edges.get(action)
            if edge is None:
                edge = root.edges[action] = _Edge()
            edge.avail += 1
            state = base.clone()
            state.apply_trusted(action)
            # Turns are counted from the root, so "end turn" is scored at the same moment as the
            # actions that go on with the turn (counted from after it, it would be scored a
            # whole turn later, with that turn's attacks in its favour).
            self._descend(state, [(edge, seat)], random.Random(seed), seat)

    def _descend(
        self, state: State, path: list[tuple[_Edge, int]], rng: random.Random, since: int | None = None
    ) -> None:
        table = self.table
        depth = self.agent.tree_depth
        c = self.c
        guide = self.guide
        # Selection and expansion: walk known information sets; stop after the first new try (or
        # at `tree_depth` decisions, where the rollout policy takes over).
        while not state.is_terminal and not (depth and len(path) >= depth):
            seat = state.current_player
            assert seat is not None
            actions = state.legal_actions()
            if len(actions) == 1:  # a forced move needs no statistics
                state.apply_trusted(actions[0])
                continue
            key = _signature(state, seat)
            node = table.get(key)
            if node is None:
                node = table[key] = _Node()
                if guide:
                    node.hint = self._heuristic_policy(state, actions, rng)
            edges = node.edges
            hint = node.hint
            untried = []
            for a in actions:
                e = edges.get(a)
                if e is None:
                    e = edges[a] = _Edge()
                e.avail += 1
                if not e.visits:
                    untried.append(a)
            if untried:
                if hint is not None and hint in untried:
                    action = hint
                else:
                    action = untried[rng.randrange(len(untried))]
                path.append((edges[action], seat))
                state.apply_trusted(action)
                break
            best_value = -math.inf
            action = actions[0]
            ties = 0
            # Means are rescaled to the range of rewards seen so far in this search (as MuZero
            # does), so a game whose evaluation moves by 0.02 still steers the search.
            lo = self.low
            scale = 1.0 / (self.high - lo) if self.high > lo else 0.0
            for a in actions:
                e = edges[a]
                mean = (e.total / e.visits - lo) * scale if scale else 0.5
                value = mean + c * math.sqrt(math.log(e.avail) / e.visits)
                if a == hint:
                    value += guide * math.sqrt(e.avail) / (1 + e.visits)
                if value > best_value + 1e-12:
                    best_value, action, ties = value, a, 1
                elif value >= best_value - 1e-12:
                    # Equal values are broken at random: with a fixed order, two seats choosing
                    # in secret can fall into lockstep and one "answers" the other by accident.
                    ties += 1
                    if rng.randrange(ties) == 0:
                        action = a
            path.append((edges[action], seat))
            state.apply_trusted(action)
        rewards = self._playout(state, rng, since)
        for r in rewards:
            if r < self.low:
                self.low = r
            if r > self.high:
                self.high = r
        for edge, seat in path:
            edge.visits += 1
            edge.total += rewards[seat]

    def _playout(self, state: State, rng: random.Random, since: int | None = None) -> list[float]:
        # The rollout counts actions (`rollout_depth`), or with `rollout_turns` turns: a turn is a
        # run of actions by one seat, and it stops when the `turns`-th new seat is to act, so a
        # game whose turns are many small actions is scored between turns.
        turns = self.agent.rollout_turns
        limit = turns or self.agent.rollout_depth
        policy = self.policy
        seat = state.current_player if since is None else since  # `since`: the seat to count from
        count = 0
        while not state.is_terminal:
            if turns:
                now = state.current_player
                if now != seat:
                    count += 1
                    seat = now
            if count >= limit:
                break
            actions = state.legal_actions()
            state.apply_trusted(actions[0] if len(actions) == 1 else policy(state, actions, rng))
            if not turns:
                count += 1
        return self._rewards(state)

    def _rewards(self, state: State) -> list[float]:
        """Each seat's reward in 0..1: the share of the win once over, else the game's evaluation."""
        n = self.players
        if state.is_terminal:
            winners = state.outcome().winners
            share = 1.0 / len(winners) if winners else 0.0
            return [share if s in winners else 0.0 for s in range(n)]
        return [(min(1.0, max(-1.0, v)) + 1.0) / 2.0 for v in self.game.evaluate_all(state)]

    def _random_policy(self, state: State, actions: list[Action], rng: random.Random) -> Action:
        return actions[rng.randrange(len(actions))]

    def _heuristic_policy(self, state: State, actions: list[Action], rng: random.Random) -> Action:
        # The rollout state is already a sample, so the heuristic's sampler redraws from it; its
        # view (without the log, which the games' heuristics never read) is built if it is read.
        info = SeatInfo.lazy(state, tuple(actions))
        return self.heuristic.act(info, rng)


def _heuristic(the_game: Game) -> Agent | None:
    """The game's own heuristic agent (named "heuristic", else its first), or None."""
    own = the_game.agents()
    if not own:
        return None
    factory = own.get("heuristic") or own[sorted(own)[0]]
    return factory()
