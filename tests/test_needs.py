"""Under CI=true a test skipped for want of PostgreSQL or Chromium fails; locally it is named.

A throwaway suite in a temporary folder takes the hooks of ``tests/needs.py`` and
skips one test for each reason; pytest runs it in a child process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SUITE = """
import pytest
from tests.needs import missing

def test_needs_chromium():
    missing("Chromium", "Chromium is not installed at /nowhere")

def test_needs_postgres():
    pytest.skip("no PostgreSQL offered (set AIRWAR_TEST_POSTGRES_URL)")

def test_needs_playwright():
    pytest.importorskip("playwright_that_is_not_there")

def test_skipped_for_another_reason():
    pytest.skip("only on Windows")

def test_passes():
    assert 1 + 1 == 2
"""


def run(
    tmp_path: Path, ci: str | None, *, module: bool = False
) -> subprocess.CompletedProcess[str]:
    (tmp_path / "conftest.py").write_text(
        "from tests.needs import (\n"
        "    pytest_make_collect_report, pytest_runtest_makereport, pytest_terminal_summary\n"
        ")\n"
        "__all__ = [\n"
        "    'pytest_make_collect_report', 'pytest_runtest_makereport', 'pytest_terminal_summary'\n"
        "]\n"
    )
    (tmp_path / "test_suite.py").write_text(SUITE)
    if module:  # a module skipped whole as it is collected
        (tmp_path / "test_browser_module.py").write_text(
            'import pytest\npytest.importorskip("playwright_module_not_there")\n'
            "def test_never_collected():\n    pass\n"
        )
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    if ci is not None:
        env["CI"] = ci
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


@pytest.mark.parametrize("ci", [None])
def test_locally_they_are_skipped_and_named(tmp_path: Path, ci: str | None) -> None:
    out = run(tmp_path, ci, module=True)
    assert out.returncode == 0, out.stdout
    assert "1 passed, 5 skipped" in out.stdout
    lines = [line for line in out.stdout.splitlines() if line.startswith("NOT TESTED:")]
    assert len(lines) == 4
    assert any("need Chromium" in line and "/nowhere" in line for line in lines)
    assert any("need PostgreSQL" in line for line in lines)
    assert any("need playwright" in line for line in lines)
    assert not any("Windows" in line for line in lines)


@pytest.mark.parametrize("ci", ["true"])
def test_under_ci_they_fail_with_the_reason(tmp_path: Path, ci: str) -> None:
    out = run(tmp_path, ci)
    assert out.returncode == 1, out.stdout
    assert "3 failed, 1 passed, 1 skipped" in out.stdout
    assert "CI=true, and Chromium is required here: Chromium is not installed at /nowhere" in (
        out.stdout
    )
    assert "CI=true, and PostgreSQL is required here: no PostgreSQL offered" in out.stdout
    assert "CI=true, and playwright is required here" in out.stdout
    assert "SKIPPED" in out.stdout and "only on Windows" in out.stdout


def test_under_ci_a_module_skipped_whole_stops_the_run(tmp_path: Path) -> None:
    out = run(tmp_path, "true", module=True)
    assert out.returncode == 2, out.stdout  # pytest's "interrupted": errors in collection
    assert (
        "ERROR test_browser_module.py - CI=true, and playwright is required here: "
        "could not import 'playwright_module_not_there'"
    ) in out.stdout
