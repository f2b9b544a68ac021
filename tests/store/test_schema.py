"""The schema is under Alembic's control: fresh databases reach head, reopening is harmless."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from airwar.core import GameRecord
from airwar.store import Store
from airwar.store.models import Base
from airwar.store.schema import (
    VERSION_TABLE,
    alembic_config,
    current_revision,
    head_revision,
    upgrade_to_head,
)


def test_fresh_database_is_migrated_to_head(db_url: str) -> None:
    engine = create_engine(db_url)
    if engine.dialect.name == "sqlite":
        # no file yet (a file of 0 bytes is a cut one, refused: tests/cli/test_store_trust.py)
        assert not Path(engine.url.database or "").exists()
    else:
        assert current_revision(engine) is None
    store = Store(db_url)
    assert current_revision(engine) == head_revision() == "0003"
    tables = set(inspect(engine).get_table_names())
    assert {"games", "game_actions", VERSION_TABLE} <= tables
    store.close()
    engine.dispose()


def test_opening_twice_is_harmless_and_keeps_games(db_url: str) -> None:
    first = Store(db_url)
    gid = first.create_game(GameRecord("toy", {}, 3), title="kept", seats={})
    first.append_action(gid, 0, "add1")
    second = Store(db_url)
    third = Store(db_url)
    assert third.load(gid).record.actions == [(0, "add1")]
    assert [g.id for g in second.list_games()] == [gid]
    for s in (first, second, third):
        s.close()


def test_models_match_the_migrations(db_url: str) -> None:
    engine = create_engine(db_url)
    upgrade_to_head(engine)
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"version_table": VERSION_TABLE})
        diffs = compare_metadata(ctx, Base.metadata)
    assert diffs == []
    engine.dispose()


def test_downgrade_to_base_and_up_again(db_url: str) -> None:
    engine = create_engine(db_url)
    upgrade_to_head(engine)
    cfg = alembic_config(db_url)
    command.downgrade(cfg, "base")
    assert "games" not in inspect(engine).get_table_names()
    assert current_revision(engine) is None
    command.upgrade(cfg, "head")
    assert current_revision(engine) == head_revision()
    engine.dispose()


def test_two_programs_opening_a_new_database_at_once(tmp_path: Path) -> None:
    """Several processes, and threads of one process, open a new database together."""
    url = f"sqlite:///{tmp_path / 'race.sqlite'}"
    code = "import sys; from airwar.store import Store; Store(sys.argv[1]).close()"
    procs = [
        subprocess.Popen([sys.executable, "-c", code, url], stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    errors: list[BaseException] = []
    stores: list[Store] = []

    def open_it() -> None:
        try:
            stores.append(Store(url))
        except BaseException as exc:  # collected and reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outcomes = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in procs]
    assert errors == [] and all(rc == 0 for rc, _ in outcomes), outcomes
    gid = stores[0].create_game(GameRecord("toy", {}, 1), title="", seats={})
    assert all(s.load(gid).id == gid for s in stores)
    for s in stores:
        s.close()


def test_many_threads_opening_new_databases_at_the_same_instant(tmp_path: Path) -> None:
    """Switching a new file to write-ahead mode needs it to itself, and SQLite
    asks once, without the busy timeout: before the Store retried, this test
    failed about one run in two with "database is locked" (and CI once)."""
    openers, rounds = 8, 30
    errors: list[BaseException] = []
    for n in range(rounds):
        url = f"sqlite:///{tmp_path / f'race{n}.sqlite'}"
        start = threading.Barrier(openers)

        def open_it(url: str = url, start: threading.Barrier = start) -> None:
            start.wait()
            try:
                Store(url).close()
            except BaseException as exc:  # collected and reported by the assertion below
                errors.append(exc)

        threads = [threading.Thread(target=open_it) for _ in range(openers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [], f"round {n}: {errors}"
        with create_engine(url).connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
