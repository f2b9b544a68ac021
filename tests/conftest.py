"""Shared test configuration and fixtures.

Two parts of the suite need more than Python: PostgreSQL and Chromium. On a
developer's machine their tests are skipped without them, and the summary at
the end says what was left out and why. Under ``CI=true`` a missing
PostgreSQL or Chromium is a failure, so a green CI means they ran.
"""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from airwar.games.migs_sabres.solver import Matchup, SolverOptions, solve
from airwar.games.migs_sabres.solver import cache as solver_cache
from tests.needs import (
    pytest_make_collect_report,
    pytest_runtest_makereport,
    pytest_terminal_summary,
)
from tests.test_quality import MYPY_RUN, MYPY_TEST, start_mypy

os.environ["AIRWAR_BACKGROUND_SOLVE"] = "off"
"""Every server the tests start (``airwar serve`` in a child process inherits it) solves
nothing in the background: the suite would spend minutes of CPU on the 14 matchups.
The tests of the background solver turn it on for their own small server."""

settings.register_profile("default", deadline=None, max_examples=100)
settings.load_profile("default")

__all__ = ["pytest_make_collect_report", "pytest_runtest_makereport", "pytest_terminal_summary"]
"""The hooks of tests/needs.py: a skip for want of PostgreSQL or Chromium fails under
CI=true, and a local run names what it did not test."""


def pytest_collection_finish(session: pytest.Session) -> None:
    """mypy's 40 s start now, in the background, when its test is to run (tests/test_quality.py)."""
    if any(item.nodeid == MYPY_TEST for item in session.items):
        session.config.stash[MYPY_RUN] = start_mypy()


def pytest_sessionfinish(session: pytest.Session) -> None:
    started = session.config.stash.get(MYPY_RUN, None)
    if started is not None:
        started.stop()


@pytest.fixture(scope="session")
def solved_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The reduced matchup (Yak-9 v F-51, turn limit 1) solved once per test run.

    The folder is ``<cache home>/airwar/games/migs_sabres/solver``, so a server started with
    that cache home (``XDG_CACHE_HOME``) finds the solution too.
    """
    folder = tmp_path_factory.mktemp("cache-home") / "airwar" / "solver"
    folder.mkdir(parents=True)
    with solver_cache.use(folder):
        solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1))
    return folder


@pytest.fixture
def cached(solved_folder: Path) -> Iterator[None]:
    """The solver reads from (and writes to) the folder of :func:`solved_folder`."""
    with solver_cache.use(solved_folder):
        yield


@pytest.fixture
def empty_cache(tmp_path: Path) -> Iterator[None]:
    folder = tmp_path / "empty-cache"
    folder.mkdir()
    with solver_cache.use(folder):
        yield
