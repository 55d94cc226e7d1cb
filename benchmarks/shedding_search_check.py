"""Zombie shedding game: the IS-MCTS spot check of the card balance, per hand, over several seeds.

Plays (or resumes from the files already there) one `deadtable simulate` run per seed, Duel,
IS-MCTS against IS-MCTS (`--agents ismcts:iterations=N,ismcts:iterations=N --workers 1`), then
reads the rows of every seed together and prints, per card, how often the seat-hands dealt it
went out first against every other seat-hand (`deadtable.sim.balance.hand_cards`: the difference
in points, Newcombe's 95% interval, Holm's correction over every card), the cards outside the
band (-6..+6 points by default), the first player's game rate and the dealer's hand rate.

    PYTHONPATH=build/native:. .venv/bin/python -P benchmarks/shedding_search_check.py \\
        [--cards FILE] [--dir DIR] [--seeds 1,201,401,601] [--games 200] [--iterations 20] [--no-play]
    ... benchmarks/shedding_search_check.py --rows wi-changed.csv   # the same figures for any rows

The files are DIR/ism<seed>.csv, with the CLI's output in DIR/ism<seed>.log (DIR defaults to
search-check, or search-check-<card file stem> with --cards). A file written for other cards or
agents is refused by `--resume` (its record differs), so a directory holds one card file's runs.
The defaults are the check the shedding game's balance figures use: 800 Duels, seeds 1, 201, 401
and 601.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deadtable.sim import results
from deadtable.sim.balance import Flagged, dealer_hands, first_player, hand_cards
from deadtable.sim.stats import Rate

SEEDS = (1, 201, 401, 601)
BAND = 6.0  # points: a card within -6..+6 of the other seat-hands is balanced


def rows_in(path: Path) -> int:
    """Games already in a results file (0 when there is none)."""
    if not path.exists():
        return 0
    with path.open(encoding="utf-8") as f:
        return max(0, sum(1 for _ in f) - 1)


def play(path: Path, seed: int, games: int, iterations: int, cards: str | None) -> float:
    """Play (or finish) one seed's run with the CLI; the seconds it took."""
    agent = f"ismcts:iterations={iterations}"
    cmd = [sys.executable, "-P", "-m", "deadtable.cli.main", "simulate", "zombie-shedding"]
    cmd += ["--games", str(games), "--seed", str(seed), "--agents", f"{agent},{agent}"]
    cmd += ["--workers", "1", "--out", str(path), "--resume", "--quiet"]
    if cards:
        cmd += ["--cards", cards]
    start = time.perf_counter()
    with path.with_suffix(".log").open("w", encoding="utf-8") as log:  # the CLI's own summary
        subprocess.run(cmd, check=True, stdout=log)
    return time.perf_counter() - start


def pct(rate: Rate) -> str:
    lo, hi = rate.ci
    return f"{rate.rate:.1%} ({lo:.1%}-{hi:.1%}) of {rate.trials:,}"


def table(cards: Sequence[Flagged]) -> list[str]:
    """One line per card, strongest first: difference, interval, hands, Holm flag."""
    lines = [f"{'card':<14} {'points':>7} {'95% interval':>16} {'hands':>6} {'p (Holm)':>9}  flag"]
    for f in cards:
        d, lo, hi = f.diff
        out = "  outside" if abs(d * 100) > BAND else ""
        lines.append(
            f"{f.label:<14} {d * 100:+7.1f} {lo * 100:+7.1f} to {hi * 100:+5.1f} "
            f"{f.holders.trials:6d} {f.p_holm:9.3f}  {f.flag}{out}"
        )
    return lines


def summary(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The report: per-card table, the cards outside the band, the seat figures."""
    cards = hand_cards(rows)
    lines = table(cards)
    outside = [f for f in cards if abs(f.diff[0] * 100) > BAND]
    flagged = [f for f in cards if f.flag]
    strongest, weakest = cards[0], cards[-1]
    lines.append("")
    lines.append(f"games: {len(rows)}; cards: {len(cards)}")
    lines.append(
        f"strongest: {strongest.label} {strongest.diff[0] * 100:+.1f}; "
        f"weakest: {weakest.label} {weakest.diff[0] * 100:+.1f}"
    )
    names = ", ".join(f"{f.label} {f.diff[0] * 100:+.1f}" for f in outside) or "none"
    lines.append(f"outside -{BAND:g}..+{BAND:g}: {names}")
    names = ", ".join(f"{f.label} ({f.flag}) {f.diff[0] * 100:+.1f}" for f in flagged) or "none"
    lines.append(f"flagged after Holm's correction: {names}")
    first, dealer = first_player(rows), dealer_hands(rows)
    if first:
        lines.append(f"the first player wins the game: {pct(first)} games")
    if dealer:
        lines.append(f"the dealer goes out first: {pct(dealer)} hands")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--cards", help="a card file (default: the built-in cards)")
    ap.add_argument("--dir", help="where the per-seed files are (default: search-check[-<stem>])")
    ap.add_argument("--seeds", default=",".join(map(str, SEEDS)), help="comma-separated base seeds")
    ap.add_argument("--games", type=int, default=200, help="games per seed")
    ap.add_argument("--iterations", type=int, default=20, help="IS-MCTS iterations a move")
    ap.add_argument("--no-play", action="store_true", help="read the files there, play nothing")
    ap.add_argument("--rows", nargs="+", help="summarise these results files instead (e.g. a whatif run's)")
    args = ap.parse_args(argv)
    if args.rows:
        rows = [row for path in args.rows for row in results.read(path)]
        print(f"Per hand, {' '.join(args.rows)}")
        print("\n".join(summary(rows)))
        return 0
    seeds = [int(s) for s in args.seeds.split(",") if s.strip()]
    where = Path(args.dir or ("search-check-" + Path(args.cards).stem if args.cards else "search-check"))
    where.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    for seed in seeds:
        path = where / f"ism{seed}.csv"
        if not args.no_play and rows_in(path) < args.games:
            took = play(path, seed, args.games, args.iterations, args.cards)
            print(f"seed {seed}: played in {took:.0f} s", flush=True)
        if path.exists():
            rows += results.read(path)
        else:
            print(f"seed {seed}: no {path}", flush=True)
    if not rows:
        print("no rows")
        return 1
    label = args.cards or "built-in cards"
    print(f"Duel, ismcts:iterations={args.iterations} both seats, {label}, seeds {args.seeds} ({where})")
    print("\n".join(summary(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
