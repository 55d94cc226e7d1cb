"""`python -m benchmarks.peer_drivers`: each peer driven the usual way and the way the bench drives it.

Why the bench's peers (benchmarks/peers.py) are driven as they are, measured in one process, in
alternating slices so that a change of the machine's load falls on both sides of each ratio:

- crazy_eights: chance nodes by `zip(*chance_outcomes())` and a weighted draw (the usual way for
  any OpenSpiel game), against a uniform draw from `legal_actions()` (its outcomes are uniform);
- uno: `env.run(is_training=False)` with RLCard's RandomAgent, against its rules (`Round`);
- hearts ISMCTS: OpenSpiel's `RandomRolloutEvaluator` (numpy draws), against the same rollouts
  drawn with Python's `random`.

    python -m benchmarks.peer_drivers              # about 20 s
    python -m benchmarks.peer_drivers --budget 4   # steadier
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from math import floor

from . import peers
from .throughput import clock

Measure = Callable[[float], float | None]  # a budget in seconds -> decisions (or iterations) a second


def crazy_eights_weighted(budget: float) -> float | None:
    """crazy_eights with chance nodes drawn by their probabilities: players' decisions a second."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("crazy_eights", {"players": 2})
    rng = random.Random(0)
    rand = rng.random
    actions = 0
    start = clock()
    while clock() - start < budget:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[floor(rand() * len(legal))])
                actions += 1
    return actions / (clock() - start)


def uno_env_run(budget: float) -> float | None:
    """RLCard's uno through `env.run` and its RandomAgent: players' decisions a second."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    actions = 0
    start = clock()
    while clock() - start < budget:
        trajectories, _payoffs = env.run(is_training=False)
        actions += sum(len(t) // 2 for t in trajectories)  # state, action, state, ...
    return actions / (clock() - start)


def hearts_numpy_rollouts(budget: float) -> float | None:
    """OpenSpiel's ISMCTSBot on hearts with its own RandomRolloutEvaluator: iterations a second."""
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    return peers.openspiel_hearts_ismcts(
        budget, evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    )


def _rate(measure: Callable[[float], peers.Rate | None]) -> Measure:
    def decisions(budget: float) -> float | None:
        rate = measure(budget)
        return rate.actions_per_s if rate is not None else None

    return decisions


PAIRS: list[tuple[str, str, Measure, str, Measure]] = [
    (
        "crazy_eights decisions/s",
        "weighted chance draws",
        crazy_eights_weighted,
        "uniform from legal_actions()",
        _rate(peers.openspiel_crazy_eights),
    ),
    ("uno decisions/s", "env.run, RandomAgent", uno_env_run, "its rules (Round)", _rate(peers.rlcard_uno)),
    (
        "hearts ISMCTS it/s",
        "RandomRolloutEvaluator",
        hearts_numpy_rollouts,
        "Python-random rollouts",
        peers.openspiel_hearts_ismcts,
    ),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m benchmarks.peer_drivers", description=__doc__.splitlines()[0]
    )
    ap.add_argument(
        "--budget", type=float, default=2.0, help="CPU seconds per driver (default 2), in 4 slices"
    )
    args = ap.parse_args(argv)
    print(f"{'peer':<26}{'usual driver':>14}{'bench driver':>14}{'ratio':>8}")
    for subject, usual_name, usual, ours_name, ours in PAIRS:
        a = b = 0.0
        for _ in range(4):  # alternating slices
            x, y = usual(args.budget / 4), ours(args.budget / 4)
            if x is None or y is None:
                break
            a, b = a + x / 4, b + y / 4
        if not a:
            print(f"{subject:<26}not installed (the peers extra)")
            continue
        print(f"{subject:<26}{a:>14,.0f}{b:>14,.0f}{b / a:>7.1f}x")
        print(f"  usual: {usual_name}; bench: {ours_name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
