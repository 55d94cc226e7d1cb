"""Abuse of the online table: a normal player's move latency while one abuse at a time runs.

The normal player is a Carson City Zoo table with two human seats (no bot thinks in the measure),
played by two WebSockets that take turns with random legal moves. A move's latency runs from
sending {"type": "act"} to receiving, on the same socket, the state whose index is past it. Each
scenario measures `--moves` moves (new games as games end) within `--duration` seconds: a server
that freezes gives a "timed out" row (a move left unanswered shows as ">N" in the max column)
instead of a hang. The abuse runs in its own process (so the player's numbers do not include the
abuser's own work), is in place before the player starts, and reports what the server answered it.

Scenarios (run in this order, one at a time, against the same server):
  baseline         no abuse
  slow-readers     --slow-readers raw WebSockets with a tiny receive buffer (SO_RCVBUF) that say
                   hello as spectators and never read: half on the player's table (they follow
                   it to each new game), half on 5 other tables; the first of each table asks
                   --slow-fill times for the state again, to fill its pipe as a long game would
  spectators       --spectators reading spectators on the player's table (following it)
  big-body         POST /api/tables with a --body-mb MB body (a seat name), two at a time
  lang-flood       a spectator of another table sending {"type": "lang", "lang": "es"} as fast
                   as it can (and reading what comes back)
  lobby-all        GET /api/tables?limit=-1 in a loop, two at a time, after --lobby-tables tables
  create-flood     POST /api/tables as fast as 16 clients can
  cards-fifo       POST /api/tables for overlords with options {"cards": <a FIFO nobody writes>};
                   when the scenario ends the FIFO is opened for writing (EOF), to free the server
  cards-devzero    the same with "/dev/zero"; only against a server this benchmark started, which
                   runs with its address space capped (--server-memory)
  hostile-strings  tables whose seat name, standby bot or game holds a lone surrogate (\\ud800),
                   a NUL or raw invalid UTF-8, sent as raw JSON bytes; each created table is then
                   read back (GET /api/tables/{id}, the lobby, a spectator WebSocket)
  bot-tables       --bot-tables tables of 4 --bot-agent bots, nobody watching (last: their games
                   go on after the scenario)

Below each row: what the server answered the abuser (status codes and how many, "no answer",
connections dropped) and, for a started server, the tracebacks its log gained meanwhile. Between
scenarios the server must answer GET /api/games within 20 s, else (when started here) it is
restarted on a new store. Progress goes to stderr, one line per scenario.

    python -m benchmarks.abuse                                  # every scenario, about 5 minutes
    python -m benchmarks.abuse --scenarios baseline,lang-flood --moves 30
    python -m benchmarks.abuse --markdown                       # the table for the README
    python -m benchmarks.abuse --url http://127.0.0.1:8000      # a running server (loopback only)
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import errno
import json
import multiprocessing
import os
import random
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any
from urllib.parse import urlsplit

import httpx
import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .load import percentile, start_server

ORDER = (
    "baseline",
    "slow-readers",
    "spectators",
    "big-body",
    "lang-flood",
    "lobby-all",
    "create-flood",
    "cards-fifo",
    "cards-devzero",
    "hostile-strings",
    "bot-tables",
)
GAME = "carson-zoo"
CARDS_GAME = "overlords"  # a game with a `cards` option (a path to a TOML card file)
WIDTH = 80
JSON = {"content-type": "application/json"}
QUIET = ("ERROR:    Exception in ASGI application", "During handling of the above", "The above exception")
EXCEPTION_LINE = re.compile(r"([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Group))\b")


# -- the abuser's side (a child process) --------------------------------------------------------


class Abuser:
    """What an abuse coroutine gets: the server, the options, a stop signal, a tally of answers."""

    def __init__(self, base: str, opts: dict[str, Any], conn: Connection) -> None:
        self.base = base
        self.ws_base = base.replace("http://", "ws://", 1)
        self.opts = opts
        self.conn = conn
        self.seen: Counter[str] = Counter()
        self.facts: list[str] = []
        self.stop = asyncio.Event()
        # However the parent fares, this process stops by itself.
        self.hard_stop = time.monotonic() + 2 * opts["setup"] + opts["duration"] + 60
        self.follow: Callable[[str], Awaitable[None]] | None = None  # moves along with the player

    def saw(self, what: str, n: int = 1) -> None:
        self.seen[what] += n

    def fact(self, text: str) -> None:
        self.facts.append(text)

    def running(self) -> bool:
        return not self.stop.is_set() and time.monotonic() < self.hard_stop

    def up(self) -> None:
        """The abuse is in place: the player may start."""
        self.conn.send(("up",))

    async def pause(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.stop.wait(), seconds)

    def http(self, timeout: float | None = 30.0, keepalive: bool = True) -> httpx.AsyncClient:
        """A client; without keep-alive, each answer is the request's own (a connection that a 500
        closed is not blamed on the next request)."""
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64 if keepalive else 0)
        return httpx.AsyncClient(base_url=self.base, timeout=timeout, trust_env=False, limits=limits)

    async def post(self, http: httpx.AsyncClient, label: str, **kw: Any) -> httpx.Response | None:
        """A request, tallied as '<label> <status>' or what went wrong instead."""
        return await self.request(http, "POST", "/api/tables", label, **kw)

    async def request(
        self, http: httpx.AsyncClient, method: str, url: str, label: str, **kw: Any
    ) -> httpx.Response | None:
        try:
            r = await http.request(method, url, **kw)
        except httpx.TimeoutException:
            self.saw(f"{label} no answer".strip())
            return None
        except httpx.HTTPError as err:
            self.saw(f"{label} {describe_error(err)}".strip())
            return None
        self.saw(f"{label} {r.status_code}".strip())
        return r


def describe_error(err: BaseException) -> str:
    if isinstance(err, httpx.RemoteProtocolError | httpx.ReadError | httpx.WriteError | ConnectionError):
        return "connection dropped"
    if isinstance(err, httpx.ConnectError | ConnectionRefusedError):
        return "connect refused"
    if isinstance(err, InvalidStatus):
        return f"HTTP {err.response.status_code}"
    if isinstance(err, ConnectionClosed):
        return f"closed by the server ({err.rcvd.code})" if err.rcvd is not None else "connection dropped"
    if isinstance(err, TimeoutError | httpx.TimeoutException):
        return "no answer"
    return type(err).__name__


async def create_tables(ab: Abuser, n: int, spec: dict[str, Any], label: str, workers: int = 8) -> list[str]:
    """`n` tables like `spec`, `workers` at a time, within --setup seconds."""
    made: list[str] = []
    todo = iter(range(n))
    stop_at = time.monotonic() + ab.opts["setup"]
    started = time.monotonic()

    async def worker(http: httpx.AsyncClient) -> None:
        for _ in todo:
            if not ab.running() or time.monotonic() > stop_at:
                return
            r = await ab.post(http, label, json=spec)
            if r is not None and r.status_code == 201:
                made.append(r.json()["id"])

    async with ab.http() as http:
        await asyncio.gather(*(worker(http) for _ in range(workers)))
    ab.fact(f"{len(made)} of {n} tables made in {time.monotonic() - started:.1f} s")
    return made


async def spectate(ab: Abuser, table: str, **ws_kw: Any) -> Any:
    url = f"{ab.ws_base}/ws/tables/{table}"
    ws = await websockets.connect(
        url, proxy=None, ping_interval=None, compression=None, open_timeout=10, close_timeout=2, **ws_kw
    )
    await ws.send(json.dumps({"type": "hello"}))
    return ws


async def abuse_baseline(ab: Abuser) -> None:
    ab.up()


# slow readers: raw sockets, so that nothing reads for them


def ws_frame(text: str) -> bytes:
    """One masked text frame (client to server)."""
    data = text.encode()
    head = bytes([0x81])
    n = len(data)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def raw_websocket(
    base: str, path: str, first: list[str], rcvbuf: int = 1024
) -> tuple[socket.socket | None, str]:
    """A WebSocket opened by hand on a socket with a tiny receive buffer; (socket, HTTP status)."""
    u = urlsplit(base)
    host, port = u.hostname or "127.0.0.1", u.port or 80
    s = socket.socket()
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        s.settimeout(10)
        s.connect((host, port))
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head and len(head) < 16384:
            chunk = s.recv(4096)
            if not chunk:
                s.close()
                return None, "connection dropped"
            head += chunk
        status = head.split(b" ", 2)[1].decode(errors="replace")
        if status != "101":
            s.close()
            return None, "HTTP " + status
        s.sendall(b"".join(ws_frame(m) for m in first))
        return s, "101"
    except OSError as err:
        s.close()
        return None, describe_error(err)


def still_open(s: socket.socket, budget: float) -> str:
    """Whether the server kept a never-read socket: reads what is there (bounded), then looks."""
    s.setblocking(False)
    got = 0
    end = time.monotonic() + budget
    try:
        while time.monotonic() < end and got < 64 << 20:
            data = s.recv(1 << 16)
            if not data:
                return "closed by the server"
            got += len(data)
        return "open, still sending"
    except BlockingIOError:
        return "open"
    except OSError:
        return "reset by the server"


async def abuse_slow_readers(ab: Abuser) -> None:
    n = ab.opts["slow_readers"]
    socks: list[socket.socket] = []
    # The first slow reader of each table then asks --slow-fill times for the state again (each
    # time the server sends it the whole state and log): its pipe is then as full as after a long
    # game, not one of 35 moves (the server's kernel buffer alone takes about 4 MB on loopback).
    hello = json.dumps({"type": "hello"})
    filled = [hello] + [json.dumps({"type": "lang", "lang": "en"})] * ab.opts["slow_fill"]

    async def open_on(table: str, k: int) -> None:
        results = await asyncio.gather(
            *(
                asyncio.to_thread(
                    raw_websocket, ab.base, f"/ws/tables/{table}", filled if j == 0 else [hello]
                )
                for j in range(k)
            )
        )
        for s, status in results:
            ab.saw("WebSocket " + status)
            if s is not None:
                socks.append(s)

    others = await create_tables(
        ab, 5, {"game": GAME, "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}, "create"
    )
    for i, t in enumerate(others):
        await open_on(t, (n - n // 2) // len(others) + (i < (n - n // 2) % len(others)))

    async def follow(table: str) -> None:
        await open_on(table, n // 2)

    ab.follow = follow
    ab.up()
    await ab.stop.wait()
    ends = await asyncio.gather(*(asyncio.to_thread(still_open, s, 2.0) for s in socks))
    for e in ends:
        ab.saw("at the end: " + e)
    for s in socks:
        with contextlib.suppress(OSError):
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()


async def abuse_spectators(ab: Abuser) -> None:
    n = ab.opts["spectators"]
    gate = asyncio.Semaphore(100)
    current: list[tuple[Any, asyncio.Task[None]]] = []
    received = [0]

    async def reader(ws: Any) -> None:
        try:
            async for _ in ws:
                received[0] += 1
        except ConnectionClosed:
            pass
        if not ab.stop.is_set():
            code = ws.close_code
            ab.saw("dropped by the server" + (f" ({code})" if code not in (None, 1000, 1001) else ""))

    async def one(table: str) -> None:
        async with gate:
            if not ab.running():
                return
            try:
                ws = await spectate(ab, table, max_size=1 << 22, max_queue=4)
            except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as err:
                ab.saw("connect: " + describe_error(err))
                return
            ab.saw("joined (101)")
            current.append((ws, asyncio.create_task(reader(ws))))

    async def leave_all() -> None:
        old = current[:]
        current.clear()
        for _, task in old:
            task.cancel()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(ws.close() for ws, _ in old), return_exceptions=True), 20)

    async def follow(table: str) -> None:
        await leave_all()
        started = time.monotonic()
        await asyncio.gather(*(one(table) for _ in range(n)))
        ab.fact(f"{len(current)} joined in {time.monotonic() - started:.1f} s")

    ab.follow = follow
    ab.up()
    await ab.stop.wait()
    ab.fact(f"{received[0]} messages read")
    await leave_all()


async def abuse_big_body(ab: Abuser) -> None:
    size = int(ab.opts["body_mb"] * 1_000_000)
    body = (
        b'{"game": "'
        + GAME.encode()
        + b'", "seats": [{"kind": "human", "name": "'
        + b"x" * size
        + b'"}, {"kind": "human"}]}'
    )
    answer_sizes: list[int] = []

    async def worker(http: httpx.AsyncClient) -> None:
        for _ in range(1000):
            if not ab.running():
                return
            try:
                async with http.stream(
                    "POST", "/api/tables", content=body, headers={"content-type": "application/json"}
                ) as r:
                    got = 0
                    async for chunk in r.aiter_raw():
                        got += len(chunk)
                    ab.saw(str(r.status_code))
                    answer_sizes.append(got)
            except httpx.HTTPError as err:
                ab.saw(describe_error(err))

    ab.up()
    async with ab.http(timeout=60) as http:
        await asyncio.gather(worker(http), worker(http))
    if answer_sizes:
        ab.fact(f"{len(body) / 1e6:.0f} MB sent each time; answers up to {max(answer_sizes) / 1e6:.1f} MB")


async def abuse_lang_flood(ab: Abuser) -> None:
    bots = {"game": GAME, "seats": [{"kind": "bot", "agent": "random"}] * 4}
    tables = await create_tables(ab, 1, bots, "create")
    if not tables:
        ab.up()
        return
    await ab.pause(2.0)  # the bots' game is over by then: a long log to send again in each language
    try:
        ws = await spectate(ab, tables[0], max_size=None, max_queue=64)
    except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as err:
        ab.saw("connect: " + describe_error(err))
        ab.up()
        return
    sent, states = [0], Counter[str]()

    async def read() -> None:
        try:
            async for raw in ws:
                msg = json.loads(raw)
                states[msg.get("type", "?")] += 1
        except ConnectionClosed as err:
            if not ab.stop.is_set():
                ab.saw("reading: " + describe_error(err))

    reader = asyncio.create_task(read())
    message = json.dumps({"type": "lang", "lang": "es"})
    ab.up()
    try:
        while ab.running() and sent[0] < 2_000_000 and not reader.done():
            await ws.send(message)
            sent[0] += 1
            if sent[0] % 16 == 0:
                await asyncio.sleep(0)
    except ConnectionClosed as err:
        ab.saw(describe_error(err))
    ab.fact(f"{sent[0]} lang messages sent")
    for kind, k in states.items():
        ab.saw(f"{kind} message", k)
    reader.cancel()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(), 5)


async def abuse_lobby_all(ab: Abuser) -> None:
    spec = {"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}]}
    await create_tables(ab, ab.opts["lobby_tables"], spec, "create")
    rows: list[int] = []
    times: list[float] = []

    async def worker(http: httpx.AsyncClient) -> None:
        for _ in range(10_000):
            if not ab.running():
                return
            t = time.monotonic()
            r = await ab.request(http, "GET", "/api/tables", "GET", params={"limit": -1})
            times.append(time.monotonic() - t)
            if r is not None and r.status_code == 200:
                rows.append(len(r.json()))

    ab.up()
    async with ab.http(timeout=60) as http:
        await asyncio.gather(worker(http), worker(http))
    if rows:
        ab.fact(f"up to {max(rows)} tables per answer, {max(times):.1f} s at most")


async def abuse_create_flood(ab: Abuser) -> None:
    spec = {"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}]}
    count = [0]
    started = time.monotonic()

    async def worker(http: httpx.AsyncClient) -> None:
        while ab.running() and count[0] < 200_000:
            count[0] += 1
            await ab.post(http, "", json=spec)

    ab.up()
    async with ab.http(timeout=30) as http:
        await asyncio.gather(*(worker(http) for _ in range(16)))
    ab.fact(f"{count[0] / (time.monotonic() - started):.0f} requests/s")


async def abuse_cards(ab: Abuser, path: str, release: Callable[[], int] | None) -> None:
    spec = {"game": CARDS_GAME, "players": 2, "options": {"cards": path}}
    times: list[float] = []

    async def creating(http: httpx.AsyncClient) -> None:
        for _ in range(200):
            if not ab.running():
                return
            t = time.monotonic()
            try:
                r = await http.post("/api/tables", json=spec)
            except httpx.HTTPError as err:
                ab.saw("POST " + describe_error(err))
                return
            times.append(time.monotonic() - t)
            late = release is not None and ab.stop.is_set()
            ab.saw(f"POST {r.status_code}" + (" once the FIFO was opened" if late else ""))
            await ab.pause(0.05)

    async def probing(http: httpx.AsyncClient) -> None:
        """Meanwhile, is the server there at all? GET /api/games every second."""
        for _ in range(1000):
            if not ab.running():
                return
            await ab.request(http, "GET", "/api/games", "GET /api/games", timeout=2)
            await ab.pause(1.0)

    async with ab.http(timeout=None) as http:
        post = asyncio.create_task(creating(http))
        probe = asyncio.create_task(probing(http))
        await asyncio.sleep(0.5)  # the request is in
        ab.up()
        await ab.stop.wait()
        await probe
        if release is not None:
            opened = release()
            ab.fact(f"FIFO opened for writing {opened} time(s) to free the server")
        try:
            await asyncio.wait_for(post, 20)
        except TimeoutError:
            ab.saw("POST no answer, even after the FIFO was opened")
    if times:
        ab.fact(f"answers took up to {max(times):.1f} s")


async def abuse_cards_fifo(ab: Abuser) -> None:
    where = tempfile.mkdtemp(prefix="deadtable-abuse-")
    fifo = os.path.join(where, "cards.toml")
    os.mkfifo(fifo)

    def release() -> int:
        """Open the FIFO for writing and close it, while someone waits on it: they read an EOF."""
        opened = 0
        end = time.monotonic() + 3
        while time.monotonic() < end:
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError as err:
                if err.errno != errno.ENXIO:  # ENXIO: no reader (any more)
                    raise
                if opened:
                    break
                time.sleep(0.05)
                continue
            os.close(fd)
            opened += 1
            time.sleep(0.05)
        return opened

    try:
        await abuse_cards(ab, fifo, release)
    finally:
        shutil.rmtree(where, ignore_errors=True)


async def abuse_cards_devzero(ab: Abuser) -> None:
    await abuse_cards(ab, "/dev/zero", None)


def seat_named(name: bytes) -> bytes:
    """A table-creation body whose first seat's name is `name`, as raw JSON bytes."""
    return b'{"game": "carson-zoo", "seats": [{"kind": "human", "name": "' + name + b'"}, {"kind": "human"}]}'


