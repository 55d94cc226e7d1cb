"""A client that leaves before its hello is answered is normal (a page closed, a network gone): the
server lets it go with a debug line, never a traceback in its log, and goes on serving."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from .procs import recv_state
from .threaded import Server, handshake, serving

websockets_sync = pytest.importorskip("websockets.sync.client")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    pytest.importorskip("uvicorn")
    with serving(tmp_path) as running:
        yield running


def test_clients_leaving_before_their_hello_leave_no_traceback(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    table = server.post("/api/tables", {"game": "carson-zoo", "seed": 3, "seats": [{"kind": "human"}] * 2})
    url = f"{server.ws_base}/ws/tables/{table['id']}"
    caplog.set_level(logging.DEBUG, logger="deadtable.server")
    for _ in range(3):  # a clean close (a close frame), before any hello
        with websockets_sync.connect(url):
            pass
    for _ in range(3):  # the socket simply gone, before any hello
        handshake(server.port, table["id"]).close()
    for _ in range(3):  # a hello that will be refused, the socket gone before the refusal is sent
        with websockets_sync.connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "seat": 0, "token": "not the seat's token"}))
    for _ in range(3):  # a client leaving as it opens a table that does not exist
        handshake(server.port, "no-such-table").close()
    # The server goes on: a spectator is answered the table's state.
    with websockets_sync.connect(url) as ws:
        ws.send(json.dumps({"type": "hello"}))
        assert recv_state(ws)["table"] == table["id"]
    tracebacks = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not tracebacks, [r.getMessage() for r in tracebacks]
    left = [r for r in caplog.records if "left before" in r.getMessage()]
    assert left and all(r.levelno == logging.DEBUG for r in left)
