"""The first schema: tables, seats, actions, notes.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "dt_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("move_time", sa.Integer, nullable=False),
        sa.Column("leave_grace", sa.Integer, nullable=False),
        sa.Column("standby", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("n_actions", sa.Integer, nullable=False),
        sa.Column("outcome", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_dt_tables_status", "dt_tables", ["status", "created_at"])
    op.create_table(
        "dt_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("dt_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("agent", sa.String(64), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_table(
        "dt_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("dt_tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("actor", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "dt_notes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("dt_tables.id"), nullable=False),
        sa.Column("at_action", sa.Integer, nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_dt_notes_table", "dt_notes", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_dt_notes_table", "dt_notes")
    op.drop_table("dt_notes")
    op.drop_table("dt_actions")
    op.drop_table("dt_seats")
    op.drop_index("ix_dt_tables_status", "dt_tables")
    op.drop_table("dt_tables")
