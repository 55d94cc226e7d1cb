"""Two server processes starting at once on an empty PostgreSQL database: one makes the store's
tables while the other waits for it (an advisory lock held until the migration is committed), and
both start. Without the lock, or with it let go before the commit, the second process would make
the same tables at the same moment and fail ("relation already exists")."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("psycopg", reason="PostgreSQL needs psycopg: pip install 'deadtable[postgresql]'")

from sqlalchemy import text

from deadtable.server import db, migrate

from .pg import fresh_database

PROCESSES = 3
# A process that opens the store, says "ready", waits for "go" on its stdin, then migrates. Its
# commits are slow, as on a busy database: were the lock let go before the migration's commit, the
# next process would find no tables yet, and make them again.
MIGRATE = """
import sys, time
from sqlalchemy.engine import Connection
from deadtable.server import db, migrate
commit = Connection.commit
def slow_commit(self):
    time.sleep(0.3)
    commit(self)
Connection.commit = slow_commit
engine = db.make_engine(sys.argv[1])
engine.connect().close()
print("ready", flush=True)
sys.stdin.readline()
migrate.upgrade(engine)
print("migrated", flush=True)
"""


def _head() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(migrate.alembic_config()).get_current_head()
    assert head is not None
    return head


def _error_of(stderr: str) -> str:
    """The exception a failed process ended with (its last "...Error: ..." line)."""
    said = [line for line in stderr.splitlines() if "Error" in line.split(":", 1)[0]]
    return said[-1] if said else stderr[-300:]


def test_processes_migrating_an_empty_database_at_once_all_start(pg_server: str) -> None:
    url = fresh_database(pg_server, "migrate_at_once")
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", MIGRATE, url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    try:
        for p in procs:
            assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        for p in procs:  # all at once
            assert p.stdin is not None
            p.stdin.write("go\n")
            p.stdin.flush()
        results = [p.communicate(timeout=120) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(10)
    failed = [_error_of(err) for p, (_, err) in zip(procs, results, strict=True) if p.returncode]
    assert not failed, failed
    assert [out.strip() for out, _ in results] == ["migrated"] * PROCESSES
    engine = db.make_engine(url)
    try:
        with engine.connect() as conn:
            versions = conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    finally:
        engine.dispose()
    assert versions == [_head()]
