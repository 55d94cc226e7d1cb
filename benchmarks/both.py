"""`python -m benchmarks --native DIR` (`make bench`): the pure and the native build in one table.

The pure package and the compiled copy (`make native`: build/native) cannot be imported in one
process, so each build runs in a child process of its own (`python -P -m benchmarks --json FILE`),
the pure one first, with the same settings; every ratio to a peer is still measured inside one
child, against the peers run in that same child. The table then shows each figure as pure and
native side by side, and the targets judged for each build. With `--write PATH` (`Page`) the same table
is written as the figures page (benchmarks/performance_page.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from deadtable.native import STAMP

from . import performance_page
from .table import WIDTH, Row, Runs, print_table
from .targets import NATIVE, PURE

ROOT = Path(__file__).resolve().parent.parent  # the checkout: benchmarks/ and the pure deadtable/


def save(path: str, rows: list[Row], build: str, met: int, total: int) -> None:
    """What a child measured, for the parent (`main`)."""
    data = {"build": build, "met": met, "total": total, "rows": [asdict(r) for r in rows]}
    Path(path).write_text(json.dumps(data), encoding="utf-8")


def run_build(pythonpath: str, argv: list[str], *, pure: bool = False) -> dict[str, Any] | None:
    """Run the bench in a child process on `pythonpath`; its results, or None if it failed.
    `pure`: DEADTABLE_PURE=1, or the checkout's package would run its fresh native copy
    (deadtable/which_build.py)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rows.json"
        env = dict(os.environ, PYTHONPATH=pythonpath)
        if pure:
            env["DEADTABLE_PURE"] = "1"
        # -P: the working folder's pure package must not come before the native copy.
        cmd = [sys.executable, "-P", "-m", "benchmarks", *argv, "--json", str(out)]
        done = subprocess.run(cmd, env=env, check=False)
        if done.returncode != 0 or not out.exists():
            return None
        data: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return data


@dataclass(frozen=True)
class Page:
    """Where to write the figures page of a run, and what it says made it."""

    path: str
    command: str
    budget: float


def main(argv: list[str], native_dir: str, markdown: bool, page: Page | None = None) -> int:
    native = Path(native_dir).resolve()
    pure = run_build(str(ROOT), argv, pure=True)
    if pure is None:
        print("the pure-Python run failed (its error is above)", file=sys.stderr)
        return 1
    if not (native / STAMP).exists():
        print(f"no native build in {native} (`make native` makes one): pure Python only", file=sys.stderr)
        compiled = None
    else:
        compiled = run_build(f"{native}{os.pathsep}{ROOT}", argv)
        if compiled is None:
            print("the native run failed (its error is above): pure Python only", file=sys.stderr)
    builds = f"builds: pure: {pure['build']}; native: {compiled['build'] if compiled else '-'}"
    print(builds if markdown else textwrap.fill(builds, WIDTH, subsequent_indent="  "))
    runs = side_by_side(pure, compiled, markdown)
    met = [f"pure {pure['met']} of {pure['total']}"]
    met.append(f"native {compiled['met']} of {compiled['total']}" if compiled else "native not run")
    print(f"\ntargets met: {'; '.join(met)}")
    if page is not None:
        described = [pure["build"], *([compiled["build"]] if compiled else [])]
        performance_page.write(
            page.path, performance_page.render(runs, described, met, page.command, page.budget)
        )
        print(f"written: {page.path}", file=sys.stderr)
    return 0


def _row(saved: dict[str, Any]) -> Row:
    """A saved row as a `Row`, without what a kind of row adds (`bots.BotRow`'s random play)."""
    names = {f.name for f in fields(Row)}
    return Row(**{k: v for k, v in saved.items() if k in names})


def side_by_side(pure: dict[str, Any], native: dict[str, Any] | None, markdown: bool) -> Runs:
    """Every subject with its figures for each build (table.print_table); the runs printed."""
    runs = [(PURE, [_row(r) for r in pure["rows"]])]
    if native:
        runs.append((NATIVE, [_row(r) for r in native["rows"]]))
    print_table(runs, markdown)
    return runs
