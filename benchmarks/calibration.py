"""Is a review's winning chance a probability? A reliability table over held-out games.

    # training games: fit the map data/calibration.json of the game's package on them
    PYTHONPATH=. .venv/bin/python -m benchmarks.calibration --game zombie-shedding --games 400 \
        --seed 1 --rows benchmarks/calibration_rows --workers 2 --fit
    # held-out games (other seeds): the raw and the calibrated reliability tables
    PYTHONPATH=. .venv/bin/python -m benchmarks.calibration --game zombie-shedding --games 400 \
        --seed 2 --rows benchmarks/calibration_rows --workers 2

Plays seeded 2-player games between the game's heuristic and itself (greedy for Carson City Zoo;
`--agents` names others, e.g. `ismcts,heuristic`, seats alternating by game); game i of `--seed s`
is seeded s * SEED_STRIDE + i, so two runs with different `--seed` never share a game. Each
decision with a choice (of either seat) is reviewed with probability `--rate` (a seeded coin per
decision: a fixed number per game would weigh the decisions of short games more, and a game's
length depends on its outcome), exactly as `deadtable review` does
(`deadtable.agents.review.review_decision`, `--iterations` playouts per decision) but keeping the
**raw** chance the review gives the move that was played. Each (raw chance, that seat's share of the
win at the end) is a point.

With `--fit` the game's calibration map (`deadtable.agents.calibration`) is fitted on these points
and written with the command and the seeds that made it; a Platt map only if it fits them better
than the raw chance by more than chance would (`LR_5_PERCENT`). Otherwise the run is judged: the
points are binned into tenths of the estimate (`benchmarks.reliability`), once raw and, when the
game has a map and none of these games trained it, once calibrated (what the review shows). Per
bin: the games and positions in it, the mean estimate, the observed win rate, the gap and the
gap's 95% interval **by game** (a cluster bootstrap: the positions of one game share its outcome,
so they are resampled together); overall, the Brier score and the ECE with their intervals. A bin
with at least `--min-count` positions PASSES when its gap (the point estimate) is at most 5
points; the run passes when every such bin does. A map is worth keeping only when it also beats
the raw chance on these held-out games' likelihood (printed, with its interval by game). On the
training games no calibrated table is printed: a map judged on its own training games proves
nothing.

The cost is the review, per position (a game of the heuristic against itself is a few
milliseconds of a Carson City Zoo review's second): more positions per game would cost as much
each and share their game's outcome, so the rate stays at about 4 a game and more games are played.

`--selection` reviews nothing: it measures how far drawing k decisions per game (as this benchmark
did first) leans toward the eventual winner, against a coin per decision (`selection`).

With `--rows DIR` each finished game's points are appended to DIR/<game id>.jsonl as soon as it
ends, and a later run with the same DIR and settings plays only the games still missing (the
resumable pattern of benchmarks/knows.py), so a long run can be stopped and resumed. A row names
the review's method (`review.METHOD`): rows of another method are left alone, never mixed in. A
row also names the commit it was played on; docs/figures/calibration.md is written from the rows
in benchmarks/calibration_rows/ (`python -m benchmarks.pages calibration`).
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
from deadtable.agents import calibration
from deadtable.agents.review import DEFAULT_ITERATIONS, METHOD, Task, review_decision
from deadtable.core import seat_info
from deadtable.sim.runner import build_agent

from .reliability import RESAMPLES, markdown, reliability
from .stamp import commit

GAMES = ("carson-zoo", "overlords", "zombie-overlord", "zombie-shedding")
OPTIONS: dict[str, dict[str, Any]] = {"zombie-shedding": {"mode": "duel"}}
# The chance each decision with a choice is reviewed: about 4 a game (heuristic against itself, 2
# players: a Duel has 117-202 such decisions, a Carson City Zoo game 25-39; the others untuned).
RATES = {"zombie-shedding": 0.025, "carson-zoo": 0.12}
DEFAULT_RATE = 0.05
# A Platt map (2 parameters) is written only when it beats the raw chance (a = 1, b = 0) on the
# training games by a likelihood ratio above the 5% point of chi-squared with 2 degrees of freedom:
# a map fitted to noise would move every chance the review shows for nothing.
LR_5_PERCENT = 5.99


SEED_STRIDE = 1_000_003  # game i of --seed s is seeded s * SEED_STRIDE + i (i < SEED_STRIDE)
SAME_GAME = {"zombie-shedding": [{"mode": "auto"}]}  # "auto" at 2 players is the Duel (modes.py)


def game_seeds(seed: int, games: int) -> range:
    """The game seeds of games 0..games-1 of a run with `--seed seed`.

    >>> list(game_seeds(2, 3))
    [2000006, 2000007, 2000008]
    """
    return range(seed * SEED_STRIDE, seed * SEED_STRIDE + games)


def held_out(train_seed: int, train_games: int, seed: int, games: int) -> bool:
    """True when no game of the run (`seed`, `games`) is one of the training run's.

    >>> held_out(1, 400, 2, 400), held_out(1, 400, 1, 10)
    (True, False)
    """
    return not set(game_seeds(train_seed, train_games)) & set(game_seeds(seed, games))


def describe_seeds(seed: int, games: int) -> str:
    seeds = game_seeds(seed, games)
    return f"{seeds[0]}-{seeds[-1]} (--seed {seed})" if games else f"none (--seed {seed})"


def variants(game_id: str) -> list[dict[str, Any]]:
    """The normalized options of the 2-player game this benchmark plays (and its equivalents)."""
    the_game = deadtable.game(game_id)
    return [the_game.new(2, 0, **o).options for o in [OPTIONS.get(game_id, {}), *SAME_GAME.get(game_id, [])]]


def heuristic_name(game_id: str) -> str:
    return "heuristic" if "heuristic" in deadtable.game(game_id).agents() else "greedy"


def play(
    game_id: str, index: int, seed: int, agents: tuple[str, str], rate: float, iterations: int
) -> dict[str, Any]:
    """Game `index` played out, then each of its decisions reviewed with probability `rate`; its row.

    Each decision is drawn on its own (a seeded coin per decision), never "k per game": a fixed
    number per game gives a decision of a short game more weight than one of a long game, and a
    game's length depends on how it ends, so the sample would lean on the outcome it is scored by."""
    the_game = deadtable.game(game_id)
    game_seed = game_seeds(seed, index + 1)[-1]
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
    coin = random.Random(f"{game_seed}/positions")
    picked = [d for d in decisions if coin.random() < rate]
    points = []
    for before, s in picked:
        task = Task(start, actions[:before], actions[before], s, iterations, game_seed, (), calibrate=False)
        points.append([round(review_decision(task).played_chance, 4), share[s], names[s], before])
    return {
        "game": index,
        "seed": game_seed,
        "agents": list(agents),
        "iterations": iterations,
        "rate": rate,
        "review": METHOD,
        "points": points,
    }


