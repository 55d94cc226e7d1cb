"""The peers, measured in the same run: OpenSpiel's crazy_eights and hearts ISMCTS, RLCard's uno.

Each function returns None when its library is not installed (the `peers` extra).
"""

from __future__ import annotations

import random
import time
from math import floor

from .throughput import Rate


def openspiel_crazy_eights(budget: float, draw: str = "random", seed: int = 0) -> Rate | None:
    """Random full games of OpenSpiel's C++ crazy_eights (2 players), driven from Python.

    The players' actions are drawn as in our random play (`throughput.random_play`, the same
    `draw`); chance nodes (the deal, draws) are sampled from `chance_outcomes()` by their
    probabilities, as any Python driver must; `actions` counts only the players' decisions.
    """
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": 2})
    rng = random.Random(seed)
    rand, randrange = rng.random, rng.randrange
    old_draw = draw == "randrange"  # decided once, as our loop does (throughput.random_play)
    games = actions = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                i = randrange(len(legal)) if old_draw else floor(rand() * len(legal))
                state.apply_action(legal[i])
                actions += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    return Rate(games, actions, time.perf_counter() - start)


def rlcard_uno(budget: float, seed: int = 0) -> Rate | None:
    """RLCard's uno: `env.run(is_training=False)` with its RandomAgent in both seats."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    games = actions = 0
    start = time.perf_counter()
    deadline = start + budget
    while True:
        trajectories, _payoffs = env.run(is_training=False)
        # A trajectory alternates state, action, state, ...: its actions are the odd entries.
        actions += sum(len(t) // 2 for t in trajectories)
        games += 1
        if time.perf_counter() >= deadline:
            break
    return Rate(games, actions, time.perf_counter() - start)


def openspiel_hearts_ismcts(budget: float, simulations: int = 100) -> float | None:
    """OpenSpiel's Python ISMCTSBot on hearts (random rollout evaluator): iterations per second."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    roots = []
    for depth in (40, 70, 100):
        state = game.new_initial_state()
        while state.is_chance_node() or len(state.history()) < depth:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        if len(state.legal_actions()) > 1:
            roots.append(state)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=np.random.RandomState(1))
    done = 0
    spent = 0.0
    while spent < budget:
        for state in roots:
            t = time.perf_counter()
            bot.step(state)
            spent += time.perf_counter() - t
            done += simulations
            if spent >= budget:
                break
    return done / spent if spent else None
