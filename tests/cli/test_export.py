"""``airwar export ID`` and ``airwar verify ID`` (issue 25): every saved game, played at the
terminal or in the browser, gives the one record the browser's download gives, and that
record verifies. Each command runs through the real entry point in a fresh interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from airwar.bots.registry import make_bot
from airwar.session import Sessions
from airwar.store import Store
from airwar.web.app import create_app
from tests.cli.test_verify import two_people
from tests.web.conftest import LOCAL
from tests.web.helpers import RELAXED


def airwar(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "AIRWAR_DATABASE_URL"}
    return subprocess.run(
        [sys.executable, "-m", "airwar.cli.main", *args],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        cwd=cwd,
    )


def one_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == "" and done.stderr.startswith("error: ")
    assert done.stderr.count("\n") == 1, done.stderr
    return done.stderr.strip()


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A database holding a finished game between two people (its seed secret until the
    end), a finished game the terminal played (bots, a seed given) and a running one."""
    folder = tmp_path_factory.mktemp("export")
    url = f"sqlite:///{folder / 'games.sqlite'}"
    with Store(url) as store:
        sessions = Sessions(store, make_bot)
        ids = {
            "people": two_people(sessions).id,
            "running": two_people(sessions, to_the_end=False).id,
        }
    played = airwar(
        *("migs", "play", "--engagement", "--communist", "random", "--allied", "random"),
        *("--seed", "7", "--turn-limit", "2", "--database-url", url),
    )
    assert played.returncode == 0, played.stderr
    ids["terminal"] = played.stdout.split("The game is saved as ")[1].split()[0]
    yield url, ids


def test_export_writes_what_the_browser_downloads(
    saved: tuple[str, dict[str, str]], tmp_path: Path
) -> None:
    url, ids = saved
    app = create_app(url, limits=RELAXED)
    with TestClient(app, base_url=LOCAL) as browser:
        for kind in ("people", "terminal"):
            game_id = ids[kind]
            download = browser.get(f"/api/games/{game_id}/record")
            assert download.status_code == 200, download.text
            shown = airwar("export", game_id, "--database-url", url)
            assert shown.returncode == 0, shown.stderr
            assert shown.stdout.encode() == download.content + b"\n", kind
            written = tmp_path / f"{kind}.json"
            done = airwar("export", game_id, "-o", str(written), "--database-url", url)
            assert done.returncode == 0 and done.stdout == "", done.stderr
            assert written.read_bytes() == download.content, kind
            record = json.loads(written.read_text())
            assert record["seed"] is not None and record["fairness"]["salt"], kind
    app.state.store.close()


@pytest.mark.parametrize("kind", ["people", "terminal"])
def test_the_exported_record_and_the_saved_game_verify(
    saved: tuple[str, dict[str, str]], kind: str, tmp_path: Path
) -> None:
    url, ids = saved
    game_id = ids[kind]
    assert airwar("export", game_id, "-o", "record.json", "--database-url", url, cwd=tmp_path)
    by_file = airwar("verify", "record.json", cwd=tmp_path)
    by_id = airwar("verify", game_id, "--database-url", url, cwd=tmp_path)
    assert by_file.returncode == 0 and by_id.returncode == 0, by_file.stderr + by_id.stderr
    assert by_file.stdout.splitlines()[-1] == "record.json: verified"
    assert by_id.stdout.splitlines()[-1] == f"game {game_id}: verified"
    # the same findings, whichever way the record came
    assert by_file.stdout.splitlines()[1:-1] == by_id.stdout.splitlines()[1:-1]


def test_a_file_of_the_ids_name_wins(saved: tuple[str, dict[str, str]], tmp_path: Path) -> None:
    url, ids = saved
    (tmp_path / ids["people"]).write_text("{}")
    said = one_error(airwar("verify", ids["people"], "--database-url", url, cwd=tmp_path))
    assert said.startswith(f"error: {ids['people']}: ")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["export", "{running}"], "is still running: its record, with the seed"),
        (["export", "nosuch"], "no saved game has the id 'nosuch'"),
        (["export", "a b"], "'a b' is not a game id"),
        (["export", "{people}", "-o", "{missing}/record.json"], "cannot write the record to"),
        (["verify", "{running}"], "is still running"),
        (["verify", "nosuch"], "'nosuch' is no record file, nor a saved game"),
    ],
    ids=["running", "unknown", "not-an-id", "unwritable", "verify-running", "verify-unknown"],
)
def test_what_cannot_be_exported_is_one_line(
    saved: tuple[str, dict[str, str]], tmp_path: Path, args: list[str], says: str
) -> None:
    url, ids = saved
    places = {**{f"{{{k}}}": v for k, v in ids.items()}, "{missing}": str(tmp_path / "no")}
    for name, value in places.items():
        args = [a.replace(name, value) for a in args]
    said = one_error(airwar(*args, "--database-url", url, cwd=tmp_path))
    assert says in said
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_an_id_needs_a_database_that_exists(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'none.sqlite'}"
    said = one_error(airwar("export", "abcd1234", "--database-url", url))
    assert "no database at" in said
    assert not (tmp_path / "none.sqlite").exists()  # reading creates nothing
