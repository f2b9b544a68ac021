"""GET /api/solver/jobs: the expert solver's queue, read only, with each job's progress."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from airwar.games.migs_sabres.solver import (
    Matchup,
    Solution,
    SolverError,
    SolverOptions,
    jobs,
    solve,
)

SMALL = SolverOptions(columns=4, rows=5, turn_limit=2, mp_base=(0, 0))


def until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_the_queue_with_its_progress(
    client: TestClient, empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    halfway = threading.Event()
    release = threading.Event()

    def halting(m: Matchup, o: SolverOptions, progress: Callable[[int, int], None]) -> Solution:
        if o.scoring == "base-value":
            raise SolverError("no base values on this board")
        progress(3, 8)
        halfway.set()
        release.wait(10)
        progress(8, 8)
        return solve(m, o, cache=False)

    queue = jobs.SolveQueue(halting)
    monkeypatch.setattr(jobs, "QUEUE", queue)
    assert client.get("/api/solver/jobs").json() == {"jobs": []}

    running = queue.submit(Matchup("F-86", "MiG-15", active_ace=True), SMALL)
    failing = SolverOptions(columns=4, rows=5, turn_limit=2, mp_base=(0, 0), scoring="base-value")
    queue.submit(Matchup("Yak-9", "F-51"), failing)
    halfway.wait(10)
    answer = client.get("/api/solver/jobs")
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-store"
    listed = answer.json()["jobs"]
    assert [j["state"] for j in listed] == ["running", "queued"]
    first = listed[0]
    assert first["label"] == "F-86 (ace) vs MiG-15, turn limit 2"
    assert first["matchup"] == {
        "active": "F-86",
        "listed": "MiG-15",
        "active_ace": True,
        "listed_ace": False,
    }
    assert first["progress"] == 0.375 and first["phase"] == "solved 3 of 8 movement turns"
    assert first["turn_limit"] == 2 and first["scoring"] == "kills" and not first["full_board"]
    assert listed[1]["phase"] == "queued behind 1 other solve(s)"

    release.set()
    running.wait(10)
    until(lambda: all(j.state in ("done", "failed") for j in queue.jobs()))
    listed = client.get("/api/solver/jobs").json()["jobs"]
    assert [(j["state"], j["progress"]) for j in listed] == [("done", 1.0), ("failed", 0.0)]
    assert listed[1]["error"] == "no base values on this board"
    assert listed[0]["finished"] >= listed[0]["started"] >= listed[0]["submitted"]


def test_the_endpoint_takes_nothing_and_changes_nothing(client: TestClient) -> None:
    assert client.post("/api/solver/jobs").status_code == 405
    assert client.get("/api/solver/jobs", params={"solve": "F-86"}).status_code == 200
    assert "/api/solver/jobs" in client.get("/openapi.json").json()["paths"]
