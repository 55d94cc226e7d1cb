"""Hints at casual tables: `dt_tables.hints`, chosen when the table is made.

Tables made before have no hints (the column's default), as a new table has unless asked.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN on both stores (as 0004): no copy of the table.
    op.add_column("dt_tables", sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    # Plain ALTER TABLE DROP COLUMN too (SQLite 3.35 and later, PostgreSQL): a batch copy of the
    # table would break the foreign keys of its seats, actions and notes on SQLite.
    op.execute("ALTER TABLE dt_tables DROP COLUMN hints")
