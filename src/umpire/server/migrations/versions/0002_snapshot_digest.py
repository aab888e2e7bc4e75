"""Snapshots keep the latest state with its digest (written with every action, not only as a phase opens).

Revision 0002, after 0001. Rows written by 0001 get an empty digest; the server then catches their state up from
the action log once and writes the snapshot anew.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("snapshots") as batch:
        batch.add_column(sa.Column("digest", sa.String(64), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("snapshots") as batch:
        batch.drop_column("digest")