def selection(game_id: str, games: int, seed: int) -> tuple[float, float]:
    """The eventual winner's share of the decisions with a choice, averaged per game (what drawing
    k decisions per game samples) and pooled over the games (what a coin per decision samples), in
    games of the heuristic against itself; no review, so it is cheap. Their difference is the lean
    "k per game" gave the observed win rate."""
    the_game = deadtable.game(game_id)
    name = heuristic_name(game_id)
    per_game = won = total = 0.0
    for i in game_seeds(seed, games):
        state = the_game.new(2, i, **OPTIONS.get(game_id, {}))
        players = [build_agent(name, the_game) for _ in range(2)]
        rngs = [random.Random(f"{i}/agent/{s}") for s in range(2)]
        decisions = [0, 0]
        while not state.is_terminal:
            s = state.current_player
            assert s is not None
            if len(state.legal_actions()) > 1:
                decisions[s] += 1
            state.apply_trusted(players[s].act(seat_info(state), rngs[s]))
        winners = state.outcome().winners
        mine = sum(decisions[s] / len(winners) for s in winners)
        per_game += mine / max(1, sum(decisions))
        won += mine
        total += sum(decisions)
    return per_game / games, won / max(1.0, total)


def load_rows(path: Path | None, seed: int, settings: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The rows in `path` of the run `--seed seed` made with `settings`, by game index."""
    rows: dict[int, dict[str, Any]] = {}
    if path is not None and path.exists():
        for line in path.read_text().splitlines():
            row = json.loads(line)
            same = {k: row.get(k) for k in settings} == settings
            if same and row["seed"] == game_seeds(seed, row["game"] + 1)[-1]:
                rows[row["game"]] = row
    return rows


def candidates(
    args: argparse.Namespace,
    path: Path | None,
    settings: dict[str, Any],
    games: list[list[tuple[float, float]]],
) -> None:
    """Each fit of `calibration.FITS` made on the training run's rows (`--train-seed`, its first
    `--train-games` games, kept in the same rows file) and judged on these games: its held-out
    likelihood against the raw chance's and its reliability verdict. Nothing is written."""
    kept = load_rows(path, args.train_seed, settings)
    trained = [kept[i] for i in range(args.train_games) if i in kept]
    if args.train_seed == args.seed or not trained:
        print(f"no training rows of --seed {args.train_seed} (another seed than these games'): no candidates")
        return
    points = [(p[0], p[1]) for r in trained for p in r["points"]]
    print(
        f"candidate maps fitted on {len(trained)} training games, seeds "
        f"{describe_seeds(args.train_seed, len(trained))}, {len(points)} positions; held out: the seeds above"
    )
    for method in sorted(calibration.FITS):
        the_map = calibration.FITS[method](points)
        gain, lo, hi = likelihood_gain(the_map, games, args.resamples, args.seed)
        table = reliability([[(the_map(e), w) for e, w in g] for g in games], args.min_count, args.resamples)
        verdict = "PASS" if table.passed else "FAIL"
        print(
            f"  {method}: held-out log-likelihood minus the raw chance's {gain:+.2f} (95% CI by game "
            f"{lo:+.2f} to {hi:+.2f}); calibrated table {verdict}, ECE {table.ece:.1%}"
        )


