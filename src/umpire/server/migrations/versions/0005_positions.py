"""Positions (issue 31, point 1): a game the GM started from a position keeps it, since its replay starts there.

Revision 0005, after 0004. ``position`` is the canonical JSON of the position (``kernel/position.py``) of a game
created from one, NULL for a game set up from its scenario. It holds every hand and deck: never sent but in the
record of a finished game.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("position", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("position")
