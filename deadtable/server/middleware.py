"""What every request goes through before a route sees it: pure ASGI middlewares.

- `SecurityHeaders`: a strict Content-Security-Policy (no inline script or style, no third-party
  script, no framing) and the other headers a browser needs to keep the pages to themselves.
- `HostCheck`: a request whose Host header names another server is refused (HTTP 400, or a closed
  WebSocket handshake), so a page elsewhere cannot reach a server on localhost through DNS
  rebinding; a WebSocket handshake whose Origin names another host is refused too (cross-site
  WebSocket hijacking: the browser sends the player's cookies with it).
- `BodyLimit`: a request body above the limit is refused with 413 before it is read: at once when
  its Content-Length says so, and as soon as the chunks of a streamed body add up to more.

`install` adds them in that order, the security headers outermost so every refusal carries them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from urllib.parse import urlsplit

from fastapi import FastAPI
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.types import Message as ASGIMessage

from deadtable.i18n import Message

from .deps import language_of
from .limits import Limits, normal_host

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "connect-src 'self' ws: wss:",
        "img-src 'self' data:",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    )
)
HEADERS: tuple[tuple[bytes, bytes], ...] = tuple(
    (k.encode("latin-1"), v.encode("latin-1"))
    for k, v in (
        ("content-security-policy", CSP),
        ("referrer-policy", "no-referrer"),
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("cross-origin-opener-policy", "same-origin"),
    )
)
WS_POLICY = 1008  # WebSocket close code: policy violation


def install(app: FastAPI, limits: Limits, hosts: frozenset[str], routes: Mapping[str, int]) -> None:
    """The middlewares of the online table; `routes` raises the body limit of some paths."""
    app.add_middleware(BodyLimit, default=limits.body_bytes, routes=dict(routes))
    app.add_middleware(HostCheck, hosts=hosts)
    app.add_middleware(SecurityHeaders)


async def refuse(scope: Scope, send: Send, status: int, text: Message) -> None:
    """A short JSON error in the reader's language: {"detail": "..."}."""
    body = json.dumps({"detail": text.render(language_of(HTTPConnection(scope)))}).encode()  # type: ignore[arg-type]
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: ASGIMessage) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _v in message.get("headers", ())}
                extra = [(k, v) for k, v in HEADERS if k not in present]
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def host_of(value: str) -> str:
    """The host part of a Host header ("example.org:8000", "[::1]:8000" -> "example.org", "::1").

    >>> host_of("[::1]:8000"), host_of("Example.org:80"), host_of("localhost")
    ('::1', 'example.org', 'localhost')
    """
    value = value.strip()
    if value.startswith("["):
        return normal_host(value[: value.find("]") + 1] if "]" in value else value)
    return normal_host(value.rsplit(":", 1)[0] if value.count(":") == 1 else value)


class HostCheck:
    def __init__(self, app: ASGIApp, hosts: frozenset[str]) -> None:
        self.app = app
        self.hosts = hosts
        self.any = "*" in hosts

    def allowed(self, host: str | None) -> bool:
        return self.any or (host is not None and host in self.hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.any:
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        host = host_of(headers.get("host", ""))
        if scope["type"] == "http":
            if not self.allowed(host):
                message = Message(
                    "this server does not answer to the host {host!r}; its operator can allow it "
                    "with deadtable serve --allowed-host",
                    host=host[:100],
                )
                await refuse(scope, send, 400, message)
                return
        else:
            origin = headers.get("origin")
            cross_site = origin is not None and not self.allowed(_origin_host(origin))
            if not self.allowed(host) or cross_site:
                await send({"type": "websocket.close", "code": WS_POLICY})
                return
        await self.app(scope, receive, send)


def _origin_host(origin: str) -> str | None:
    try:
        name = urlsplit(origin.strip()).hostname
    except ValueError:
        return None
    return normal_host(name) if name else None


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}


class BodyLimit:
    """Refuses a body over `default` bytes (or `routes[path]`), reading no more of it than that."""

    def __init__(self, app: ASGIApp, default: int, routes: dict[str, int]) -> None:
        self.app = app
        self.default = default
        self.routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.routes.get(scope["path"], self.default)
        headers = _headers(scope)
        length = headers.get("content-length")
        if length is not None and length.strip().isdigit() and int(length) > limit:
            await refuse(scope, send, 413, _too_large(limit))
            return
        if length is None and "transfer-encoding" not in headers:
            await self.app(scope, receive, send)  # no body
            return
        # Read the body here, counting; the route gets it replayed once it is known to fit.
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await refuse(scope, send, 413, _too_large(limit))
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        replayed = False

        async def replay() -> ASGIMessage:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _too_large(limit: int) -> Message:
    return Message("the request body is larger than {limit} bytes", limit=limit)