def measure(args: argparse.Namespace, game_id: str) -> None:
    agents = tuple(a.replace("heuristic", heuristic_name(game_id)) for a in args.agents.split(","))
    if len(agents) != 2:
        raise SystemExit("--agents names two agents")
    rate = args.rate if args.rate is not None else RATES.get(game_id, DEFAULT_RATE)
    # Rows of an older review method (rows without "review" are method 1) are neither resumed nor judged.
    settings = {"agents": list(agents), "iterations": args.iterations, "rate": rate, "review": METHOD}
    path = Path(args.rows) / f"{game_id}.jsonl" if args.rows else None
    rows = load_rows(path, args.seed, settings)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    todo = [i for i in range(args.games) if i not in rows]
    t = time.time()
    measured_on = commit()  # what docs/figures/calibration.md stamps the run with
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(play, game_id, i, args.seed, agents, rate, args.iterations) for i in todo]
        for k, fut in enumerate(as_completed(futures), start=1):
            row = fut.result()
            row["commit"] = measured_on
            rows[row["game"]] = row
            if path is not None:
                with path.open("a") as out:
                    out.write(json.dumps(row) + "\n")
            print(f"  {game_id}: {k}/{len(todo)} games, {time.time() - t:.0f}s", file=sys.stderr, flush=True)
    done = [rows[i] for i in range(args.games) if i in rows]
    # (raw estimate, share of the win) per position, grouped by game: a game's positions share its outcome
    games = [[(p[0], p[1]) for p in r["points"]] for r in done]
    points = [p for g in games for p in g]
    head = (
        f"{game_id}: {len(done)} games ({'/'.join(agents)}), seeds {describe_seeds(args.seed, len(done))}, "
        f"{len(points)} positions, {args.iterations} playouts per decision"
    )
    if args.fit:
        made = calibration.FITS[args.method](points)
        ratio = 2 * (
            calibration.log_likelihood(made, points) - calibration.log_likelihood(lambda p: p, points)
        )
        print(f"{head}\nlikelihood ratio of the {args.method} map against the raw chance: {ratio:.2f}")
        if args.method == "platt" and ratio <= LR_5_PERCENT:
            print(
                f"{game_id}: the raw chance is not shown to be off (ratio <= {LR_5_PERCENT}): no map written"
            )
            return
        about = {
            "game": game_id,
            "players": 2,
            "variants": variants(game_id),
            "command": " ".join(["python -m benchmarks.calibration", *sys.argv[1:]]),
            "trained_on": {"seed": args.seed, "games": len(done), "positions": len(points)},
            "agents": list(agents),
            "iterations": args.iterations,
            "method": args.method,
        }
        print(f"map written to {calibration.save(game_id, made, about)}: {len(made.xs)} knots")
        return
    print(f"{head}\nraw estimate:")
    judge(args, games, f"{game_id}, raw")
    if args.train_seed is not None:
        candidates(args, path, settings, games)
    stored = calibration.about(game_id)
    if stored is None:
        print(f"{game_id}: no calibration map (the review shows the raw estimate)")
        return
    trained = stored["trained_on"]
    if not held_out(trained["seed"], trained["games"], args.seed, len(done)):
        seeds = describe_seeds(trained["seed"], trained["games"])
        print(f"{game_id}: these games trained the map (seeds {seeds}): no held-out check")
        return
    the_map = calibration.load(game_id)
    assert the_map is not None
    print(
        f"calibrated (as the review shows it), map trained on seeds "
        f"{describe_seeds(trained['seed'], trained['games'])}; held out: the seeds above:"
    )
    judge(args, [[(the_map(e), w) for e, w in g] for g in games], f"{game_id}, calibrated")
    gain, lo, hi = likelihood_gain(the_map, games, args.resamples, args.seed)
    better = "beats" if lo > 0 else ("is not shown to beat" if gain > 0 else "does not beat")
    print(
        f"{game_id}: held-out log-likelihood of the map minus the raw chance's: {gain:+.2f} "
        f"(95% CI by game {lo:+.2f} to {hi:+.2f}): the map {better} the raw chance on these games"
    )


