"""Prometheus metrics (deadtable/server/metrics.py): off by default, counted through the hub's
feature hooks when asked for, served on a port of their own bound to 127.0.0.1."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

pytest.importorskip("prometheus_client", reason="pip install 'deadtable[metrics]'")

from deadtable.cli.serve import serve
from deadtable.server import create_app, features
from deadtable.server.metrics import Metrics

from .conftest import create, next_of, next_state
from .pg import free_port
from .procs import ServerProcess


def value(text: str, name: str, **labels: str) -> float:
    """One sample of the Prometheus text `text` (0 when absent)."""
    wanted = ",".join(f'{k}="{v}"' for k, v in labels.items())
    pattern = re.escape(name) + (r"\{" + re.escape(wanted) + r"\}" if labels else "") + r" (\S+)"
    found = re.search(r"^" + pattern + "$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def test_a_game_with_a_bot_is_counted(sqlite_url: str) -> None:
    metrics = Metrics()
    with TestClient(create_app(sqlite_url, test_client=True, metrics=metrics)) as client:
        client.app.state.hub.bot_pace = 0.0  # type: ignore[attr-defined]
        t = create(client, seats=[{"kind": "human"}, {"kind": "bot", "agent": "greedy"}])
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            ws.send_json({"type": "hello", "seat": 0, "token": t["seats"][0]["token"]})
            msg = next_state(ws, turn=True)
            ws.send_json({"type": "act", "action": "no such move", "index": msg["index"]})
            assert next_of(ws, "error")["code"] == "illegal"
            ws.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"] + 5})
            assert next_of(ws, "error")["code"] == "stale"
            for _ in range(3):
                ws.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
                msg = next_state(ws, turn=True, index=msg["index"] + 1)
                assert not msg["over"]
            text = metrics.text().decode()
            assert value(text, "deadtable_connections") == 1
        assert value(text, "deadtable_tables_live") == 1
        assert value(text, "deadtable_tables_unfinished") == 1
        assert value(text, "deadtable_moves_total", actor="player") == 3
        bot_moves = value(text, "deadtable_moves_total", actor="bot")
        assert bot_moves >= 3
        assert value(text, "deadtable_move_seconds_count") >= 3 + bot_moves
        assert value(text, "deadtable_bot_think_seconds_count", agent="greedy") >= bot_moves
        assert value(text, "deadtable_refusals_total", kind="illegal") == 1
        assert value(text, "deadtable_refusals_total", kind="stale") == 1


def test_metrics_are_off_by_default(sqlite_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url, test_client=True)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert not any(isinstance(f, Metrics) for f in hub.features)
        assert [type(f) for f in hub.features] == [type(f) for f in features.standard()]
        assert client.get("/metrics").status_code == 404  # never on the public port
    served: list[Any] = []
    monkeypatch.setattr("deadtable.server.serving.serve_app", lambda app, listen, sock: sock.close())
    monkeypatch.setattr("deadtable.server.serving.serve_metrics", lambda *args: served.append(args))
    db = ["--db", str(tmp_path / "t.sqlite3"), "--port", "0"]
    assert CliRunner().invoke(serve, db).exit_code == 0
    assert served == []
    port = free_port()
    result = CliRunner().invoke(serve, [*db, "--metrics-port", str(port)])
    assert result.exit_code == 0, result.output
    assert [(host, p) for _metrics, host, p in served] == [("127.0.0.1", port)]  # this machine only
    assert f"http://127.0.0.1:{port}/metrics" in result.output


def test_a_real_server_serves_its_metrics_on_their_own_port(tmp_path: Path) -> None:
    port = free_port()
    server = ServerProcess(str(tmp_path / "t.sqlite3"), cli=True, args=["--metrics-port", str(port)]).start()
    try:
        server.post("/api/tables", {"game": "carson-zoo", "seed": 3})
        text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
        assert value(text, "deadtable_tables_unfinished") == 1
        assert "deadtable_moves_total" in text or "# TYPE deadtable_moves counter" in text
        assert httpx.get(f"{server.base}/metrics", timeout=10).status_code == 404
    finally:
        server.stop()
