"""The web table when the server restarts (serving.Graceful, hub.Hub.stop): it says so in the
reader's language, then reconnects by itself to the same seat once a server is back."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import WHY, new_table


class Running:
    """A server on `port` in a thread, stopped the way SIGTERM stops it."""

    def __init__(self, db: Path, port: int) -> None:
        import uvicorn

        from deadtable.server import create_app, serving
        from deadtable.server.limits import Limits

        app = create_app(f"sqlite:///{db}", limits=Limits(creations=1000))
        listen = serving.Listen(port=port)
        sock = serving.bind(listen)
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
        self.server = serving.Graceful(config, lambda: serving.stop_tables(app))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)

    def stop_gracefully(self) -> None:
        assert self.server.loop is not None
        self.server.loop.call_soon_threadsafe(self.server.begin_stop)
        self.thread.join(30)
        assert not self.thread.is_alive()


def test_the_table_says_the_server_restarts_and_comes_back_to_the_same_seat(
    browser: Any, tmp_path: Path
) -> None:
    if WHY:
        pytest.skip(WHY)
    from tests.server.pg import free_port

    db, port = tmp_path / "tables.sqlite3", free_port()
    first = Running(db, port)
    base = f"http://127.0.0.1:{port}"
    context = browser.new_context(locale="es-ES", reduced_motion="reduce")
    try:
        table = new_table(base, "carson-zoo", 5, opponent="greedy")
        page = context.new_page()
        page.goto(base + table["seats"][0]["link"])
        page.wait_for_function("() => document.body.dataset.online === 'yes'", timeout=20000)
        first.stop_gracefully()
        said = "() => document.getElementById('status').textContent.includes('El servidor se está reinici')"
        page.wait_for_function(said, timeout=20000)
        assert page.evaluate("() => document.body.dataset.online") == "no"
        second = Running(db, port)
        try:
            page.wait_for_function("() => document.body.dataset.online === 'yes'", timeout=30000)
            assert page.evaluate("() => window.deadtable.newest().seat") == 0  # the same seat, by itself
            assert "reiniciando" not in page.evaluate("() => document.getElementById('status').textContent")
        finally:
            second.stop_gracefully()
    finally:
        context.close()
