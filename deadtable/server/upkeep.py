"""The operator's work on a store (`deadtable admin`): list its tables, close one, delete one, and
take a consistent backup of a running SQLite store.

Everything goes through the store's public interface (`transaction`, `lock_table`, `notify`,
store.py), as a table feature's rows do, so it is the same on SQLite and PostgreSQL and safe
while a server plays on the same store:

- closing a table sets its status to `store.CLOSED` and writes a note in its log, in one
  transaction that locks the table's row; `Store.accept` refuses any later move with the code
  "closed", which the web table shows as the end of the table. A server on PostgreSQL is told at
  once (NOTIFY) and its players see the note; on SQLite they see it with their next move.
- deleting a table removes its rows (chat, notes, actions, seats, the table) for good.
- a backup of SQLite uses sqlite3's online backup API: a consistent copy of the file while the
  server writes; PostgreSQL has its own tool (`pg_dump_command`).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from sqlalchemy import delete, select, update
from sqlalchemy.engine import URL, make_url

from deadtable.core import DeadtableError
from deadtable.i18n import N_, Message

from . import db
from .db import actions, chat, notes, seats, tables
from .live_table import note_text
from .store import CLOSED, Store

LISTED = 1000  # the newest tables `overview` lists
CLOSED_NOTE = N_("the server's operator closed this table")
NO_SQLITE = N_("there is no SQLite store at {source}; check --db")
UNKNOWN = N_("there is no table {table!r} on this store; deadtable admin tables lists them")


@dataclass(frozen=True)
class TableLine:
    """One table, as `deadtable admin tables` lists it."""

    id: str
    game: str
    players: str  # "Ana, bot:greedy, P3"
    status: str  # playing, over or closed
    moves: int
    last_move: datetime | None  # when a move was last made (or the table created)


def overview(store: Store, limit: int = LISTED) -> list[TableLine]:
    """The newest tables first: id, game, players, state, moves, last move time."""
    with store.transaction() as conn:
        rows = conn.execute(
            select(tables.c.id, tables.c.game, tables.c.status, tables.c.n_actions, tables.c.updated_at)
            .order_by(tables.c.updated_at.desc())
            .limit(limit)
        ).all()
        ids = [r.id for r in rows]
        who: dict[str, list[str]] = {i: [] for i in ids}
        if ids:
            seat_rows = conn.execute(
                select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.agent, seats.c.name)
                .where(seats.c.table_id.in_(ids))
                .order_by(seats.c.table_id, seats.c.seat)
            )
            for s in seat_rows:
                label = f"bot:{s.agent}" if s.kind == "bot" else (s.name or f"P{s.seat + 1}")
                who[s.table_id].append(label)
    return [TableLine(r.id, r.game, ", ".join(who[r.id]), r.status, r.n_actions, r.updated_at) for r in rows]


def close_table(store: Store, table_id: str) -> bool:
    """Close `table_id` (no more moves, a note in its log); False when it was already over or
    closed. An unknown id raises a DeadtableError naming the fix."""
    with store.transaction() as conn:
        row = store.lock_table(conn, table_id, tables.c.status, tables.c.n_actions)
        if row is None:
            raise DeadtableError(Message(UNKNOWN, table=table_id))
        if row.status != "playing":
            return False
        conn.execute(update(tables).where(tables.c.id == table_id).values(status=CLOSED, updated_at=db.now()))
        note = note_text(Message(CLOSED_NOTE))
        at = row.n_actions
        conn.execute(notes.insert().values(table_id=table_id, at_action=at, text=note, at=db.now()))
        store.notify(conn, table_id)
    return True


def delete_table(store: Store, table_id: str) -> None:
    """Delete `table_id` and its record for good; an unknown id raises a DeadtableError."""
    with store.transaction() as conn:
        if store.lock_table(conn, table_id, tables.c.id) is None:
            raise DeadtableError(Message(UNKNOWN, table=table_id))
        for table in (chat, notes, actions, seats):
            conn.execute(delete(table).where(table.c.table_id == table_id))
        conn.execute(delete(tables).where(tables.c.id == table_id))
        store.notify(conn, table_id)


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite store's URL (None for another database, or SQLite in memory)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        return None
    return Path(parsed.database)


def check_sqlite_exists(url: str) -> None:
    """A SQLite store's file exists, or a DeadtableError says to check --db."""
    source = sqlite_file(url)
    if source is not None and not source.is_file():
        raise DeadtableError(Message(NO_SQLITE, source=str(source)))


def backup_sqlite(source: Path, dest: Path) -> int:
    """A consistent copy of the SQLite store `source` at `dest` (a new file), taken with sqlite3's
    online backup API while servers may write to it; returns its size in bytes."""
    if dest.exists():
        raise DeadtableError(Message("{dest} exists already; name a new file for the backup", dest=str(dest)))
    if not source.is_file():
        raise DeadtableError(Message(NO_SQLITE, source=str(source)))
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        out = sqlite3.connect(dest)
        try:
            with out:
                src.backup(out)
        finally:
            out.close()
    finally:
        src.close()
    return dest.stat().st_size


def pg_dump_command(url: str, dest: str) -> str:
    """The pg_dump command that backs up the PostgreSQL store at `url` into `dest` (the password
    is left out: pg_dump reads it from PGPASSWORD or ~/.pgpass).

    >>> pg_dump_command("postgresql+psycopg://ana:secret@db.example:5432/tables", "tables.dump")
    'pg_dump --format=custom --file=tables.dump --dbname=postgresql://ana@db.example:5432/tables'
    """
    given = make_url(url)
    # URL.set() keeps a field given None: the URL is made again, without its password.
    bare = URL.create("postgresql", given.username, None, given.host, given.port, given.database, given.query)
    return f"pg_dump --format=custom --file={dest} --dbname={bare.render_as_string(hide_password=False)}"
