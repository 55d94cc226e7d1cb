"""The seat to act, kept with each move: `dt_tables.to_act` ("Your tables" and the lobby
read it without loading a table).

Tables made before have NULL there until their next move: a reader loads such a table to know
(routes/yours.py), as every reader did before.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ADD COLUMN on both stores (as 0004): no copy of the table.
    op.add_column("dt_tables", sa.Column("to_act", sa.Integer, nullable=True))


def downgrade() -> None:
    # Plain ALTER TABLE DROP COLUMN (SQLite 3.35 and later, PostgreSQL), as 0006.
    op.execute("ALTER TABLE dt_tables DROP COLUMN to_act")
