"""The abuses over WebSockets: spectators that never read (slow-readers), many that do
(spectators), and one that asks for the state again and again (lang-flood)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import socket
import struct
import time
from collections import Counter
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed

from .abuser import Abuser, create_tables, spectator
from .wire import GAME, describe_error

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
    base: str, path: str, first: list[str], rcvbuf: int = 1024, address: str | None = None
) -> tuple[socket.socket | None, str]:
    """A WebSocket opened by hand on a socket with a tiny receive buffer, from local `address` when
    given; (socket, HTTP status)."""
    u = urlsplit(base)
    host, port = u.hostname or "127.0.0.1", u.port or 80
    s = socket.socket()
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        s.settimeout(10)
        if address:
            s.bind((address, 0))
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
                    raw_websocket,
                    ab.base,
                    f"/ws/tables/{table}",
                    filled if j == 0 else [hello],
                    address=ab.address,
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


ENDS_WITHIN = 20.0  # seconds every spectator has to read the end of a game, after the player's


async def abuse_spectators(ab: Abuser) -> None:
    n = ab.opts["spectators"]
    gate = asyncio.Semaphore(100)
    current: list[tuple[Any, asyncio.Task[None]]] = []
    received = [0]
    ended: set[int] = set()  # the spectators (ids) that read a state of the game over

    async def reader(ws: Any) -> None:
        try:
            async for raw in ws:
                received[0] += 1
                if '"over": true' in raw and json.loads(raw).get("over") is True:
                    ended.add(id(ws))
        except ConnectionClosed:
            pass
        if not ab.stop.is_set():
            code = ws.close_code
            ab.saw("dropped by the server" + (f" ({code})" if code not in (None, 1000, 1001) else ""))

    async def one(table: str) -> None:
        async with gate:
            if not ab.running():
                return
            ws = await spectator(ab, table, max_size=1 << 22, max_queue=4)
            if ws is None:
                return
            try:  # in place once the server has answered its hello (its first state)
                await asyncio.wait_for(ws.recv(), ab.opts["setup"])
            except (TimeoutError, ConnectionClosed) as err:
                ab.saw("no state after its hello: " + describe_error(err))
                with contextlib.suppress(Exception):
                    await ws.close()
                return
            received[0] += 1
            ab.saw("joined (101)")
            current.append((ws, asyncio.create_task(reader(ws))))

    async def leave_all() -> None:
        old = current[:]
        current.clear()
        for _, task in old:
            task.cancel()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(ws.close() for ws, _ in old), return_exceptions=True), 20)

    async def saw_the_end(within: float) -> None:
        """Whether every spectator of the game just over read its end (the latest state), and when."""
        began = time.monotonic()
        watching = {id(ws) for ws, _ in current}
        while not watching <= ended and time.monotonic() - began < within:
            await asyncio.sleep(0.05)
        late = len(watching - ended)
        if late:
            ab.fact(f"{late} of {len(watching)} spectators had not read the game's end {within:.0f} s later")
        else:
            ab.fact(f"the game's end reached all {len(watching)} in {time.monotonic() - began:.1f} s")

    async def follow(table: str) -> None:
        if current:  # the player's game is over: it went on to `table`
            await saw_the_end(min(ENDS_WITHIN, ab.opts["setup"] / 2))
        await leave_all()
        started = time.monotonic()
        await asyncio.gather(*(one(table) for _ in range(n)))
        ab.fact(f"{len(current)} joined in {time.monotonic() - started:.1f} s")

    ab.follow = follow
    ab.up()
    await ab.stop.wait()
    ab.fact(f"{received[0]} messages read")
    await leave_all()


async def abuse_lang_flood(ab: Abuser) -> None:
    bots = {"game": GAME, "seats": [{"kind": "bot", "agent": "random"}] * 4}
    tables = await create_tables(ab, 1, bots, "create")
    if not tables:
        ab.up()
        return
    await ab.pause(2.0)  # the bots' game is over by then: a long log to send again in each language
    ws = await spectator(ab, tables[0], max_size=None, max_queue=64)
    if ws is None:
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
