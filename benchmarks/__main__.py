"""`python -m benchmarks`: one table, one run, one core, for the build that runs it.

For every game and variant: random full games per second and actions per second; for each game's
first variant also clone() cost, our IS-MCTS iterations per second and the PettingZoo wrapper's
steps per second against raw engine steps. Beside them, in the same run: OpenSpiel's crazy_eights
(2 players, from Python) and RLCard's uno (env.run, random agents), and OpenSpiel's Python ISMCTS on
hearts. The last column checks the targets of issue 9 as ratios measured in this run.

    python -m benchmarks                 # about a minute
    python -m benchmarks --budget 0.3    # quicker, noisier
    python -m benchmarks --markdown      # the table as Markdown (for the README)
    python -m benchmarks --native build/native   # both builds side by side (make bench; benchmarks/both.py)
    make bench-native                    # the native build alone (mypyc, deadtable/native.py)

Above the table, a line names the build measured: pure Python or native (mypyc).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from deadtable import native
from deadtable.core import Game, Variant, games

from . import both, peers, throughput
from .table import Row, fmt, print_table

TARGET_GAMES_PER_S = 1000.0  # every game at 2 players
TARGET_VS_CRAZY_EIGHTS = 1.5  # shedding Duel games/s over OpenSpiel crazy_eights
TARGET_VS_UNO = 5.0  # shedding Duel games/s over RLCard uno
TARGET_VS_OPENSPIEL_ISMCTS = 1.5  # our IS-MCTS it/s over OpenSpiel's Python ISMCTS on hearts
TARGET_ENV_COST = 3.0  # a PettingZoo step (raw_env: last() + step) costs at most this many raw steps
SHEDDING, DUEL = "zombie-shedding", "duel"


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
    ap.add_argument(
        "--draw",
        choices=throughput.DRAWS,
        default="random",
        help="how random play draws an action, in our loop and crazy_eights' alike: floor(random() * n)"
        " (default) or Random.randrange, ~2,700 instructions a call (see benchmarks/throughput.py)",
    )
    ap.add_argument(
        "--native",
        metavar="DIR",
        help="also run the native build in DIR (make native: build/native) and print both builds side by"
        " side, each in its own process, one after the other (what make bench does)",
    )
    ap.add_argument("--json", metavar="FILE", help=argparse.SUPPRESS)  # a child's rows, for --native
    args = ap.parse_args(argv)
    if args.native:  # each build's child measures with these settings (benchmarks/both.py)
        child = ["--budget", str(args.budget), "--games", args.games, "--draw", args.draw]
        return both.main(child, args.native, args.markdown)
    rows, build, met, total = measure(args)
    if args.json:
        both.save(args.json, rows, build, met, total)
        return 0
    print(f"build: {build}")
    _print(rows, args.markdown)
    print(f"\ntargets met: {met} of {total}")
    return 0


def measure(args: argparse.Namespace) -> tuple[list[Row], str, int, int]:
    """Every row of the table for the running build; its description; targets met and judged."""
    budget = args.budget
    pinned = _pin_one_core()
    chosen = [g for g in games() if not args.games or g.id in args.games.split(",")]
    passed: list[bool] = []
    rows: list[Row] = []
    build = native.describe()

    print(
        f"deadtable benchmarks: Python {platform.python_version()}, {pinned}, {budget:g} s per measure;"
        f" build: {build}; random play draws with {args.draw}",
        file=sys.stderr,
    )
    # The peers run in slices interleaved with the shedding Duel (and hearts ISMCTS at the start, the
    # middle and the end), so a change in the machine's load falls on both sides of each ratio.
    c8, uno, duel = _interleaved(chosen, budget, args.draw)
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
                    g,
                    variant,
                    budget,
                    first=i == 0,
                    c8=c8,
                    uno=uno,
                    hearts=hearts,
                    passed=passed,
                    duel=duel,
                    draw=args.draw,
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
    return rows, build, sum(passed), len(passed)


def _interleaved(
    chosen: list[Game], budget: float, draw: str, rounds: int = 9
) -> tuple[throughput.Rate | None, throughput.Rate | None, throughput.Rate | None]:
    """crazy_eights, uno and the shedding Duel, measured in alternating short slices (so a change of
    the machine's load falls on both sides of a ratio); each slice goes on to new games."""
    duel_game = next((g for g in chosen if g.id == SHEDDING), None)
    duel_variant = next((v for v in duel_game.variants() if v.name == DUEL), None) if duel_game else None
    c8: throughput.Rate | None = None
    uno: throughput.Rate | None = None
    duel: throughput.Rate | None = None
    for k in range(rounds):
        c8 = throughput.Rate.add(c8, peers.openspiel_crazy_eights(budget / rounds, draw, seed=k))
        uno = throughput.Rate.add(uno, peers.rlcard_uno(budget / rounds, seed=k))
        if duel_game is not None and duel_variant is not None:
            played = duel.games if duel is not None else 0
            part = throughput.random_play(duel_game, duel_variant, budget / rounds, draw, first_seed=played)
            duel = throughput.Rate.add(duel, part)
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
    draw: str,
) -> Row:
    is_duel = g.id == SHEDDING and variant.name == DUEL
    rate = duel if is_duel and duel is not None else throughput.random_play(g, variant, budget, draw)
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
        over = throughput.wrapper_overhead(g, variant, budget / 2, draw)
        if over is not None:
            row.env = f"{over.env_steps_per_s:,.0f} ({over.factor:.1f}x slower)"
            ok = over.factor <= TARGET_ENV_COST
            passed.append(ok)
            row.checks.append(f"PettingZoo step <= {TARGET_ENV_COST:g}x raw {'PASS' if ok else 'FAIL'}")
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
            fmt(r.games_s),
            fmt(r.actions_s),
            fmt(r.clone_us, 1),
            fmt(r.ismcts),
            r.env or "-",
            "; ".join(r.checks) or "-",
        ]
        for r in rows
    ]
    print_table(head, body, markdown, "deadtable speed (one core, one run)")


if __name__ == "__main__":
    raise SystemExit(main())
