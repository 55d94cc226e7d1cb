"""How many times moves were taken back at a table (`dt_tables.undos`).

Another process holding the table compares it with its own: when it changed, moves were removed
from the record, and the process rebuilds the table from the store instead of catching up.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("dt_tables") as batch:
        batch.add_column(sa.Column("undos", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("dt_tables") as batch:
        batch.drop_column("undos")
