"""What the suite needs beyond Python (PostgreSQL, Chromium, Node), and what to do without it.

On a developer's machine a test whose service is missing is skipped, and the
summary at the end of the run names it. Under ``CI=true`` it fails: a green CI
means these tests ran.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Generator
from typing import Any, NoReturn

import pytest

NEEDS = ("PostgreSQL", "Chromium", "playwright", "Node")
"""Words that mark a skip for want of a service or a browser (in its reason)."""


def on_ci() -> bool:
    """Whether this is CI's run (``CI=true``): nothing may be skipped for want of a service."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def needed(reason: str) -> str | None:
    """The service or browser a skip's reason names, if any."""
    return next((need for need in NEEDS if need.lower() in reason.lower()), None)


def missing(need: str, reason: str) -> NoReturn:
    """Skip this test for want of ``need``, or fail it under ``CI=true``."""
    if on_ci():
        pytest.fail(f"CI=true, and {need} is required here: {reason}", pytrace=False)
    pytest.skip(f"{need}: {reason}")


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
    under CI, with the same message). ``tests/conftest.py`` installs it.
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


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """The same for a whole module skipped as it is collected (``importorskip`` at its top)."""
    report = yield
    if report.skipped and on_ci():
        reason = _skip_reason(report)  # type: ignore[arg-type]
        need = needed(reason)
        if need is not None:
            report.outcome = "failed"
            report.longrepr = f"CI=true, and {need} is required here: {reason}"
    return report
