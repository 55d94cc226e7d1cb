"""Fixtures for the online table: an app on a fresh store, helpers to create tables and play."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "fastapi", reason="the online table needs the server extra: pip install 'deadtable[server]'"
)

from fastapi.testclient import TestClient

from deadtable.server import create_app, db, migrate
from deadtable.server.store import Store

from .pg import fresh_database

_names = itertools.count()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The store's URL: each test using it runs on SQLite and on a throwaway PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    server = request.getfixturevalue("pg_server")
    return fresh_database(server, f"t{next(_names)}")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A migrated store on `db_url` (SQLite, then PostgreSQL), its engine disposed of afterwards."""
    engine = db.make_engine(db_url)
    migrate.upgrade(engine)
    yield Store(engine)
    engine.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tables.sqlite3'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(sqlite_url, bot_time=5.0, test_client=True)) as c:
        c.app.state.hub.bot_pace = 0.0  # tables of bots play at full speed here (test_limits paces them)
        yield c


def create(client: TestClient, **spec: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "carson-zoo", "seed": 7}
    body.update(spec)
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def next_state(
    ws: Any, *, turn: bool | None = None, over: bool | None = None, index: int = 0
) -> dict[str, Any]:
    """The next state message (skipping others), optionally until it is our turn or the end."""
    for _ in range(500):
        msg = ws.receive_json()
        if msg["type"] != "state" or msg["index"] < index:
            continue
        if turn is not None and not (msg["your_turn"] == turn or msg["over"]):
            continue
        if over is not None and msg["over"] != over:
            continue
        return msg  # type: ignore[no-any-return]
    raise AssertionError("no such state arrived")


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(500):
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} message arrived")