HOSTILE: tuple[tuple[str, bytes], ...] = (
    ("name \\ud800", seat_named(b"\\ud800")),  # a lone surrogate, as a JSON escape
    ("name NUL", seat_named(b"a\\u0000b")),
    ("name raw ED A0 80", seat_named(b"\xed\xa0\x80")),  # a surrogate encoded in UTF-8: invalid UTF-8
    ("standby \\ud800", b'{"game": "carson-zoo", "standby": "\\ud800"}'),
    ("game \\ud800", b'{"game": "\\ud800"}'),
)


async def abuse_hostile_strings(ab: Abuser) -> None:
    ab.up()
    async with ab.http(timeout=10, keepalive=False) as http:
        for _ in range(200):
            for label, body in HOSTILE:
                if not ab.running():
                    return
                r = await ab.post(http, label + ": create", content=body, headers=JSON)
                if r is None or r.status_code != 201:
                    continue
                table = r.json()["id"]
                await ab.request(http, "GET", f"/api/tables/{table}", label + ": its summary")
                await ab.request(http, "GET", "/api/tables", label + ": the lobby")
                try:
                    ws = await spectate(ab, table)
                    try:
                        first = json.loads(await asyncio.wait_for(ws.recv(), 5))
                        ab.saw(f"{label}: a spectator gets {first.get('type')}")
                    finally:
                        await ws.close()
                except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as err:
                    ab.saw(f"{label}: a spectator gets {describe_error(err)}")
            await ab.pause(0.2)


