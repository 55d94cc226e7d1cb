"""The table chat (`dt_chat`) and a finished table's rematch (`dt_tables.rematch`).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("dt_tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))
    op.create_table(
        "dt_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("dt_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_dt_chat_table", "dt_chat", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_dt_chat_table", "dt_chat")
    op.drop_table("dt_chat")
    with op.batch_alter_table("dt_tables") as batch:
        batch.drop_column("rematch")
