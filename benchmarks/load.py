"""Load on the online table: many concurrent WebSocket clients, each playing a bot at its own table.

Starts a server process on loopback (SQLite in a temp dir by default, or `--db URL`), then keeps
`--tables` tables busy for `--duration` seconds: each client creates a Carson City Zoo table
against a server-side bot, plays random legal moves (after `--think` seconds, with jitter), and
starts a new table when its game ends. It reports actions per second and the latency of an action:
from sending it to receiving the state that contains it ("ack"), and to the state where it is this
client's turn again, after the bot's reply ("turn").

    python -m benchmarks.load                          # 200 tables, 30 s, think 0.5 s
    python -m benchmarks.load --tables 200 --think 0   # as fast as the clients can go
    python -m benchmarks.load --url http://127.0.0.1:8000   # against a running server
    python -m benchmarks.load --url https://play.example.org --ca ca.pem --resolve play.example.org:127.0.0.1

`--url` may be https:// (through a proxy: the WebSockets are then wss://); `--ca` trusts a
certificate authority of its own, and `--resolve NAME:ADDRESS` connects to ADDRESS for NAME (the
certificate is still checked for NAME), like curl's. `benchmarks/proxy_load.py` runs it through
the shipped nginx site and straight to one process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import IO, Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import websockets


@dataclass
class Stats:
    ack: list[float] = field(default_factory=list)
    turn: list[float] = field(default_factory=list)
    actions: int = 0  # every accepted action, the bots' included
    client_actions: int = 0
    games: int = 0
    errors: int = 0
    lag: list[float] = field(default_factory=list)  # how late the client's own timers fire


async def watch_lag(stats: Stats, stop: float) -> None:
    """The load generator's own event-loop lag: latency it measures includes this much of itself."""
    while time.monotonic() < stop:
        t = time.monotonic()
        await asyncio.sleep(0.05)
        stats.lag.append(time.monotonic() - t - 0.05)


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


@dataclass(frozen=True)
class Target:
    """Where the clients go: the server's URL, and how to reach it (TLS, a name's address)."""

    base: str
    ca: str | None = None  # a PEM file of certificate authorities to trust (https)
    address: str | None = None  # connect here for the URL's host name (`--resolve`)

    @property
    def host(self) -> str:
        return urlsplit(self.base).hostname or ""

    @property
    def port(self) -> int:
        parts = urlsplit(self.base)
        return parts.port or (443 if parts.scheme == "https" else 80)

    def tls(self) -> ssl.SSLContext | None:
        if not self.base.startswith("https://"):
            return None
        return ssl.create_default_context(cafile=self.ca)

    def http(self) -> httpx.AsyncClient:
        """An HTTP client of the server (to the `address` when given, asking TLS for the name)."""
        context = self.tls()
        verify: Any = context if context is not None else True
        if self.address is None:
            return httpx.AsyncClient(base_url=self.base, timeout=30, verify=verify, trust_env=False)
        parts = urlsplit(self.base)
        netloc = f"[{self.address}]" if ":" in self.address else self.address
        direct = urlunsplit((parts.scheme, f"{netloc}:{self.port}", parts.path, "", ""))

        async def sni(request: httpx.Request) -> None:
            request.extensions["sni_hostname"] = self.host

        return httpx.AsyncClient(
            base_url=direct,
            timeout=30,
            verify=verify,
            trust_env=False,
            headers={"host": parts.netloc},
            event_hooks={"request": [sni]},
        )

    def websocket(self, path: str) -> Any:
        """A WebSocket to `path` (ws://, or wss:// under https://)."""
        scheme = "wss" if self.base.startswith("https://") else "ws"
        url = scheme + self.base.rstrip("/")[len(urlsplit(self.base).scheme) :] + path
        extra: dict[str, Any] = {}
        if self.tls() is not None:
            extra["ssl"] = self.tls()
            extra["origin"] = self.base.rstrip("/")
        if self.address is not None:
            extra.update(host=self.address, port=self.port)
            if "ssl" in extra:
                extra["server_hostname"] = self.host
        return websockets.connect(url, max_size=1 << 22, compression=None, **extra)


def parse_resolve(value: str | None) -> str | None:
    """The address of `--resolve NAME:ADDRESS` (an IPv6 address may have colons; NAME has none).

    >>> parse_resolve("play.example.org:127.0.0.1"), parse_resolve("play.example.org:::1")
    ('127.0.0.1', '::1')
    """
    if value is None:
        return None
    _name, sep, address = value.partition(":")
    if not sep or not address:
        raise SystemExit(f"--resolve wants NAME:ADDRESS, not {value!r}")
    return address.strip("[]")


