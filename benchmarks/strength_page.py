"""docs/figures/strength.md: IS-MCTS against each game's heuristic, from the committed rows.

The rows are those `benchmarks/ismcts_strength.py strength --rows benchmarks/strength_rows` keeps,
one a game (`play_timed`): nothing is replayed here. A run is the rows of one game id at one table
(a cell of benchmarks/strength_cells.py: a player count, a mode) with one IS-MCTS spec against one
opponent at every other seat; each is a line of the table with its win rate, the 95% Wilson
interval, the fair share, whether the target is met (`verdict`), its games, and the IS-MCTS seat's
CPU a move per build. The cells no run has rows for are listed with the command that plays them.
Trials (rows kept apart in `benchmarks/strength_rows/trials/`) are a second table. A run of fewer
than `MIN_GAMES` games is named under its table, not given a rate.
"""

from __future__ import annotations

import json
import shlex
from collections import defaultdict
from pathlib import Path
from typing import Any

import deadtable
from deadtable.sim import by_agent
from deadtable.sim.runner import game_seed

from .ismcts_strength import cpu_per_move, opponent
from .stamp import ROOT
from .strength_cells import TARGET_GAMES, cells, fair_share, two_player, verdict

ROWS = ROOT / "benchmarks" / "strength_rows"
MIN_GAMES = 10  # a run with fewer games is too short to quote a rate for
SEEDS = range(10)  # the --seed values a run's game seeds are matched against

Run = tuple[str, str, str, str]  # (game id, cell label, IS-MCTS spec, opponent)


