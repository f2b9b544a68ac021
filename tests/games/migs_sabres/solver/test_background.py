"""The background solver of ``airwar serve`` (issue 25): what it solves, in which order, how.

Its matchups here are reduced boards (a second or less each), solved for real
into a temporary cache folder by a queue of their own.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.games.migs_sabres.solver import (
    Matchup,
    SolverError,
    SolverOptions,
    cached_solution,
    jobs,
    solve,
)
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver.background import (
    BACKGROUND_VAR,
    COMMON,
    FALSE,
    MOST_MATCHUPS,
    TRUE,
    BackgroundSolver,
    common_matchups,
    enabled,
    played,
    solving_order,
)
from airwar.games.migs_sabres.solver.jobs import SolveQueue
from airwar.games.migs_sabres.solver.solution import Solution

SMALL = [
    (Matchup("F-86", "MiG-15"), SolverOptions(columns=3, rows=4, turn_limit=2)),
    (Matchup("MiG-15", "F-84", active_ace=True), SolverOptions(columns=3, rows=4, turn_limit=3)),
    (Matchup("Yak-9", "F-51"), SolverOptions(columns=3, rows=4, turn_limit=2)),
]


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    with solver_cache.use(tmp_path):
        yield tmp_path


def recording(seen: list[tuple[str, int]]) -> Callable[..., Solution]:
    """The real solve, noting each matchup and the nice value of the thread that solves it."""

    def run(m: Matchup, o: SolverOptions, progress: Callable[[int, int], None]) -> Solution:
        seen.append((m.label(), os.getpriority(os.PRIO_PROCESS, 0)))
        return solve(m, o, progress=progress, workers=1)

    return run


def test_it_solves_each_matchup_not_on_disk_once_in_order_at_a_lower_priority(
    folder: Path,
) -> None:
    solve(*SMALL[1])  # already on disk: not solved again
    seen: list[tuple[str, int]] = []
    queue = SolveQueue(recording(seen))
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    bg = BackgroundSolver(lambda: SMALL, queue=queue, wait_for=None).start()
    assert bg.join(120)
    status = bg.status()
    assert status["state"] == "done" and status["total"] == 3 and status["solved"] == 3
    assert [m["state"] for m in status["matchups"]] == ["on disk"] * 3
    assert [label for label, _ in seen] == [SMALL[0][0].label(), SMALL[2][0].label()]
    assert all(nice == min(19, mine + jobs.BACKGROUND_NICE) for _, nice in seen)
    assert os.getpriority(os.PRIO_PROCESS, 0) == mine  # this thread is as it was
    assert all(j.background and j.state == jobs.DONE for j in queue.jobs())
    for m, o in SMALL:
        assert cached_solution(m, o) is not None


def test_a_background_solve_leaves_the_players_open_solutions_as_they_are(
    folder: Path,
) -> None:
    mine = cached_solution(*SMALL[0]) or solve(*SMALL[0])
    before = dict(solver_cache.current().loaded)
    bg = BackgroundSolver(lambda: SMALL[1:2], queue=SolveQueue(), wait_for=None).start()
    assert bg.join(120) and bg.status()["solved"] == 1
    assert solver_cache.current().loaded == before and mine in before.values()


def test_a_player_waits_for_the_background_job_of_its_matchup_and_goes_ahead_of_others(
    folder: Path,
) -> None:
    """The queue has one job per matchup: a player asking for the matchup being solved
    gets that job; a player's new matchup is queued ahead of the background's."""
    gate = threading.Event()
    seen: list[tuple[str, int]] = []
    real = recording(seen)

    def held(m: Matchup, o: SolverOptions, progress: Callable[[int, int], None]) -> Solution:
        gate.wait(60)
        return real(m, o, progress)

    queue = SolveQueue(held, most_waiting=5)
    running = queue.submit(*SMALL[0], background=True)
    for _ in range(200):
        if running.status().state == jobs.RUNNING:
            break
        gate.wait(0.05)
    waiting = queue.submit(*SMALL[1], background=True)
    assert queue.submit(*SMALL[0]) is running  # the player's request: the same job
    player = queue.submit(*SMALL[2])
    assert [j.id for j in queue.jobs()] == [running.id, player.id, waiting.id]
    assert "queued behind 2" in waiting.status().phase
    gate.set()
    for job in (running, player, waiting):
        job.wait(120)
    assert [label for label, _ in seen] == [
        m.label() for m in (SMALL[0][0], SMALL[2][0], SMALL[1][0])
    ]
    niced = {label: nice for label, nice in seen}
    assert niced[SMALL[2][0].label()] < niced[SMALL[0][0].label()]  # the player's: not niced


def test_another_server_process_holding_the_claim_solves_instead(folder: Path) -> None:
    seen: list[tuple[str, int]] = []
    bg = BackgroundSolver(
        lambda: SMALL, queue=SolveQueue(recording(seen)), claim=lambda: False, wait_for=None
    ).start()
    assert bg.join(60)
    assert bg.status()["state"] == "elsewhere" and seen == []


def test_a_failed_matchup_is_marked_and_the_next_one_is_solved(folder: Path) -> None:
    def solve_or_fail(
        m: Matchup, o: SolverOptions, progress: Callable[[int, int], None]
    ) -> Solution:
        if m.active_ace:
            raise SolverError("this one cannot be solved")
        return solve(m, o, progress=progress)

    queue = SolveQueue(solve_or_fail)
    bg = BackgroundSolver(lambda: [SMALL[1], SMALL[0]], queue=queue, wait_for=None).start()
    assert bg.join(120)
    assert [m["state"] for m in bg.status()["matchups"]] == ["failed", "on disk"]
    assert bg.status()["state"] == "done"


def test_stopped_before_it_starts_it_solves_nothing(folder: Path) -> None:
    gate = threading.Event()
    bg = BackgroundSolver(lambda: SMALL, queue=SolveQueue(), wait_for=gate)
    bg.start()
    bg.stop()
    gate.set()
    assert bg.join(30) and bg.status()["state"] == "stopped"
    assert all(cached_solution(m, o) is None for m, o in SMALL)


# -- the order -------------------------------------------------------------------------


def test_without_games_the_order_is_the_14_common_matchups() -> None:
    order = solving_order([])
    assert order == common_matchups() and len(order) == 14 == 2 * len(COMMON)
    assert order[0] == (Matchup("MiG-15", "F-86"), SolverOptions())
    assert [m.active_ace for m, _ in order] == [False] * 7 + [True] * 7


def test_the_most_played_come_first_then_the_common_ones_without_repeats() -> None:
    games = [
        {"active": "F-86", "listed": "Yak-9"},
        {"active": "MiG-15", "listed": "F-51", "turn_limit": 8},
        {"active": "F-86", "listed": "Yak-9", "turn_limit": 20},
        {"active": "MiG-15", "listed": "F-51", "turn_limit": 0},  # no limit: not solved
        {"active": "MiG-15", "listed": "F-51", "turn_limit": 31},  # above MS-24: not solved
        {"active": "Sopwith Camel", "listed": "F-51"},  # not a plane of the rules
        {"listed": "F-51"},  # damaged
        {"active": "F-86", "listed": "F-84"},  # one side: not an engagement
    ]
    order = solving_order(games)
    assert order[0] == (Matchup("F-86", "Yak-9"), SolverOptions())
    assert order[1] == (Matchup("MiG-15", "F-51"), SolverOptions(turn_limit=8))
    assert len(order) == 15 and len(set(order)) == 15  # F-86 v Yak-9 is a common one


def test_the_order_is_bounded_in_count_and_by_the_cache_cap() -> None:
    games = [{"active": "F-86", "listed": "MiG-15", "turn_limit": t} for t in range(1, 31)]
    assert len(solving_order(games)) == MOST_MATCHUPS
    one = solver_cache.solution_bytes(20)
    with solver_cache.cache_limit(int(3.5 * one) // 10**6):
        assert solving_order([]) == common_matchups()[:3]
    with solver_cache.cache_limit(0):
        assert solving_order([]) == []


@given(st.lists(st.dictionaries(st.sampled_from(["active", "listed", "turn_limit",
                                                   "active_ace", "scoring"]),
                                st.one_of(st.integers(-5, 50), st.text(max_size=8),
                                          st.sampled_from(["MiG-15", "F-86", "Yak-9"]),
                                          st.booleans(), st.none())), max_size=8))  # fmt: skip
def test_any_saved_options_give_an_order_of_solvable_matchups(
    games: list[dict[str, object]],
) -> None:
    counted = played(games)
    assert sum(counted.values()) <= len(games)
    for m, o in solving_order(games):
        assert 1 <= o.turn_limit <= 30 and m.active != m.listed


@pytest.mark.parametrize("word", [*TRUE, *FALSE, "ON", " off ", "", None])
def test_the_variable_reads_on_and_off(word: str | None) -> None:
    want = True if word is None or not word.strip() else word.strip().lower() in TRUE
    assert enabled(word) is want
    assert enabled(word, default=False) is (want if word and word.strip() else False)


@pytest.mark.parametrize("word", ["maybe", "2", "offf", "x" * 500])
def test_a_bad_value_of_the_variable_is_refused_naming_it(word: str) -> None:
    with pytest.raises(SolverError, match=BACKGROUND_VAR) as caught:
        enabled(word)
    assert "on or off" in str(caught.value) and len(str(caught.value)) < 100


def pausing(
    started: threading.Event, go_on: threading.Event, seen: list[str]
) -> Callable[..., Solution]:
    """The real solve; the first background one stops after its first layer until ``go_on``."""

    def run(m: Matchup, o: SolverOptions, progress: Callable[[int, int], None]) -> Solution:
        seen.append(m.label())

        def report(done: int, total: int) -> None:
            if not started.is_set():
                started.set()
                go_on.wait(30)
            progress(done, total)

        return solve(m, o, progress=report, workers=1)

    return run


LONG = (Matchup("F-86", "MiG-15"), SolverOptions(columns=3, rows=4, turn_limit=8))


def test_a_background_solve_gives_way_to_a_players_new_one_and_is_solved_after(
    folder: Path,
) -> None:
    started, go_on = threading.Event(), threading.Event()
    seen: list[str] = []
    queue = SolveQueue(pausing(started, go_on, seen), most_waiting=5)
    bg = BackgroundSolver(lambda: [LONG], queue=queue, wait_for=None).start()
    assert started.wait(30)
    player = queue.submit(*SMALL[2])
    go_on.set()
    player.wait(60)
    assert bg.join(120) and bg.status()["state"] == "done" and bg.status()["solved"] == 1
    done = queue.jobs()
    assert [(j.matchup, j.state, j.background) for j in done] == [
        (LONG[0], jobs.FAILED, True),
        (SMALL[2][0], jobs.DONE, False),
        (LONG[0], jobs.DONE, True),
    ]
    assert done[0].error is not None and "gave way" in done[0].error
    assert seen == [LONG[0].label(), SMALL[2][0].label(), LONG[0].label()]
    assert cached_solution(*LONG) is not None
    assert not [p for p in folder.iterdir() if ".tmp" in p.name]  # the stopped one's is gone


def test_a_background_solve_a_player_waits_for_does_not_give_way(folder: Path) -> None:
    started, go_on = threading.Event(), threading.Event()
    seen: list[str] = []
    queue = SolveQueue(pausing(started, go_on, seen), most_waiting=5)
    job = queue.submit(*LONG, background=True)
    assert started.wait(30)
    waiting = threading.Thread(target=job.wait, args=(60,))
    waiting.start()
    for _ in range(200):
        if job.status().waiters:
            break
        started.wait(0.05)
    other = queue.submit(*SMALL[2])
    go_on.set()
    other.wait(60)
    waiting.join(60)
    assert job.status().state == jobs.DONE and seen == [LONG[0].label(), SMALL[2][0].label()]
