"""The normal player: a Carson City Zoo table with two human seats, played by two WebSockets that take
turns with random legal moves, and the latency of each move (from sending {"type": "act"} to the
state past it, on the same socket). `Link` is its end of the pipe to the abuser process."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed

from .wire import GAME, WS_FAILURES, connect, describe_error, ws_base


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
    """What the player measured in one scenario: a latency per move, and what went wrong."""

    latencies: list[float] = field(default_factory=list)
    timed_out: bool = False
    unanswered: float | None = None  # seconds a move had waited when the time ran out
    games: int = 0
    notes: Counter[str] = field(default_factory=Counter)


class Dropped(Exception):
    """One of the player's two WebSockets was closed in the middle of a game."""


async def play_game(
    base: str,
    table: dict[str, Any],
    play: Play,
    moves: int,
    deadline: float,
    rng: random.Random,
    address: str | None = None,
) -> None:
    """Play `table` (two human seats) until it is over or `moves` are measured; TimeoutError at deadline."""
    local = {"local_addr": (address, 0)} if address else {}
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
                url = f"{ws_base(base)}/ws/tables/{table['id']}"
                ws = await asyncio.wait_for(
                    connect(url, max_size=1 << 22, open_timeout=None, close_timeout=1, **local), left()
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


async def player(base: str, args: argparse.Namespace, link: Link | None, address: str | None = None) -> Play:
    """The normal player's moves and their latency; `address`: the local address it connects from."""
    play = Play()
    rng = random.Random(1)
    setup_left = args.setup
    if link is not None:
        t = time.monotonic()
        if await link.wait("up", args.setup) is None:
            play.notes["the abuse was not in place after --setup"] += 1
        setup_left -= time.monotonic() - t
    deadline = time.monotonic() + args.duration
    transport = httpx.AsyncHTTPTransport(local_address=address) if address else None
    async with httpx.AsyncClient(base_url=base, timeout=10, trust_env=False, transport=transport) as http:
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
                await play_game(base, table, play, args.moves, deadline, rng, address)
            except TimeoutError:
                play.timed_out = True
                break
            except Dropped:
                play.notes["the player's connection dropped"] += 1
            except WS_FAILURES as err:
                play.notes["player: " + describe_error(err)] += 1
                await asyncio.sleep(0.2)
    return play
