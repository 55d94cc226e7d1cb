"""A game's heuristic against the same heuristic at an earlier commit, 2 players, seats alternating.

Run: .venv/bin/python benchmarks/heuristic_versus.py GAME REV [GAMES]   (default 600 games)
GAME is overlords, zombie-overlord or zombie-shedding (Duel); REV a git revision (a commit,
a tag, HEAD~3). The earlier agent module is read with `git show REV:PATH` and loaded beside the
package, so it plays through today's engine and card set; each bot draws from its own seeded
generator. Prints the current heuristic's win share with a 95% Wilson interval: 50% means equally
strong.
"""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import deadtable
from deadtable.core import seat_info
from deadtable.sim.stats import wilson

AGENTS = {
    "overlords": ("deadtable/games/overlords/heuristic.py", "deadtable.games.overlords", {}),
    "zombie-overlord": (
        "deadtable/games/zombie_overlord/heuristic.py",
        "deadtable.games.zombie_overlord",
        {},
    ),
    "zombie-shedding": (
        "deadtable/games/zombie_shedding/heuristic.py",
        "deadtable.games.zombie_shedding",
        {"mode": "duel"},
    ),
}


def earlier_agent(path: str, package: str, rev: str) -> Any:
    """The HeuristicAgent class of `path` at `rev`, imported as a module of `package` (for its imports)."""
    source = subprocess.run(
        ["git", "show", f"{rev}:{path}"], capture_output=True, text=True, check=True
    ).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(f"{package}._earlier_heuristic", f.name)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    Path(f.name).unlink()
    return module.HeuristicAgent


def main(game_id: str, rev: str, games: int) -> None:
    path, package, options = AGENTS[game_id]
    old = earlier_agent(path, package, rev)
    new = deadtable.game(game_id).agents()["heuristic"]
    the_game = deadtable.game(game_id)
    wins = 0.0
    for g in range(games):
        state = the_game.new(2, 777_000 + g, **options)
        new_seat = g % 2
        bots = [new() if s == new_seat else old() for s in range(2)]
        rngs = [random.Random(f"{g}/{s}") for s in range(2)]
        while not state.is_terminal:
            p = state.current_player
            assert p is not None
            state.apply(bots[p].act(seat_info(state), rngs[p]))
        winners = state.outcome().winners
        wins += (new_seat in winners) / len(winners)
    lo, hi = wilson(wins, games)
    print(
        f"{game_id}: today's heuristic against {rev}'s, {games} games: {wins / games:.1%} ({lo:.1%}-{hi:.1%})"
    )


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) < 2 or args[0] not in AGENTS:
        sys.exit(__doc__)
    main(args[0], args[1], int(args[2]) if len(args) > 2 else 600)
