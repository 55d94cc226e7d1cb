"""A real `deadtable serve` process, as a host runs it: stopped by SIGTERM during play, over TLS,
and its health while its PostgreSQL is stopped."""

from __future__ import annotations

import json
import ssl
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from deadtable.server import db
from deadtable.server.store import Store

websockets_sync = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402

from .pg import free_port  # noqa: E402
from .procs import ServerProcess, recv_state  # noqa: E402

TWO_PEOPLE = {"game": "carson-zoo", "seed": 31, "seats": [{"kind": "human"}, {"kind": "human"}]}


def _hello(ws: Any, table: dict[str, Any], seat: int) -> None:
    ws.send(json.dumps({"type": "hello", "seat": seat, "token": table["seats"][seat]["token"]}))


def _act(ws: Any, msg: dict[str, Any]) -> None:
    ws.send(json.dumps({"type": "act", "action": msg["legal"][0], "index": msg["index"]}))


def _until_closed(ws: Any) -> tuple[list[dict[str, Any]], int | None]:
    """Every message until the server closes the connection, and its close code."""
    seen = []
    try:
        while True:
            seen.append(json.loads(ws.recv(timeout=30)))
    except ConnectionClosed as closed:
        return seen, closed.rcvd.code if closed.rcvd else None


def test_sigterm_during_play_loses_no_move_and_tells_the_players(tmp_path: Path) -> None:
    db_file = str(tmp_path / "tables.sqlite3")
    server = ServerProcess(db_file, cli=True).start()
    try:
        table = server.post("/api/tables", TWO_PEOPLE)
        with (
            websockets_sync.connect(f"{server.ws_base}/ws/tables/{table['id']}") as first,
            websockets_sync.connect(f"{server.ws_base}/ws/tables/{table['id']}") as second,
        ):
            conns = {0: first, 1: second}
            _hello(first, table, 0)
            _hello(second, table, 1)
            last = {0: recv_state(first), 1: recv_state(second)}
            for _ in range(6):  # a few moves, each seen by both
                seat = last[0]["to_act"]
                msg = last[seat]
                _act(conns[seat], msg)
                last = {s: recv_state(conns[s], index_at_least=msg["index"] + 1) for s in conns}
            # One more move, sent as the server is told to stop: it is written, or refused in words.
            seat = last[0]["to_act"]
            msg = last[seat]
            _act(conns[seat], msg)
            assert server.proc is not None
            server.proc.terminate()
            told = {s: _until_closed(conns[s]) for s in conns}
        assert server.proc.wait(30) == 0
    finally:
        server.stop()
    for s, (messages, code) in told.items():
        assert code == 1012, (s, code)  # "service restart": the web table reconnects by itself
        assert messages[-1]["type"] == "restarting" and "restarting" in messages[-1]["message"], messages
    refused = [m for m in told[seat][0] if m["type"] == "error"]
    assert all(m["code"] == "restarting" for m in refused), refused
    written = msg["index"] + (0 if refused else 1)

    server = ServerProcess(db_file, cli=True).start()
    try:
        summary = server.get(f"/api/tables/{table['id']}")
        assert summary["index"] == written  # every move sent is in the store, or was refused in words
        engine = db.make_engine(f"sqlite:///{db_file}")
        assert Store(engine).count_actions(table["id"]) == written
        engine.dispose()
        assert not any(s["away"] for s in summary["seats"])  # a restart is no leaving
        seat = summary["to_act"]
        with websockets_sync.connect(f"{server.ws_base}/ws/tables/{table['id']}") as ws:
            _hello(ws, table, seat)  # the same seat, with the same link
            msg = recv_state(ws)
            assert msg["index"] == written and msg["your_turn"]
            _act(ws, msg)
            assert recv_state(ws, index_at_least=written + 1)["index"] == written + 1
    finally:
        server.stop()


def test_a_connection_during_the_stop_is_told_and_the_health_check_still_answers(tmp_path: Path) -> None:
    """SIGTERM with nobody connected: the process ends at once, with status 0."""
    server = ServerProcess(str(tmp_path / "t.sqlite3"), cli=True).start()
    try:
        assert httpx.get(server.base + "/healthz", timeout=10).json() == {"status": "ok", "store": "ok"}
        started = time.monotonic()
        assert server.terminate() == 0
        assert time.monotonic() - started < 10
    finally:
        server.stop()


def _certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key (openssl), or the test is skipped."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    try:
        subprocess.run(
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                "-keyout", str(key), "-out", str(cert),
            ],
            check=True,
            capture_output=True,
        )  # fmt: skip
    except (OSError, subprocess.CalledProcessError) as err:
        pytest.skip(f"openssl cannot make a test certificate: {err}")
    return cert, key


def test_tls_directly_with_certfile_and_keyfile(tmp_path: Path) -> None:
    cert, key = _certificate(tmp_path)
    args = ["--certfile", str(cert), "--keyfile", str(key)]
    server = ServerProcess(str(tmp_path / "t.sqlite3"), cli=True, args=args, tls=True).start()
    try:
        trusting = ssl.create_default_context(cafile=str(cert))
        r = httpx.get(server.base + "/healthz", verify=trusting, timeout=10)
        assert r.status_code == 200 and r.json()["status"] == "ok"
        with pytest.raises(httpx.HTTPError):  # plain http is not spoken there
            httpx.get(f"http://127.0.0.1:{server.port}/healthz", timeout=5)
    finally:
        server.stop()


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "deadtable.cli.main", "serve", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def test_a_port_in_use_and_a_store_out_of_reach_are_one_line_naming_the_fix(tmp_path: Path) -> None:
    server = ServerProcess(str(tmp_path / "t.sqlite3"), cli=True).start()
    try:
        result = _serve("--db", str(tmp_path / "t.sqlite3"), "--port", str(server.port))
    finally:
        server.stop()
    out = " ".join((result.stdout + result.stderr).split())
    assert result.returncode == 2 and "Traceback" not in out, out
    assert f"port {server.port} on 127.0.0.1 is in use" in out and "--port" in out
    result = _serve("--db", f"postgresql+psycopg://ana:secret@127.0.0.1:{free_port()}/x")
    out = " ".join((result.stdout + result.stderr).split())
    assert result.returncode == 2 and "Traceback" not in out, out
    assert "cannot reach the store 127.0.0.1" in out and "--db" in out and "secret" not in out
