"""The store's schema and engine: SQLite by default, PostgreSQL through a URL, same code.

Five tables: `dt_tables` (one row per game table; its row is the lock that serializes actions),
`dt_seats`, `dt_actions` (the record, one row per accepted action, keyed by table and index so an
action can never be appended twice) and `dt_notes` (what the log says besides moves: a player
left, timed out, came back) and `dt_chat` (what the seats wrote to each other, chat.py). The
schema is created by Alembic (`migrations/`), never by `create_all`, so a store made by an older
version is upgraded in place.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    false,
)

from deadtable.data_folder import data_dir

ENV_URL = "DEADTABLE_DATABASE_URL"

metadata = MetaData()

tables = Table(
    "dt_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seed_chosen", Boolean, nullable=False, default=False),  # by the creator: shown to all
    Column("options", Text, nullable=False),  # JSON object
    Column("move_time", Integer, nullable=False, default=0),  # seconds per move, 0 = no clock
    Column("leave_grace", Integer, nullable=False, default=30),  # seconds before a leaver is away
    Column("standby", String(64), nullable=False, default="greedy"),  # bot for away seats
    Column("status", String(16), nullable=False),  # "playing" or "over"
    Column("n_actions", Integer, nullable=False, default=0),
    Column("outcome", Text, nullable=True),  # JSON once over
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("rematch", String(32), nullable=True),  # the table "Play again" made from this one
    # Turn-based tables (turns.py): the move time is hours or days, and the deadline of the move at
    # `deadline_index` (unix seconds) is kept here, so a sweeper finds it after any restart.
    Column("turn_based", Boolean, nullable=False, server_default=false()),
    Column("deadline", BigInteger, nullable=True),
    Column("deadline_index", Integer, nullable=True),
    Column("creator_hash", String(64), nullable=True),  # sha256 of the creator's secret (creator.py)
    Column("undos", Integer, nullable=False, server_default="0"),  # moves taken back (takeback.py)
    Column("hints", Boolean, nullable=False, server_default=false()),  # a casual table (hints.py)
    # The seat to act after the last move: NULL when over, or not known (made before 0007, or a
    # rematch before its first move): then a reader loads the table to know (routes/yours.py).
    Column("to_act", Integer, nullable=True),
)

seats = Table(
    "dt_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("dt_tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # "human" or "bot"
    Column("agent", String(64), nullable=True),  # the bot's name for bot seats
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat's secret, humans only
    Column("away", Boolean, nullable=False, default=False),
)

actions = Table(
    "dt_actions",
    metadata,
    Column("table_id", String(32), ForeignKey("dt_tables.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("actor", String(16), nullable=False),  # "player", "bot" or "standby"
    Column("at", DateTime(timezone=True), nullable=False),
)

notes = Table(
    "dt_notes",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("dt_tables.id"), nullable=False),
    Column("at_action", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)
Index("ix_dt_notes_table", notes.c.table_id, notes.c.id)

chat = Table(
    "dt_chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("dt_tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("text", String(400), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)
Index("ix_dt_chat_table", chat.c.table_id, chat.c.id)
Index("ix_dt_tables_status", tables.c.status, tables.c.created_at)
Index("ix_dt_tables_deadline", tables.c.deadline)


def now() -> datetime:
    return datetime.now(UTC)


def default_url(db_path: str | Path | None = None) -> str:
    """`--db PATH` wins, then DEADTABLE_DATABASE_URL, then a SQLite file in the data folder."""
    if db_path is not None:
        text = str(db_path)
        return text if "://" in text else f"sqlite:///{Path(text).expanduser().resolve()}"
    env = os.environ.get(ENV_URL)
    if env:
        return env
    return f"sqlite:///{data_dir() / 'tables.sqlite3'}"


def is_postgresql(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def make_engine(url: str) -> Engine:
    """An engine; on SQLite every transaction is BEGIN IMMEDIATE, so writers queue, never clash."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=8, max_overflow=8
        )

        @event.listens_for(engine, "connect")
        def _connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # let the "begin" hook below issue BEGIN itself
            cur = dbapi_conn.cursor()
            if ":memory:" not in url and url != "sqlite://":
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        @event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
