"""Speed of the deadtable games themselves: random play, clone(), IS-MCTS, and the RL wrappers.

Every measurement runs for a budget of CPU seconds and reports a rate per CPU second (`clock`);
games are seeded, so a run plays the same games each time (only the count finished within the
budget varies).

Random play picks each action as `acts[floor(random() * len(acts))]` (`draw="random"`), in our loop
and in the peers' (benchmarks/peers.py): CPython 3.11's `Random.randrange` is two Python functions
and costs about 2,700 instructions a call (`floor(random() * n)` about 900), as much as the rules
of a compiled Zombie Overlord decision, so with it the loop would mostly time the random number
generator. `draw="randrange"` (`python -m
benchmarks --draw randrange`) measures with it, for comparison. The index from `random()` is
uniform but for a bias below n / 2**53.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from math import floor
from typing import Any

from deadtable.core import Game, State, Variant

# Every rate is per CPU second of this process (time.process_time), ours and the peers' alike: on a
# shared machine other programs stretch a run's wall-clock time, not the CPU time it measures.
clock = time.process_time


@dataclass
class Rate:
    games: int
    actions: int
    seconds: float

    @staticmethod
    def add(a: Rate | None, b: Rate | None) -> Rate | None:
        if a is None or b is None:
            return b if a is None else a
        return Rate(a.games + b.games, a.actions + b.actions, a.seconds + b.seconds)

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0


DRAWS = ("random", "randrange")  # how random play draws an action's index (see the module doc)


def random_play(g: Game, variant: Variant, budget: float, draw: str = "random", first_seed: int = 0) -> Rate:
    """Full games by uniform random choice (legal_actions + apply_trusted), as many as fit; games
    are seeded `first_seed`, `first_seed + 1`, ... (a slice of a longer measure goes on from there)."""
    games = actions = 0
    rng = random.Random(12345 + first_seed)
    rand, randrange = rng.random, rng.randrange
    start = clock()
    deadline = start + budget
    seed = first_seed
    while True:
        state = g.new(variant.players, seed, **variant.options)
        legal = state.legal_actions
        apply = state.apply_trusted
        before = len(state.history)
        if draw == "randrange":
            while state.current_player is not None:
                acts = legal()
                apply(acts[randrange(len(acts))])
        else:
            while state.current_player is not None:
                acts = legal()
                apply(acts[floor(rand() * len(acts))])
        actions += len(state.history) - before
        games += 1
        seed += 1
        if clock() >= deadline:
            break
    return Rate(games, actions, clock() - start)


def positions(g: Game, variant: Variant, count: int, seed: int = 7) -> list[State]:
    """`count` positions spread over seeded random games (never terminal)."""
    out: list[State] = []
    rng = random.Random(seed)
    s = 0
    while len(out) < count:
        state = g.new(variant.players, 1000 + s, **variant.options)
        trail = []
        while not state.is_terminal:
            trail.append(state.clone())
            acts = state.legal_actions()
            state.apply_trusted(acts[rng.randrange(len(acts))])
        out.extend(trail[len(trail) // 4 :: max(1, len(trail) // 4)][:3])
        s += 1
    return out[:count]


def clone_cost(g: Game, variant: Variant, budget: float) -> float:
    """Microseconds per `state.clone()` over positions from the whole game."""
    states = positions(g, variant, 12)
    n = 0
    start = clock()
    deadline = start + budget
    while clock() < deadline:
        for s in states:
            s.clone()
            s.clone()
            s.clone()
            s.clone()
        n += 4 * len(states)
    return (clock() - start) / n * 1e6


def ismcts_rate(g: Game, variant: Variant, budget: float, iterations: int = 200) -> float | None:
    """Our IS-MCTS iterations per second (default settings) from mid-game positions; None if absent.

    The plain tree with the agent's own defaults, not a game's `search_settings` (OpenSpiel's
    ISMCTS beside it is a tree too), and every position is searched (`routine="search"`): the
    rate is the search's own speed, also at decisions a game leaves to its heuristic (Game.routine).
    """
    try:
        from deadtable.agents.ismcts import IsmctsAgent
    except ImportError:
        return None
    from deadtable.core import seat_info

    states = [s for s in positions(g, variant, 6, seed=3) if len(s.legal_actions()) > 1]
    agent = IsmctsAgent(iterations=iterations, routine="search")
    done = 0
    spent = 0.0
    rng = random.Random(5)
    while spent < budget:
        for s in states:
            info = seat_info(s, random.Random(1))
            t = clock()
            agent.act(info, rng)
            spent += clock() - t
            done += agent.last_iterations
            if spent >= budget:
                break
    return done / spent if spent else None


@dataclass
class Overhead:
    raw_steps_per_s: float
    env_steps_per_s: float  # raw_env(): no checks
    wrapped_steps_per_s: float  # env(): what a researcher gets, the judged figure

    @property
    def factor(self) -> float:
        """Raw engine steps per step of `env()`."""
        return self.raw_steps_per_s / self.wrapped_steps_per_s if self.wrapped_steps_per_s else float("inf")

    @property
    def raw_env_factor(self) -> float:
        """Raw engine steps per step of `raw_env()`."""
        return self.raw_steps_per_s / self.env_steps_per_s if self.env_steps_per_s else float("inf")


def wrapper_overhead(
    g: Game, variant: Variant, budget: float, draw: str = "random", rounds: int = 5
) -> Overhead | None:
    """Engine steps/s (legal_actions + apply) against PettingZoo steps/s (last() + mask + step).

    The env steps include encoding the observation vector and the mask every step, which is what
    an agent reads; the agent reads the legal indices off the mask (`mask.nonzero()`) and draws
    one as the raw loop draws (`floor(random() * n)`). `wrapped` is `env()`, the environment a
    researcher gets (illegal moves end the episode, PettingZoo's order and bounds checks): its
    ratio is the one judged (`Overhead.factor`); `raw_env()` is measured beside it. The three are measured
    in `rounds` alternating slices, each going on to new games, so a change in the machine's load
    falls on every side of the ratios.
    """
    try:
        from deadtable.rl.pettingzoo import env, raw_env
    except ImportError:
        return None
    kwargs = dict(variant.options)
    envs = [raw_env(g.id, variant.players, **kwargs), env(g.id, variant.players, **kwargs)]
    env_steps, env_seconds, seeds = [0, 0], [0.0, 0.0], [0, 0]
    rand = random.Random(0).random
    raw: Rate | None = None
    part = budget / rounds
    for _ in range(rounds):
        played = raw.games if raw is not None else 0
        raw = Rate.add(raw, random_play(g, variant, part, draw, first_seed=played))
        for k, e in enumerate(envs):
            steps, seconds, seeds[k] = env_slice(e, part, seeds[k], rand)
            env_steps[k] += steps
            env_seconds[k] += seconds
    assert raw is not None
    plain, wrapped = (env_steps[k] / env_seconds[k] for k in range(2))
    return Overhead(raw.actions_per_s, plain, wrapped)


def env_slice(e: Any, budget: float, seed: int, rand: Callable[[], float]) -> tuple[int, float, int]:
    """PettingZoo games of the AEC environment `e` for `budget` CPU seconds, seeded `seed`, `seed + 1`,
    ...: each agent to act reads `last()` and draws a legal index off the mask. Returns the actions
    taken, the CPU seconds spent and the next seed."""
    steps = 0
    start = clock()
    deadline = start + budget
    while clock() < deadline:
        e.reset(seed=seed)
        seed += 1
        for _agent in e.agent_iter():
            obs, _r, term, trunc, _info = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            e.step(int(legal[floor(rand() * len(legal))]))
            steps += 1
    return steps, clock() - start, seed
