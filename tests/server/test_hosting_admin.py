"""`deadtable admin` (deadtable/server/upkeep.py): list, close and delete tables on a store a server
plays on, and a backup taken during play that restores a store which plays on."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result
from fastapi.testclient import TestClient

from deadtable.core import DeadtableError
from deadtable.server import create_app, db, migrate, upkeep
from deadtable.server.store import Store

from .conftest import create, next_of, next_state

TWO_PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def admin(*args: str) -> Result:
    from deadtable.cli.main import cli

    return CliRunner().invoke(cli, ["admin", *args], terminal_width=200)


def _play(client: TestClient, t: dict[str, Any], moves: int, start: int = 0) -> int:
    """`moves` moves at table `t`, each by the seat to act; the index after them."""
    index = start
    for _ in range(moves):
        seat = client.get(f"/api/tables/{t['id']}").json()["to_act"]
        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            ws.send_json({"type": "hello", "seat": seat, "token": t["seats"][seat]["token"]})
            msg = next_state(ws, index=index)
            ws.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
            index = next_state(ws, index=index + 1)["index"]
    return index


def test_admin_help_explains_every_command_and_the_restore() -> None:
    result = admin("--help")
    assert result.exit_code == 0
    for word in ("tables", "close", "delete", "backup", "copy the file back", "pg_dump"):
        assert word in result.output, word
    assert "--db" in admin("tables", "--help").output


def test_tables_close_and_delete_on_a_store_being_played(sqlite_url: str, tmp_path: Path) -> None:
    path = sqlite_url.removeprefix("sqlite:///")
    with TestClient(create_app(sqlite_url, resume=False, test_client=True)) as client:
        t = create(client, seats=TWO_PEOPLE)
        other = create(client, seats=TWO_PEOPLE)
        _play(client, t, 2)
        listed = admin("tables", "--db", path)
        assert listed.exit_code == 0, listed.output
        line = next(x for x in listed.output.splitlines() if x.startswith(t["id"]))
        assert "carson-zoo" in line and "Ana, Bo" in line and "playing" in line and " 2 " in line
        assert other["id"] in listed.output

        with client.websocket_connect(f"/ws/tables/{t['id']}") as ws:
            seat = client.get(f"/api/tables/{t['id']}").json()["to_act"]
            ws.send_json({"type": "hello", "seat": seat, "token": t["seats"][seat]["token"]})
            msg = next_state(ws, index=2)
            closed = admin("close", t["id"], "--db", path)
            assert closed.exit_code == 0 and f"closed table {t['id']}" in closed.output
            ws.send_json({"type": "act", "action": msg["legal"][0], "index": msg["index"]})
            refusal = next_of(ws, "error")
            assert refusal["code"] == "closed" and "closed this table" in refusal["message"]
        assert client.get(f"/api/tables/{t['id']}").json()["status"] == "closed"
        assert "already over or closed" in admin("close", t["id"], "--db", path).output

        deleted = admin("delete", other["id"], "--db", path)
        assert deleted.exit_code == 0 and f"deleted table {other['id']}" in deleted.output
        assert other["id"] not in admin("tables", "--db", path).output
    for command in ("close", "delete"):
        result = admin(command, "nope", "--db", path)
        assert isinstance(result.exception, DeadtableError)
        assert "no table 'nope' on this store; deadtable admin tables lists them" in str(result.exception)


def test_a_store_that_cannot_be_reached_is_one_line(tmp_path: Path) -> None:
    result = admin("tables", "--db", str(tmp_path / "typo.sqlite3"))
    assert isinstance(result.exception, DeadtableError) and "check --db" in str(result.exception)
    assert not (tmp_path / "typo.sqlite3").exists()  # no empty store made by mistake
    result = admin("tables", "--db", "postgresql+psycopg://ana:secret@127.0.0.1:9/tables")
    text = str(result.exception)
    assert "cannot reach the store 127.0.0.1:9/tables" in text and "secret" not in text


def test_a_backup_taken_during_play_restores_a_store_that_plays_on(sqlite_url: str, tmp_path: Path) -> None:
    path = sqlite_url.removeprefix("sqlite:///")
    backup = tmp_path / "backup.sqlite3"
    with TestClient(create_app(sqlite_url, resume=False, test_client=True)) as client:
        t = create(client, seats=TWO_PEOPLE)
        at_backup = _play(client, t, 3)
        result = admin("backup", str(backup), "--db", path)
        assert result.exit_code == 0, result.output
        assert "backed up" in result.output
        _play(client, t, 2, start=at_backup)  # the game goes on after the backup
        again = admin("backup", str(backup), "--db", path)  # never over an existing file
        assert isinstance(again.exception, DeadtableError)
    # The restore: the backup copied over a store, and a server on it.
    restored = tmp_path / "restored.sqlite3"
    shutil.copyfile(backup, restored)
    with TestClient(create_app(f"sqlite:///{restored}", resume=False, test_client=True)) as client:
        assert client.get(f"/api/tables/{t['id']}").json()["index"] == at_backup
        assert _play(client, t, 2, start=at_backup) == at_backup + 2
    engine = db.make_engine(f"sqlite:///{restored}")
    migrate.upgrade(engine)
    assert Store(engine).count_actions(t["id"]) == at_backup + 2
    engine.dispose()


def test_a_postgresql_backup_is_the_pg_dump_command(pg_server: str) -> None:
    result = admin("backup", "tables.dump", "--db", pg_server)
    assert result.exit_code == 0, result.output
    command = upkeep.pg_dump_command(pg_server, "tables.dump")
    assert command.startswith("pg_dump --format=custom --file=tables.dump --dbname=postgresql://")
    assert command in " ".join(result.output.split())
