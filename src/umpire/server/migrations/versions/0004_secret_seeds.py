"""Secret seeds (issue 26, point 1): a game's generator secret of 128 bits or more, which a 64-bit ``seed`` column
cannot hold, and how its seed was set.

Revision 0004, after 0003. ``secret`` is the decimal text of the secret of a game the server drew one for (NULL
otherwise: its ``seed`` column is the seed); ``seed_kind`` is ``secret`` or ``chosen`` (by the creator), NULL for
the games of an older release (a seed of 48 bits, or one the creator chose: the server cannot tell).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("secret", sa.Text, nullable=True))
        batch.add_column(sa.Column("seed_kind", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_kind")
        batch.drop_column("secret")
