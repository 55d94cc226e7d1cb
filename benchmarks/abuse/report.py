"""One scenario run and its row: the abuser process started, the player measured meanwhile, what the
abuser was answered, whether the server came through, and what its log gained."""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Final

from ..load import percentile
from .player import Link, Play, player
from .scenarios import ORDER, abuser_process
from .server import Server, tally

# The options an abuse reads (the abuser process gets them as a dict).
ABUSE_OPTIONS = (
    "setup",
    "duration",
    "slow_readers",
    "slow_fill",
    "spectators",
    "body_mb",
    "lobby_tables",
    "bot_tables",
    "bot_agent",
)


# The targets of the spectators scenario: a player's move with the crowd watching, in seconds, at
# these percentiles (judged beside the baseline measured in the same run).
SPECTATORS_TARGETS: Final = ((50, 0.020), (99, 0.100))


@dataclass
class Row:
    """A scenario's row: the player's moves and latencies, and what is said below them."""

    name: str
    moves: int
    play: Play | None = None
    answered: str = ""
    log: str = ""
    server: str = ""
    seconds: float = 0.0
    targets: str = ""  # the row's verdicts (`judge`), for the scenarios that have targets

    def cells(self) -> list[str]:
        if self.play is None:
            return [self.name, "-", "-", "-", "-"]
        lat = self.play.latencies
        ms = [f"{percentile(lat, p) * 1000:.1f}" if lat else "-" for p in (50, 99)]
        top = f"{max(lat) * 1000:.1f}" if lat else "-"
        if self.play.unanswered is not None and self.play.unanswered > max(lat, default=0.0):
            top = f">{self.play.unanswered * 1000:.0f}"  # a move still waiting when the time ran out
        return [self.name, f"{len(lat)}/{self.moves}", *ms, top]

    def player(self) -> str:
        if self.play is None:
            return self.server
        words = []
        if self.play.timed_out:
            words.append(f"timed out after {self.seconds:.0f} s")
        words += tally(self.play.notes)
        if self.server:
            words.append(self.server)
        return "; ".join(words) or "ok"


def judge(row: Row, baseline: Row | None) -> str:
    """The spectators row against its targets, each beside the baseline's figure of the same run.

    >>> base, crowd = Row("baseline", 3, Play([0.008] * 3)), Row("spectators", 3, Play([0.012, 0.015, 0.2]))
    >>> judge(crowd, base)
    'p50 15.0 ms (baseline 8.0; <= 20) PASS; p99 200.0 ms (baseline 8.0; <= 100) MISSED by 2.00x'
    """
    if row.play is None or not row.play.latencies:
        return "no move measured: MISSED"
    words = []
    for p, target in SPECTATORS_TARGETS:
        value = percentile(row.play.latencies, p)
        base = baseline.play.latencies if baseline and baseline.play else []
        beside = f"baseline {percentile(base, p) * 1000:.1f}" if base else "no baseline"
        verdict = "PASS" if value <= target else f"MISSED by {value / target:.2f}x"
        words.append(f"p{p} {value * 1000:.1f} ms ({beside}; <= {target * 1000:g}) {verdict}")
    return "; ".join(words)


def run_scenario(name: str, server: Server, args: argparse.Namespace) -> Row:
    """Scenario `name` against `server`: its abuser in a process of its own, the player here."""
    row = Row(name, args.moves)
    if name == "cards-devzero" and not server.started:
        row.server = "skipped: only against a server started here (its memory is capped)"
        return row
    if server.started and not server.healthy(1.0):
        server.restart()
    mark = server.log_size()
    opts: dict[str, Any] = {k: getattr(args, k) for k in ABUSE_OPTIONS}
    # Each abuser, too, connects from a loopback address of its own scenario (127.0.1.x; the
    # player's are 127.0.0.x), so an earlier scenario's tally of tables created or requests made
    # never refuses a later abuse before it starts: each abuse meets the limits it is about.
    opts["address"] = f"127.0.1.{2 + ORDER.index(name)}" if server.started else None
    mp = multiprocessing.get_context("spawn")
    here, there = mp.Pipe()
    proc = mp.Process(target=abuser_process, args=(name, server.base, opts, there), daemon=True)
    started = time.monotonic()
    proc.start()
    link = Link(here)
    # The player is another client than the abusers: its own loopback address per scenario, so the
    # server's per-address limits (tables created per client) count it apart, as they would a
    # real player elsewhere; only against a server started here (on loopback).
    address = f"127.0.0.{2 + ORDER.index(name)}" if server.started else None
    row.play = asyncio.run(player(server.base, args, link, address))
    row.seconds = time.monotonic() - started
    link.send("stop")
    report = asyncio.run(link.wait("report", 60))
    proc.join(10)
    if proc.is_alive():
        proc.kill()
        proc.join(5)
    if report is None:
        row.answered = "the abuser did not report"
    else:
        row.answered = "; ".join(tally(Counter(report[1])) + list(report[2]))
    if name == "baseline":
        row.answered = row.answered or "-"
    if not server.healthy(20):
        if server.started:
            died = server.proc is not None and server.proc.poll() is not None
            row.server = "the server died; restarted" if died else "the server froze; restarted"
            row.log = server.log_since(mark)
            server.restart()
            return row
        row.server = "the server does not answer any more"
    row.log = server.log_since(mark)
    return row
