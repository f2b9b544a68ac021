"""The hostile-input corpus (tests/hostile/manifest.toml) through the real ``airwar`` command.

Every case must end with exactly one line of output naming what is wrong, its
exit code (2 for a refusal, ``gunslingers validate``'s list of problems
included), and never a traceback. The command is the root app of
``airwar.cli.main`` with its global error handling, run in this process.
"""

from __future__ import annotations

import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from airwar.cli.main import app
from tests.hostile.generate import TOKENS, generate

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "hostile"
MANIFEST = tomllib.loads((HOSTILE / "manifest.toml").read_text("utf-8"))
CASES: list[dict[str, Any]] = MANIFEST["case"]
SLOW_CASE = 5.0
"""Seconds: a refusal is immediate; a case this slow did work it should have refused."""

runner = CliRunner()


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    generate(folder)
    return folder


def _args(case: dict[str, Any], generated: Path) -> list[str]:
    places = {
        "{hostile}": str(HOSTILE),
        "{generated}": str(generated),
        "{examples}": str(ROOT / "src" / "airwar" / "games"),
        **TOKENS,
    }
    args = list(case["args"])
    repeat = case.get("repeat")
    if repeat:
        args += list(repeat["args"]) * repeat["times"]
    out = []
    for arg in args:
        for name, value in places.items():
            arg = arg.replace(name, value)
        out.append(arg)
    return out


def test_the_corpus_is_well_formed() -> None:
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names)), "case names must be unique"
    for case in CASES:
        assert set(case) <= {"name", "args", "repeat", "exit", "says"}, case["name"]
        assert case["exit"] == 2 and case["says"], case["name"]
    folders = (HOSTILE / "scenarios", HOSTILE / "engagements")
    files = {p.name for folder in folders for p in folder.iterdir()}
    used = " ".join(" ".join(c["args"]) for c in CASES)
    for name in files:
        assert name in used, f"{name} is in the corpus but no case runs it"


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_hostile_input_is_one_line_and_no_traceback(case: dict[str, Any], generated: Path) -> None:
    started = time.perf_counter()
    result = runner.invoke(app, _args(case, generated))
    seconds = time.perf_counter() - started
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert result.exit_code == case["exit"], output
    lines = output.splitlines()
    assert len(lines) == 1, output
    assert case["says"] in lines[0], lines[0]
    if case["args"][:2] == ["gunslingers", "validate"]:  # its list of problems
        assert not lines[0].startswith("error: ") and result.stderr == "", output
    else:
        assert lines[0].startswith("error: ") and result.stdout == "", output
    assert seconds < SLOW_CASE, f"{seconds:.1f} s"
