"""The saved-games database as an outsider may hand it over (issue 26, items 10 and 11):
a damaged SQLite file, a URL holding a password, a listing pointed at a folder that does
not exist, an address nobody can listen on. Each is one line and exit code 2; a damaged
file is never read as if sound, nor turned into an empty store, and no password is shown."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from airwar.cli.main import app
from airwar.core import GameRecord
from airwar.store import Store, StoreError

runner = CliRunner()
SECRET = "s3cr3t-PASSWORD"
SERVE = [sys.executable, "-m", "airwar.cli.main", "serve"]


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite store of several pages, its write-ahead log folded into the file."""
    path = tmp_path_factory.mktemp("store") / "games.sqlite"
    with Store(f"sqlite:///{path}") as store:
        for i in range(200):
            store.create_game(GameRecord("toy", {}, i), title=f"game {i} " * 20, seats={})
    import sqlite3

    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path


def damaged(sound: Path, tmp_path: Path, how: str) -> Path:
    path = tmp_path / f"{how}.sqlite"
    shutil.copy(sound, path)
    size = path.stat().st_size
    with path.open("r+b") as fh:
        if how == "half-page-cut":
            fh.truncate(size - 2048)
        elif how == "empty":
            fh.truncate(0)
        elif how == "garbage-in-a-page":
            fh.seek(4096 * 2)  # the header of the third page: its kind and cell count
            fh.write(b"\xff" * 64)
        elif how == "not-sqlite":
            fh.write(b"this is no database")
    return path


def one_line(result: Result) -> str:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result.stderr.strip()


HOW = ["half-page-cut", "empty", "garbage-in-a-page", "not-sqlite"]


@pytest.mark.parametrize("how", HOW)
def test_a_damaged_file_is_named_with_the_way_to_recover(
    sound: Path, tmp_path: Path, how: str
) -> None:
    path = damaged(sound, tmp_path, how)
    before = path.read_bytes()
    url = f"sqlite:///{path}"
    for args in (["migs", "games"], ["migs", "replay", "abc"], ["migs", "games", "--json"]):
        line = one_line(runner.invoke(app, [*args, "--database-url", url]))
        assert "is damaged" in line and "backup" in line and ".recover" in line, line
    with pytest.raises(StoreError, match="damaged"):
        Store(url)
    assert path.read_bytes() == before  # never turned into an empty store, never touched


def test_the_sound_file_opens(sound: Path) -> None:
    result = runner.invoke(app, ["migs", "games", "--database-url", f"sqlite:///{sound}"])
    assert result.exit_code == 0, result.output


def test_the_server_does_not_start_on_a_damaged_file(sound: Path, tmp_path: Path) -> None:
    path = damaged(sound, tmp_path, "half-page-cut")
    run = subprocess.run(
        [*SERVE, "--port", "0", "--database-url", f"sqlite:///{path}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert "is damaged" in run.stderr and run.stderr.count("\n") == 1


URLS = [
    f"postgresql+psycopg://player:{SECRET}@127.0.0.1:1/airwar",
    f"postgresql+nosuchdriver://player:{SECRET}@localhost/airwar",
    f"postgresql://player:{SECRET}@[::1/airwar",
    f"nosuch://player:{SECRET}@localhost/airwar",
    f"postgresql+psycopg://player:{SECRET}@127.0.0.1:1/airwar?sslmode=bogus",
]


@pytest.mark.parametrize("url", URLS)
def test_a_password_in_the_url_is_never_shown(url: str) -> None:
    for args in (["migs", "games"], ["migs", "replay", "abc"], ["migs", "play", "--resume", "a"]):
        result = runner.invoke(app, [*args, "--database-url", url])
        assert result.exit_code == 2, result.output
        assert SECRET not in result.output and "***" in result.output, result.output
    by_env = runner.invoke(app, ["migs", "games"], env={"AIRWAR_DATABASE_URL": url})
    assert by_env.exit_code == 2 and SECRET not in by_env.output


@pytest.mark.parametrize("url", [URLS[0], URLS[2]])
def test_the_server_never_shows_the_password(url: str) -> None:
    for workers in ("1", "2"):
        run = subprocess.run(
            [*SERVE, "--port", "0", "--workers", workers, "--database-url", url],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert run.returncode == 2 and SECRET not in run.stdout + run.stderr, run.stderr


def test_a_listing_creates_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "no" / "such" / "folder"
    for args in (["migs", "games"], ["migs", "replay", "abc"]):
        line = one_line(
            runner.invoke(app, [*args, "--database-url", f"sqlite:///{folder}/x.sqlite"])
        )
        assert "creates nothing" in line
    assert not (tmp_path / "no").exists()


@pytest.mark.parametrize("host", ["256.1.1.1", "no.such.name.invalid", "192.0.2.1"])
def test_an_address_nobody_can_listen_on_is_one_line(host: str, tmp_path: Path) -> None:
    run = subprocess.run(
        [*SERVE, "--host", host, "--port", "0", "--database-url", f"sqlite:///{tmp_path}/g.sqlite"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ},
    )
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stderr.startswith("error: ") and run.stderr.count("\n") == 1, run.stderr
    assert host in run.stderr
