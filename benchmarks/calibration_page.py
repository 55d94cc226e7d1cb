"""docs/figures/calibration.md: is the review's winning chance a probability? From the committed rows.

The rows are those `python -m benchmarks.calibration --rows benchmarks/calibration_rows` keeps, one
a game with its reviewed positions; nothing is replayed or reviewed here. A run is one game id's
rows of one `--seed` made with the review of today's method (`review.METHOD`). For every run that
did not train the game's shipped map (`deadtable/agents/calibration/<game id>.json`), the summary
gives the raw chance's verdict and, where the game has a map, the verdict through it and the map's
held-out log-likelihood gain; then the run's reliability table as the review shows it (through
the map where there is one), with the same bootstrap seeds as `benchmarks.calibration` prints
it, so the figures are the figures that command prints.
"""

from __future__ import annotations

import json
import shlex
from collections import defaultdict
from pathlib import Path
from typing import Any

from deadtable.agents import calibration as maps
from deadtable.agents.review import METHOD

from .calibration import GAMES, SEED_STRIDE, held_out, likelihood_gain
from .reliability import RESAMPLES, Reliability, markdown, reliability
from .stamp import ROOT

ROWS = ROOT / "benchmarks" / "calibration_rows"
MIN_COUNT = 30  # positions a bin needs to be judged (benchmarks.calibration's default)
NAMES = {
    "carson-zoo": "Carson City Zoo",
    "overlords": "Overlords",
    "zombie-overlord": "Zombie Overlord",
    "zombie-shedding": "The Duel (zombie-shedding)",
}

Games = list[list[tuple[float, float]]]  # per game, its (raw chance, share of the win) points


def runs(path: Path) -> dict[int, list[dict[str, Any]]]:
    """The rows of `path` made with today's review, per `--seed`, each run's games in order."""
    by_seed: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            if row.get("review") == METHOD:
                by_seed[int(row["seed"]) // SEED_STRIDE][int(row["game"])] = row
    return {seed: [games[i] for i in sorted(games)] for seed, games in sorted(by_seed.items())}


def _failing(table: Reliability) -> str:
    """The verdict, the failing bins' gaps and the ECE, e.g. "FAIL (20-30% +6.8); ECE 2.4%"."""
    bins = [f"{b.bin * 10}-{(b.bin + 1) * 10}% {b.gap * 100:+.1f}" for b in table.bins if b.verdict == "FAIL"]
    verdict = "PASS" if table.passed else f"**FAIL** ({', '.join(bins)})"
    return f"{verdict}; ECE {table.ece:.1%}"


def _commits(rows: list[dict[str, Any]]) -> str:
    found = sorted({str(r["commit"]) for r in rows if "commit" in r})
    return f"; measured on {', '.join(found)}" if found and all("commit" in r for r in rows) else ""


def _command(game_id: str, seed: int, rows: list[dict[str, Any]]) -> str:
    first = rows[0]
    argv = ["python", "-m", "benchmarks.calibration", "--game", game_id, "--games", str(len(rows))]
    argv += ["--seed", str(seed), "--rows", "benchmarks/calibration_rows"]
    if first["agents"] != ["heuristic", "heuristic"]:
        argv += ["--agents", ",".join(first["agents"])]
    return shlex.join(argv)


def game_section(game_id: str, path: Path, resamples: int = RESAMPLES) -> tuple[list[str], list[str]]:
    """(summary lines, detail lines) of one game's runs. The bootstrap intervals take `resamples`
    resamples of the games (the page's: `RESAMPLES`, as benchmarks.calibration prints them)."""
    about = maps.about(game_id)
    the_map = maps.load(game_id)
    trained = about["trained_on"] if about else None
    summary: list[str] = []
    detail: list[str] = []
    for seed, rows in runs(path).items():
        games: Games = [[(p[0], p[1]) for p in r["points"]] for r in rows]
        positions = sum(len(g) for g in games)
        lead = f"| {NAMES[game_id]} | {seed} | {len(rows):,} | {positions:,}"
        if trained is not None and not held_out(trained["seed"], trained["games"], seed, len(rows)):
            summary.append(f"{lead} | training games: they fitted the map | - | - |")
            continue
        raw = reliability(games, MIN_COUNT, 0, seed)  # the verdict and ECE need no bootstrap
        if the_map is None:
            shown = reliability(games, MIN_COUNT, resamples, seed)
            summary.append(f"{lead} | {_failing(raw)} | no map: the review shows the raw chance | - |")
            how = "raw: the game has no map"
        else:
            mapped = [[(the_map(e), w) for e, w in g] for g in games]
            shown = reliability(mapped, MIN_COUNT, resamples, seed)
            gain, lo, hi = likelihood_gain(the_map, games, resamples, seed)
            gained = f"{gain:+.1f} ({lo:+.1f} to {hi:+.1f})"
            summary.append(f"{lead} | {_failing(raw)} | {_failing(shown)} | {gained} |")
            how = "through the map"
        title = f"{NAMES[game_id]}, seed {seed}"
        table, _line, verdict = markdown(shown, title).rpartition("\n")
        detail += [
            "",
            f"### {title}, as the review shows it ({how})",
            "",
            f"`{_command(game_id, seed, rows)}` ({rows[0]['iterations']} playouts a decision"
            f"{_commits(rows)})",
            "",
            table,
            "",
            verdict,
        ]
    return summary, detail


def render(rows_dir: Path = ROWS) -> str:
    """The page: what is measured, the summary of every run, then each held-out run's table."""
    summary: list[str] = []
    detail: list[str] = []
    for game_id in GAMES:
        path = rows_dir / f"{game_id}.jsonl"
        if path.exists():
            part, more = game_section(game_id, path)
            summary += part
            detail += more
    return render_head(rows_dir) + "\n".join([*summary, *detail]) + "\n"


def render_head(rows_dir: Path = ROWS) -> str:
    """The page down to the summary table's header (the same whatever the rows say)."""
    where = rows_dir.relative_to(ROOT).as_posix() if rows_dir.is_relative_to(ROOT) else str(rows_dir)
    lines = [
        "# Calibration",
        "",
        f"From the committed rows in `{where}/`; each run names the commit it was measured on when"
        " its rows record it.",
        "",
        "Is the winning chance the review shows a probability? Seeded 2-player games of each game's",
        "heuristic against itself are played; each decision with a choice is reviewed with a seeded",
        "coin (about 4 a game) as `deadtable review` does, and the chance it gives the move played,",
        "with that seat's share of the win at the end, is a point. Game i of `--seed s` is seeded",
        "s x 1,000,003 + i, so no game is in two runs; the map of a game (Platt scaling,",
        "`deadtable/agents/calibration/<game>.json`) is fitted on its training run only and judged on",
        "the others. Points are binned by tenths of the estimate; a bin of 30 positions or more",
        "passes when its gap (observed win rate minus mean estimate) is within 5 points. The",
        "intervals are by game (a cluster bootstrap of 1,000 resamples: the positions of one game",
        "share its outcome). The gain is the held-out log-likelihood through the map minus the raw",
        "chance's, with its 95% interval by game.",
        "",
        "This page is written from the rows, nothing replayed; each run's command plays (or resumes)",
        "it and prints the same tables:",
        "",
        "```sh",
        "python -m benchmarks.pages calibration   # or make figures",
        "```",
        "",
        "| game | seed | games | positions | raw chance | through the map | gain (95% CI) |",
        "|---|---:|---:|---:|---|---|---|",
    ]
    return "\n".join(lines) + "\n"
