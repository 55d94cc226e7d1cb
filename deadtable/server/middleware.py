"""What every request goes through before a route sees it: pure ASGI middlewares.

- `SecurityHeaders`: a strict Content-Security-Policy (no inline script or style, no third-party
  script, no framing) and the other headers a browser needs to keep the pages to themselves.
- `HostCheck`: a request whose Host header names another server is refused (HTTP 400, or a closed
  WebSocket handshake), so a page elsewhere cannot reach a server on localhost through DNS
  rebinding; a WebSocket handshake whose Origin names another host is refused too (cross-site
  WebSocket hijacking: the browser sends the player's cookies with it). An Origin is accepted
  when its host is an allowed one, or when it is the request's own origin: the scheme (https
  behind a proxy that says X-Forwarded-Proto https), host and port the request was made to. With
  `--allowed-host '*'` every Host is answered, and a WebSocket's Origin must be its own.
- `BodyLimit`: a request body above the limit is refused with 413 before it is read: at once when
  its Content-Length says so, and as soon as the chunks of a streamed body add up to more.

`install` adds them in that order, the security headers outermost so every refusal carries them,
and outside them all, when the operator trusts a proxy (`Limits.trusted_proxies`), proxy.py's
`ForwardedHeaders`: the checks see the client, scheme and host the proxy forwards.
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
from .proxy import ForwardedHeaders

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
ANY_HOST = frozenset({"/healthz"})  # answered whatever the Host: a prober names the server by address


def install(app: FastAPI, limits: Limits, hosts: frozenset[str], routes: Mapping[str, int]) -> None:
    """The middlewares of the online table; `routes` raises the body limit of some paths."""
    app.add_middleware(BodyLimit, default=limits.body_bytes, routes=dict(routes))
    app.add_middleware(HostCheck, hosts=hosts)
    app.add_middleware(SecurityHeaders)
    if limits.trusted_proxies:
        app.add_middleware(ForwardedHeaders, trusted=limits.trusted_proxies)


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
        if scope["type"] not in ("http", "websocket") or scope["path"] in ANY_HOST:
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
            own_host = headers.get("host", "")
            cross_site = origin is not None and not self.origin_allowed(origin, scope, own_host)
            if not self.allowed(host) or cross_site:
                await send({"type": "websocket.close", "code": WS_POLICY})
                return
        await self.app(scope, receive, send)

    def origin_allowed(self, origin: str, scope: Scope, host_header: str) -> bool:
        """A WebSocket's Origin: an allowed host (not merely by "*"), or the request's own origin."""
        if not self.any and _origin_host(origin) in self.hosts:
            return True
        own_scheme = "https" if scope.get("scheme") in ("wss", "https") else "http"
        own = _origin_parts(f"{own_scheme}://{host_header.strip()}")
        return own is not None and _origin_parts(origin) == own


DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin_parts(origin: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an origin, the port made explicit; None if it is not one.

    >>> _origin_parts("https://Tables.example"), _origin_parts("http://[::1]:8000"), _origin_parts("null")
    (('https', 'tables.example', 443), ('http', '::1', 8000), None)
    """
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, normal_host(parts.hostname), port or DEFAULT_PORTS[scheme]


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
