"""ruff and mypy are part of the suite: the tree stays lint- and type-clean."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_clean() -> None:
    exe = shutil.which("ruff") or "ruff"
    r = _run(exe, "check", "src", "tests", "benchmarks")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_clean() -> None:
    r = _run(sys.executable, "-m", "mypy", "src/airwar")
    assert r.returncode == 0, r.stdout + r.stderr
