"""Store tests run on a real SQLite file, and on PostgreSQL when one is offered;
those of what every store promises (:class:`~airwar.store.Storage`) run on the store
in memory too (the fixture ``store``; ``sql_store`` is a database's alone).

Set ``AIRWAR_TEST_POSTGRES_URL`` (with a driver installed) to run them on
PostgreSQL too; otherwise those cases are skipped, and fail under ``CI=true``.
A URL that is set but does not answer is a failure, never a skip: whoever set it
meant those tests to run.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeAlias

import pytest
from sqlalchemy import create_engine, text

from airwar.store import InMemoryStore, Store
from tests.needs import missing

_OWN_DATABASE: list[str] = []
"""The URL of this test process's own PostgreSQL database, once made."""


def _postgres_url() -> str | None:
    """This test process's own database beside the one ``AIRWAR_TEST_POSTGRES_URL``
    names (None: the variable is not set): made on first use with a random name and
    dropped when the process ends, so that two test processes (the suite runs in two)
    or two runs on one server never empty each other's tables."""
    base = os.environ.get("AIRWAR_TEST_POSTGRES_URL", "").strip()
    if not base:
        return None
    if not _OWN_DATABASE:
        import psycopg
        from psycopg import sql
        from sqlalchemy.engine import make_url

        url = make_url(base)
        admin = url.set(drivername="postgresql").render_as_string(hide_password=False)
        name = f"airwar_store_{secrets.token_hex(6)}"
        try:
            with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        except psycopg.Error as exc:
            pytest.fail(
                f"PostgreSQL at AIRWAR_TEST_POSTGRES_URL cannot make a database: {exc}",
                pytrace=False,
            )

        def drop() -> None:
            statement = sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)")
            with (
                contextlib.suppress(psycopg.Error),
                psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn,
            ):
                conn.execute(statement.format(sql.Identifier(name)))

        atexit.register(drop)
        _OWN_DATABASE.append(url.set(database=name).render_as_string(hide_password=False))
    return _OWN_DATABASE[0]


AnyStore: TypeAlias = Store | InMemoryStore
"""Either store (both keep :class:`~airwar.store.Storage`, and a few more operations)."""


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database: a SQLite file, or a clean PostgreSQL schema."""
    with empty_database(request.param, tmp_path) as url:
        yield url


@contextmanager
def empty_database(kind: str, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty database of ``kind`` (``sqlite`` or ``postgresql``)."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.sqlite'}"
        return
    url = _postgres_url()
    if url is None:
        missing("PostgreSQL", "no PostgreSQL offered (set AIRWAR_TEST_POSTGRES_URL)")
    try:
        engine = create_engine(url, connect_args={"connect_timeout": 10})
        with engine.begin() as conn:
            for table in ("game_actions", "games", "leases", "airwar_schema_version"):
                conn.execute(text(f"DROP TABLE IF EXISTS {table} CASCADE"))
    except Exception as exc:  # no driver or no server: the URL was set, so fail
        pytest.fail(
            f"AIRWAR_TEST_POSTGRES_URL is set but PostgreSQL does not answer there: {exc}",
            pytrace=False,
        )
    yield url
    engine.dispose()


@pytest.fixture
def sql_store(db_url: str) -> Iterator[Store]:
    """A database store (for what only a database has: its tables, its statements)."""
    s = Store(db_url)
    yield s
    s.close()


@pytest.fixture(params=["sqlite", "postgresql", "memory"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[AnyStore]:
    """An empty store: on a SQLite file, on PostgreSQL, or in memory."""
    if request.param == "memory":
        with InMemoryStore() as memory:
            yield memory
        return
    with empty_database(request.param, tmp_path) as url, Store(url) as database:
        yield database
