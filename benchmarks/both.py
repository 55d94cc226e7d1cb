"""`python -m benchmarks --native DIR` (`make bench`): the pure and the native build in one table.

The pure package and the compiled copy (`make native`: build/native) cannot be imported in one
process, so each build runs in a child process of its own (`python -P -m benchmarks --json FILE`),
the pure one first, with the same settings; every ratio to a peer is still measured inside one
child, against the peers run in that same child. The table then shows each figure as pure and
native side by side, and the targets judged for each build.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from deadtable.native import STAMP

from .table import Row, fmt, print_table

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


def main(argv: list[str], native_dir: str, markdown: bool) -> int:
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
    print(f"builds: pure: {pure['build']}; native: {compiled['build'] if compiled else '-'}")
    side_by_side(pure, compiled, markdown)
    print(f"\ntargets met: pure {pure['met']} of {pure['total']}", end="")
    print(f"; native {compiled['met']} of {compiled['total']}" if compiled else "; native not run")
    return 0


def side_by_side(pure: dict[str, Any], native: dict[str, Any] | None, markdown: bool) -> None:
    """One line per game and peer: every figure as "pure / native" (or two columns for rates)."""
    p_rows = {r["subject"]: Row(**r) for r in pure["rows"]}
    n_rows = {r["subject"]: Row(**r) for r in native["rows"]} if native else {}
    subjects = list(p_rows) + [s for s in n_rows if s not in p_rows]
    head = [
        "game / peer",
        "players",
        "games/s pure",
        "games/s native",
        "actions/s pure",
        "actions/s native",
        "clone µs pure / native",
        "IS-MCTS it/s pure / native",
        "PettingZoo steps/s pure / native",
        "targets: pure / native",
    ]
    body = []
    for s in subjects:
        p, n = p_rows.get(s), n_rows.get(s)
        either = p or n
        assert either is not None
        body.append(
            [
                s,
                either.players,
                fmt(p.games_s if p else None),
                fmt(n.games_s if n else None),
                fmt(p.actions_s if p else None),
                fmt(n.actions_s if n else None),
                _pair(fmt(p.clone_us, 1) if p else "-", fmt(n.clone_us, 1) if n else "-"),
                _pair(fmt(p.ismcts) if p else "-", fmt(n.ismcts) if n else "-"),
                _pair(p.env if p and p.env else "-", n.env if n and n.env else "-"),
                _pair(
                    "; ".join(p.checks) if p and p.checks else "-",
                    "; ".join(n.checks) if n and n.checks else "-",
                ),
            ]
        )
    print_table(head, body, markdown, "deadtable speed, pure and native (one core, one run each)")


def _pair(a: str, b: str) -> str:
    return "-" if a == b == "-" else f"{a} / {b}"