def judge(args: argparse.Namespace, games: list[list[tuple[float, float]]], title: str) -> None:
    print(markdown(reliability(games, args.min_count, args.resamples, args.seed), title))


def likelihood_gain(
    the_map: calibration.CalibrationMap, games: list[list[tuple[float, float]]], resamples: int, seed: int
) -> tuple[float, float, float]:
    """How much more likely the held-out outcomes are through `the_map` than through the raw chance
    (log-likelihood, summed over the positions), with its 95% interval by game (cluster bootstrap).

    >>> m = calibration.CalibrationMap((0.0, 1.0), (0.5, 0.5))
    >>> gain, lo, hi = likelihood_gain(m, [[(0.9, 0.0)], [(0.1, 1.0)]], 20, 0)
    >>> gain > 0 and lo <= gain <= hi
    True
    """
    parts = [
        calibration.log_likelihood(the_map, g) - calibration.log_likelihood(lambda p: p, g) for g in games
    ]
    rng = random.Random(seed)
    n = len(parts)
    boot = sorted(sum(parts[rng.randrange(n)] for _ in range(n)) for _ in range(resamples)) if n else [0.0]
    return sum(parts), boot[int(0.025 * (len(boot) - 1))], boot[int(0.975 * (len(boot) - 1))]


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--game", action="append", choices=GAMES, help="repeatable (default: every game)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agents", default="heuristic,heuristic", help="two agents; heuristic = the game's")
    parser.add_argument(
        "--rate", type=float, help="chance each decision is reviewed (default: about 4 per game, RATES)"
    )
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS, help="playouts per decision")
    parser.add_argument("--min-count", type=int, default=30, help="points a bin needs to be judged")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--resamples", type=int, default=RESAMPLES, help="bootstrap resamples of the games (seeded by --seed)"
    )
    parser.add_argument("--rows", help="keep each game's points in DIR/<game id>.jsonl, resume from it")
    parser.add_argument(
        "--fit", action="store_true", help="fit the game's calibration map on these (training) games"
    )
    parser.add_argument(
        "--train-seed",
        type=int,
        help="also judge maps fitted on the rows of this run (held-out check, no file)",
    )
    parser.add_argument(
        "--train-games", type=int, default=400, help="the training run's games (--train-seed)"
    )
    parser.add_argument(
        "--selection", action="store_true", help="no review: how k decisions per game leaned (selection)"
    )
    parser.add_argument("--method", choices=sorted(calibration.FITS), default="platt", help="the map's fit")
    args = parser.parse_args(argv)
    if not 0 < args.games < SEED_STRIDE:
        parser.error(f"--games must be 1 to {SEED_STRIDE - 1}")
    for game_id in args.game or GAMES:
        if args.selection:
            per_game, pooled = selection(game_id, args.games, args.seed)
            print(
                f"{game_id}: {args.games} games, seeds {describe_seeds(args.seed, args.games)}: the winner's "
                f"share of the decisions with a choice is {per_game:.1%} per game, {pooled:.1%} pooled"
            )
            continue
        measure(args, game_id)


if __name__ == "__main__":
    main(sys.argv[1:])
