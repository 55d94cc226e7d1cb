"""Zombie Overlord: the heuristic bot against random play, 2 players, with a 95% confidence interval.

Run: .venv/bin/python benchmarks/zo_heuristic.py [GAMES]   (default 1000; the issue asks > 90%)
Seats alternate, so the heuristic moves first in half the games (the first player is random anyway,
RULINGS ZO-4). Also prints random-play throughput (games per second, one core).
"""

from __future__ import annotations

import math
import random
import sys
import time

from deadtable.agents import RandomAgent
from deadtable.core import seat_info
from deadtable.games.zombie_overlord import GAME
from deadtable.games.zombie_overlord.heuristic import HeuristicAgent


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(games: int) -> None:
    wins = 0
    start = time.process_time()
    for g in range(games):
        state = GAME.new(2, 10_000 + g)
        seat = g % 2
        agents = {seat: HeuristicAgent(), 1 - seat: RandomAgent()}
        rng = random.Random(g)
        while not state.is_terminal:
            p = state.current_player
            assert p is not None
            state.apply(agents[p].act(seat_info(state), rng))
        out = state.outcome()
        wins += out.winners == (seat,)
    lo, hi = wilson(wins, games)
    took = time.process_time() - start
    print(f"heuristic vs random, 2 players: {wins}/{games} = {wins / games:.1%} (95% CI {lo:.1%}-{hi:.1%})")
    print(f"  {took:.1f} s CPU, {games / took:.0f} games/s with the bot (CPU time)")
    start = time.process_time()
    n = 200
    for g in range(n):
        state = GAME.new(2, g)
        r = random.Random(g)
        while not state.is_terminal:
            acts = state.legal_actions()
            state.apply_trusted(acts[r.randrange(len(acts))])
    took = time.process_time() - start
    print(f"random play: {n / took:.0f} games/s (2 players, round limit 60, apply_trusted, CPU time)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