async def client(target: Target, k: int, args: argparse.Namespace, stats: Stats, stop: float) -> None:
    rng = random.Random(k)
    async with target.http() as http:
        while time.monotonic() < stop:
            r = await http.post(
                "/api/tables",
                json={
                    "game": "carson-zoo",
                    "seed": rng.randrange(1 << 30),
                    "seats": [{"kind": "human"}, {"kind": "bot", "agent": args.bot}],
                },
            )
            table = r.json()
            async with target.websocket(f"/ws/tables/{table['id']}") as ws:
                await ws.send(json.dumps({"type": "hello", "seat": 0, "token": table["seats"][0]["token"]}))
                sent_at: float | None = None
                sent_index = -1
                last_index = 0
                acted_at = -1  # the move index this client last answered (a state may be sent twice)
                async for raw in ws:
                    msg = json.loads(raw)
                    now = time.monotonic()
                    if msg["type"] == "error":
                        stats.errors += 1
                        sent_at = None
                        continue
                    if msg["type"] != "state":
                        continue
                    if msg["index"] > last_index:
                        stats.actions += msg["index"] - last_index
                        last_index = msg["index"]
                    if sent_at is not None and msg["index"] > sent_index and sent_index >= 0:
                        stats.ack.append(now - sent_at)
                        sent_index = -1
                    if msg["over"]:
                        stats.games += 1
                        break
                    if msg["your_turn"] and msg["index"] > acted_at:
                        if sent_at is not None and sent_index == -1:
                            stats.turn.append(now - sent_at)
                            sent_at = None
                        if now >= stop:
                            return
                        if args.think > 0:
                            await asyncio.sleep(args.think * (0.5 + rng.random()))
                        action = msg["legal"][rng.randrange(len(msg["legal"]))]
                        sent_index = acted_at = msg["index"]
                        sent_at = time.monotonic()
                        stats.client_actions += 1
                        await ws.send(json.dumps({"type": "act", "action": action, "index": msg["index"]}))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(
    db: str | None,
    *,
    stderr: IO[bytes] | None = None,
    memory_mb: int | None = None,
    prefix: str = "deadtable-load-",
    create_limit: int | None = None,
) -> tuple[subprocess.Popen[bytes], str]:
    """`python -m deadtable.server` on a free loopback port, once it answers; (process, base URL).

    `create_limit`: tables one address may create per window (this benchmark's clients all come from
    127.0.0.1, where a server on the Internet would see many addresses).
    `db` None: a new SQLite file in a new temp dir (named `prefix`...). `stderr`: where its log goes
    (default: this process's stderr). `memory_mb`: a cap on its address space (RLIMIT_AS), so that
    a request that makes it allocate without end fails with MemoryError instead of eating the machine.
    """
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    if db is None:
        db = os.path.join(tempfile.mkdtemp(prefix=prefix), "tables.sqlite3")
    cmd = [sys.executable, "-m", "deadtable.server", "--port", str(port), "--db", db]
    if create_limit is not None:
        cmd += ["--create-limit", str(create_limit)]

    def cap() -> None:
        if memory_mb:
            limit = memory_mb << 20
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=stderr, preexec_fn=cap)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with code {proc.returncode} before answering")
        try:
            if httpx.get(base + "/api/games", timeout=1, trust_env=False).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    proc.wait(10)
    raise SystemExit("the server did not start")


async def run(target: Target, args: argparse.Namespace) -> Stats:
    stats = Stats()
    stop = time.monotonic() + args.duration
    # Open the tables over the first second, as players would arrive, not all in one instant.
    tasks = [asyncio.create_task(watch_lag(stats, stop))]
    for k in range(args.tables):
        tasks.append(asyncio.create_task(client(target, k, args, stats, stop)))
        await asyncio.sleep(1.0 / args.tables)
    results = await asyncio.gather(*tasks, return_exceptions=True)
    stats.errors += sum(1 for r in results if isinstance(r, BaseException))
    for r in results:
        if isinstance(r, BaseException):
            print("client failed:", repr(r), file=sys.stderr)
    return stats


def measure(target: Target, args: argparse.Namespace) -> tuple[Stats, float]:
    """Run the clients against `target` for `args.duration` seconds: their stats, and the seconds taken."""
    started = time.monotonic()
    stats = asyncio.run(run(target, args))
    return stats, time.monotonic() - started


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.load", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.5, help="mean seconds a client waits before moving")
    parser.add_argument("--bot", default="random")
    parser.add_argument("--db", default=None, help="SQLite file or database URL for the started server")
    parser.add_argument("--url", default=None, help="use this running server instead of starting one")
    parser.add_argument("--ca", default=None, help="a PEM file of certificate authorities to trust (https)")
    parser.add_argument("--resolve", default=None, metavar="NAME:ADDRESS", help="connect to ADDRESS for NAME")
    parser.add_argument(
        "--nice", type=int, default=0, help="scheduling priority of the started server (negative needs root)"
    )
    return parser


def main(argv: list[str] | None = None) -> None:
    args = arguments().parse_args(argv)
    proc = None
    base = args.url
    if base is None:
        proc, base = start_server(args.db, create_limit=1_000_000)
        if args.nice:
            os.setpriority(os.PRIO_PROCESS, proc.pid, args.nice)
    load_before = os.getloadavg()[0]
    cpu_before = cpu_seconds(proc.pid) if proc is not None else float("nan")
    try:
        stats, elapsed = measure(Target(base, args.ca, parse_resolve(args.resolve)), args)
        server_cpu = (cpu_seconds(proc.pid) if proc is not None else float("nan")) - cpu_before
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    ms = 1000.0
    print(f"tables {args.tables} · duration {elapsed:.1f} s · think {args.think} s · bot {args.bot}")
    print(f"games finished {stats.games} · errors {stats.errors}")
    print(
        f"load average before/after {load_before:.1f}/{os.getloadavg()[0]:.1f} (other work on this machine)"
    )
    if stats.actions:
        per = server_cpu / stats.actions * 1000
        print(
            f"server CPU {server_cpu:.1f} s = {per:.2f} ms per action (creating tables included) "
            f"-> about {1000 / per:.0f} actions/s per core"
        )
    print(f"actions/s {stats.actions / elapsed:.0f} (all) · {stats.client_actions / elapsed:.0f} (clients)")
    for name, values in (("ack", stats.ack), ("turn", stats.turn), ("client lag", stats.lag)):
        print(
            f"{name:>10} ms: p50 {percentile(values, 50) * ms:.1f} · "
            f"p95 {percentile(values, 95) * ms:.1f} · "
            f"p99 {percentile(values, 99) * ms:.1f} · max {max(values, default=float('nan')) * ms:.1f} · "
            f"mean {statistics.fmean(values) * ms if values else float('nan'):.1f} (n={len(values)})"
        )


if __name__ == "__main__":
    main()