async def abuse_bot_tables(ab: Abuser) -> None:
    spec = {"game": GAME, "seats": [{"kind": "bot", "agent": ab.opts["bot_agent"]}] * 4}
    await create_tables(ab, ab.opts["bot_tables"], spec, "create")
    ab.up()
    await ab.stop.wait()


ABUSES: dict[str, Callable[[Abuser], Awaitable[None]]] = {
    "baseline": abuse_baseline,
    "slow-readers": abuse_slow_readers,
    "spectators": abuse_spectators,
    "big-body": abuse_big_body,
    "lang-flood": abuse_lang_flood,
    "lobby-all": abuse_lobby_all,
    "create-flood": abuse_create_flood,
    "cards-fifo": abuse_cards_fifo,
    "cards-devzero": abuse_cards_devzero,
    "hostile-strings": abuse_hostile_strings,
    "bot-tables": abuse_bot_tables,
}


def abuser_process(name: str, base: str, opts: dict[str, Any], conn: Connection) -> None:
    asyncio.run(_abuser_main(name, base, opts, conn))


async def _abuser_main(name: str, base: str, opts: dict[str, Any], conn: Connection) -> None:
    ab = Abuser(base, opts, conn)
    work = asyncio.create_task(ABUSES[name](ab))
    followers: set[asyncio.Task[None]] = set()
    failed = False

    async def moved(table: str) -> None:
        if ab.follow is not None:
            try:
                await asyncio.wait_for(ab.follow(table), opts["setup"])
            except Exception as err:  # the player goes on; the report says so
                ab.fact(f"following the player failed: {err!r}")
        conn.send(("ready", table))

    while ab.running():
        try:
            while conn.poll():
                msg = conn.recv()
                if msg[0] == "stop":
                    ab.stop.set()
                elif msg[0] == "table":
                    task = asyncio.create_task(moved(msg[1]))
                    followers.add(task)
                    task.add_done_callback(followers.discard)
        except (EOFError, OSError):  # the parent is gone
            ab.stop.set()
        if work.done() and not failed and work.exception() is not None:
            failed = True
            ab.fact(f"the abuse failed: {work.exception()!r}")
            conn.send(("up",))  # the player need not wait for it
        await asyncio.sleep(0.02)
    ab.stop.set()
    for task in list(followers):
        task.cancel()
    try:
        await asyncio.wait_for(work, 30)
    except TimeoutError:
        ab.fact("the abuse did not stop within 30 s")
    except Exception as err:
        if not failed:
            ab.fact(f"the abuse failed: {err!r}")
    with contextlib.suppress(OSError):
        conn.send(("report", dict(ab.seen), ab.facts))


