"""ruff and mypy are part of the suite: the tree stays lint- and type-clean.

mypy takes about 40 s of one core on a fresh checkout (no cache). When the run
includes its test, ``tests/conftest.py`` starts it as the collection ends
(:func:`start_mypy`), beside the tests that mostly wait on servers and
browsers, and :func:`test_mypy_clean` collects its verdict; run alone, the
test starts it itself.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MYPY_TEST = "tests/test_quality.py::test_mypy_clean"


@dataclass
class Started:
    """A mypy run in the background, its output going to a file (never a full pipe)."""

    process: subprocess.Popen[bytes]
    output: Path

    def verdict(self, timeout: float = 900.0) -> tuple[int, str]:
        """Its exit status and output, once it has finished."""
        code = self.process.wait(timeout=timeout)
        return code, self.output.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.output.unlink(missing_ok=True)


MYPY_RUN = pytest.StashKey[Started]()


def start_mypy() -> Started:
    """``python -m mypy src/airwar`` started in the background."""
    fd, name = tempfile.mkstemp(prefix="airwar-mypy-", suffix=".txt")
    with open(fd, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "mypy", "src/airwar"],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    return Started(process, Path(name))


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_clean() -> None:
    exe = shutil.which("ruff") or "ruff"
    r = _run(exe, "check", "src", "tests", "benchmarks")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy_clean(request: pytest.FixtureRequest) -> None:
    started = request.config.stash.get(MYPY_RUN, None)
    if started is None:
        started = start_mypy()
        request.config.stash[MYPY_RUN] = started
    code, output = started.verdict()
    assert code == 0, output
