"""The shipped Caddyfile (deploy/caddy/Caddyfile) in front of two `deadtable serve` processes on one
PostgreSQL, over HTTPS for a public-looking name: health, WebSockets on both processes, a killed
process passed over, and the creation limit per player's address."""

from __future__ import annotations

import json
import socket
import time
from contextlib import ExitStack
from typing import Any

import pytest

from .conftest import CREATE_LIMIT, Site
from .deployed import NAME, Certificate, client

websockets_sync = pytest.importorskip("websockets.sync.client")

TABLE = {"game": "carson-zoo", "seats": [{"kind": "human"}, {"kind": "human"}]}


def _socket(site: Site, certificate: Certificate, table: dict[str, Any], seat: int, stack: ExitStack) -> Any:
    """A seat's WebSocket through Caddy: wss:// for NAME, its certificate checked."""
    sock = socket.create_connection(("127.0.0.1", site.proxy.https_port), timeout=10)
    connecting = websockets_sync.connect(
        f"wss://{NAME}:{site.proxy.https_port}/ws/tables/{table['id']}",
        sock=sock,
        ssl=certificate.context(),
        server_hostname=NAME,
        origin=f"https://{NAME}:{site.proxy.https_port}",
    )
    ws = stack.enter_context(connecting)
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": table["seats"][seat]["token"]}))
    return ws


def _state(ws: Any, index: int) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while True:
        msg = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        assert msg["type"] != "error", msg
        if msg["type"] == "state" and msg["index"] >= index:
            return msg  # type: ignore[no-any-return]


def test_healthz_and_moves_over_wss_through_caddy_with_a_process_killed(
    caddy_site: Site, certificate
) -> None:
    with client(certificate, caddy_site.proxy, "127.0.1.2") as http:
        for _ in range(4):
            r = http.get("/healthz")
            assert r.status_code == 200 and r.json() == {"status": "ok", "store": "ok"}
        table = http.post("/api/tables", json=TABLE).json()
        with ExitStack() as stack:
            sockets = {seat: _socket(caddy_site, certificate, table, seat, stack) for seat in (0, 1)}
            last = {seat: _state(ws, 0) for seat, ws in sockets.items()}
            for index in range(4):  # a few moves, each seen by both seats, whichever process they are on
                seat = last[0]["to_act"]
                mover = last[seat]
                sockets[seat].send(
                    json.dumps({"type": "act", "action": mover["legal"][0], "index": mover["index"]})
                )
                last = {s: _state(ws, index + 1) for s, ws in sockets.items()}
                assert last[0]["index"] == last[1]["index"] == index + 1
        # One process killed: Caddy passes it over (a refused connection, then its health check),
        # and no request fails meanwhile. (The other process hears of a move made through the
        # killed one a moment later, through PostgreSQL's NOTIFY: the last move may take that long
        # to show there.)
        victim = caddy_site.processes[0]
        victim.kill()
        try:
            indexes: list[int] = []
            deadline = time.monotonic() + 10
            while len(indexes) < 8 or indexes[-1] != 4:
                assert time.monotonic() < deadline, indexes
                r = http.get(f"/api/tables/{table['id']}")
                assert r.status_code == 200, r.text
                indexes.append(r.json()["index"])
        finally:
            victim.launch()  # the next module waits for it (conftest's _site)


def test_the_creation_limit_counts_each_players_address_through_caddy(caddy_site: Site, certificate) -> None:
    proxy = caddy_site.proxy
    with client(certificate, proxy, "127.0.1.4") as first, client(certificate, proxy, "127.0.1.5") as second:
        # Caddy replaces a client's own X-Forwarded-For with the address it saw.
        codes = [
            first.post("/api/tables", json=TABLE, headers={"x-forwarded-for": f"203.0.113.{k}"}).status_code
            for k in range(2 * CREATE_LIMIT + 1)
        ]
        assert codes[:CREATE_LIMIT] == [201] * CREATE_LIMIT and 429 in codes, codes
        codes = [second.post("/api/tables", json=TABLE).status_code for _ in range(CREATE_LIMIT)]
        assert codes == [201] * CREATE_LIMIT