def load(folder: Path) -> dict[Run, list[dict[str, Any]]]:
    """Every run's rows in `folder`'s <game id>.jsonl files, in the order of the files and runs."""
    runs: dict[Run, list[dict[str, Any]]] = defaultdict(list)
    for path in sorted(folder.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            specs = [str(row[f"agent_s{s}"]) for s in range(int(row.get("players", 2)))]
            searcher = next(s for s in specs if s.startswith("ismcts"))
            opponent = next(s for s in specs if s != searcher)
            label = str(row.get("cell") or two_player(deadtable.game(path.stem)).label)
            runs[(path.stem, label, searcher, opponent)].append(row)
    return runs


def seed_of(rows: list[dict[str, Any]]) -> int | None:
    """The `--seed` whose games these rows are, if one of `SEEDS`."""
    return next((s for s in SEEDS if all(int(r["seed"]) == game_seed(s, int(r["game"])) for r in rows)), None)


def command(run: Run, rows: list[dict[str, Any]], folder: str) -> str:
    """The command that plays (or resumes) the run into `folder`."""
    game_id, label, spec, against = run
    argv = ["python", "benchmarks/ismcts_strength.py", "strength", "--game", game_id]
    if label != two_player(deadtable.game(game_id)).label:
        argv += ["--cell", label]
    if spec != "ismcts":
        argv += ["--agent", spec]
    if against != opponent(deadtable.game(game_id)):
        argv += ["--opponent", against]
    seed = seed_of(rows)
    argv += ["--games", str(len(rows)), "--seed", str(seed if seed is not None else "?"), "--rows", folder]
    return shlex.join(argv)


def _cpu(rows: list[dict[str, Any]], spec: str) -> str:
    parts = []
    for build in sorted({str(r.get("build")) for r in rows if "build" in r}):
        timed = cpu_per_move(rows, spec, build)
        if timed:
            parts.append(f"{timed[0]:.3f} ({timed[1]:.3f}) {build}")
    return "; ".join(parts) or "-"


def _commits(rows: list[dict[str, Any]]) -> str:
    found = sorted({str(r["commit"]) for r in rows if "commit" in r})
    return ", ".join(found) if found and all("commit" in r for r in rows) else "-"


def table(runs: dict[Run, list[dict[str, Any]]], folder: str) -> list[str]:
    """The table of `runs`, the runs too short to rate, and the commands that played them."""
    lines = [
        "| game | table | IS-MCTS | opponent | IS-MCTS wins | 95% CI | fair share | target | games "
        "| CPU s a move (with a choice) | measured on commit |",
        "|---|---|---|---|---:|---|---:|---|---:|---|---|",
    ]
    short = []
    commands = []
    # A run's commit is told on a stamp line under the table, the row holding its mark: a
    # page names a commit only on a line that starts "Measured on commit".
    marks: dict[str, str] = {}
    for run, rows in runs.items():
        game_id, label, spec, against = run
        if len(rows) < MIN_GAMES:
            short.append(f"`{spec}` against `{against}` at {game_id} {label}, {len(rows)} games")
            continue
        rate = next(r for r in by_agent(rows) if r.label == spec)
        lo, hi = rate.ci
        players = int(rows[0].get("players", 2))
        # The target is set against the game's heuristic; a run against another opponent has none.
        judged = verdict(players, rate.rate, lo, rate.trials) if against == "heuristic" else "-"
        won = f"{rate.wins:g} = {rate.rate:.1%} | {lo:.1%}-{hi:.1%} | {fair_share(players):.1%}"
        commits = _commits(rows)
        mark = "-" if commits == "-" else marks.setdefault(commits, f"({len(marks) + 1})")
        lines.append(
            f"| {game_id} | {label} | `{spec}` | `{against}` | {won} | {judged} | {rate.trials} "
            f"| {_cpu(rows, spec)} | {mark} |"
        )
        commands.append(command(run, rows, folder))
    for commits, mark in marks.items():
        lines += ["", f"Measured on commit {commits}: the rows marked {mark}."]
    if short:
        lines += ["", f"Too short to rate (under {MIN_GAMES} games): {'; '.join(short)}."]
    lines += ["", "The commands that played these runs (run again, each plays only the games missing):", ""]
    lines += ["```sh", *commands, "```"]
    return lines


def missing(runs: dict[Run, list[dict[str, Any]]], folder: str) -> list[str]:
    """The cells of every game that no run of the default `ismcts` has rows for, and the command
    that plays them all."""
    measured = {(game_id, label) for game_id, label, spec, _ in runs if spec == "ismcts"}
    lines = []
    for the_game in deadtable.games():
        absent = [c.label for c in cells(the_game) if (the_game.id, c.label) not in measured]
        if absent:
            lines.append(f"- {the_game.id}: {', '.join(absent)}")
    if not lines:
        return []
    return [
        "",
        "## Tables not measured yet",
        "",
        "No rows of the default `ismcts` yet at these tables:",
        "",
        *lines,
        "",
        f"The command that plays them ({TARGET_GAMES} games a table; a table already played plays only "
        "its missing games):",
        "",
        "<!-- not run: hours of games; the commands above resume runs whose rows are all here -->",
        "```sh",
        "python benchmarks/ismcts_strength.py strength --cell all "
        f"--games {TARGET_GAMES} --seed 1 --rows {folder}",
        "```",
    ]


def render(rows_dir: Path = ROWS) -> str:
    """The page, from the rows in `rows_dir` and its `trials/` folder."""
    where = rows_dir.relative_to(ROOT).as_posix() if rows_dir.is_relative_to(ROOT) else str(rows_dir)
    runs = load(rows_dir)
    recorded = all("commit" in r for rows in runs.values() for r in rows)
    source = f"From the committed rows in `{where}/`" + (
        ", each run with the commit it was measured on."
        if recorded
        else "; a run whose rows do not record the commit they were measured on shows none."
    )
    lines = [
        "# Strength",
        "",
        source,
        "",
        "One IS-MCTS seat against each game's heuristic (`greedy` where named) at every other seat",
        "of a table (a player count, and a mode for Zombie shedding), the search seat rotating,",
        "through the same seeded games `deadtable simulate` plays. `ismcts` alone is the game's own",
        "search settings for that table (`Game.search_settings(players, options)`); a spec such as",
        "`ismcts:iterations=64` names settings of its own. The win rate counts a shared win as a",
        "share (a team's win is shared by its seats), with its 95% Wilson interval; a seat's fair",
        "share is 1 / players. The target: at 2 players at least 70% won; at more, at least 1.5",
        f"times the fair share with the interval's lower end above it; over at least {TARGET_GAMES} games",
        "(below that the verdict says too few games); only a run against the game's heuristic is",
        "judged. Rows measured with older settings keep the",
        "spec they were played with; the commit column says when. The CPU is the IS-MCTS seat's, in",
        "seconds a move (`time.process_time` around each `act` in the process that played the game),",
        "per build (`native`: compiled with mypyc; `pure`: plain Python, four to six times slower), and",
        "in brackets per move with more than one legal action.",
        "",
        "This page is written from the rows, nothing replayed:",
        "",
        "```sh",
        "python -m benchmarks.pages strength   # or make figures",
        "```",
        "",
        *table(runs, where),
        *missing(runs, where),
    ]
    trials = rows_dir / "trials"
    if trials.is_dir():
        lines += [
            "",
            "## Trials",
            "",
            "Settings tried while choosing a game's own, kept apart in `benchmarks/strength_rows/trials/`",
            "(short runs; rows without a commit were played on code that was not committed yet).",
            "",
            *table(load(trials), f"{where}/trials"),
        ]
    return "\n".join(lines) + "\n"
