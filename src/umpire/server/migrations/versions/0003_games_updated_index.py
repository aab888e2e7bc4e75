"""An index on the games' update time: server processes sharing a SQLite database look up, several times a
second, which games another process changed (``Store.changes_by_others``).

Revision 0003, after 0002.
"""

from __future__ import annotations

from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_games_updated", "games", ["updated_at"])


def downgrade() -> None:
    op.drop_index("ix_games_updated", table_name="games")
