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
(1: the root only, a one-step lookahead over the rollout policy). A game's measured settings for the
table's player count and options (`Game.search_settings(players, options)`, applied by `adopt`
and refitted at the first decision of a table of another size) are the agent's defaults there.

With more than two seats, every seat's reward is backed up at that seat's own edges (max-n: a node
of seat s is steered by s's mean, each seat maximising its own share), so a seat two places behind
is not assumed to play against the searcher alone. `opponents=heuristic` is an opponent model:
the other seats play the game's heuristic inside the tree as in the rollouts, and the tree holds
the searching seat's decisions only. Against tables of heuristic players that is the policy they
play; at 3-4 seats it spends the whole budget on the searcher's choices instead of spreading it
over the other seats' nodes, most of a multi-player tree.

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

import inspect
import random
import time
from typing import Any

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
        opponents: str = "search",
    ) -> None:
        self.opponents = opponents
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
        self._game: Game | None = None  # the game whose search settings it adopted (`adopt`)
        self._adopted: dict[str, Any] = {}  # the values adopting set, by setting
        self._pinned: set[str] | None = None  # settings set after adopting (a user's): never refitted
        self._fitted: tuple[int, dict[str, Any]] | None = None  # the table the settings are for

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
        if self.opponents not in ("search", "heuristic"):
            raise ValueError(N_("opponents is search or heuristic"))

    def adopt(
        self, the_game: Game, players: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Take the game's measured search settings (`Game.search_settings`) for `players` seats and
        `options` (unknown: the game's fewest players, its default options); a user's come after.

        The agent then refits them at each decision whose table has another player count or other
        options (`fit`), so an agent made before its table is known plays that table's settings. A
        setting set since it was adopted (a user's `ismcts:rollout=random`) is never replaced.
        """
        self._game = the_game
        self._adopted = {}
        self._pinned = set()  # from here on, a setting set is a user's
        self._fitted = None
        self.fit(the_game.min_players if players is None else players, options or {})

    def fit(self, players: int, options: dict[str, Any]) -> None:
        """Apply the adopted game's settings for `players` and `options`, if not already applied."""
        if self._game is None or self._fitted == (players, options):
            return
        chosen = self._game.search_settings(players, options)
        for key in chosen:
            if key.startswith("_") or key not in SETTINGS:
                raise ValueError(f"{self._game.id}: search_settings names no ismcts setting {key!r}")
        for key in sorted({*chosen, *self._adopted} - (self._pinned or set())):
            value = chosen.get(key, SETTINGS[key])
            self.__dict__[key] = value  # not through __setattr__, which pins a setting
            self._adopted[key] = value
        self._fitted = (players, dict(options))
        self.check_settings()

    def __setattr__(self, name: str, value: Any) -> None:
        """Set an attribute; a setting set after `adopt` is the user's, pinned against `fit`."""
        pinned = self.__dict__.get("_pinned")
        if pinned is not None and name in SETTINGS:
            pinned.add(name)
        object.__setattr__(self, name, value)

    # -- the agent protocol ----------------------------------------------------------------
    def act(self, seat_info: SeatInfo, rng: random.Random) -> Action:
        actions = seat_info.legal_actions
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        self._fit_to(seat_info)
        if self.routine == "heuristic":
            heuristic = self._routine_heuristic(seat_info)
            if heuristic is not None:
                self.last_iterations = 0
                return heuristic.act(seat_info, rng)
        stats = self.analyse(seat_info, rng)
        # The most visited action; ties go to the better mean, then to the listed order.
        best = max(range(len(actions)), key=lambda i: (*stats[actions[i]], -i))
        return actions[best]

    def _fit_to(self, info: SeatInfo) -> None:
        """`fit` to the table of `info` (its player count and options, which every sample has)."""
        if self._game is not None:
            sample = info.sample(random.Random(0))
            self.fit(sample.players, sample.options)

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
        self.fit(first.players, first.options)
        wants = self.rollout == "heuristic" or bool(self.guide) or self.opponents == "heuristic"
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
            model_opponents=self.opponents == "heuristic",
        )


# Every setting and its default (the settings a game's `search_settings` may name).
SETTINGS: dict[str, Any] = {
    name: parameter.default
    for name, parameter in inspect.signature(IsmctsAgent.__init__).parameters.items()
    if name != "self"
}


def _heuristic(the_game: Game) -> Agent | None:
    """The game's own heuristic agent (named "heuristic", else its first), or None."""
    own = the_game.agents()
    if not own:
        return None
    factory = own.get("heuristic") or own[sorted(own)[0]]
    return factory()
