"""`airwar analyze` and the solver's bounds: the turn limit it takes, the cache cap, solve bars."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from typer.testing import CliRunner

import airwar.cli.analyze as analyze
from airwar.cli.analyze import app, matchup_bars
from airwar.games.migs_sabres import solver
from airwar.games.migs_sabres.solver import Matchup, SolverOptions
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver.jobs import DONE, RUNNING, JobStatus

runner = CliRunner()
FAST = ["--games", "2", "--workers", "1", "--aces", "no", "--first", "active", "--json"]


def test_the_expert_past_the_solver_bound_is_one_line_and_exit_2() -> None:
    limit = str(solver.MAX_TURN_LIMIT + 1)
    for extra in (["--bots", "expert,random"], ["--bots", "random", "--solve"]):
        result = runner.invoke(app, ["matchups", *FAST, "--turn-limit", limit, *extra])
        assert result.exit_code == 2, result.output
        line = result.output.strip()
        assert "\n" not in line
        assert f"turn_limit {limit}: the expert solver takes at most" in line


def test_without_the_solver_a_long_turn_limit_plays() -> None:
    limit = str(solver.MAX_TURN_LIMIT + 1)
    result = runner.invoke(app, ["matchups", *FAST, "--bots", "random", "--turn-limit", limit])
    assert result.exit_code == 0, result.output


def test_cache_mb_caps_the_cache_for_the_command_only(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    def fake_table(*args: Any, **kwargs: Any) -> list[Any]:
        seen.append(solver_cache.cache_limit_mb())
        return []

    monkeypatch.setattr(analyze, "matchup_table", fake_table)
    monkeypatch.delenv(solver_cache.CACHE_ENV, raising=False)
    common = ["--games", "2", "--workers", "1", "--aces", "no", "--json", "--bots", "random"]
    for command in ("matchups", "first-mover", "prop-vs-jet"):
        result = runner.invoke(app, [command, *common, "--cache-mb", "123"])
        assert result.exit_code == 0, result.output
    assert seen == [123, 123, 123]
    assert solver_cache.cache_limit_mb() == solver_cache.DEFAULT_CACHE_MB
    bad = runner.invoke(app, ["matchups", *FAST, "--cache-mb", "-1"])
    assert bad.exit_code == 2


def test_the_solve_bar_comes_and_goes() -> None:
    options = SolverOptions(columns=4, rows=5, turn_limit=1)
    running = JobStatus(
        id=1,
        key="k",
        matchup=Matchup("F-86", "MiG-15"),
        options=options,
        state=RUNNING,
        progress=0.5,
        phase="solved 2 of 4 movement turns",
        error=None,
        waiters=1,
        submitted=0.0,
        started=0.0,
        finished=None,
    )
    with matchup_bars(10) as (advance, on_solve):
        advance(3)
        on_solve(running)
        on_solve(running)
        on_solve(replace(running, state=DONE, progress=1.0, phase="solved", finished=1.0))
