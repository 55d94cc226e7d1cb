"""docs/figures/performance.md: the speed table of one `python -m benchmarks` run, as a page.

`make bench` runs `python -m benchmarks --native build/native --write docs/figures/performance.md`:
the same run that prints the terminal table writes the page, so the page holds the figures of
one run, the peers' beside them and every ratio measured in that run. The page opens with the
stamp (`benchmarks.stamp.measured`: commit, date, machine, builds), says what is measured and
the exact command that made it, then the table (`table.markdown_lines`) and the targets met.
"""

from __future__ import annotations

from pathlib import Path

from . import stamp
from .table import Runs, markdown_lines

TITLE = "# Performance"


def render(runs: Runs, builds: list[str], met: list[str], command: str, budget: float) -> str:
    """The page: `runs` as measured (one or two builds), `builds` their descriptions, `met` one
    "targets met" phrase a build (e.g. "pure 5 of 12"), `command` the command line that ran."""
    two = len(runs) > 1
    figures = "each figure as pure / native" if two else "one build"
    lines = [
        TITLE,
        "",
        stamp.measured(builds),
        "",
        "Random full games and players' decisions per second for every game and player count, the",
        "cost of `clone()`, IS-MCTS iterations per second and PettingZoo steps per second of `env()`",
        "against raw engine steps; a row per game for its bots playing each other as",
        "`deadtable simulate` plays them; and the peers, run in the same process: OpenSpiel's",
        "crazy_eights and RLCard's uno in slices alternating with the games compared with them, and",
        "OpenSpiel's Python ISMCTS on hearts just before and after each of our IS-MCTS measures",
        "(`benchmarks/peers.py` says how each peer is driven). Every rate is per CPU second of the",
        f"measuring process, pinned to one core, {budget:g} CPU seconds a measure; on a shared machine",
        "only the ratios, each measured within one process, compare across runs. The targets",
        "(`benchmarks/targets.py`) are such ratios: PASS, or MISSED and by how much. The table shows",
        f"{figures}.",
        "",
        "Made by this command, which writes this page again:",
        "",
        "```sh",
        command,
        "```",
        "",
        *markdown_lines(runs),
        "",
        f"Targets met: {'; '.join(met)}.",
        "",
    ]
    return "\n".join(lines)


def write(path: str, page: str) -> None:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(page, encoding="utf-8")
