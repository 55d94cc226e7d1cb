"""Every limit the online table sets on what a client may ask, each number in one place.

`Limits` gathers those an operator may change (`create_app(limits=...)`, `deadtable serve`
options); the others are constants the code and the tests read by name.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Final

BODY_BYTES: Final = 64 * 1024
"""The largest request body, in bytes, of every route but the card upload (413 above)."""

CARD_FILE_BYTES: Final = 256 * 1024
"""The largest card file (and request body) taken by POST /api/cardsets."""

LOBBY_MOST: Final = 200
"""The most tables one GET /api/tables lists (its `limit` is 1 to this)."""

CREATIONS: Final = 30
"""Tables one client (one IP address) may create per `CREATION_WINDOW` seconds (429 above)."""

CREATION_WINDOW: Final = 600.0

UNFINISHED: Final = 2000
"""Unfinished tables a server holds at most; creating one more answers 503."""

REPLAYS_CACHED: Final = 8
"""Finished tables whose replay views (one per step) are kept in memory."""

LOCAL_HOSTS: Final = ("localhost", "127.0.0.1", "::1")
"""Hosts always allowed in the Host header (with any port): this machine."""

TRUSTED_PROXIES: Final = "127.0.0.1,::1"
"""The peers whose X-Forwarded-* headers are believed (proxy.py), unless the operator names others
(`deadtable serve --forwarded-allow-ips`): a proxy on this machine, as uvicorn's default."""

ENV_ALLOWED_HOSTS: Final = "DEADTABLE_ALLOWED_HOSTS"
"""Environment variable: more allowed hosts, separated by commas or spaces."""


def env_hosts() -> tuple[str, ...]:
    """The hosts listed in DEADTABLE_ALLOWED_HOSTS."""
    text = os.environ.get(ENV_ALLOWED_HOSTS, "")
    return tuple(h for h in text.replace(",", " ").split() if h)


@dataclass(frozen=True)
class Limits:
    """The limits an operator may change; the defaults are the constants above.

    `allowed_hosts` adds to `LOCAL_HOSTS` (a name, an IPv4 address or an IPv6 address, with or
    without brackets; "*" allows every host, for a server behind a proxy that checks it).
    `trusted_proxies`: the peers whose X-Forwarded-For, -Proto and -Host are believed (proxy.py);
    none by default here (the `serve` command's default is `TRUSTED_PROXIES`).
    """

    body_bytes: int = BODY_BYTES
    card_file_bytes: int = CARD_FILE_BYTES
    creations: int = CREATIONS
    creation_window: float = CREATION_WINDOW
    unfinished: int = UNFINISHED
    replays_cached: int = REPLAYS_CACHED
    allowed_hosts: tuple[str, ...] = field(default_factory=tuple)
    trusted_proxies: tuple[str, ...] = field(default_factory=tuple)

    def hosts(self) -> frozenset[str]:
        """Every allowed host (these, DEADTABLE_ALLOWED_HOSTS's), lower case, IPv6 without brackets."""
        return frozenset(normal_host(h) for h in (*LOCAL_HOSTS, *self.allowed_hosts, *env_hosts()))


def bound_host(address: str) -> tuple[str, ...]:
    """The host a server bound to `address` answers to besides `LOCAL_HOSTS`: none for every address.

    >>> bound_host("192.168.1.5"), bound_host("0.0.0.0"), bound_host("::")
    (('192.168.1.5',), (), ())
    """
    return () if address.strip() in ("", "0.0.0.0", "::", "[::]") else (address.strip(),)


def normal_host(host: str) -> str:
    """A host as compared: lower case, without the brackets of an IPv6 address.

    >>> normal_host("[::1]"), normal_host("Example.ORG")
    ('::1', 'example.org')
    """
    host = host.strip().lower()
    return host[1:-1] if host.startswith("[") and host.endswith("]") else host
