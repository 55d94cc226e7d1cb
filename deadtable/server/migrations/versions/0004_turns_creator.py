"""Turn-based tables and the creator's token: `dt_tables.turn_based`, `deadline`,
`deadline_index` and `creator_hash`.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Tables made before are real-time, and have no creator token (nobody can recover their links).
    # Plain ALTER TABLE ADD COLUMN on both stores: no copy of the table (whose rows seats refer to).
    op.add_column("dt_tables", sa.Column("turn_based", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("dt_tables", sa.Column("deadline", sa.BigInteger, nullable=True))
    op.add_column("dt_tables", sa.Column("deadline_index", sa.Integer, nullable=True))
    op.add_column("dt_tables", sa.Column("creator_hash", sa.String(64), nullable=True))
    op.create_index("ix_dt_tables_deadline", "dt_tables", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_dt_tables_deadline", "dt_tables")
    with op.batch_alter_table("dt_tables") as batch:
        batch.drop_column("creator_hash")
        batch.drop_column("deadline_index")
        batch.drop_column("deadline")
        batch.drop_column("turn_based")
