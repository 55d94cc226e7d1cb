"""Whether a table's seed was chosen by its creator (shown then; drawn at random otherwise).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Tables made before had their seed drawn by the server or chosen silently: unknown, so false.
    with op.batch_alter_table("dt_tables") as batch:
        batch.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("dt_tables") as batch:
        batch.drop_column("seed_chosen")
