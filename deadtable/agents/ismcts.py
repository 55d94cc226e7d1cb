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

This module holds the agent (its settings, `act`, `analyse`); the tree and the iteration loop are
in deadtable/agents/tree.py (`IsmctsAgent.search` makes one), which the native build compiles.
"""

from __future__ import annotations

import random
import time

from deadtable.core import Action, Agent, Game, SeatInfo
from deadtable.i18n import N_

from .tree import Search, Settings

DEFAULT_ITERATIONS = 1000


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
        search = self.search(seat_info, rng)
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
        actions = seat_info.legal_actions
        return dict(zip(actions, search.root_statistics(actions), strict=True))

    def search(self, seat_info: SeatInfo, rng: random.Random) -> Search:
        """A new search of this decision with this agent's settings (deadtable/agents/tree.py)."""
        first = seat_info.sample(random.Random(0))  # the game object comes with a sample
        wants = self.rollout == "heuristic" or bool(self.guide)
        heuristic = self.game_heuristic(first.game) if wants else None
        return Search(self.settings(), seat_info, rng, first, heuristic)

    def settings(self) -> Settings:
        """The settings the search loop reads (deadtable/agents/tree.py)."""
        return Settings(
            exploration=self.exploration,
            tree_depth=self.tree_depth,
            rollout_depth=self.rollout_depth,
            rollout_turns=self.rollout_turns,
            guide=self.guide,
            heuristic_rollout=self.rollout == "heuristic",
        )


def _heuristic(the_game: Game) -> Agent | None:
    """The game's own heuristic agent (named "heuristic", else its first), or None."""
    own = the_game.agents()
    if not own:
        return None
    factory = own.get("heuristic") or own[sorted(own)[0]]
    return factory()