# -- the normal player (this process) ------------------------------------------------------------


class Link:
    """The parent's end of the pipe to the abuser process."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.inbox: list[tuple[Any, ...]] = []

    def send(self, *msg: Any) -> None:
        with contextlib.suppress(OSError):
            self.conn.send(msg)

    def _pump(self) -> None:
        with contextlib.suppress(EOFError, OSError):
            while self.conn.poll():
                self.inbox.append(self.conn.recv())

    def take(self, kind: str, key: Any = None) -> tuple[Any, ...] | None:
        self._pump()
        for i, msg in enumerate(self.inbox):
            if msg[0] == kind and (key is None or msg[1] == key):
                return self.inbox.pop(i)
        return None

    async def wait(self, kind: str, timeout: float, key: Any = None) -> tuple[Any, ...] | None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            msg = self.take(kind, key)
            if msg is not None:
                return msg
            await asyncio.sleep(0.01)
        return None


@dataclass
class Play:
    latencies: list[float] = field(default_factory=list)
    timed_out: bool = False
    unanswered: float | None = None  # seconds a move had waited when the time ran out
    games: int = 0
    notes: Counter[str] = field(default_factory=Counter)


class Dropped(Exception):
    pass


async def play_game(
    ws_base: str, table: dict[str, Any], play: Play, moves: int, deadline: float, rng: random.Random
) -> None:
    """Play `table` (two human seats) until it is over or `moves` are measured; TimeoutError at deadline."""
    socks: list[Any] = []
    latest: list[dict[str, Any] | None] = [None, None]
    errors: list[list[dict[str, Any]]] = [[], []]
    closed = [False, False]
    changed = asyncio.Event()

    def left() -> float:
        return max(0.001, deadline - time.monotonic())

    async def reader(i: int) -> None:
        try:
            async for raw in socks[i]:
                msg = json.loads(raw)
                if msg.get("type") == "state":
                    latest[i] = msg
                elif msg.get("type") == "error":
                    errors[i].append(msg)
                changed.set()
        except ConnectionClosed:
            pass
        finally:
            closed[i] = True
            changed.set()

    async def until(pred: Callable[[], Any]) -> Any:
        while True:
            changed.clear()
            got = pred()
            if got is not None:
                return got
            if any(closed):
                raise Dropped
            await asyncio.wait_for(changed.wait(), left())

    readers: list[asyncio.Task[None]] = []
    try:
        try:
            for seat in (0, 1):
                ws = await asyncio.wait_for(
                    websockets.connect(
                        f"{ws_base}/ws/tables/{table['id']}",
                        proxy=None,
                        ping_interval=None,
                        compression=None,
                        max_size=1 << 22,
                        open_timeout=None,
                        close_timeout=1,
                    ),
                    left(),
                )
                socks.append(ws)
                await ws.send(
                    json.dumps({"type": "hello", "seat": seat, "token": table["seats"][seat]["token"]})
                )
        except TimeoutError:
            play.notes["its WebSocket did not open"] += 1
            raise
        readers = [asyncio.create_task(reader(i)) for i in (0, 1)]
        cur = 0

        def whose_turn() -> tuple[int, dict[str, Any]] | None:
            for i in (0, 1):
                st = latest[i]
                if st is not None and st["index"] >= cur and (st["over"] or st["your_turn"]):
                    return i, st
            return None

        while len(play.latencies) < moves:
            try:
                i, st = await until(whose_turn)
            except TimeoutError:
                first = latest[0] is None or latest[1] is None
                play.notes["no state after its hello" if first else "its turn never came"] += 1
                raise
            if st["over"]:
                play.games += 1
                return
            idx = st["index"]
            n_errors = len(errors[i])
            sent = time.monotonic()
            await socks[i].send(json.dumps({"type": "act", "action": rng.choice(st["legal"]), "index": idx}))

            def answered(i: int = i, idx: int = idx, n_errors: int = n_errors) -> str | None:
                if len(errors[i]) > n_errors:
                    return "error " + str(errors[i][-1].get("code"))
                st = latest[i]
                return "ok" if st is not None and st["index"] > idx else None

            try:
                got = await until(answered)
            except TimeoutError:
                play.unanswered = time.monotonic() - sent
                raise
            if got != "ok":
                play.notes[got] += 1
                cur = idx
                continue
            play.latencies.append(time.monotonic() - sent)
            cur = idx + 1
    finally:
        for t in readers:
            t.cancel()
        for ws in socks:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 2)


async def player(base: str, args: argparse.Namespace, link: Link | None) -> Play:
    play = Play()
    rng = random.Random(1)
    ws_base = base.replace("http://", "ws://", 1)
    setup_left = args.setup
    if link is not None:
        t = time.monotonic()
        if await link.wait("up", args.setup) is None:
            play.notes["the abuse was not in place after --setup"] += 1
        setup_left -= time.monotonic() - t
    deadline = time.monotonic() + args.duration
    async with httpx.AsyncClient(base_url=base, timeout=10, trust_env=False) as http:
        while len(play.latencies) < args.moves:
            if time.monotonic() >= deadline:
                play.timed_out = True
                break
            spec = {
                "game": GAME,
                "seed": rng.randrange(1 << 30),
                "seats": [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}],
            }
            try:
                r = await asyncio.wait_for(http.post("/api/tables", json=spec), deadline - time.monotonic())
            except TimeoutError:
                play.timed_out = True
                play.notes["the player's table was not made in time"] += 1
                break
            except httpx.HTTPError as err:
                play.notes["create: " + describe_error(err)] += 1
                await asyncio.sleep(0.2)
                continue
            if r.status_code != 201:
                play.notes[f"create: {r.status_code}"] += 1
                await asyncio.sleep(0.2)
                continue
            table = r.json()
            if link is not None:  # the abuse moves to this table (spectators): not part of the time
                t = time.monotonic()
                link.send("table", table["id"])
                if await link.wait("ready", max(1.0, setup_left), table["id"]) is None:
                    play.notes["the abuse did not follow in time"] += 1
                waited = time.monotonic() - t
                setup_left -= waited
                deadline += waited
            try:
                await play_game(ws_base, table, play, args.moves, deadline, rng)
            except TimeoutError:
                play.timed_out = True
                break
            except Dropped:
                play.notes["the player's connection dropped"] += 1
            except (OSError, websockets.exceptions.WebSocketException) as err:
                play.notes["player: " + describe_error(err)] += 1
                await asyncio.sleep(0.2)
    return play


# -- the server, the scenarios, the table ------------------------------------------------------


class Server:
    """The server measured: started here (with a log file and a memory cap) or at --url."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path: str | None = None
        self.db_path: str | None = None
        self.started = args.url is None
        self.base = args.url.rstrip("/") if args.url else ""
        if self.started:
            self.start()

    def start(self) -> None:
        where = tempfile.mkdtemp(prefix="deadtable-abuse-")
        self.log_path = os.path.join(where, "server.log")
        self.db_path = os.path.join(where, "tables.sqlite3")  # removed at the end; the log stays
        with open(self.log_path, "wb") as log:
            self.proc, self.base = start_server(self.db_path, stderr=log, memory_mb=self.args.server_memory)
        print(f"abuse: server pid {self.proc.pid} at {self.base}, log {self.log_path}", file=sys.stderr)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
            self.proc = None
        if self.db_path is not None:
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(OSError):
                    os.remove(self.db_path + suffix)
            self.db_path = None

    def log_size(self) -> int:
        return os.path.getsize(self.log_path) if self.log_path else 0

    def log_since(self, mark: int) -> str:
        """The tracebacks the log gained since `mark`: how many, and their exception types."""
        if not self.log_path:
            return ""
        with open(self.log_path, "rb") as f:
            f.seek(mark)
            text = f.read(64 << 20).decode(errors="replace")
        kinds: Counter[str] = Counter()
        other: Counter[str] = Counter()
        last: str | None = None  # the exception that ended the incident being read
        previous = ""
        for line in text.splitlines():
            if line.startswith("Traceback (most recent call last)"):
                chained = previous.startswith(("During handling of the above", "The above exception"))
                if not chained and last is not None:
                    kinds[last] += 1
                    last = None
                last = last or "?"
            elif last is not None and (m := EXCEPTION_LINE.match(line)):
                last = m.group(1).rsplit(".", 1)[-1]
            elif line[:1].strip() and not line.startswith(QUIET) and not EXCEPTION_LINE.match(line):
                other[re.sub(r"table \S+", "table …", line)[:90]] += 1  # a log line of its own
            if line.strip():
                previous = line
        if last is not None:
            kinds[last] += 1
        n = sum(kinds.values())
        words = [f"{n} traceback(s): " + ", ".join(tally(kinds))] if n else []
        return "; ".join(words + [f"{line!r} x{k}" for line, k in other.most_common(3)])

    def healthy(self, timeout: float) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.proc is not None and self.proc.poll() is not None:
                return False
            try:
                if httpx.get(self.base + "/api/games", timeout=2, trust_env=False).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        return False


