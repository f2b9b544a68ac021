"""Alembic environment: runs on the connection the store hands over.

The store calls Alembic programmatically (see :mod:`airwar.store.schema`)
and passes its open connection in ``config.attributes["connection"]``; run
by hand, ``sqlalchemy.url`` from the config is used instead.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from airwar.store.models import Base
from airwar.store.schema import VERSION_TABLE

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        version_table=VERSION_TABLE,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as conn:
        _run(conn)
    engine.dispose()


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        version_table=VERSION_TABLE,
        literal_binds=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
