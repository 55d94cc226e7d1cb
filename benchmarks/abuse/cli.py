"""`python -m benchmarks.abuse`: the options, a progress line per scenario, and the table (plain
text or Markdown)."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from urllib.parse import urlsplit

from deadtable import native

from .. import abuse, stamp
from .report import Row, judge, run_scenario
from .scenarios import ORDER
from .server import Server

WIDTH = 80
ABOUT = abuse.__doc__ or ""  # the package's docstring: the description and epilog of --help
HEAD = ["scenario", "moves", "p50 ms", "p99 ms", "max ms"]


def print_rows(rows: list[Row], markdown: bool, load_at_start: float | None = None) -> None:
    if markdown:
        # The stamp (commit, date, machine, its load as the run ends), and the load as it began:
        # the latencies are those of a machine this busy.
        began = f" (at the start of the run: {load_at_start:.1f})" if load_at_start is not None else ""
        print(stamp.measured([native.describe()])[:-1] + began + ".")
        print()
        head = [*HEAD, "player", "the server answered the abuser", "server log", "targets"]
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" for _ in head) + "|")
        for r in rows:
            cells = [*r.cells(), r.player(), r.answered or "-", r.log or "-", r.targets or "-"]
            print("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        return
    widths = [16, 7, 9, 9, 10]

    def line(cells: list[str]) -> str:
        return "".join(
            c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )

    print(line(HEAD))
    print("-" * sum(widths))
    for r in rows:
        print(line(r.cells()))
        said = [("player", r.player()), ("abuser got", r.answered), ("server log", r.log)]
        for label, text in [*said, ("targets", r.targets)]:
            if text and not (label == "player" and text == "ok") and text != "-":
                print(textwrap.fill(text, WIDTH, initial_indent=f"  {label}: ", subsequent_indent="    "))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.abuse",
        description=ABOUT.split("\n\n")[0],
        epilog=ABOUT.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--scenarios", default=",".join(ORDER), help="comma list of scenarios (they run in the order above)"
    )
    parser.add_argument("--moves", type=int, default=60, help="moves measured per scenario (default 60)")
    parser.add_argument(
        "--duration", type=float, default=30.0, help="seconds a scenario's measure may last (default 30)"
    )
    parser.add_argument(
        "--setup",
        type=float,
        default=60.0,
        help="seconds an abuse may take to be in place, and to follow the player to new tables (default 60)",
    )
    parser.add_argument("--slow-readers", type=int, default=50, help="never-reading spectators (default 50)")
    parser.add_argument(
        "--slow-fill",
        type=int,
        default=2500,
        help="lang requests the first slow reader of a table sends after its hello, to fill its pipe "
        "as a long game would (default 2500, about 5 MB of state; 0: the hello only)",
    )
    parser.add_argument("--spectators", type=int, default=2000, help="reading spectators (default 2000)")
    parser.add_argument("--body-mb", type=float, default=38.0, help="big-body's size in MB (default 38)")
    parser.add_argument(
        "--lobby-tables", type=int, default=1000, help="tables made before lobby-all (default 1000)"
    )
    parser.add_argument("--bot-tables", type=int, default=100, help="bot-only tables (default 100)")
    parser.add_argument("--bot-agent", default="ismcts", help="the bots of bot-tables (default ismcts)")
    parser.add_argument(
        "--server-memory",
        type=int,
        default=3072,
        help="address-space cap in MB of the server started here (default 3072)",
    )
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table (for the docs)")
    parser.add_argument(
        "--url", default=None, help="use this running server (loopback) instead of starting one"
    )
    args = parser.parse_args(argv)
    wanted = [s.strip() for s in args.scenarios.split(",") if s.strip()]
    unknown = [s for s in wanted if s not in ORDER]
    if unknown:
        parser.error(f"unknown scenario(s) {', '.join(unknown)}; the scenarios are: {', '.join(ORDER)}")
    if args.url and urlsplit(args.url).hostname not in ("127.0.0.1", "localhost", "::1"):
        parser.error("--url must be a loopback server (127.0.0.1)")
    if args.moves < 1 or args.duration <= 0:
        parser.error("--moves and --duration must be positive")
    load_at_start = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    server = Server(args)
    rows = []
    try:
        for name in (s for s in ORDER if s in wanted):
            row = run_scenario(name, server, args)
            rows.append(row)
            cells = row.cells()
            print(
                f"abuse: {name}: {cells[1]} moves, p50 {cells[2]} p99 {cells[3]} max {cells[4]} ms"
                f" ({row.seconds:.0f} s); {row.player()}",
                file=sys.stderr,
                flush=True,
            )
    finally:
        server.stop()
    baseline = next((r for r in rows if r.name == "baseline"), None)
    for row in rows:
        if row.name == "spectators":
            row.targets = judge(row, baseline)
            print(f"abuse: spectators' targets: {row.targets}", file=sys.stderr, flush=True)
    print_rows(rows, args.markdown, load_at_start)