def tally(c: Counter[str]) -> list[str]:
    return [k if n == 1 else f"{k} x{n}" for k, n in c.most_common()]


@dataclass
class Row:
    name: str
    moves: int
    play: Play | None = None
    answered: str = ""
    log: str = ""
    server: str = ""
    seconds: float = 0.0

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


def run_scenario(name: str, server: Server, args: argparse.Namespace) -> Row:
    row = Row(name, args.moves)
    if name == "cards-devzero" and not server.started:
        row.server = "skipped: only against a server started here (its memory is capped)"
        return row
    if server.started and not server.healthy(1.0):
        server.stop()
        server.start()
    mark = server.log_size()
    opts = {
        k: getattr(args, k)
        for k in (
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
    }
    mp = multiprocessing.get_context("spawn")
    here, there = mp.Pipe()
    proc = mp.Process(target=abuser_process, args=(name, server.base, opts, there), daemon=True)
    started = time.monotonic()
    proc.start()
    link = Link(here)
    row.play = asyncio.run(player(server.base, args, link))
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
            server.stop()
            server.start()
            return row
        row.server = "the server does not answer any more"
    row.log = server.log_since(mark)
    return row


HEAD = ["scenario", "moves", "p50 ms", "p99 ms", "max ms"]


def print_rows(rows: list[Row], markdown: bool) -> None:
    if markdown:
        head = [*HEAD, "player", "the server answered the abuser", "server log"]
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" for _ in head) + "|")
        for r in rows:
            cells = [*r.cells(), r.player(), r.answered or "-", r.log or "-"]
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
        for label, text in (("player", r.player()), ("abuser got", r.answered), ("server log", r.log)):
            if text and not (label == "player" and text == "ok") and text != "-":
                print(textwrap.fill(text, WIDTH, initial_indent=f"  {label}: ", subsequent_indent="    "))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.abuse",
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
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
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table (for the README)")
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
    print_rows(rows, args.markdown)


if __name__ == "__main__":
    main()
