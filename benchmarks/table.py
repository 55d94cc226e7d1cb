"""The bench's rows and how they are printed: a terminal table that fits 80 columns, with the targets
listed under it, or one wide Markdown table (for the docs) with the targets in a column.

One build's rows, or two builds' (`both.py`): in the terminal each subject then takes a line per
build; in Markdown each figure shows as "pure / native".
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

WIDTH = 80  # the terminal table and the target lines fit this many columns

Runs = list[tuple[str, list["Row"]]]  # (build: "pure" or "native", its rows), in the order measured


@dataclass
class Row:
    """One line of the table: a game and variant, or a peer."""

    subject: str
    players: str
    games_s: float | None = None
    actions_s: float | None = None  # players' decisions a second
    clone_us: float | None = None
    ismcts: float | None = None
    env: float | None = None  # PettingZoo steps a second of env() (its wrapper included)
    env_factor: float | None = None  # how many times slower than raw engine steps
    checks: list[str] = field(default_factory=list)
    peer: bool = False  # another library's game, not "game variant"


def fmt(x: float | None, digits: int = 0) -> str:
    if x is None:
        return "-"
    return f"{x:,.{digits}f}"


def _env(r: Row | None) -> str:
    if r is None or r.env is None:
        return "-"
    return f"{r.env:,.0f} ({r.env_factor:.1f}x slower)" if r.env_factor is not None else fmt(r.env)


def _figures(r: Row | None) -> list[str]:
    if r is None:
        return ["-"] * 5
    return [fmt(r.games_s), fmt(r.actions_s), fmt(r.clone_us, 1), fmt(r.ismcts), fmt(r.env)]


def subjects(runs: Runs) -> list[str]:
    seen: dict[str, None] = {}
    for _build, rows in runs:
        seen.update(dict.fromkeys(r.subject for r in rows))
    return list(seen)


def print_table(runs: Runs, markdown: bool) -> None:
    if markdown:
        print_markdown(runs)
    else:
        print_terminal(runs)


def print_markdown(runs: Runs) -> None:
    """One wide table: every figure per build ("pure / native" when there are two), the targets last."""
    print("\n".join(markdown_lines(runs)))


def markdown_lines(runs: Runs) -> list[str]:
    """The lines of `print_markdown`'s table (also the figures page's, benchmarks/performance_page.py)."""
    by_build = [{r.subject: r for r in rows} for _b, rows in runs]
    builds = " / ".join(b for b, _rows in runs)
    head = ["game / peer", "players", "games/s", "decisions/s", "clone µs", "IS-MCTS it/s"]
    head += ["PettingZoo steps/s", "targets"]
    if len(runs) > 1:  # the figures' columns name the builds; the subject's and the players' do not
        head = head[:2] + [f"{h} {builds}" for h in head[2:]]
    lines = [f"| {' | '.join(head)} |", "|" + "|".join("---" for _ in head) + "|"]
    for s in subjects(runs):
        got = [rows.get(s) for rows in by_build]
        players = next(r.players for r in got if r is not None)
        cells = [s, players]
        for column in range(4):
            cells.append(" / ".join(_figures(r)[column] for r in got))
        cells.append(" / ".join(_env(r) for r in got))
        cells.append(" / ".join("; ".join(r.checks) if r and r.checks else "-" for r in got))
        lines.append("| " + " | ".join(c if c.strip(" /-") else "-" for c in cells) + " |")
    return lines


def print_terminal(runs: Runs) -> None:
    """A table of figures within WIDTH columns (a line per build), then each build's targets."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    two = len(runs) > 1
    table = Table(
        title="deadtable speed (one core; ratios within one run)",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        collapse_padding=True,
    )
    table.add_column("game / peer", justify="left", no_wrap=True)
    if two:
        table.add_column("build", justify="left", no_wrap=True)
    for name in ("games\n/s", "decisions\n/s", "clone\nµs", "IS-MCTS\nit/s", "PettingZoo\nsteps/s"):
        table.add_column(name, justify="right", no_wrap=True)
    by_build = [(b, {r.subject: r for r in rows}) for b, rows in runs]
    peers = {r.subject for _b, rows in runs for r in rows if r.peer}
    game = ""
    for s in subjects(runs):
        shown = s
        if s not in peers:  # a game's name on a line of its own, its variants indented under it
            name, _sp, variant = s.partition(" ")
            if name != game:
                table.add_row(name)
                game = name
            shown = f"  {variant}"
        for k, (build, of_build) in enumerate(by_build):
            first = [shown if k == 0 else ""] + ([build] if two else [])
            table.add_row(*first, *_figures(of_build.get(s)))
    Console(width=WIDTH).print(table)
    for build, rows in runs:
        print(f"targets, {build} (ratios measured in the same process):")
        for r in rows:
            for check in r.checks:
                line = f"{r.subject}: {check}"
                print(textwrap.fill(line, WIDTH, initial_indent="  ", subsequent_indent="    "))
