"""The abuser's toolkit: what an abuse coroutine gets (the server, the options, a stop signal, a tally
of what the server answered) and the moves several abuses make (tables, spectators)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from multiprocessing.connection import Connection
from typing import Any

import httpx

from .wire import WS_FAILURES, connect, describe_error, ws_base


class Abuser:
    """What an abuse coroutine gets: the server, the options, a stop signal, a tally of answers."""

    def __init__(self, base: str, opts: dict[str, Any], conn: Connection) -> None:
        self.base = base
        self.ws_base = ws_base(base)
        self.opts = opts
        self.conn = conn
        self.seen: Counter[str] = Counter()
        self.facts: list[str] = []
        self.stop = asyncio.Event()
        # However the parent fares, this process stops by itself.
        self.hard_stop = time.monotonic() + 2 * opts["setup"] + opts["duration"] + 60
        self.follow: Callable[[str], Awaitable[None]] | None = None  # moves along with the player
        # The local address this abuser connects from (its own loopback address per scenario when
        # the server was started here), so one scenario's per-client limits never count another's.
        self.address: str | None = opts.get("address")

    def saw(self, what: str, n: int = 1) -> None:
        self.seen[what] += n

    def fact(self, text: str) -> None:
        self.facts.append(text)

    def running(self) -> bool:
        return not self.stop.is_set() and time.monotonic() < self.hard_stop

    def rounds(self, n: int) -> Iterator[int]:
        """Up to `n` rounds, while the abuse runs (looked at before each round)."""
        for i in range(n):
            if not self.running():
                return
            yield i

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
        transport = httpx.AsyncHTTPTransport(local_address=self.address, limits=limits)
        return httpx.AsyncClient(base_url=self.base, timeout=timeout, trust_env=False, transport=transport)

    async def in_parallel(
        self, worker: Callable[[httpx.AsyncClient], Awaitable[None]], n: int, timeout: float | None = 30.0
    ) -> None:
        """`n` copies of `worker` at once, on one client (see `http`)."""
        async with self.http(timeout=timeout) as http:
            await asyncio.gather(*(worker(http) for _ in range(n)))

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

    await ab.in_parallel(worker, workers)
    ab.fact(f"{len(made)} of {n} tables made in {time.monotonic() - started:.1f} s")
    return made


async def spectate(ab: Abuser, table: str, **ws_kw: Any) -> Any:
    """A spectator of `table` that said hello; `ws_kw` as for `websockets.connect`."""
    if ab.address:
        ws_kw.setdefault("local_addr", (ab.address, 0))
    ws = await connect(f"{ab.ws_base}/ws/tables/{table}", open_timeout=10, close_timeout=2, **ws_kw)
    await ws.send(json.dumps({"type": "hello"}))
    return ws


async def spectator(ab: Abuser, table: str, **ws_kw: Any) -> Any | None:
    """`spectate`, or None with the failure tallied as 'connect: ...'."""
    try:
        return await spectate(ab, table, **ws_kw)
    except WS_FAILURES as err:
        ab.saw("connect: " + describe_error(err))
        return None
