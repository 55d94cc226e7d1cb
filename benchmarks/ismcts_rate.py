"""The bench's IS-MCTS row alone: our iterations per second against OpenSpiel's hearts ISMCTS.

For each game's first variant, the same measure as `python -m benchmarks` (`throughput.ismcts_rate`:
the agent's defaults, 200 iterations from the bench's positions, every decision searched) between
two slices of OpenSpiel's Python ISMCTS on hearts (`peers.openspiel_hearts_ismcts`), and the
ratio to their mean: the issue 22 target is 3x in pure Python and 6x compiled. Only the IS-MCTS
row, so a change to the search is measured in a minute instead of the whole bench's run. It
measures the build that runs it (pure Python, or a native build: `PYTHONPATH=build/native:.
python -P -m benchmarks.ismcts_rate`).

    python -P -m benchmarks.ismcts_rate --budget 1 --games zombie-shedding,overlords
"""

from __future__ import annotations

import argparse

from deadtable import native
from deadtable.core import games

from . import peers, throughput


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.ismcts_rate", description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="CPU seconds of search per game (default 1)")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    args = ap.parse_args(argv)
    chosen = [g for g in games() if not args.games or g.id in args.games.split(",")]
    print(f"build: {native.describe()}")
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


if __name__ == "__main__":
    raise SystemExit(main())
