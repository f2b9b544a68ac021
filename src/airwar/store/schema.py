"""Schema under version control: Alembic, configured in code, applied on open.

The migration scripts ship inside the package (``migrations/``), so an
installed airwar brings its schema history along and needs no ini file.
Opening a store upgrades its database to the newest revision; on a database
already at the newest revision this does nothing.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

VERSION_TABLE = "airwar_schema_version"
"""Alembic's bookkeeping table (named for airwar so a shared database stays tidy)."""

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

_MIGRATING = threading.Lock()
"""Alembic's context is global to the process: one migration at a time in it."""


def alembic_config(url: str | None = None) -> Config:
    """An Alembic configuration for the shipped migrations (``url`` for use by hand)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def head_revision() -> str:
    """The newest schema revision the shipped migrations know."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise RuntimeError("the store's migrations have no head revision")
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision a database is at (``None``: never migrated)."""
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE})
        return ctx.get_current_revision()


def upgrade_to_head(engine: Engine) -> None:
    """Apply every migration the database lacks (harmless when it is up to date).

    Two programs opening a new database at the same moment may both start
    migrating it; the one that loses finds the schema already at the newest
    revision and carries on.
    """
    head = head_revision()
    if current_revision(engine) == head:
        return
    cfg = alembic_config()
    try:
        with _MIGRATING, engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")
    except SQLAlchemyError:
        for _ in range(50):
            if current_revision(engine) == head:
                return
            time.sleep(0.1)
        raise
