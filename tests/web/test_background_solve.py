"""``airwar serve`` solving the expert's matchups in the background (issue 25): on at start,
off when told, its status at ``GET /api/solver/background``, its order from the database.

The servers here keep their solver cache in a temporary folder. A common
matchup takes 10 to 30 s of CPU, too long for a test: the servers that are
let solve have a cache cap that holds none of them, and at most a played
engagement with a turn limit of 1 (a few seconds); tests/games/migs_sabres/solver/test_background.py
solves reduced boards for real with the same solver.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from airwar.cli.main import app as cli
from airwar.games.migs_sabres.solver import Matchup, SolverOptions
from airwar.games.migs_sabres.solver.background import BACKGROUND_VAR, common_matchups
from airwar.web import migs_solver_jobs as solver_jobs
from airwar.web.app import app_from_environment
from tests.web.conftest import Server, free_port


def status_when_settled(url: str, seconds: float = 60.0) -> dict[str, object]:
    deadline = time.monotonic() + seconds
    while True:
        answer = httpx.get(url + "/api/solver/background", timeout=5)
        assert answer.status_code == 200
        assert answer.headers["cache-control"] == "no-store"
        found: dict[str, object] = answer.json()
        if found["state"] not in ("starting", "solving"):
            return found
        assert time.monotonic() < deadline, f"still {found['state']}"
        time.sleep(0.2)


def start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, setting: str, *args: str) -> Server:
    monkeypatch.setenv(BACKGROUND_VAR, setting)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("AIRWAR_SOLVER_CACHE_MB", "1")  # no full-size solution fits
    srv = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", free_port(), list(args))
    srv.start()
    return srv


def test_serve_starts_the_background_solver_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    srv = start(tmp_path, monkeypatch, "on")
    try:
        found = status_when_settled(srv.url)
        assert found["state"] == "done" and found["total"] == 0 and found["error"] is None
        assert found["started"] is not None and found["finished"] is not None
    finally:
        srv.stop()
    srv = start(tmp_path, monkeypatch, "on", "--no-background-solve")
    try:
        assert status_when_settled(srv.url)["state"] == "off"
    finally:
        srv.stop()
    srv = start(tmp_path, monkeypatch, "off")
    try:
        assert status_when_settled(srv.url)["state"] == "off"
        assert httpx.get(srv.url + "/api/solver/jobs").json() == {"jobs": []}
    finally:
        srv.stop()
    assert not (tmp_path / "cache" / "airwar" / "solver").exists() or not any(
        p.name.endswith(".npz") for p in (tmp_path / "cache").rglob("*")
    )


def test_the_server_solves_the_played_matchup_that_fits_its_cache_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database with an engagement of Yak-9 against F-51, turn limit 1 (a full-size solve of
    a few seconds), and a cache cap that holds it but none of the common matchups: the
    server solves it as it starts, at a lower priority, and the expert then answers at once."""
    from airwar.web.app import create_app
    from tests.web.helpers import RELAXED

    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    played = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "listed"}
    made = create_app(db, limits=RELAXED)
    with TestClient(made, base_url="http://127.0.0.1") as c:
        body = {"game": "migs-engagement", "seats": {"Communist": "human", "Allied": "human"}}
        assert c.post("/api/games", json={**body, "options": played}).status_code in (200, 201)
    made.state.store.close()
    monkeypatch.setenv(BACKGROUND_VAR, "on")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("AIRWAR_SOLVER_CACHE_MB", "30")
    srv = Server(db, free_port(), ["--no-rate-limits"])
    srv.start()
    try:
        found = status_when_settled(srv.url, 180)
        assert found["state"] == "done" and found["total"] == 1 and found["solved"] == 1
        assert found["matchups"] == [{"label": "Yak-9 vs F-51, turn limit 1", "state": "on disk"}]
        (job,) = httpx.get(srv.url + "/api/solver/jobs").json()["jobs"]
        assert job["background"] and job["state"] == "done" and job["turn_limit"] == 1
        kept = list((tmp_path / "cache" / "airwar" / "solver").glob("*/L*.npz"))
        assert len(kept) == 4  # two kept layers a chain, compact
        game = {
            "game": "migs-engagement",
            "seats": {"Communist": "human", "Allied": "ai:expert"},
            "options": played,
        }
        with httpx.Client(base_url=srv.url) as browser:  # one browser: its cookie
            new = browser.post("/api/games", json=game).json()
            token = new["links"][0]["url"].split("seat=")[1]
            deadline = time.monotonic() + 30
            while True:
                seen = browser.get(f"/api/games/{new['id']}", params={"seat": token})
                assert seen.status_code == 200, seen.text
                if seen.json()["decisions"] >= 1:
                    break
                assert time.monotonic() < deadline, "the expert did not answer"
                time.sleep(0.1)
        assert len(httpx.get(srv.url + "/api/solver/jobs").json()["jobs"]) == 1  # no new solve
    finally:
        srv.stop()


@pytest.mark.parametrize("word", ["maybe", "2"])
def test_a_bad_setting_is_refused_in_one_line_before_the_server_starts(
    word: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = CliRunner().invoke(cli, ["serve", "--port", "0"], env={BACKGROUND_VAR: word})
    assert result.exit_code == 2
    assert "--background-solve" in result.output and BACKGROUND_VAR in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    monkeypatch.setenv(BACKGROUND_VAR, word)
    with pytest.raises(ValueError, match=f"{BACKGROUND_VAR}=.*on or off"):
        app_from_environment()


def test_the_option_is_in_the_help() -> None:
    result = CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "200"})
    assert "--no-background-solve" in result.output and BACKGROUND_VAR in result.output


def test_the_engagements_in_the_database_come_first(client: TestClient) -> None:
    """The order of a server's background solver: the most played engagements of its
    database (options as saved), then the common matchups."""
    body = {
        "game": "migs-engagement",
        "seats": {"Communist": "human", "Allied": "human"},
        "options": {"active": "F-86", "listed": "Yak-9", "turn_limit": 7},
    }
    for _ in range(2):
        assert client.post("/api/games", json=body).status_code in (200, 201)
    other = {**body, "options": {"active": "MiG-15", "listed": "F-51", "active_ace": True}}
    assert client.post("/api/games", json=other).status_code in (200, 201)
    store = client.app.state.store  # type: ignore[attr-defined]
    order = solver_jobs.background_solver(store, "server-a").order()
    assert order[0] == (Matchup("F-86", "Yak-9"), SolverOptions(turn_limit=7))
    assert order[1] == (Matchup("MiG-15", "F-51", active_ace=True), SolverOptions())
    assert order[2:] == [mo for mo in common_matchups() if mo != order[1]]


def test_one_server_process_of_a_database_solves_in_the_background(client: TestClient) -> None:
    store = client.app.state.store  # type: ignore[attr-defined]
    a = solver_jobs.background_solver(store, "server-a")
    b = solver_jobs.background_solver(store, "server-b")
    assert a.claim is not None and b.claim is not None
    assert a.claim() and not b.claim() and a.claim()  # renewed by its holder
    store.release_lease(solver_jobs.BACKGROUND_LEASE, "server-a")
    assert b.claim()


def test_the_status_of_an_app_without_it_is_off(client: TestClient) -> None:
    found = client.get("/api/solver/background").json()
    assert found == {**solver_jobs.OFF}
