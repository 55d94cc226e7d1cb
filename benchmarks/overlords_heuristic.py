"""Overlords: the heuristic agent against random players.

Plays N seeded games per variant (default 2000, 3 players), the heuristic in one seat (rotating
with the seed) and random players in the others, and prints the heuristic's win rate with a 95%
confidence interval (Wilson) beside what a random seat would get. A shared win counts as a share
(OV-7); in the team game the heuristic's teammate is random and a team win counts whole.

    .venv/bin/python benchmarks/overlords_heuristic.py [--games 2000] [--variant 3p|all]
"""

from __future__ import annotations

import argparse
import math
import random
import time

import deadtable
from deadtable.agents import RandomAgent
from deadtable.core import Agent, Variant, seat_info
from deadtable.games.overlords.heuristic import HeuristicAgent

GAME = deadtable.game("overlords")


def play(variant: Variant, seed: int, hero: int) -> float:
    """One seeded game; the heuristic's share of the win (0 to 1)."""
    state = GAME.new(variant.players, seed, **variant.options)
    agents: list[Agent] = [HeuristicAgent() if s == hero else RandomAgent() for s in range(variant.players)]
    rngs = [random.Random(f"{seed}/{s}") for s in range(variant.players)]
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        state.apply(agents[p].act(seat_info(state), rngs[p]))
    winners = state.outcome().winners
    if hero not in winners:
        return 0.0
    sides = {w % 2 for w in winners} if variant.options.get("teams") else set(winners)
    return 1.0 / len(sides)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--variant", default="3p", help="a variant name, or 'all'")
    args = parser.parse_args()
    variants = [v for v in GAME.variants() if args.variant in ("all", v.name)]
    if not variants:
        raise SystemExit(f"no variant {args.variant!r}: {', '.join(v.name for v in GAME.variants())}")
    for v in variants:
        start = time.perf_counter()
        wins = sum(play(v, seed, seed % v.players) for seed in range(args.games))
        low, high = wilson(wins, args.games)
        fair = 0.5 if v.options.get("teams") else 1.0 / v.players
        print(
            f"{v.name:>16}: heuristic wins {wins / args.games:.1%} of {args.games} games "
            f"(95% CI {low:.1%} to {high:.1%}; a random seat: {fair:.1%}) "
            f"in {time.perf_counter() - start:.0f} s"
        )


if __name__ == "__main__":
    main()
