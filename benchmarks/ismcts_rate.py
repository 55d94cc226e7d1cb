"""The bench's IS-MCTS row alone: our iterations per second against OpenSpiel's hearts ISMCTS.

For each game's first variant, the same measure as `python -m benchmarks` (`throughput.ismcts_rate`:
the agent's defaults, 200 iterations from the bench's positions, every decision searched) between
two slices of OpenSpiel's Python ISMCTS on hearts (`peers.openspiel_hearts_ismcts`), and the
ratio to their mean: the target is 3x in pure Python and 6x compiled. Only the IS-MCTS
row, so a change to the search is measured in a minute instead of the whole bench's run. It
measures the build that runs it (pure Python, or a native build: `PYTHONPATH=build/native:.
python -P -m benchmarks.ismcts_rate`).

    python -P -m benchmarks.ismcts_rate --budget 1 --games zombie-shedding,overlords
    python -P -m benchmarks.ismcts_rate --parts      # where an iteration's time goes, per game

`--parts` times the parts of each iteration on the same positions (wall clock around each part:
run it on a quiet machine) and prints their shares: the determinization (`SeatInfo.sample`), the
tree walk (the moves it applies, each node's legal actions and information key, the agent's own
loop), the rollout's moves, and the score at its end (`Game.evaluate_all` or the outcome).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from deadtable import native
from deadtable.core import Game, State, games, seat_info

from . import peers, throughput


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ismcts_rate", description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="CPU seconds of search per game (default 1)")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    ap.add_argument("--parts", action="store_true", help="where an iteration's time goes, instead")
    args = ap.parse_args(argv)
    chosen = [g for g in games() if not args.games or g.id in args.games.split(",")]
    print(f"build: {native.describe()}")
    if args.parts:
        for g in chosen:
            shares = parts(g)
            print(f"{g.id}: " + ", ".join(f"{k} {v:.0%}" for k, v in shares.items()))
        return 0
    for g in chosen:
        variant = g.variants()[0]
        before = peers.openspiel_hearts_ismcts(args.budget / 2)
        ours = throughput.ismcts_rate(g, variant, args.budget)
        after = peers.openspiel_hearts_ismcts(args.budget / 2)
        found = [h for h in (before, after) if h is not None]
        hearts = sum(found) / len(found) if found else None
        if ours is None:
            print(f"{g.id} {variant.name}: no IS-MCTS agent")
        elif hearts is None:
            print(f"{g.id} {variant.name}: {ours:,.0f} it/s (hearts ISMCTS: no open_spiel)")
        else:
            ratio = ours / hearts
            print(f"{g.id} {variant.name}: {ours:,.0f} it/s, hearts ISMCTS {hearts:,.0f}: {ratio:.2f}x")
    return 0


def parts(g: Game, iterations: int = 200, rounds: int = 3) -> dict[str, float]:
    """The share of an iteration's time in each part (see the module doc), on the bench's positions."""
    from deadtable.agents.ismcts import IsmctsAgent
    from deadtable.agents.tree import Search

    clock = time.perf_counter
    spent = dict.fromkeys(("sample", "tree walk", "rollout", "score"), 0.0)

    class Timed(Search):
        def iterate(self) -> None:
            t0 = clock()
            sample = self.info.sample(self.rng)
            t1 = clock()
            self.descend(sample, [], self.rng, -1, self.root_key)
            spent["sample"] += t1 - t0
            spent["tree walk"] += clock() - t1

        def playout(self, state: State, rng: random.Random, since: int) -> list[float]:
            t0 = clock()
            out = super().playout(state, rng, since)
            spent["rollout"] += clock() - t0
            return out

        def rewards(self, state: State) -> list[float]:
            t0 = clock()
            out = super().rewards(state)
            spent["score"] += clock() - t0
            return out

    agent = IsmctsAgent(iterations=iterations, routine="search")
    states = [s for s in throughput.positions(g, g.variants()[0], 6, seed=3) if len(s.legal_actions()) > 1]
    for _ in range(rounds):
        for s in states:
            info = seat_info(s, random.Random(1))
            heuristic: Any = agent.search(info, random.Random(5)).heuristic
            search = Timed(agent.settings(), info, random.Random(5), info.sample(random.Random(0)), heuristic)
            for _ in range(iterations):
                search.iterate()
    spent["rollout"] -= spent["score"]  # the score is timed inside the rollout
    spent["tree walk"] -= spent["rollout"] + spent["score"]  # and the rollout inside the walk
    total = sum(spent.values())
    return {k: v / total for k, v in spent.items()}


if __name__ == "__main__":
    raise SystemExit(main())
