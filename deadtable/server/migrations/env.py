"""Alembic environment: runs on the connection the server hands over (see `migrate.upgrade`)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from deadtable.server.db import metadata

# The key of the advisory lock a PostgreSQL migration holds (any number the server uses for nothing else).
MIGRATION_LOCK = 7312001
config = context.config
connection = config.attributes.get("connection")
if connection is None:  # `alembic` run by hand with -x url=...
    from sqlalchemy import create_engine

    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("give the database with -x url=...")
    connection = create_engine(url).connect()

# Two servers starting at once against one PostgreSQL database: one migrates, the others wait on
# an advisory lock (the session's, not a transaction's), held until the migration is committed, so
# the next one finds the tables made and the version stamped. Let go before that commit, it would
# let the next one make the same tables at the same moment, and fail.
locking = connection.dialect.name == "postgresql"
if locking:
    connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
    connection.commit()  # (the lock stays; the migration runs in a transaction of its own)
try:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
    if connection.in_transaction():
        connection.commit()
finally:
    if locking:
        if connection.in_transaction():  # a migration failed: its transaction is rolled back
            connection.rollback()
        connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
        connection.commit()
