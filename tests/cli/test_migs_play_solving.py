"""The terminal game while the expert AI waits for its matchup to be solved, and past the bound."""

from __future__ import annotations

import io
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

from airwar.bots.registry import make_bot
from airwar.cli.migs_play import migs_loop, not_cached_lines
from airwar.games.migs_sabres.solver import MAX_TURN_LIMIT, Matchup, Solution, SolverOptions, jobs
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.session import HUMAN, Sessions
from airwar.store import Store
from tests.cli.test_migs_play import Script

OPTIONS = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'play.sqlite'}")
    yield s
    s.close()


def test_the_expert_waits_for_its_solve_and_the_terminal_says_so(
    store: Store, solved_folder: Path, empty_cache: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = solver_cache.cache_key(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1))

    def from_fixture(
        m: Matchup, o: SolverOptions, progress: Callable[[int, int], None]
    ) -> Solution:
        for n in range(1, 5):
            progress(n, 4)
            time.sleep(0.3)  # long enough for the waiting terminal to see each step
        shutil.copytree(solved_folder / key, solver_cache.cache_dir() / key)  # as a solve would
        return Solution.load(solver_cache.cache_dir() / key, m, o)

    queue = jobs.SolveQueue(from_fixture)
    monkeypatch.setattr(jobs, "QUEUE", queue)
    sessions = Sessions(store, make_bot)
    seats = {"Communist": "ai:expert", "Allied": HUMAN}
    live = sessions.create(
        "migs-engagement", seats, options=OPTIONS, run_bots=False, stop_at_rolls=True
    )
    console = Console(record=True, width=140, file=io.StringIO())
    migs_loop(sessions, live, console, input_fn=Script(["quit"])).run()
    text = console.export_text()
    said = "The AI is solving Yak-9 vs F-51, turn limit 1 (once; then it is cached)."
    assert text.count(said) == 1
    assert "Communist (expert) plays" in text
    assert [j.state for j in queue.jobs()] == ["done"]


def test_past_the_bound_the_terminal_says_why_there_are_no_values() -> None:
    engagement = {
        "planes": {"active": {"type": "F-86"}, "listed": {"type": "MiG-15"}},
        "turn_limit": MAX_TURN_LIMIT + 1,
    }
    lines = not_cached_lines(engagement, "kills")
    assert len(lines) == 1
    assert f"turn_limit {MAX_TURN_LIMIT + 1}: the expert solver takes at most" in lines[0]
