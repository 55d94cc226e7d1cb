"""`python -m benchmarks` (`make bench`): one table, one run, one core.

For every game and variant: random full games per second and actions per second; for each game's
first variant also clone() cost, our IS-MCTS iterations per second and the PettingZoo wrapper's
steps per second against raw engine steps. Beside them, in the same run: OpenSpiel's crazy_eights
(2 players, from Python) and RLCard's uno (env.run, random agents), and OpenSpiel's Python ISMCTS on
hearts. The last column checks the targets of issue 9 as ratios measured in this run.

    python -m benchmarks                 # about two minutes
    python -m benchmarks --budget 0.3    # quicker, noisier
    python -m benchmarks --markdown      # the table as Markdown (for the README)
    make bench-native                    # the same on the native build (mypyc, deadtable/native.py)

Above the table, a line names the build measured: pure Python or native (mypyc).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from dataclasses import dataclass, field

from deadtable import native
from deadtable.core import Game, Variant, games

from . import peers, throughput

TARGET_GAMES_PER_S = 1000.0  # every game at 2 players
TARGET_VS_CRAZY_EIGHTS = 1.5  # shedding Duel games/s over OpenSpiel crazy_eights
TARGET_VS_UNO = 5.0  # shedding Duel games/s over RLCard uno
TARGET_VS_OPENSPIEL_ISMCTS = 1.5  # our IS-MCTS it/s over OpenSpiel's Python ISMCTS on hearts
SHEDDING, DUEL = "zombie-shedding", "duel"


@dataclass
class Row:
    subject: str
    players: str
    games_s: float | None = None
    actions_s: float | None = None
    clone_us: float | None = None
    ismcts: float | None = None
    env: str = ""
    checks: list[str] = field(default_factory=list)


def _fmt(x: float | None, digits: int = 0) -> str:
    if x is None:
        return "-"
    return f"{x:,.{digits}f}"


def _check(label: str, ratio: float, target: float, passed: list[bool]) -> str:
    ok = ratio >= target
    passed.append(ok)
    return f"{label} {ratio:.2f}x (>= {target}x) {'PASS' if ok else 'FAIL'}"


def _idle_ticks() -> dict[int, int]:
    out: dict[int, int] = {}
    with open("/proc/stat") as f:
        for line in f:
            name, *fields = line.split()
            if name.startswith("cpu") and name != "cpu":
                out[int(name[3:])] = int(fields[3]) + int(fields[4])  # idle + iowait
    return out


def _pin_one_core() -> str:
    """Pin this process to one core: the allowed core that was idlest over a short look."""
    try:
        allowed = sorted(os.sched_getaffinity(0))
        try:
            before = _idle_ticks()
            time.sleep(0.3)
            after = _idle_ticks()
            cpu = max(allowed, key=lambda c: after.get(c, 0) - before.get(c, 0))
        except OSError:
            cpu = allowed[0]
        os.sched_setaffinity(0, {cpu})
        return f"pinned to cpu {cpu} of {len(allowed)}"
    except (AttributeError, OSError):
        return "not pinned (no sched_setaffinity here)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per measurement (default 1)")
    ap.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = ap.parse_args(argv)
    budget = args.budget
    pinned = _pin_one_core()
    chosen = [g for g in games() if not args.games or g.id in args.games.split(",")]
    passed: list[bool] = []
    rows: list[Row] = []
    build = native.describe()

    print(
        f"deadtable benchmarks: Python {platform.python_version()}, {pinned}, {budget:g} s per measure;"
        f" build: {build}",
        file=sys.stderr,
    )
    # The peers run in slices interleaved with the shedding Duel (and hearts ISMCTS at the start, the
    # middle and the end), so a change in the machine's load falls on both sides of each ratio.
    c8, uno, duel = _interleaved(chosen, budget)
    hearts_parts = [peers.openspiel_hearts_ismcts(budget / 3)]

    hearts_parts.append(peers.openspiel_hearts_ismcts(budget / 3))
    hearts_parts.append(peers.openspiel_hearts_ismcts(budget / 3))
    found = [h for h in hearts_parts if h is not None]
    hearts = sum(found) / len(found) if found else None
    for g in chosen:
        for i, variant in enumerate(g.variants()):
            print(f"  {g.id} {variant.name} ...", file=sys.stderr)
            rows.append(
                _game_row(
                    g, variant, budget, first=i == 0, c8=c8, uno=uno, hearts=hearts, passed=passed, duel=duel
                )
            )

    if c8 is not None:
        rows.append(Row("OpenSpiel crazy_eights (pyspiel)", "2", c8.games_per_s, c8.actions_per_s))
    else:
        rows.append(Row("OpenSpiel crazy_eights: open_spiel not installed", "2"))
    if uno is not None:
        rows.append(Row("RLCard uno (env.run, random)", "2", uno.games_per_s, uno.actions_per_s))
    else:
        rows.append(Row("RLCard uno: rlcard not installed", "2"))
    if hearts is not None:
        rows.append(Row("OpenSpiel Python ISMCTS on hearts", "4", ismcts=hearts))
    else:
        rows.append(Row("OpenSpiel hearts ISMCTS: open_spiel not installed", "4"))

    print(f"build: {build}")
    _print(rows, args.markdown)
    met = sum(passed)
    print(f"\ntargets met: {met} of {len(passed)}")
    return 0


def _interleaved(
    chosen: list[Game], budget: float, rounds: int = 3
) -> tuple[throughput.Rate | None, throughput.Rate | None, throughput.Rate | None]:
    """crazy_eights, uno and the shedding Duel, measured in alternating slices."""
    duel_game = next((g for g in chosen if g.id == SHEDDING), None)
    duel_variant = next((v for v in duel_game.variants() if v.name == DUEL), None) if duel_game else None
    c8: throughput.Rate | None = None
    uno: throughput.Rate | None = None
    duel: throughput.Rate | None = None
    for _ in range(rounds):
        c8 = throughput.Rate.add(c8, peers.openspiel_crazy_eights(budget / rounds))
        uno = throughput.Rate.add(uno, peers.rlcard_uno(budget / rounds))
        if duel_game is not None and duel_variant is not None:
            duel = throughput.Rate.add(duel, throughput.random_play(duel_game, duel_variant, budget / rounds))
    return c8, uno, duel


def _game_row(
    g: Game,
    variant: Variant,
    budget: float,
    *,
    first: bool,
    c8: throughput.Rate | None,
    uno: throughput.Rate | None,
    hearts: float | None,
    passed: list[bool],
    duel: throughput.Rate | None,
) -> Row:
    is_duel = g.id == SHEDDING and variant.name == DUEL
    rate = duel if is_duel and duel is not None else throughput.random_play(g, variant, budget)
    row = Row(f"{g.id} {variant.name}", str(variant.players), rate.games_per_s, rate.actions_per_s)
    if variant.players == 2:
        ok = rate.games_per_s >= TARGET_GAMES_PER_S
        passed.append(ok)
        row.checks.append(f">= {TARGET_GAMES_PER_S:,.0f} games/s {'PASS' if ok else 'FAIL'}")
    if is_duel:
        if c8 is not None:
            row.checks.append(
                _check("vs crazy_eights", rate.games_per_s / c8.games_per_s, TARGET_VS_CRAZY_EIGHTS, passed)
            )
        if uno is not None:
            row.checks.append(_check("vs uno", rate.games_per_s / uno.games_per_s, TARGET_VS_UNO, passed))
    if first:
        row.clone_us = throughput.clone_cost(g, variant, budget / 2)
        row.ismcts = throughput.ismcts_rate(g, variant, budget)
        if row.ismcts is not None and hearts is not None:
            row.checks.append(
                _check("IS-MCTS vs OpenSpiel hearts", row.ismcts / hearts, TARGET_VS_OPENSPIEL_ISMCTS, passed)
            )
        over = throughput.wrapper_overhead(g, variant, budget / 2)
        if over is not None:
            row.env = f"{over.env_steps_per_s:,.0f} ({over.factor:.1f}x slower)"
    return row


def _print(rows: list[Row], markdown: bool) -> None:
    head = [
        "game / peer",
        "players",
        "games/s",
        "actions/s",
        "clone µs",
        "IS-MCTS it/s",
        "PettingZoo steps/s",
        "targets",
    ]
    body = [
        [
            r.subject,
            r.players,
            _fmt(r.games_s),
            _fmt(r.actions_s),
            _fmt(r.clone_us, 1),
            _fmt(r.ismcts),
            r.env or "-",
            "; ".join(r.checks) or "-",
        ]
        for r in rows
    ]
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" for _ in head) + "|")
        for b in body:
            print("| " + " | ".join(b) + " |")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="deadtable speed (one core, one run)")
    for h in head:
        table.add_column(h, justify="left" if h in ("game / peer", "targets") else "right")
    for b in body:
        table.add_row(*b)
    Console(width=220).print(table)


if __name__ == "__main__":
    raise SystemExit(main())
