"""PostgreSQL LISTEN: tell this process when another process changed a table."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from .store import NOTIFY_CHANNEL

log = logging.getLogger("deadtable.server")


def libpq_url(sqlalchemy_url: str) -> str:
    """postgresql+psycopg://... as the plain postgresql://... URL psycopg itself takes."""
    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    """A daemon thread on its own autocommit connection; each NOTIFY calls `on_table(table_id)`."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop, on_table: Callable[[str], None]) -> None:
        self.url = libpq_url(url)
        self.loop = loop
        self.on_table = on_table
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="dt-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(3)

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.ready.set()
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self.loop.call_soon_threadsafe(self.on_table, note.payload)
            except Exception as err:  # the database went away: try again shortly
                if self.stopping.is_set():
                    return
                log.warning("LISTEN connection lost (%s); retrying", err)
                self.ready.set()
                self.stopping.wait(1.0)
