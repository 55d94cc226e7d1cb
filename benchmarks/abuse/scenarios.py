"""The scenarios, in the order they run, and the abuser process that runs one: it starts the abuse,
follows the player to each new table when the abuse wants to, stops when told, and reports what the
server answered it."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from typing import Any

from .abuser import Abuser
from .http_abuses import (
    abuse_big_body,
    abuse_bot_tables,
    abuse_cards_devzero,
    abuse_cards_fifo,
    abuse_create_flood,
    abuse_hostile_strings,
    abuse_lobby_all,
)
from .websocket_abuses import abuse_lang_flood, abuse_slow_readers, abuse_spectators


async def abuse_baseline(ab: Abuser) -> None:
    ab.up()


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
ORDER = tuple(ABUSES)  # the order they run in


def abuser_process(name: str, base: str, opts: dict[str, Any], conn: Connection) -> None:
    """The abuser (a spawned process) running scenario `name` against `base`. Over `conn` it sends
    ("up",) once the abuse is in place, ("ready", table) once it follows the player to `table`, and
    last ("report", tally, facts); it gets ("table", id) for each of the player's tables, and ("stop",)."""
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
            ab.up()  # the player need not wait for it
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
