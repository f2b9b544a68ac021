"""Schema under version control: Alembic, configured in code, applied on open.

The migration scripts ship inside the package (``migrations/``), so an
installed airwar brings its schema history along and needs no ini file.
Opening a store upgrades its database to the newest revision; on a database
already at the newest revision this does nothing.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine

VERSION_TABLE = "airwar_schema_version"
"""Alembic's bookkeeping table (named for airwar so a shared database stays tidy)."""

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


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
    """Apply every migration the database lacks (harmless when it is up to date)."""
    if current_revision(engine) == head_revision():
        return
    cfg = alembic_config()
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
