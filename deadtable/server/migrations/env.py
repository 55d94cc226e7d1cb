"""Alembic environment: runs on the connection the server hands over (see `migrate.upgrade`)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from deadtable.server.db import metadata

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # `alembic` run by hand with -x url=...
    from sqlalchemy import create_engine

    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("give the database with -x url=...")
    connection = create_engine(url).connect()

if connection.dialect.name == "postgresql":
    # Two servers starting at once against one database: one migrates, the other waits.
    connection.execute(text("SELECT pg_advisory_lock(7312001)"))
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
if connection.dialect.name == "postgresql":
    connection.execute(text("SELECT pg_advisory_unlock(7312001)"))
    connection.commit()
