"""What the player and the abusers share: the game played, how a WebSocket is opened, how a failure
reads in the table."""

from __future__ import annotations

from typing import Any

import httpx
import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

GAME = "carson-zoo"
# What opening or using a WebSocket may raise (a TimeoutError is an OSError).
WS_FAILURES = (OSError, WebSocketException)


def ws_base(base: str) -> str:
    """The WebSocket address of the server at `base`.

    >>> ws_base("http://127.0.0.1:8000")
    'ws://127.0.0.1:8000'
    """
    return base.replace("http://", "ws://", 1)


async def connect(url: str, **kw: Any) -> Any:
    """A WebSocket to `url` without proxy, pings or compression; `kw` sets its sizes and timeouts."""
    return await websockets.connect(url, proxy=None, ping_interval=None, compression=None, **kw)


def describe_error(err: BaseException) -> str:
    """A failure as the table names it ("connection dropped", "no answer", "HTTP 403", ...)."""
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
