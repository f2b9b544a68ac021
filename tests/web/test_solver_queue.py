"""The expert's solve queue is bounded (issue 26): games started together with new
matchups cannot pile solves (a minute and about 1 GB each) up without end."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from airwar.games.migs_sabres.solver import Matchup, Solution, SolverOptions, jobs, solve
from airwar.games.migs_sabres.solver import cache as solver_cache

SMALL = SolverOptions(columns=4, rows=5, turn_limit=2, mp_base=(0, 0))


def test_new_expert_games_are_told_to_come_back_when_the_queue_is_full(
    client: TestClient, empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()

    def slow(m: Matchup, o: SolverOptions, progress: Callable[[int, int], None]) -> Solution:
        release.wait(20)
        return solve(m, o, cache=False)

    queue = jobs.SolveQueue(slow, most_waiting=1)
    monkeypatch.setattr(jobs, "QUEUE", queue)
    try:
        running = queue.submit(Matchup("F-86", "MiG-15"), SMALL)
        waiting = queue.submit(Matchup("F-51", "Yak-9"), SMALL)
        # the same matchup joins its job; a third new one is refused
        assert queue.submit(Matchup("F-51", "Yak-9"), SMALL) is waiting
        with pytest.raises(jobs.SolverBusy) as busy:
            queue.submit(Matchup("F-80", "MiG-15"), SMALL)
        assert busy.value.retry_after == jobs.BUSY_RETRY_SECONDS
        # an outsider starting games against the expert is told to come back
        seats = {"Communist": "ai:expert", "Allied": "human"}
        for _ in range(3):
            r = client.post("/api/games", json={"game": "migs-engagement", "seats": seats})
            assert r.status_code == 503, r.text
            assert r.headers["Retry-After"] == str(jobs.BUSY_RETRY_SECONDS)
            assert "busy" in r.json()["detail"] and "in a minute" in r.json()["detail"]
        assert client.get("/api/games").json() == []  # nothing was made
        # other AIs are not held up
        other = {"Communist": "ai:heuristic", "Allied": "human"}
        assert (
            client.post("/api/games", json={"game": "migs-engagement", "seats": other}).status_code
            == 201
        )
        assert len(queue.jobs()) == 2
    finally:
        release.set()
    running.wait(30)
    waiting.wait(30)
    # a finished job is kept as what it looked like, never with its solution
    assert all(isinstance(j, jobs.JobStatus) for j in queue._finished)
    assert not queue.full()


def test_a_process_keeps_only_a_few_solutions_open(empty_cache: None) -> None:
    cache = solver_cache.current()
    with cache.lock:
        for key in ("a", "b", "c", "d"):
            solver_cache.keep_loaded(cache, key, object())
        solver_cache.keep_loaded(cache, "c", cache.loaded["c"])  # used again: kept longest
        solver_cache.keep_loaded(cache, "e", object())
    assert list(cache.loaded) == ["c", "e"][-solver_cache.LOADED_MAX :]
    assert len(cache.loaded) == solver_cache.LOADED_MAX


def test_the_expert_plays_on_by_its_fallback_while_the_queue_is_full(
    empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    from airwar.bots.expert import ExpertBot

    def busy(*_args: object, **_kwargs: object) -> Solution:
        raise jobs.SolverBusy(2)

    monkeypatch.setattr(jobs, "solution", busy)
    from tests.bots.test_expert import OPTIONS, placed

    state = placed("e5:N", "e8:S", 0, OPTIONS)
    bot = ExpertBot(1, fallback_iterations=5)
    assert bot.solution_for(state) is None  # no wait, no error: MCTS takes this decision
