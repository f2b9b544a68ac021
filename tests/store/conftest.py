"""Store tests run on a real SQLite file, and on PostgreSQL when one is offered.

Set ``AIRWAR_TEST_POSTGRES_URL`` (with a driver installed) to run them on
PostgreSQL too; otherwise those cases are skipped, and fail under ``CI=true``.
A URL that is set but does not answer is a failure, never a skip: whoever set it
meant those tests to run.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from airwar.store import Store
from tests.needs import missing


def _postgres_url() -> str | None:
    url = os.environ.get("AIRWAR_TEST_POSTGRES_URL", "").strip()
    return url or None


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database: a SQLite file, or a clean PostgreSQL schema."""
    if request.param == "sqlite":
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
def store(db_url: str) -> Iterator[Store]:
    s = Store(db_url)
    yield s
    s.close()
