"""Solves are jobs: shared by everyone who asks, one at a time, progress and errors for all.

Each test has its own :class:`SolveQueue`; where a real solve is needed it is
of a reduced board in a few milliseconds, into an empty temporary cache.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from airwar.bots.expert import ExpertBot
from airwar.core.game import CHANCE
from airwar.games.migs_sabres import EngagementGame
from airwar.games.migs_sabres.solver import (
    Matchup,
    Solution,
    SolverError,
    SolverOptions,
    jobs,
    solve,
)
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver.jobs import DONE, FAILED, JobStatus, SolveQueue

SMALL = SolverOptions(columns=4, rows=5, turn_limit=2, mp_base=(0, 0))
MATCHUP = Matchup("F-86", "Yak-9")
Progress = Callable[[int, int], None]


def run_in_threads(n: int, target: Callable[[], object]) -> list[object]:
    """``target()`` in ``n`` threads at once; each one's result or exception."""
    out: list[object] = [None] * n

    def one(i: int) -> None:
        try:
            out[i] = target()
        except BaseException as exc:  # the test looks at it
            out[i] = exc

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    return out


def test_two_waiters_share_one_job(empty_cache: None) -> None:
    release = threading.Event()
    calls: list[Matchup] = []

    def slow(m: Matchup, o: SolverOptions, progress: Progress) -> Solution:
        calls.append(m)
        release.wait(10)
        return solve(m, o, cache=False)

    queue = SolveQueue(slow)
    first = queue.submit(MATCHUP, SMALL)
    assert queue.submit(MATCHUP, SMALL) is first
    got: list[Solution] = []
    threads = [
        threading.Thread(target=lambda: got.append(queue.submit(MATCHUP, SMALL).wait(10)))
        for _ in range(2)
    ]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not (calls and queue.jobs()[0].waiters == 2):
        time.sleep(0.01)
    assert queue.jobs()[0].waiters == 2
    assert queue.jobs()[0].state == "running"
    release.set()
    for t in threads:
        t.join(10)
    assert len(calls) == 1
    assert len(got) == 2 and got[0] is got[1]
    assert isinstance(got[0], Solution)
    assert [s.state for s in queue.jobs()] == [DONE]


def test_progress_rises_to_one(empty_cache: None) -> None:
    """The solver reports every movement turn; the job's fraction follows it to 1."""
    seen: list[tuple[float, str]] = []
    queue = SolveQueue()

    def watched(m: Matchup, o: SolverOptions, progress: Progress) -> Solution:
        job = queue.find(m, o)
        assert job is not None

        def both(done: int, total: int) -> None:
            progress(done, total)
            st = job.status()
            seen.append((st.progress, st.phase))

        return solve(m, o, progress=both)

    queue.solve_fn = watched
    statuses: list[JobStatus] = []
    sol = queue.submit(MATCHUP, SMALL).wait(30, statuses.append)
    fractions = [f for f, _ in seen]
    assert len(fractions) == 4 * SMALL.turn_limit  # one report per movement turn solved
    assert fractions == sorted(fractions) and 0 < fractions[0] < 1
    assert fractions[-1] == 1.0
    assert seen[0][1] == f"solved 1 of {4 * SMALL.turn_limit} movement turns"
    assert statuses[-1].state == DONE and statuses[-1].progress == 1.0
    assert [s.progress for s in statuses] == sorted(s.progress for s in statuses)
    assert sol.start_value() == solve(MATCHUP, SMALL, cache=False).start_value()


def test_an_error_is_reported_to_every_waiter(empty_cache: None) -> None:
    release = threading.Event()

    def broken(m: Matchup, o: SolverOptions, progress: Progress) -> Solution:
        release.wait(10)
        raise SolverError("the tables are missing")

    queue = SolveQueue(broken)
    job = queue.submit(MATCHUP, SMALL)
    waiting = threading.Thread(target=lambda: time.sleep(0.2) or release.set())
    waiting.start()
    results = run_in_threads(3, lambda: job.wait(10))
    waiting.join()
    assert all(isinstance(r, SolverError) for r in results), results
    assert {str(r) for r in results} == {"the tables are missing"}
    st = queue.jobs()[-1]
    assert st.state == FAILED and st.error == "the tables are missing"
    # a later request starts a new job rather than reusing the failed one
    again = queue.submit(MATCHUP, SMALL)
    assert again is not job


def test_an_unexpected_error_reaches_the_waiters_but_not_its_details(empty_cache: None) -> None:
    def broken(m: Matchup, o: SolverOptions, progress: Progress) -> Solution:
        raise OSError(28, "No space left on device", "/somewhere/private")

    queue = SolveQueue(broken)
    with pytest.raises(OSError, match="No space left"):
        queue.submit(MATCHUP, SMALL).wait(10)
    st = queue.jobs()[-1]
    assert st.state == FAILED
    assert st.error is not None and "OSError" in st.error and "/somewhere" not in st.error


def test_jobs_run_one_at_a_time_in_order(empty_cache: None) -> None:
    running = 0
    most = 0
    order: list[int] = []
    lock = threading.Lock()

    gate = threading.Event()

    def counted(m: Matchup, o: SolverOptions, progress: Progress) -> Solution:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
            order.append(o.turn_limit)
        gate.wait(10)  # the first job holds the queue until the test has looked
        time.sleep(0.05)
        with lock:
            running -= 1
        return solve(m, o, cache=False)

    queue = SolveQueue(counted)
    limits = (1, 2, 3)
    submitted = [
        queue.submit(MATCHUP, SolverOptions(columns=4, rows=5, turn_limit=t, mp_base=(0, 0)))
        for t in limits
    ]
    assert [j.status().state for j in submitted[1:]] == ["queued", "queued"]
    assert submitted[2].status().phase.startswith("queued behind")
    gate.set()
    results = run_in_threads(3, lambda: [j.wait(10) for j in submitted])
    assert all(isinstance(r, list) for r in results)
    assert most == 1
    assert order == list(limits)
    assert [s.state for s in queue.jobs()] == [DONE, DONE, DONE]


def test_a_cached_solution_needs_no_job(empty_cache: None) -> None:
    solve(MATCHUP, SMALL)
    before = len(jobs.QUEUE.jobs())
    assert isinstance(jobs.solution(MATCHUP, SMALL), Solution)
    assert len(jobs.QUEUE.jobs()) == before


def test_the_expert_bot_submits_a_job_and_waits(
    solved_folder: Path, empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With its matchup not cached, the bot's move waits for a job; its progress is shown."""
    options = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}
    done = solver_cache.cache_key(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1))

    def from_fixture(m: Matchup, o: SolverOptions, progress: Progress) -> Solution:
        for n in range(1, 5):
            progress(n, 4)
        return Solution.load(solved_folder / done, m, o)

    queue = SolveQueue(from_fixture)
    monkeypatch.setattr(jobs, "QUEUE", queue)
    state = EngagementGame(options).new_initial_state()
    while state.current_actor() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    seen: list[JobStatus] = []
    with jobs.watching(seen.append):
        action = ExpertBot(1).choose(state, state.current_actor())
    assert action in state.legal_actions()
    assert [j.state for j in queue.jobs()] == [DONE]
    assert seen and seen[-1].state == DONE and seen[-1].progress == 1.0
    assert seen[-1].label == "Yak-9 vs F-51, turn limit 1"
