"""``/api/games/{id}/analysis`` over HTTP: a finished game's exact analysis as a job.

The analysis equals the analysis layer's review of the game's own record; a
matchup not yet solved is solved by the solver's queue first, its progress
reported; a running game, a game without exact values and an unknown id are
refused with a clear line; the number of waiting analyses is bounded.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from airwar.analysis.review import describe_marks, kill_chance_series, review_record
from airwar.core.record import GameRecord
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.web.migs_analysis import Analyses
from tests.analysis.test_review import review_cache_home
from tests.web.helpers import settle

OPTIONS = {"active": "MiG-15", "listed": "F-86", "turn_limit": 1}
AI_V_AI = {"Communist": "ai:random", "Allied": "ai:random"}


@pytest.fixture(scope="module")
def cache_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return review_cache_home(tmp_path_factory)


@pytest.fixture
def solved(cache_home: Path) -> Iterator[None]:
    with solver_cache.use(cache_home / "airwar" / "solver"):
        yield


def finished_game(client: TestClient, seed: int = 3, **options: Any) -> str:
    made = client.post(
        "/api/games",
        json={"game": "migs-engagement", "options": {**OPTIONS, **options}, "seats": AI_V_AI},
    )
    assert made.status_code in (200, 201), made.text
    gid: str = made.json()["id"]
    data = settle(client, gid)
    assert data["status"] == "finished"
    return gid


def wait_analysis(client: TestClient, gid: str, timeout: float = 120.0) -> list[dict[str, Any]]:
    """Every answer of GET .../analysis until the job is done or failed."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        r = client.get(f"/api/games/{gid}/analysis")
        assert r.status_code == 200, r.text
        assert r.headers["cache-control"] == "no-store"
        seen.append(r.json())
        if seen[-1]["state"] in ("done", "failed"):
            return seen
        assert time.monotonic() < deadline, seen[-1]
        time.sleep(0.1)


def expected(client: TestClient, gid: str) -> dict[str, Any]:
    """The analysis layer's own review of the record the API gives everyone."""
    record = GameRecord.from_dict(client.get(f"/api/games/{gid}/record").json())
    review = review_record(record)
    data = review.to_dict()
    data["series"] = kill_chance_series(review)
    data["marks"] = dict(describe_marks(review.thresholds))
    return data


def test_a_finished_game_is_analysed(client: TestClient, solved: None) -> None:
    gid = finished_game(client)
    before = client.get(f"/api/games/{gid}/analysis").json()
    assert before["state"] == "none" and before["analysis"] is None
    started = client.post(f"/api/games/{gid}/analysis")
    assert started.status_code == 202, started.text
    assert started.json()["state"] in ("queued", "running", "done")
    answers = wait_analysis(client, gid)
    done = answers[-1]
    assert done["state"] == "done" and done["progress"] == 1.0 and done["error"] is None
    assert done["analysis"] == expected(client, gid)
    seats = done["analysis"]["seats"]
    assert [s["name"] for s in seats] == ["Communist", "Allied"]
    assert done["decisions"] == sum(s["decisions"] for s in seats)
    # asked again: the same analysis at once, no new job
    again = client.post(f"/api/games/{gid}/analysis")
    assert again.status_code == 202 and again.json()["state"] == "done"
    assert again.json()["analysis"] == done["analysis"]


def test_a_missing_matchup_is_solved_first_with_its_progress(
    client: TestClient, tmp_path: Path
) -> None:
    """With an empty cache the job solves the matchup through the solver's queue (a real
    solve at turn limit 1), reporting the solve's progress, then analyses."""
    with solver_cache.use(tmp_path / "empty-cache"):
        gid = finished_game(client, seed=5)
        assert client.post(f"/api/games/{gid}/analysis").status_code == 202
        answers = wait_analysis(client, gid, timeout=300)
        solving = [a for a in answers if a["solve"] is not None]
        assert solving, [a["phase"] for a in answers]
        assert "solving MiG-15 vs F-86, turn limit 1" in solving[0]["phase"]
        assert solving[0]["solve"]["label"] == "MiG-15 vs F-86, turn limit 1"
        progress = [a["progress"] for a in answers]
        assert progress == sorted(progress)
        assert answers[-1]["state"] == "done"
        assert answers[-1]["analysis"]["engagements"][0]["unrated"] is None
        assert answers[-1]["analysis"] == expected(client, gid)


def test_a_running_game_is_not_analysed(client: TestClient, solved: None) -> None:
    """The analysis is a hint: while a game runs nobody gets it (409, with the reason)."""
    made = client.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "options": OPTIONS,
            "seats": {"Communist": "human", "Allied": "ai:random"},
        },
    ).json()
    gid = made["id"]
    for method in ("POST", "GET"):
        r = client.request(method, f"/api/games/{gid}/analysis")
        assert r.status_code == 409, r.text
        assert "opens when the game is over" in r.json()["detail"]


def test_unknown_and_malformed_ids(client: TestClient) -> None:
    r = client.post("/api/games/nosuchgame/analysis")
    assert r.status_code == 404 and "nosuchgame" in r.json()["detail"]
    bad = client.get("/api/games/" + "x" * 65 + "/analysis")
    assert bad.status_code == 422
    assert bad.json()["detail"][0]["loc"] == ["path", "game_id"]


def test_a_game_without_exact_values_is_refused(client: TestClient) -> None:
    """A Bounce Into Action engagement (its type declares no exact values) has no
    analysis, finished or not: 409 naming its kind."""
    svc = client.app.state.service  # type: ignore[attr-defined]
    live = svc.create_for(None, "bia-engagement", {}, {"Red": "ai:random", "Blue": "ai:random"})
    for method in ("POST", "GET"):
        r = client.request(method, f"/api/games/{live.id}/analysis")
        assert r.status_code == 409, r.text
        assert r.json()["detail"] == "games of bia-engagement have no exact analysis"


def test_waiting_analyses_are_bounded(client: TestClient, solved: None) -> None:
    """No worker free and one place in the queue: the first game waits, asking again for
    it takes no new place, a second game is refused with 429 and Retry-After."""
    first, second = finished_game(client, seed=1), finished_game(client, seed=2)
    client.app.state.analyses = Analyses(workers=0, waiting=1)  # type: ignore[attr-defined]
    a = client.post(f"/api/games/{first}/analysis")
    assert a.status_code == 202 and a.json()["state"] == "queued"
    assert client.post(f"/api/games/{first}/analysis").json()["state"] == "queued"
    b = client.post(f"/api/games/{second}/analysis")
    assert b.status_code == 429, b.text
    assert int(b.headers["retry-after"]) > 0
    assert "analyses are waiting" in b.json()["detail"]


def test_the_browser_analyses_games_up_to_a_bound(
    client: TestClient, solved: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game longer than the bound is refused (409, pointing to the terminal); one within
    it is analysed."""
    from airwar.web import migs_analysis as analysis

    gid = finished_game(client, seed=4)
    decisions = client.get(f"/api/games/{gid}").json()["decisions"]
    monkeypatch.setattr(analysis, "MAX_DECISIONS", decisions - 1)
    refused = client.post(f"/api/games/{gid}/analysis")
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        f"this game has {decisions} decisions; the browser analyses games of up to "
        f"{decisions - 1}: analyse it at the terminal (replay --analyse)"
    )
    monkeypatch.setattr(analysis, "MAX_DECISIONS", decisions)
    assert client.post(f"/api/games/{gid}/analysis").status_code == 202
    assert wait_analysis(client, gid)[-1]["state"] == "done"
