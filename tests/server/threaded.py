"""A real server for the tests that need real sockets: the app under uvicorn, in a thread of the
test's process (its log records reach pytest's `caplog`), on a socket the test made."""

from __future__ import annotations

import base64
import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx


@dataclass
class Server:
    port: int

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        r = httpx.post(f"http://127.0.0.1:{self.port}{path}", json=body, timeout=10)
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]


@contextlib.contextmanager
def serving(folder: Path, send_buffer: int | None = None) -> Iterator[Server]:
    """The app on a new SQLite store in `folder`, served on loopback until the block ends.

    `send_buffer`: the listening socket's SO_SNDBUF (its connections inherit it). uvicorn leaves
    logging as it is (no config of its own), so its records, "Exception in ASGI application"
    among them, go where the test's go."""
    import uvicorn

    from deadtable.server import create_app

    sock = socket.socket()
    if send_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    app = create_app(f"sqlite:///{folder / 'tables.sqlite3'}")
    config = uvicorn.Config(app, log_config=None, log_level="warning", ws_per_message_deflate=False)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield Server(port)
    finally:
        srv.should_exit = True
        thread.join(10)
        sock.close()


def handshake(port: int, table_id: str, receive_buffer: int | None = None) -> socket.socket:
    """A raw socket to table `table_id` whose WebSocket handshake is done, the server's answer read
    byte by byte (nothing of a first frame), nothing more; `receive_buffer` sets its size first."""
    s = socket.socket()
    if receive_buffer is not None:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.settimeout(10)
    s.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        (
            f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return s
