"""The abuses over HTTP: a big body (big-body), the whole lobby (lobby-all), a flood of tables
(create-flood), card files that never end (cards-fifo, cards-devzero), strings that are not text
(hostile-strings) and bot-only tables (bot-tables)."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable

import httpx

from .abuser import Abuser, create_tables, spectate
from .wire import GAME, WS_FAILURES, describe_error

CARDS_GAME = "overlords"  # a game with a `cards` option (a path to a TOML card file)
JSON = {"content-type": "application/json"}
TWO_HUMANS = {"game": GAME, "seats": [{"kind": "human"}, {"kind": "human"}]}


def seat_named(name: bytes) -> bytes:
    """A table-creation body whose first seat's name is `name`, as raw JSON bytes."""
    return b'{"game": "%s", "seats": [{"kind": "human", "name": "%s"}, {"kind": "human"}]}' % (
        GAME.encode(),
        name,
    )


async def abuse_big_body(ab: Abuser) -> None:
    body = seat_named(b"x" * int(ab.opts["body_mb"] * 1_000_000))
    answer_sizes: list[int] = []

    async def worker(http: httpx.AsyncClient) -> None:
        for _ in ab.rounds(1000):
            try:
                async with http.stream("POST", "/api/tables", content=body, headers=JSON) as r:
                    got = 0
                    async for chunk in r.aiter_raw():
                        got += len(chunk)
                    ab.saw(str(r.status_code))
                    answer_sizes.append(got)
            except httpx.HTTPError as err:
                ab.saw(describe_error(err))

    ab.up()
    await ab.in_parallel(worker, 2, timeout=60)
    if answer_sizes:
        ab.fact(f"{len(body) / 1e6:.0f} MB sent each time; answers up to {max(answer_sizes) / 1e6:.1f} MB")


async def abuse_lobby_all(ab: Abuser) -> None:
    await create_tables(ab, ab.opts["lobby_tables"], TWO_HUMANS, "create")
    rows: list[int] = []
    times: list[float] = []

    async def worker(http: httpx.AsyncClient) -> None:
        for _ in ab.rounds(10_000):
            t = time.monotonic()
            r = await ab.request(http, "GET", "/api/tables", "GET", params={"limit": -1})
            times.append(time.monotonic() - t)
            if r is not None and r.status_code == 200:
                rows.append(len(r.json()))

    ab.up()
    await ab.in_parallel(worker, 2, timeout=60)
    if rows:
        ab.fact(f"up to {max(rows)} tables per answer, {max(times):.1f} s at most")


async def abuse_create_flood(ab: Abuser) -> None:
    count = [0]
    started = time.monotonic()

    async def worker(http: httpx.AsyncClient) -> None:
        while ab.running() and count[0] < 200_000:
            count[0] += 1
            await ab.post(http, "", json=TWO_HUMANS)

    ab.up()
    await ab.in_parallel(worker, 16)
    ab.fact(f"{count[0] / (time.monotonic() - started):.0f} requests/s")


async def abuse_cards(ab: Abuser, path: str, release: Callable[[], int] | None) -> None:
    spec = {"game": CARDS_GAME, "players": 2, "options": {"cards": path}}
    times: list[float] = []

    async def creating(http: httpx.AsyncClient) -> None:
        for _ in ab.rounds(200):
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
        for _ in ab.rounds(1000):
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
                except WS_FAILURES as err:
                    ab.saw(f"{label}: a spectator gets {describe_error(err)}")
            await ab.pause(0.2)


async def abuse_bot_tables(ab: Abuser) -> None:
    spec = {"game": GAME, "seats": [{"kind": "bot", "agent": ab.opts["bot_agent"]}] * 4}
    await create_tables(ab, ab.opts["bot_tables"], spec, "create")
    ab.up()
    await ab.stop.wait()
