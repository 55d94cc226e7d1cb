"""`python -m benchmarks.pages`: write the figures pages of docs/figures/ from what measures them.

    python -m benchmarks.pages                       # strength, calibration and balance (make figures)
    python -m benchmarks.pages strength              # from benchmarks/strength_rows/, in seconds
    python -m benchmarks.pages calibration           # from benchmarks/calibration_rows/, about a minute
    python -m benchmarks.pages balance --games 200   # plays seeded simulations (default 2,000 a game)

Strength and calibration are written from the rows committed in benchmarks/ (nothing replayed:
benchmarks/strength_page.py, benchmarks/calibration_page.py), so tests/test_figures_pages.py can
check that the committed pages are what their rows make today. Balance plays seeded games of each
game's heuristic against itself (benchmarks/balance_page.py), stamped with the commit, date and
machine. The speed page is written by the bench itself: `make bench`
(`python -m benchmarks --write docs/figures/performance.md`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import balance_page, calibration_page, strength_page
from .stamp import PAGES

KINDS = ("strength", "calibration", "balance")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.pages", description=__doc__.splitlines()[0])
    ap.add_argument("pages", nargs="*", metavar="PAGE", help=f"{', '.join(KINDS)} (default: all three)")
    ap.add_argument("--out", type=Path, default=PAGES, help="the folder to write into (default docs/figures)")
    ap.add_argument(
        "--games", type=int, default=balance_page.GAMES, help="balance: games a game id (default %(default)s)"
    )
    ap.add_argument("--game", action="append", help="balance: a game id (repeatable; default every game)")
    ap.add_argument("--workers", type=int, default=1, help="balance: processes to play in (default 1)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    for kind in args.pages:  # not argparse's choices: with nargs="*" it refuses no page at all
        if kind not in KINDS:
            ap.error(f"no page {kind!r}: choose from {', '.join(KINDS)}")
    for kind in args.pages or KINDS:
        print(f"writing {kind} ...", file=sys.stderr, flush=True)
        if kind == "strength":
            page = strength_page.render()
        elif kind == "calibration":
            page = calibration_page.render()
        else:
            page = balance_page.render(args.games, args.game, args.workers)
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"{kind}.md"
        path.write_text(page, encoding="utf-8")
        print(f"written: {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
