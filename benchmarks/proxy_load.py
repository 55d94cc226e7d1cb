"""The load benchmark through the shipped nginx site, beside the same load straight to one process.

Starts what tests/hosting runs: a throwaway PostgreSQL, two `deadtable serve` processes on it as
deploy/'s systemd unit starts them, and deploy/nginx/deadtable.conf in front of them over HTTPS
with a test certificate for a public-looking name (only its marked lines changed: the name, the
ports, the certificate). Then `benchmarks.load`'s clients play through nginx (https://, wss://),
then straight to one of the processes (http://, ws://), the same number of tables for the same
time, the routes taking turns; it prints a table of both: actions per second (the bots' included)
and the latency of a client's action until the state that holds it comes back (p50, p99), and
until the client's turn again, after the bot's reply. `--write` puts the table, with its stamp,
into docs/hosting.md.

    python -m benchmarks.proxy_load                          # 40 tables, 2 x 10 s each way
    python -m benchmarks.proxy_load --write                  # and into docs/hosting.md

It needs PostgreSQL's server, nginx and openssl (.ci/install-system-packages installs them).
"""

from __future__ import annotations

import argparse
import math
import re
import shutil
import sys
import tempfile
from pathlib import Path

from deadtable import native
from tests.hosting.deployed import Certificate, Proxy, Serve, nginx_binary
from tests.server.pg import fresh_database, throwaway_postgresql, unavailable

from . import stamp
from .load import Stats, Target, measure, percentile

PAGE = stamp.ROOT / "docs" / "hosting.md"
BEGIN, END = "<!-- proxy-load: begin -->", "<!-- proxy-load: end -->"
COMMAND = "python -m benchmarks.proxy_load --write"


def merged(a: Stats, b: Stats) -> Stats:
    return Stats(
        ack=a.ack + b.ack,
        turn=a.turn + b.turn,
        actions=a.actions + b.actions,
        client_actions=a.client_actions + b.client_actions,
        games=a.games + b.games,
        errors=a.errors + b.errors,
        lag=a.lag + b.lag,
    )


def row(route: str, stats: Stats, elapsed: float) -> str:
    def ms(values: list[float], p: float) -> str:
        value = percentile(values, p) * 1000
        return "-" if math.isnan(value) else f"{value:.0f}"

    return (
        f"| {route} | {stats.actions / elapsed:.0f} | {ms(stats.ack, 50)} | {ms(stats.ack, 99)} | "
        f"{ms(stats.turn, 50)} | {ms(stats.turn, 99)} | {stats.errors} |"
    )


def table(args: argparse.Namespace, rows: list[str]) -> str:
    return "\n".join(
        [
            BEGIN,
            stamp.measured([native.describe()]),
            "",
            f"{args.tables} tables at once, each a client playing a random bot with {args.think} s of",
            f"thought a move; each route {args.rounds} times {args.duration:g} s, the routes taking turns.",
            "Latencies in milliseconds: ack, from sending an action to the state that holds it; turn,",
            "to the client's turn again, after the bot's reply.",
            "",
            "| route | actions/s | ack p50 | ack p99 | turn p50 | turn p99 | errors |",
            "|---|---|---|---|---|---|---|",
            *rows,
            END,
        ]
    )


def write(text: str) -> None:
    page = PAGE.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if not pattern.search(page):
        raise SystemExit(f"{PAGE} has no {BEGIN} ... {END} block to write the table into")
    PAGE.write_text(pattern.sub(lambda _m: text, page), encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.proxy_load", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--duration", type=float, default=10.0, help="seconds of load on a route, a round")
    parser.add_argument("--rounds", type=int, default=2, help="times each route is measured, taking turns")
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds a client waits before moving")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--write", action="store_true", help=f"put the table into {PAGE.name}")
    args = parser.parse_args(argv)
    why = unavailable()
    if why or nginx_binary() is None or shutil.which("openssl") is None:
        raise SystemExit(why or "nginx and openssl are needed (.ci/install-system-packages installs them)")
    folder = Path(tempfile.mkdtemp(prefix="deadtable-proxy-load-"))
    (folder / "certificate").mkdir()
    (folder / "nginx").mkdir()
    certificate = Certificate(folder / "certificate").make()
    rows: list[str] = []
    with throwaway_postgresql() as server:
        db = fresh_database(server, "proxy_load")
        # Every client comes from this machine: no creation limit in the way of the benchmark.
        processes = [Serve(db, create_limit=1_000_000) for _ in range(2)]
        proxy = Proxy("nginx", folder / "nginx", certificate, [p.port for p in processes])
        try:
            for p in processes:
                p.start()
            proxy.start()
            routes = [
                (
                    "through nginx (HTTPS) to 2 processes",
                    Target(proxy.base, str(certificate.ca), "127.0.0.1"),
                ),
                ("straight to 1 process (HTTP)", Target(processes[0].base)),
            ]
            # The routes take turns, `--rounds` times each, so that neither has the machine's
            # quieter minutes to itself, nor the processes' first and coldest ones.
            totals = {route: (Stats(), 0.0) for route, _target in routes}
            for _round in range(args.rounds):
                for route, target in routes:
                    print(f"{route}: {args.tables} tables, {args.duration:g} s", file=sys.stderr, flush=True)
                    stats, elapsed = measure(target, args)
                    total, seconds = totals[route]
                    totals[route] = (merged(total, stats), seconds + elapsed)
            rows = [row(route, *totals[route]) for route, _target in routes]
        finally:
            proxy.stop()
            for p in processes:
                p.stop()
    shutil.rmtree(folder, ignore_errors=True)
    text = table(args, rows)
    print(text)
    if args.write:
        write(text)
        print(f"written into {PAGE.relative_to(stamp.ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
