"""The big baseline runs (by hand, never a timed test): does each game's bot beat random?

    .venv/bin/python benchmarks/sim_baselines.py              # 2000 games per game
    .venv/bin/python benchmarks/sim_baselines.py --games 400 --game overlords

For every registered game (2 players; Zombie shedding: Duel) it plays the game's heuristic agent,
or `greedy` where the game has none, against `random`, through the seeded simulator on every core,
and prints the win rate with a 95% Wilson interval and the speed.
"""

from __future__ import annotations

import argparse
import sys
import time

import deadtable
from deadtable.sim import Plan, by_agent, run

TWO_PLAYER_OPTIONS = {"zombie-shedding": {"mode": "duel"}}


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--game", action="append", help="a game id (repeatable; default: every game)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args(argv)
    chosen = [deadtable.game(g) for g in args.game] if args.game else deadtable.games()
    for g in chosen:
        bot = "heuristic" if "heuristic" in g.agents() else "greedy"
        plan = Plan(g.id, 2, (bot, "random"), seed=args.seed, options=TWO_PLAYER_OPTIONS.get(g.id, {}))
        t = time.time()
        rows = run(plan, args.games, workers=args.workers)
        spent = time.time() - t
        r = {x.label: x for x in by_agent(rows)}[bot]
        lo, hi = r.ci
        print(
            f"{g.id:18} {bot} vs random: {r.wins:g}/{r.trials} = {r.rate:.1%} "
            f"(95% CI {lo:.1%} - {hi:.1%}); {args.games / spent:.1f} games/s",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
