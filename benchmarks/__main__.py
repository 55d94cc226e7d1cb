"""`python -m benchmarks`: one table, one run, one core, for the build that runs it.

For every game and variant: random full games per second and players' decisions per second; for each
game's first variant also clone() cost, our IS-MCTS iterations per second and the PettingZoo steps
per second of `env()` (the environment a researcher gets) against raw engine steps; for every game
at 2 players, its bots playing each other as `deadtable simulate` plays them, against random play
(benchmarks/bots.py). Beside them, in the same run, the peers, each driven the cheapest correct way
(benchmarks/peers.py): OpenSpiel's crazy_eights and RLCard's uno in slices alternating with the
shedding game's Duel and Zombie Overlord 2p, and OpenSpiel's Python ISMCTS on hearts just before and
after each of our IS-MCTS measures. Under the table, the targets of random play's and the search's speed
(benchmarks/targets.py), each a ratio measured in this run: PASS, or MISSED and by how much. The
terminal table fits 80 columns; --markdown prints one wide table.

    python -m benchmarks                 # about a minute
    python -m benchmarks --budget 0.3    # quicker, noisier
    python -m benchmarks --markdown      # the table as Markdown (for the docs)
    python -m benchmarks --native build/native   # both builds side by side (make bench; benchmarks/both.py)
    python -m benchmarks --write docs/figures/performance.md   # also write the table as the figures page
    make bench-native                    # the native build alone (mypyc, deadtable/native.py)
    python -m benchmarks.peer_drivers    # each peer driven the usual way against the bench's way

Above the table, a line names the build measured: pure Python or native (mypyc). `--write PATH`
also writes the run's table as a Markdown page stamped with the commit, date and machine
(benchmarks/performance_page.py; `make bench` writes docs/figures/performance.md).
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import sys
import textwrap
import time

from deadtable import native
from deadtable.core import Game, Variant, games

from . import both, bots, peers, performance_page, targets, throughput
from .table import WIDTH, Row, print_table


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
    ap.add_argument("--budget", type=float, default=1.0, help="CPU seconds per measurement (default 1)")
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
    ap.add_argument(
        "--write",
        metavar="PATH",
        help="also write the table as a Markdown page, stamped with the commit, date and machine"
        " (make bench: docs/figures/performance.md)",
    )
    ap.add_argument("--json", metavar="FILE", help=argparse.SUPPRESS)  # a child's rows, for --native
    args = ap.parse_args(argv)
    command = shlex.join(["python", "-m", "benchmarks", *(sys.argv[1:] if argv is None else argv)])
    if args.native:  # each build's child measures with these settings (benchmarks/both.py)
        child = ["--budget", str(args.budget), "--games", args.games, "--draw", args.draw]
        page = both.Page(args.write, command, args.budget) if args.write else None
        return both.main(child, args.native, args.markdown, page)
    rows, build, met, total = measure(args)
    if args.json:
        both.save(args.json, rows, build, met, total)
        return 0
    kind = targets.NATIVE if build.startswith("native") else targets.PURE
    print(
        f"build: {build}"
        if args.markdown
        else textwrap.fill(f"build: {build}", WIDTH, subsequent_indent="  ")
    )
    print_table([(kind, rows)], args.markdown)
    print(f"\ntargets met: {met} of {total}")
    if args.write:
        text = performance_page.render([(kind, rows)], [build], [f"{met} of {total}"], command, args.budget)
        performance_page.write(args.write, text)
        print(f"written: {args.write}", file=sys.stderr)
    return 0


def measure(args: argparse.Namespace) -> tuple[list[Row], str, int, int]:
    """Every row of the table for the running build; its description; targets met and judged."""
    budget = args.budget
    pinned = _pin_one_core()
    chosen = [g for g in games() if not args.games or g.id in args.games.split(",")]
    rows: list[Row] = []
    build = native.describe()
    kind = targets.NATIVE if native.compiled_modules() else targets.PURE

    print(
        f"deadtable benchmarks: Python {platform.python_version()}, {pinned}, {budget:g} CPU s per measure;"
        f" build: {build}; random play draws with {args.draw}",
        file=sys.stderr,
    )
    # The peers run in slices interleaved with the games compared with them, and hearts ISMCTS just
    # before and just after each of our IS-MCTS measures, so a change in the machine's load falls on
    # both sides of each ratio.
    c8, uno, compared = _interleaved(chosen, budget, args.draw)
    hearts_parts: list[float] = []
    for g in chosen:
        for i, variant in enumerate(g.variants()):
            print(f"  {g.id} {variant.name} ...", file=sys.stderr)
            rate = compared.get((g.id, variant.name)) or throughput.random_play(g, variant, budget, args.draw)
            row = _game_row(g, variant, rate, budget, first=i == 0, c8=c8, uno=uno, kind=kind, draw=args.draw)
            if i == 0:
                around = _ismcts_against_hearts(g, variant, budget, row, kind)
                hearts_parts.extend(around)
            rows.append(row)
    hearts = sum(hearts_parts) / len(hearts_parts) if hearts_parts else None
    rows.extend(bots.rows(chosen, budget, args.draw))  # bots playing bots (benchmarks/bots.py)

    if c8 is not None:
        rows.append(Row(CRAZY_EIGHTS, "2", c8.games_per_s, c8.actions_per_s, peer=True))
    else:
        rows.append(Row("crazy_eights: no pyspiel", "2", peer=True))
    if uno is not None:
        rows.append(Row(UNO, "2", uno.games_per_s, uno.actions_per_s, peer=True))
    else:
        rows.append(Row("uno: no rlcard", "2", peer=True))
    if hearts is not None:
        rows.append(Row(HEARTS, "4", ismcts=hearts, peer=True))
    else:
        rows.append(Row("hearts: no pyspiel", "4", peer=True))
    checks = [c for r in rows for c in r.checks]
    return rows, build, sum(targets.met(c) for c in checks), len(checks)


CRAZY_EIGHTS = "OpenSpiel crazy_eights"
UNO = "RLCard uno"
HEARTS = "OpenSpiel hearts ISMCTS"


def _interleaved(
    chosen: list[Game], budget: float, draw: str, rounds: int = 9
) -> tuple[throughput.Rate | None, throughput.Rate | None, dict[tuple[str, str], throughput.Rate]]:
    """crazy_eights, uno and the games compared with them (targets.COMPARED), measured in alternating
    short slices (so a change of the machine's load falls on both sides of a ratio); each slice goes
    on to new games."""
    subjects = [(g, v) for g in chosen for v in g.variants() if (g.id, v.name) in targets.COMPARED]
    c8: throughput.Rate | None = None
    uno: throughput.Rate | None = None
    ours: dict[tuple[str, str], throughput.Rate] = {}
    for k in range(rounds):
        c8 = throughput.Rate.add(c8, peers.openspiel_crazy_eights(budget / rounds, draw, seed=k))
        uno = throughput.Rate.add(uno, peers.rlcard_uno(budget / rounds, draw, seed=k))
        for g, v in subjects:
            key = (g.id, v.name)
            played = ours[key].games if key in ours else 0
            part = throughput.random_play(g, v, budget / rounds, draw, first_seed=played)
            ours[key] = throughput.Rate.add(ours.get(key), part) or part
    return c8, uno, ours


def _game_row(
    g: Game,
    variant: Variant,
    rate: throughput.Rate,
    budget: float,
    *,
    first: bool,
    c8: throughput.Rate | None,
    uno: throughput.Rate | None,
    kind: str,
    draw: str,
) -> Row:
    key = (g.id, variant.name)
    row = Row(f"{g.id} {variant.name}", str(variant.players), rate.games_per_s, rate.actions_per_s)
    if variant.players == 2:
        row.checks.append(targets.games_per_s(rate.games_per_s))
    for peer, name, table in ((c8, "crazy_eights", targets.VS_CRAZY_EIGHTS), (uno, "uno", targets.VS_UNO)):
        minimum = table[kind].get(key)
        if peer is not None and minimum is not None and peer.actions_per_s:
            ratio = rate.actions_per_s / peer.actions_per_s
            row.checks.append(targets.judge(f"decisions/s vs {name}", ratio, minimum))
    if first:
        row.clone_us = throughput.clone_cost(g, variant, budget / 2)
        over = throughput.wrapper_overhead(g, variant, budget / 2, draw)
        if over is not None:
            row.env = over.wrapped_steps_per_s  # env(), the researcher's step
            row.env_factor = over.factor
            row.checks.append(targets.env_cost(over.factor))
    return row


def _ismcts_against_hearts(g: Game, variant: Variant, budget: float, row: Row, kind: str) -> list[float]:
    """Our IS-MCTS rate (into `row`) between two slices of OpenSpiel's hearts ISMCTS, and its target
    judged against their mean; the hearts rates measured (none without open_spiel)."""
    before = peers.openspiel_hearts_ismcts(budget / 2)
    row.ismcts = throughput.ismcts_rate(g, variant, budget)
    after = peers.openspiel_hearts_ismcts(budget / 2)
    found = [h for h in (before, after) if h is not None]
    if row.ismcts is not None and found:
        ratio = row.ismcts / (sum(found) / len(found))
        row.checks.append(
            targets.judge("IS-MCTS it/s vs hearts ISMCTS", ratio, targets.VS_HEARTS_ISMCTS[kind])
        )
    return found


if __name__ == "__main__":
    raise SystemExit(main())
