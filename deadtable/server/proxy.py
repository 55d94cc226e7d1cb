"""Behind a reverse proxy: whom the server believes about a request's client, scheme and host.

A proxy (nginx, Caddy) connects to the server itself and says who the player is in headers:
X-Forwarded-For (the player's address), X-Forwarded-Proto (https when the player came over TLS)
and X-Forwarded-Host (the host the player asked for), or it passes the player's Host on. Anybody
can send those headers, so they are believed only from the addresses the operator names
(`deadtable serve --forwarded-allow-ips`; by default limits.TRUSTED_PROXIES, this machine, as
uvicorn's): from
another address a request is what it is, and its X-Forwarded-For is ignored, so a client cannot
escape the limits per address (limits.py, the creation limit) by making up an address.

`ForwardedHeaders` is the outermost middleware of the application. From a trusted peer it takes
the client's address and the scheme with uvicorn's own `ProxyHeadersMiddleware` (the same rules
as `uvicorn --proxy-headers --forwarded-allow-ips`), and the forwarded host as the request's Host,
so the host and origin checks (middleware.HostCheck) and the logs see what the player sees.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from deadtable.core import DeadtableError
from deadtable.i18n import N_

NOT_AN_ADDRESS = N_("{item!r} is not an IP address, a network like 10.0.0.0/8, or *")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_addresses(text: str | Iterable[str]) -> tuple[str, ...]:
    """The trusted addresses of a comma-separated list: IP addresses, networks ("10.0.0.0/8") or
    "*" for every peer; a DeadtableError names the first item that is none of these.

    >>> parse_addresses("127.0.0.1, 10.0.0.0/8,::1")
    ('127.0.0.1', '10.0.0.0/8', '::1')
    >>> parse_addresses("proxy.example")
    Traceback (most recent call last):
    deadtable.core.errors.DeadtableError: 'proxy.example' is not an IP address, a network like ...
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    out = []
    for item in (i.strip() for i in items):
        if not item:
            continue
        if item != "*":
            try:
                ipaddress.ip_network(item, strict=False)
            except ValueError:
                raise DeadtableError(NOT_AN_ADDRESS, item=item) from None
        out.append(item)
    return tuple(out)


class Trusted:
    """The peers whose forwarded headers are believed.

    >>> trusted = Trusted(("127.0.0.1", "10.1.0.0/16"))
    >>> "127.0.0.1" in trusted, "10.1.2.3" in trusted, "10.2.0.1" in trusted, None in trusted
    (True, True, False, False)
    """

    def __init__(self, addresses: Iterable[str]) -> None:
        self.addresses = tuple(addresses)
        self.any = "*" in self.addresses
        self.networks: list[Network] = [
            ipaddress.ip_network(a, strict=False) for a in self.addresses if a != "*"
        ]

    def __contains__(self, peer: object) -> bool:
        if self.any:
            return True
        if not isinstance(peer, str):
            return False
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(address in network for network in self.networks)


class ForwardedHeaders:
    """From a trusted peer: the forwarded client address and scheme (uvicorn's middleware) and the
    forwarded host (the first of X-Forwarded-Host, as the request's Host header)."""

    def __init__(self, app: ASGIApp, trusted: Iterable[str]) -> None:
        self.trusted = Trusted(trusted)
        self.inner = ProxyHeadersMiddleware(app, trusted_hosts=list(self.trusted.addresses))  # type: ignore[arg-type]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            client = scope.get("client")
            if client and client[0] in self.trusted:
                forwarded = forwarded_host(scope["headers"])
                if forwarded:
                    rest = [(k, v) for k, v in scope["headers"] if k != b"host"]
                    scope["headers"] = [(b"host", forwarded.encode("latin-1")), *rest]
        await self.inner(scope, receive, send)  # type: ignore[arg-type]


def forwarded_host(headers: Iterable[tuple[bytes, bytes]]) -> str | None:
    """The host the first proxy was asked for: the first item of the first X-Forwarded-Host.

    >>> forwarded_host([(b"x-forwarded-host", b"tables.example, inner.example")])
    'tables.example'
    >>> forwarded_host([(b"host", b"127.0.0.1:8000")]) is None
    True
    """
    for key, value in headers:
        if key.lower() == b"x-forwarded-host":
            first = value.decode("latin-1").split(",")[0].strip()
            return first or None
    return None
