"""Who holds each seat: the browsers bound to a game's seat links (claim-once links).

Revision ID: 0002
Revises: 0001
Create Date: claim-once seat links
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a game saved before has no holder yet: the first browser to open a seat link holds it
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("holders_json", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("holders_json")
