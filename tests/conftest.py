"""Shared test configuration and fixtures.

Two parts of the suite need more than Python: PostgreSQL and Chromium. On a
developer's machine their tests are skipped without them, and the summary at
the end says what was left out and why. Under ``CI=true`` a missing
PostgreSQL or Chromium is a failure, so a green CI means they ran.
"""

from collections import Counter
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from airwar.solver import Matchup, SolverOptions, solve
from airwar.solver import cache as solver_cache
from tests.needs import needed, on_ci

settings.register_profile("default", deadline=None, max_examples=100)
settings.load_profile("default")


def _skip_reason(report: pytest.TestReport) -> str:
    longrepr: Any = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Under ``CI=true``, a test skipped for want of PostgreSQL or Chromium fails instead.

    This catches every such skip in the suite, whichever fixture or test makes it
    (``tests/store/conftest.py`` and ``tests/web/conftest.py`` fail on their own
    under CI, with the same message).
    """
    report = yield
    if report.skipped and on_ci() and not hasattr(report, "wasxfail"):
        reason = _skip_reason(report)
        need = needed(reason)
        if need is not None:
            report.outcome = "failed"
            report.longrepr = f"CI=true, and {need} is required here: {reason}"
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line per service or browser whose tests were skipped: what and why."""
    skipped: list[pytest.TestReport] = terminalreporter.stats.get("skipped", [])
    counts: Counter[tuple[str, str]] = Counter()
    for report in skipped:
        reason = _skip_reason(report)
        need = needed(reason)
        if need is not None:
            counts[(need, reason.removeprefix(f"{need}: "))] += 1
    if not counts:
        return
    terminalreporter.section("not tested here", sep="-", bold=True)
    for (need, reason), n in sorted(counts.items()):
        terminalreporter.write_line(
            f"NOT TESTED: {n} test(s) need {need}, skipped: {reason} (under CI=true they fail)"
        )


@pytest.fixture(scope="session")
def solved_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The reduced matchup (Yak-9 v F-51, turn limit 1) solved once per test run.

    The folder is ``<cache home>/airwar/solver``, so a server started with
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
