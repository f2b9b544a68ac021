"""``--database-url`` as people write it (issue 25): ``postgresql://`` and ``postgres://``
open PostgreSQL with psycopg, and without the driver every command, ``airwar serve``
included, says in one line which extra installs it (exit code 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from sqlalchemy.engine import make_url

from airwar.store import Store
from airwar.store.opening import with_driver
from tests.web.conftest import fresh_postgres

CHILD = """
import json, sys
for name in json.loads(sys.argv[1]):
    sys.modules[name] = None  # as if not installed
sys.argv = ["airwar", *json.loads(sys.argv[2])]
import airwar.cli.main as main
main.main()
"""


def airwar(*args: str, blocked: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    """``airwar ARGS`` in a fresh interpreter through its entry point, ``blocked`` modules
    missing."""
    env = {k: v for k, v in os.environ.items() if k != "AIRWAR_DATABASE_URL"}
    return subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(blocked), json.dumps(args)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.parametrize(
    ("written", "opened"),
    [
        ("postgresql://u:p@db/games", "postgresql+psycopg://u:p@db/games"),
        ("postgres://u:p@db/games", "postgresql+psycopg://u:p@db/games"),
        ("postgresql+psycopg://u@db/games", "postgresql+psycopg://u@db/games"),
        ("postgresql+psycopg2://u@db/games", "postgresql+psycopg2://u@db/games"),
        ("postgres+psycopg2://u@db/games", "postgresql+psycopg2://u@db/games"),
        ("sqlite:///games.sqlite", "sqlite:///games.sqlite"),
        ("mysql://u@db/games", "mysql://u@db/games"),
    ],
)
def test_a_postgresql_url_is_opened_with_psycopg(written: str, opened: str) -> None:
    assert with_driver(make_url(written)).render_as_string(hide_password=False) == opened


NO_DRIVER = "PostgreSQL needs the postgres extra: pip install 'airwar[postgres]'"


@pytest.mark.parametrize(
    ("scheme", "command"),
    [
        ("postgresql", ["migs", "games"]),
        ("postgres", ["migs", "games"]),
        ("postgresql+psycopg", ["migs", "games"]),
        pytest.param("postgresql", ["serve", "--port", "0"], marks=pytest.mark.slow),
        pytest.param(
            "postgres", ["serve", "--port", "0", "--workers", "2"], marks=pytest.mark.slow
        ),
    ],
    ids=["postgresql", "postgres", "postgresql+psycopg", "serve", "serve-workers"],
)
def test_without_the_driver_a_command_names_the_extra(scheme: str, command: list[str]) -> None:
    url = f"{scheme}://airwar:secret@127.0.0.1:1/airwar"
    done = airwar(*command, "--database-url", url, blocked=("psycopg", "psycopg2"))
    assert done.returncode == 2, done.stderr
    shown = url.replace(":secret@", ":***@")
    assert done.stderr == f"error: cannot open database {shown!r}: {NO_DRIVER}\n"
    assert "secret" not in done.stdout + done.stderr


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
def test_a_plain_postgresql_url_opens_the_database(scheme: str) -> None:
    with fresh_postgres("airwar_cli") as url:
        written = make_url(url).set(drivername=scheme).render_as_string(hide_password=False)
        done = airwar("migs", "games", "--json", "--database-url", written)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == []
        with Store(written) as store:
            assert store.postgres and store.engine.url.get_driver_name() == "psycopg"
            assert store.list_games() == []
