"""Chat and rematch in real server processes: a line somebody read and a rematch made
survive a SIGKILL; two processes on one PostgreSQL pass lines and a rematch to each other's
connections, and a second click on the other process answers the same table. (Clicks at the same
instant are raced in test_rematch.py, on PostgreSQL too.)"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")

from .procs import ServerProcess, recv_state  # noqa: E402


def _hello(ws: Any, table: dict[str, Any], seat: int | None) -> None:
    hello: dict[str, Any] = {"type": "hello"}
    if seat is not None:
        hello |= {"seat": seat, "token": table["seats"][seat]["token"]}
    ws.send(json.dumps(hello))


def _next(ws: Any, kind: str, timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        msg = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if msg["type"] == kind:
            return msg  # type: ignore[no-any-return]


def _rematch_of(ws: Any, index: int) -> str:
    """The rematch the next states of `ws` name (waiting for one that does)."""
    while True:
        state = recv_state(ws, index_at_least=index)
        if state["rematch"]:
            return str(state["rematch"])


def _say(ws: Any, text: str) -> None:
    ws.send(json.dumps({"type": "chat", "text": text}))


def test_a_line_read_and_a_rematch_made_survive_a_sigkill(tmp_path):
    db = str(tmp_path / "tables.sqlite3")
    server = ServerProcess(db).start()
    try:
        t = server.post(
            "/api/tables",
            {"game": "carson-zoo", "seed": 3, "seats": [{"kind": "human"}, {"kind": "bot"}]},
        )
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{t['id']}") as ws:
            _hello(ws, t, 0)
            msg = recv_state(ws, turn=True)
            _say(ws, "gg <b>")
            assert _next(ws, "chat")["lines"][0]["text"] == "gg <b>"  # read: so it was stored
            while not msg["over"]:
                ws.send(json.dumps({"type": "act", "action": msg["legal"][0], "index": msg["index"]}))
                msg = recv_state(ws, turn=True, index_at_least=msg["index"] + 1)
            ws.send(json.dumps({"type": "rematch"}))
            new_id = recv_state(ws, index_at_least=msg["index"])["rematch"]
            assert new_id
        server.kill()
        server.start()
        assert server.get(f"/api/tables/{t['id']}")["rematch"] == new_id
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{t['id']}") as ws:
            _hello(ws, t, None)
            assert [x["text"] for x in _next(ws, "chat")["lines"]] == ["gg <b>"]
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{new_id}") as ws:
            _hello(ws, t, 0)  # the old link's token: the same seat at the new table
            state = recv_state(ws)
            assert state["seat"] == 0 and not state["over"]
    finally:
        server.stop()


def test_two_processes_pass_lines_and_a_rematch(pg_server):
    from .pg import fresh_database

    url = fresh_database(pg_server, "socialprocs")
    a = ServerProcess(url).start()
    b = ServerProcess(url).start()
    try:
        t = a.post(
            "/api/tables", {"game": "carson-zoo", "seed": 21, "seats": [{"kind": "human"}, {"kind": "human"}]}
        )
        with (
            websockets_sync.connect(f"{a.ws_base}/ws/tables/{t['id']}") as on_a,
            websockets_sync.connect(f"{b.ws_base}/ws/tables/{t['id']}") as on_b,
        ):
            _hello(on_a, t, 0)
            _hello(on_b, t, 1)
            conns = {0: on_a, 1: on_b}
            last = {0: recv_state(on_a), 1: recv_state(on_b)}
            _say(on_a, "from A")
            _say(on_b, "from B")
            for ws in (on_a, on_b):  # each line reaches both: one directly, the other through NOTIFY
                lines: list[str] = []
                while len(lines) < 2:  # (in one message or two, as the processes happen to meet)
                    lines += [line["text"] for line in _next(ws, "chat")["lines"]]
                assert sorted(lines) == ["from A", "from B"]
            index = 0
            while not last[0]["over"]:
                seat = last[0]["to_act"]
                act = {"type": "act", "action": last[seat]["legal"][0], "index": last[seat]["index"]}
                conns[seat].send(json.dumps(act))
                index += 1
                last = {s: recv_state(conns[s], index_at_least=index) for s in (0, 1)}
            # A's seat clicks "Play again": B's seat and a spectator on B (come at the end, so as not
            # to leave a whole game unread) learn it through NOTIFY alone.
            with websockets_sync.connect(f"{b.ws_base}/ws/tables/{t['id']}") as watching_b:
                _hello(watching_b, t, None)
                assert recv_state(watching_b)["over"]
                on_a.send(json.dumps({"type": "rematch"}))
                seen = {_rematch_of(ws, index) for ws in (on_a, on_b, watching_b)}
            assert len(seen) == 1
            new_id = seen.pop()
            on_b.send(json.dumps({"type": "rematch"}))  # B's click, later: the same table
            on_b.send(json.dumps({"type": "ping"}))
            assert _next(on_b, "pong")
        playing = a.get("/api/tables?status=playing")
        assert [x["id"] for x in playing] == [new_id]
        assert b.get(f"/api/tables/{t['id']}")["rematch"] == new_id
    finally:
        a.stop()
        b.stop()
