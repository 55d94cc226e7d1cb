"""Undo in real server processes: a move taken back stays taken back after a SIGKILL,
and two processes on one PostgreSQL see each other's undo (NOTIFY, then a rebuild from the store)."""

from __future__ import annotations

import json
from typing import Any

import pytest

websockets_sync = pytest.importorskip("websockets.sync.client")

from deadtable.server import db  # noqa: E402
from deadtable.server.store import Store  # noqa: E402

from .procs import ServerProcess, recv_state  # noqa: E402

TWO_PEOPLE = {"game": "zombie-overlord", "seed": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


def _hello(ws: Any, table: dict[str, Any], seat: int) -> None:
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": table["seats"][seat]["token"]}))


def _send(ws: Any, **msg: Any) -> None:
    ws.send(json.dumps(msg))


def _stored(url: str, table_id: str) -> list[str]:
    """The moves the store holds for a table (the record is published only at the end)."""
    engine = db.make_engine(url)
    try:
        return [row.text for row in Store(engine).load(table_id)[1]]  # type: ignore[index]
    finally:
        engine.dispose()


def _state_at(ws: Any, index: int) -> dict[str, Any]:
    """The next state message at exactly move `index` (after an undo the index goes down)."""
    while True:
        msg = recv_state(ws)
        if msg["index"] == index:
            return msg


def test_a_move_taken_back_stays_taken_back_after_a_sigkill(tmp_path):
    path = tmp_path / "tables.sqlite3"
    server = ServerProcess(str(path)).start()
    try:
        t = server.post("/api/tables", TWO_PEOPLE)
        mover = server.get(f"/api/tables/{t['id']}")["to_act"]
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{t['id']}") as ws:
            _hello(ws, t, mover)
            recv_state(ws)
            for i, text in enumerate(["purchase", "play supply"]):
                _send(ws, type="act", action=text, index=i)
                recv_state(ws, index_at_least=i + 1)
            _send(ws, type="undo", index=2)
            told = _state_at(ws, 1)  # told: so it was stored
            server.kill()
        server.start()
        assert server.get(f"/api/tables/{t['id']}")["index"] == 1
        assert _stored(f"sqlite:///{path}", t["id"]) == ["purchase"]
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{t['id']}") as ws:
            _hello(ws, t, mover)
            again = recv_state(ws)
        assert again["index"] == 1 and again["can_undo"] == 1 and again["legal"] == told["legal"]
        assert again["log"][-1]["text"].endswith("took back a move")
    finally:
        server.stop()


def test_two_processes_see_each_others_undo(pg_server):
    from .pg import fresh_database

    url = fresh_database(pg_server, "undoprocs")
    a = ServerProcess(url).start()
    b = ServerProcess(url).start()
    try:
        t = a.post("/api/tables", TWO_PEOPLE)
        mover = a.get(f"/api/tables/{t['id']}")["to_act"]
        with (
            websockets_sync.connect(f"{a.ws_base}/ws/tables/{t['id']}") as on_a,
            websockets_sync.connect(f"{b.ws_base}/ws/tables/{t['id']}") as other_on_b,
        ):
            _hello(on_a, t, mover)
            _hello(other_on_b, t, 1 - mover)
            recv_state(on_a)
            recv_state(other_on_b)
            for i, text in enumerate(["purchase", "play supply"]):
                _send(on_a, type="act", action=text, index=i)
                recv_state(on_a, index_at_least=i + 1)
            assert recv_state(other_on_b, index_at_least=2)["can_undo"] == 0
            _send(on_a, type="undo", index=2)
            seen_on_b = _state_at(other_on_b, 1)  # through NOTIFY: B rebuilt the table
            assert seen_on_b["log_from"] == 0 and seen_on_b["log"][-1]["text"].endswith("took back a move")
            assert _state_at(on_a, 1)["can_undo"] == 1
            # The mover comes to B, which knows the window from its own rebuild, and takes back more.
            with websockets_sync.connect(f"{b.ws_base}/ws/tables/{t['id']}") as mover_on_b:
                _hello(mover_on_b, t, mover)
                assert recv_state(mover_on_b)["can_undo"] == 1
                _send(mover_on_b, type="undo", index=1)
                assert _state_at(mover_on_b, 0)["can_undo"] == 0
            assert _state_at(on_a, 0)["can_undo"] == 0
        assert _stored(url, t["id"]) == []
    finally:
        a.stop()
        b.stop()
