"""Behind a reverse proxy (deadtable/server/proxy.py): whose X-Forwarded-* headers are believed.

The creation limit counts the player's own address when a trusted proxy forwards it, and a made-up
X-Forwarded-For from anybody else counts as that client's real address; the host and origin
checks see the host and scheme the proxy forwards. And GET /healthz, in process.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from deadtable.core import DeadtableError
from deadtable.server import create_app
from deadtable.server.limits import Limits
from deadtable.server.proxy import parse_addresses

from .conftest import create, next_state

PROXY = ("10.0.0.2", 40000)  # the proxy's own address, as the server sees the connection
STRANGER = ("203.0.113.9", 40000)  # a client connecting directly, not a proxy


@contextmanager
def served(url: str, peer: tuple[str, int], **limits: object) -> Iterator[TestClient]:
    settings = Limits(**{"creations": 2, "trusted_proxies": ("10.0.0.0/24",), **limits})  # type: ignore[arg-type]
    with TestClient(create_app(url, resume=False, limits=settings, test_client=True), client=peer) as c:
        yield c


def _create(client: TestClient, forwarded_for: str | None = None) -> int:
    headers = {"x-forwarded-for": forwarded_for} if forwarded_for else {}
    return client.post("/api/tables", json={"game": "carson-zoo", "seed": 1}, headers=headers).status_code


def test_a_trusted_proxy_makes_each_player_count_on_their_own(sqlite_url: str) -> None:
    with served(sqlite_url, PROXY) as c:
        assert [_create(c, "198.51.100.1") for _ in range(3)] == [201, 201, 429]
        # Another player behind the same proxy has their own count.
        assert [_create(c, "198.51.100.2") for _ in range(2)] == [201, 201]
        # A chain: the address the proxy saw connecting to it (the last untrusted one) counts.
        assert _create(c, "1.2.3.4, 198.51.100.2") == 429
        assert _create(c, "198.51.100.1, 198.51.100.3") == 201


def test_a_made_up_forwarded_for_counts_as_the_clients_real_address(sqlite_url: str) -> None:
    with served(sqlite_url, STRANGER) as c:
        codes = [_create(c, f"198.51.100.{i}") for i in range(3)]  # a new "address" every time
        assert codes == [201, 201, 429]
        assert _create(c) == 429  # and the same without the header: one client, one count


def test_without_trusted_proxies_no_forwarded_header_is_believed(sqlite_url: str) -> None:
    with served(sqlite_url, ("127.0.0.1", 1), trusted_proxies=()) as c:
        assert [_create(c, f"198.51.100.{i}") for i in range(3)] == [201, 201, 429]


def test_the_forwarded_host_and_scheme_pass_the_checks(sqlite_url: str) -> None:
    with served(sqlite_url, PROXY, allowed_hosts=("tables.example",)) as c:
        # The proxy connects as 127.0.0.1:8000 (nginx's default Host) and forwards the player's host.
        forwarded = {"host": "127.0.0.1:8000", "x-forwarded-host": "tables.example"}
        assert c.get("/api/games", headers=forwarded).status_code == 200
        wrong = {"host": "127.0.0.1:8000", "x-forwarded-host": "rebound.example"}
        r = c.get("/api/games", headers=wrong)
        assert r.status_code == 400 and "rebound.example" in r.json()["detail"]
    with served(sqlite_url, STRANGER, allowed_hosts=("tables.example",)) as c:
        # Not from a proxy: the Host is what it is, whatever X-Forwarded-Host says.
        spoofed = {"host": "rebound.example", "x-forwarded-host": "tables.example"}
        assert c.get("/api/games", headers=spoofed).status_code == 400
        honest = {"host": "tables.example", "x-forwarded-host": "rebound.example"}
        assert c.get("/api/games", headers=honest).status_code == 200


def _ws_closed(client: TestClient, path: str, headers: dict[str, str]) -> int | None:
    """The close code of a WebSocket handshake refused, or None when it was accepted."""
    try:
        with client.websocket_connect(path, headers=headers) as ws:
            ws.send_json({"type": "hello"})
            next_state(ws)
    except WebSocketDisconnect as closed:
        return closed.code
    return None


def test_a_websocket_behind_any_host_must_come_from_its_own_origin(sqlite_url: str) -> None:
    with served(sqlite_url, PROXY, allowed_hosts=("*",)) as c:
        path = f"/ws/tables/{create(c)['id']}"
        own = {"host": "127.0.0.1:8000", "x-forwarded-host": "tables.example", "x-forwarded-proto": "https"}
        assert _ws_closed(c, path, {**own, "origin": "https://tables.example"}) is None
        # '*' answers every Host, never every Origin: a page elsewhere is refused...
        assert _ws_closed(c, path, {**own, "origin": "https://evil.example"}) == 1008
        # ... and so is the same host over plain http when the player came over https.
        assert _ws_closed(c, path, {**own, "origin": "http://tables.example"}) == 1008
        plain = {"host": "tables.example:8080"}
        assert _ws_closed(c, path, {**plain, "origin": "http://tables.example:8080"}) is None
        assert _ws_closed(c, path, {**plain, "origin": "http://tables.example"}) == 1008


def test_an_allowed_host_stays_an_allowed_origin(sqlite_url: str) -> None:
    with served(sqlite_url, STRANGER, allowed_hosts=("tables.example",)) as c:
        path = f"/ws/tables/{create(c)['id']}"
        assert _ws_closed(c, path, {"origin": "https://tables.example"}) is None
        assert _ws_closed(c, path, {"origin": "https://evil.example"}) == 1008


def test_the_trusted_addresses_are_checked() -> None:
    assert parse_addresses(" 127.0.0.1, ::1 ,10.0.0.0/8,*") == ("127.0.0.1", "::1", "10.0.0.0/8", "*")
    with pytest.raises(DeadtableError, match=r"'proxy\.example' is not an IP address"):
        parse_addresses("127.0.0.1,proxy.example")


# -- GET /healthz -------------------------------------------------------------------------------------


def test_health_says_ok_to_any_host_without_counting(sqlite_url: str) -> None:
    with served(sqlite_url, STRANGER) as c:
        for _ in range(50):  # never rate-limited
            r = c.get("/healthz", headers={"host": "10.1.2.3:8000"})  # a prober names the server by address
            assert r.status_code == 200
        assert r.json() == {"status": "ok", "store": "ok"}
        assert "content-security-policy" in r.headers


def test_health_says_why_the_store_does_not_answer(sqlite_url: str) -> None:
    with served(sqlite_url, STRANGER) as c:

        def broken() -> None:
            raise OSError("unable to open database file\nmore detail")

        c.app.state.hub.store.ping = broken  # type: ignore[attr-defined]
        r = c.get("/healthz")
        assert r.status_code == 503
        assert r.json() == {"status": "unavailable", "store": "unable to open database file"}
