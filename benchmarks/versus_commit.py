"""Is the working tree slower than an earlier commit? Both measured in one run, slices alternating.

    python -m benchmarks.versus_commit HEAD~5              # pure Python, 3 rounds of 0.5 s slices
    python -m benchmarks.versus_commit v0.1.0 --budget 1 --rounds 5

A refactor keeps speed as it keeps moves (`benchmarks.fingerprint`). This copies the package
`deadtable/` of REV out of git into a temporary folder and measures both copies the same way, each
slice in a fresh process of its own (the same interpreter, pure Python, `-P`, the measuring code
of this checkout), the two sides alternating so that a machine busy with something else slows
both alike: random play's actions per CPU second and the `heuristic` bots' decisions per CPU
second, at 2 players, for every game the two copies share. It prints each game's ratio, the
working tree's rate over REV's (the median of the rounds); below 1 is slower.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# One slice, run in a fresh process: `deadtable` is whichever copy comes first on the path.
SLICE = """
import json, random, sys, time
import deadtable
from deadtable.agents.registry import make_agent
from deadtable.core.agent import SeatInfo

budget = float(sys.argv[1])
out = {}
for game in deadtable.games():
    variant = next((v for v in game.variants() if v.players == 2), None)
    if variant is None:
        continue
    rates = []
    for kind in ("random", "heuristic"):
        if kind == "heuristic" and "heuristic" not in game.agents():
            rates.append(None)
            continue
        agents = [make_agent(kind, game) for _ in range(2)] if kind == "heuristic" else None
        rng, actions, seed, start = random.Random(1), 0, 0, time.process_time()
        while time.process_time() - start < budget:
            state = game.new(2, seed, **variant.options)
            seed += 1
            while (seat := state.current_player) is not None:
                legal = tuple(state.legal_actions())
                if agents is None:
                    action = legal[int(rng.random() * len(legal))]
                else:
                    info = SeatInfo.decision(state, game.id, seat, 2, legal)
                    action = agents[seat].act(info, rng)
                state.apply_quietly(action)
                actions += 1
        rates.append(actions / (time.process_time() - start))
    out[game.id] = rates
print(json.dumps(out))
"""


def export(rev: str, into: Path) -> None:
    """The package `deadtable/` as it is at `rev`, written below `into`."""
    command = ["git", "-C", str(REPO), "archive", "--format=tar", rev, "deadtable"]
    archive = subprocess.run(command, capture_output=True, check=False)
    if archive.returncode != 0:
        sys.exit(f"versus_commit: git cannot export {rev!r}: {archive.stderr.decode().strip()}")
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")


def measure(package_parent: Path, budget: float) -> dict[str, list[float | None]]:
    env = {**os.environ, "DEADTABLE_PURE": "1", "PYTHONPATH": str(package_parent)}
    done = subprocess.run(
        [sys.executable, "-P", "-c", SLICE, str(budget)], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"versus_commit: a slice failed in {package_parent}:\n{done.stderr.strip()}")
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rev", help="the commit to compare with (anything git names: HEAD~3, a tag)")
    parser.add_argument("--budget", type=float, default=0.5, help="CPU seconds a measure (default 0.5)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of both sides (default 3)")
    args = parser.parse_args(argv)
    if args.budget <= 0 or args.rounds < 1:
        parser.error("--budget must be positive and --rounds at least 1")
    ratios: dict[str, list[list[float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        earlier = Path(tmp)
        export(args.rev, earlier)
        for round_number in range(args.rounds):
            sides = [REPO, earlier] if round_number % 2 == 0 else [earlier, REPO]
            rates = {side: measure(side, args.budget) for side in sides}
            now, then = rates[REPO], rates[earlier]
            for game_id in sorted(set(now) & set(then)):
                pairs = zip(now[game_id], then[game_id], strict=True)
                row = [a / b if a is not None and b else float("nan") for a, b in pairs]
                ratios.setdefault(game_id, []).append(row)
            print(f"round {round_number + 1} of {args.rounds} measured", file=sys.stderr, flush=True)
    print(f"working tree over {args.rev}, CPU-second rates at 2 players (median of {args.rounds} rounds)")
    print(f"{'game':<18} {'random play':>12} {'heuristic':>12}")
    for game_id, rows in ratios.items():
        medians = [statistics.median(column) for column in zip(*rows, strict=True)]
        print(f"{game_id:<18} {medians[0]:>11.2f}x {medians[1]:>11.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
