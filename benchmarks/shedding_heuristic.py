"""Zombie shedding game: the heuristic agent against random in Duel.

Plays N seeded Duel games (default 2000), the heuristic taking seat 0 in even games and seat 1 in
odd ones, and prints its win rate with a 95% confidence interval (Wilson). Ties count half.

    .venv/bin/python benchmarks/shedding_heuristic.py [games]
"""

from __future__ import annotations

import math
import random
import sys
import time

import deadtable
from deadtable.agents import RandomAgent
from deadtable.core import Agent, State, seat_info
from deadtable.games.zombie_shedding.heuristic import HeuristicAgent


def play(seed: int, agents: list[Agent]) -> State:
    """One seeded Duel game between `agents` (by seat)."""
    state = deadtable.game("zombie-shedding").new(2, seed, mode="duel")
    rngs = [random.Random(f"{seed}/{s}") for s in range(2)]
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        state.apply(agents[p].act(seat_info(state), rngs[p]))
    return state


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(games: int = 2000) -> None:
    start = time.perf_counter()
    wins = 0.0
    for seed in range(games):
        hseat = seed % 2
        agents: list[Agent] = [RandomAgent(), RandomAgent()]
        agents[hseat] = HeuristicAgent()
        out = play(seed, agents).outcome()
        if hseat in out.winners:
            wins += 1.0 / len(out.winners)
    lo, hi = wilson(wins, games)
    took = time.perf_counter() - start
    print(f"heuristic vs random, Duel, {games} games: win rate {wins / games:.3f} (95% CI {lo:.3f}-{hi:.3f})")
    print(f"{took:.1f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
