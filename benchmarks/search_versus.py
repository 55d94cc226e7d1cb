"""This IS-MCTS against its version at an earlier commit, at the same iterations: seeded 2-player games.

A change that alters the search's choices (its random draws, an evaluation) must not make it
weaker: this plays the two versions against each other, each deal twice with the seats swapped,
and prints the current version's share of the wins with a 95% interval. The earlier version is
`deadtable/agents/ismcts.py` (and `agents/tree.py`, where that commit has one) read from git and
loaded beside the current package; both play on the current rules. Both take the game's search
settings (`Game.search_settings`), then `iterations`. Game i deals seed 5000 + i // 2; the
current version sits at seat i % 2; the seats' generators are seeded 10 i + 1 and 10 i + 2.

    python -P -m benchmarks.search_versus --against REV --game zombie-shedding --games 200
    python -P -m benchmarks.search_versus ... --first 100 --games 100   # the second half, meanwhile

REV is any git revision; the commit before the search loop got its own module is
`$(git log --diff-filter=A --format=%H -- deadtable/agents/tree.py)^`.
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import deadtable
from deadtable.agents.ismcts import IsmctsAgent
from deadtable.core import seat_info

REPO = Path(__file__).resolve().parent.parent
FILES = ("ismcts.py", "tree.py")


def earlier_agent(commit: str, into: Path) -> Any:
    """The IsmctsAgent class of `commit`, loaded as package `_search_<commit>` from `into`."""
    name = f"_search_{commit}"
    package = into / name
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    for f in FILES:
        shown = subprocess.run(
            ["git", "show", f"{commit}:deadtable/agents/{f}"], cwd=REPO, capture_output=True, text=True
        )
        if shown.returncode == 0:
            (package / f).write_text(shown.stdout)
        elif f == "ismcts.py":
            raise SystemExit(f"no deadtable/agents/ismcts.py at {commit}: {shown.stderr.strip()}")
    sys.path.insert(0, str(into))
    return importlib.import_module(f"{name}.ismcts").IsmctsAgent


class _AtTable:
    """A game as an earlier search sees it: `search_settings()` without arguments gives the
    settings of this 2-player table that the earlier search has (a setting added since is left
    out: that search plays as it did)."""

    def __init__(self, game: Any, options: dict[str, Any], agent: Any) -> None:
        self._game, self._options, self._agent = game, options, agent

    def search_settings(self, *_: Any) -> dict[str, Any]:
        settings = self._game.search_settings(2, self._options)
        return {k: v for k, v in settings.items() if hasattr(self._agent, k)}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def play(
    game_id: str, i: int, iterations: int, old_class: Any, options: dict[str, Any]
) -> tuple[float, float, float]:
    """Game i: the current version's share of the win, and each version's CPU seconds."""
    g = deadtable.game(game_id)
    new, old = IsmctsAgent(iterations=iterations), old_class(iterations=iterations)
    new.adopt(g, 2, options)
    old.adopt(_AtTable(g, options, old))  # an earlier search asks the game's settings without the table
    agents = [new, old]
    new_seat = i % 2
    if new_seat:
        agents.reverse()
    state = g.new(2, 5000 + i // 2, **options)
    rngs = [random.Random(10 * i + 1), random.Random(10 * i + 2)]
    spent = [0.0, 0.0]
    while not state.is_terminal:
        p = state.current_player
        assert p is not None
        t = time.process_time()
        action = agents[p].act(seat_info(state), rngs[p])
        spent[p] += time.process_time() - t
        state.apply_trusted(action)
    winners = state.outcome().winners
    share = 1.0 / len(winners) if new_seat in winners else 0.0
    return share, spent[new_seat], spent[1 - new_seat]


def main(argv: list[str] | None = None) -> int:
    first_line = __doc__.splitlines()[0]
    ap = argparse.ArgumentParser(prog="python -m benchmarks.search_versus", description=first_line)
    ap.add_argument("--against", required=True, help="the git commit of the earlier version")
    ap.add_argument("--game", default="zombie-shedding", help="game id (the shedding game plays its Duel)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first", type=int, default=0, help="the first game's number (to split a run)")
    ap.add_argument("--iterations", type=int, default=200)
    args = ap.parse_args(argv)
    options = {"mode": "duel"} if args.game == "zombie-shedding" else {}
    with tempfile.TemporaryDirectory() as tmp:
        old_class = earlier_agent(args.against, Path(tmp))
        wins = new_cpu = old_cpu = 0.0
        for n, i in enumerate(range(args.first, args.first + args.games), start=1):
            share, mine, theirs = play(args.game, i, args.iterations, old_class, options)
            wins += share
            new_cpu += mine
            old_cpu += theirs
            if n % 20 == 0 or n == args.games:
                print(f"{n} games from {args.first}: current wins {wins:g} ({wins / n:.3f})", flush=True)
    p = wins / args.games
    half = 1.96 * math.sqrt(p * (1 - p) / args.games)
    print(
        f"{args.game}, {args.games} games at {args.iterations} iterations: the current search wins"
        f" {wins:g} = {p:.1%} (95% CI {p - half:.1%}-{p + half:.1%}) against {args.against};"
        f" CPU {new_cpu:.0f} s against {old_cpu:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
