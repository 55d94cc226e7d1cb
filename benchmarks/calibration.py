"""Is a review's winning chance a probability? A reliability table over held-out games (issue #24).

    PYTHONPATH=. .venv/bin/python -m benchmarks.calibration --game zombie-shedding --games 400 \
        --rows benchmarks/calibration_rows --workers 2

Plays seeded 2-player games between the game's heuristic and itself (greedy for Carson City Zoo;
`--agents` names others, e.g. `ismcts,heuristic`, seats alternating by game), none of which the
review was tuned on. In each game `--positions` decisions with a choice are drawn at random (seeded)
among both seats' decisions, and each is reviewed exactly as `deadtable review` does
(`deadtable.agents.review.review_decision`, `--iterations` playouts per decision): the estimate is
the chance the review gives the move that was played. Each (estimate, that seat's share of the win
at the end) is a point. The points are binned into tenths of the estimate; per bin the table gives
the count, the mean estimate, the observed win rate with its 95% Wilson interval, and the gap. A bin
with at least `--min-count` points PASSES when the gap is at most 5 points; the run passes when
every such bin does.

With `--rows DIR` each finished game's points are appended to DIR/<game id>.jsonl as soon as it
ends, and a later run with the same DIR and settings plays only the games still missing (the
resumable pattern of benchmarks/knows.py), so a long run can be stopped and resumed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import deadtable
from deadtable.agents.review import DEFAULT_ITERATIONS, Task, review_decision
from deadtable.core import seat_info
from deadtable.sim.runner import build_agent
from deadtable.sim.stats import wilson

GAMES = ("carson-zoo", "overlords", "zombie-overlord", "zombie-shedding")
OPTIONS: dict[str, dict[str, Any]] = {"zombie-shedding": {"mode": "duel"}}
TOLERANCE = 0.05
BINS = 10


def heuristic_name(game_id: str) -> str:
    return "heuristic" if "heuristic" in deadtable.game(game_id).agents() else "greedy"


def play(
    game_id: str, index: int, seed: int, agents: tuple[str, str], positions: int, iterations: int
) -> dict[str, Any]:
    """Game `index` played out, then `positions` of its decisions reviewed; its row."""
    the_game = deadtable.game(game_id)
    game_seed = seed * 1_000_003 + index
    names = agents if index % 2 == 0 else (agents[1], agents[0])
    players = [build_agent(name, the_game) for name in names]
    rngs = [random.Random(f"{game_seed}/agent/{s}") for s in range(2)]
    start = the_game.new(2, game_seed, **OPTIONS.get(game_id, {}))
    state = start.clone()
    decisions: list[tuple[int, int]] = []  # (moves before, seat)
    while not state.is_terminal:
        s = state.current_player
        assert s is not None
        if len(state.legal_actions()) > 1:
            decisions.append((len(state.history), s))
        state.apply_trusted(players[s].act(seat_info(state), rngs[s]))
    actions = tuple(str(a) for a in state.history)
    winners = state.outcome().winners
    share = [1.0 / len(winners) if s in winners else 0.0 for s in range(2)]
    picked = sorted(random.Random(f"{game_seed}/positions").sample(decisions, min(positions, len(decisions))))
    points = []
    for before, s in picked:
        task = Task(start, actions[:before], actions[before], s, iterations, game_seed, ())
        points.append([round(review_decision(task).played_chance, 4), share[s], names[s]])
    return {
        "game": index,
        "seed": game_seed,
        "agents": list(agents),
        "iterations": iterations,
        "points": points,
    }


def table(points: list[tuple[float, float]], min_count: int) -> tuple[list[dict[str, Any]], bool]:
    """Per tenth of the estimate: count, mean estimate, observed rate, its interval, gap, verdict.

    >>> rows, ok = table([(0.05, 0.0), (0.15, 0.0), (0.95, 1.0)], min_count=1)
    >>> [(r["bin"], r["count"], r["observed"]) for r in rows], ok
    ([(0, 1, 0.0), (1, 1, 0.0), (9, 1, 1.0)], False)
    """
    rows = []
    passed = True
    for b in range(BINS):
        inside = [(e, w) for e, w in points if min(BINS - 1, int(e * BINS)) == b]
        if not inside:
            continue
        n = len(inside)
        mean = sum(e for e, _ in inside) / n
        wins = sum(w for _, w in inside)
        observed = wins / n
        lo, hi = wilson(wins, n)
        gap = observed - mean
        verdict = "few" if n < min_count else ("PASS" if abs(gap) <= TOLERANCE else "FAIL")
        passed = passed and verdict != "FAIL"
        rows.append(
            {
                "bin": b,
                "count": n,
                "mean": mean,
                "observed": observed,
                "low": lo,
                "high": hi,
                "gap": gap,
                "verdict": verdict,
            }
        )
    return rows, passed


def measure(args: argparse.Namespace, game_id: str) -> None:
    agents = tuple(a.replace("heuristic", heuristic_name(game_id)) for a in args.agents.split(","))
    if len(agents) != 2:
        raise SystemExit("--agents names two agents")
    settings = {"agents": list(agents), "iterations": args.iterations}
    rows: dict[int, dict[str, Any]] = {}
    path = Path(args.rows) / f"{game_id}.jsonl" if args.rows else None
    if path is not None and path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            same = {"agents": row["agents"], "iterations": row["iterations"]} == settings
            if same and row["seed"] == args.seed * 1_000_003 + row["game"]:
                rows[row["game"]] = row
        path.parent.mkdir(parents=True, exist_ok=True)
    elif path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    todo = [i for i in range(args.games) if i not in rows]
    t = time.time()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [
            pool.submit(play, game_id, i, args.seed, agents, args.positions, args.iterations) for i in todo
        ]
        for k, fut in enumerate(as_completed(futures), start=1):
            row = fut.result()
            rows[row["game"]] = row
            if path is not None:
                with path.open("a") as out:
                    out.write(json.dumps(row) + "\n")
            print(f"  {game_id}: {k}/{len(todo)} games, {time.time() - t:.0f}s", file=sys.stderr, flush=True)
    done = [rows[i] for i in range(args.games) if i in rows]
    points = [(p[0], p[1]) for r in done for p in r["points"]]
    bins, passed = table(points, args.min_count)
    print(
        f"{game_id} calibration: {len(done)} games ({'/'.join(agents)}), {len(points)} positions, "
        f"{args.iterations} playouts per decision"
    )
    print("| estimate | positions | mean estimate | observed win rate | 95% CI | gap | |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for r in bins:
        b = r["bin"]
        print(
            f"| {b / BINS:.1f}-{(b + 1) / BINS:.1f} | {r['count']} | {r['mean']:.1%} | {r['observed']:.1%} | "
            f"{r['low']:.1%} - {r['high']:.1%} | {r['gap']:+.1%} | {r['verdict']} |"
        )
    print(f"{game_id}: {'PASS' if passed else 'FAIL'} (bins of {args.min_count}+ positions within 5 points)")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--game", action="append", choices=GAMES, help="repeatable (default: every game)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="heuristic,heuristic", help="two agents; heuristic = the game's")
    parser.add_argument("--positions", type=int, default=4, help="decisions reviewed per game")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS, help="playouts per decision")
    parser.add_argument("--min-count", type=int, default=30, help="points a bin needs to be judged")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rows", help="keep each game's points in DIR/<game id>.jsonl, resume from it")
    args = parser.parse_args(argv)
    for game_id in args.game or GAMES:
        measure(args, game_id)


if __name__ == "__main__":
    main(sys.argv[1:])
