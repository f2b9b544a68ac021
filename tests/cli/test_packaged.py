"""The examples the package ships, by name, from any folder; the extras a command needs.

A command's file argument is a path or a packaged example's name: a path that
exists wins, then a known example, else one line naming both (exit code 2). A
command that needs the lab extra says so in one line with the install
command (exit code 2); its absence is simulated by a ``None`` in
``sys.modules``, which makes the import fail as a missing package does.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from airwar.cli.main import app
from airwar.games.bia.airdefence import systems
from airwar.games.bia.infantry import weapons
from airwar.games.examples import BIA, GUNSLINGERS, example_names

runner = CliRunner()
GUNSLINGERS_NAMES = ["dogfight-2v2", "large-battle", "strike-sam-belt"]


@pytest.fixture(autouse=True)
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test runs in an empty folder: nothing is found beside the checkout."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def airwar(*args: str) -> tuple[int, str, str]:
    r = runner.invoke(app, list(args), prog_name="airwar")
    return r.exit_code, r.stdout, r.stderr


def test_the_package_ships_its_examples() -> None:
    assert example_names(GUNSLINGERS) == GUNSLINGERS_NAMES
    assert example_names(BIA) == ["ford-crossing"]


def test_examples_lists_name_and_title() -> None:
    code, out, _ = airwar("gunslingers", "examples")
    assert code == 0
    rows = [line.split(maxsplit=1) for line in out.splitlines()]
    assert rows == [
        ["dogfight-2v2", "Dogfight 2 v 2"],
        ["large-battle", "Large battle (60 aircraft)"],
        ["strike-sam-belt", "Strike on the SAM belt"],
    ]


def test_examples_prints_one_to_copy(elsewhere: Path) -> None:
    code, out, _ = airwar("gunslingers", "examples", "dogfight-2v2")
    assert code == 0
    assert tomllib.loads(out)["scenario"]["name"] == "Dogfight 2 v 2"
    (elsewhere / "mine.toml").write_text(out)
    assert airwar("gunslingers", "validate", "mine.toml")[:2] == (0, "mine.toml: ok\n")
    code, _, err = airwar("gunslingers", "examples", "dogfight")
    assert code == 2
    assert err == (
        "error: dogfight: no example of that name "
        "(examples: dogfight-2v2, large-battle, strike-sam-belt)\n"
    )


@pytest.mark.parametrize("name", ["dogfight-2v2", "strike-sam-belt.toml"])
def test_validate_takes_an_example_by_name(name: str) -> None:
    code, out, _ = airwar("gunslingers", "validate", name)
    assert code == 0
    assert out == f"{name.removesuffix('.toml')}.toml: ok\n"


def test_run_takes_an_example_by_name() -> None:
    code, out, _ = airwar("gunslingers", "run", "dogfight-2v2", "--turns", "1", "--json")
    assert code == 0
    events = [json.loads(line) for line in out.splitlines()]
    assert {"phase", "roll"} <= {e["type"] for e in events}


def test_play_takes_an_example_by_name() -> None:
    r = runner.invoke(
        app,
        [
            *("gunslingers", "play", "dogfight-2v2", "--auto", "all", "--turns", "1"),
            *("--database-url", "sqlite://", "--seed", "3"),
        ],
        prog_name="airwar",
    )
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[0].startswith("saved as game ")
    assert "the game is over" in r.stdout


def test_a_path_that_exists_wins_over_an_example(elsewhere: Path) -> None:
    (elsewhere / "dogfight-2v2").write_text("[[sides]\n")
    code, out, _ = airwar("gunslingers", "validate", "dogfight-2v2")
    assert code == 2
    assert out.startswith("dogfight-2v2: not valid TOML")


@pytest.mark.parametrize("command", ["validate", "run", "play"])
def test_neither_a_file_nor_an_example_is_one_line(command: str) -> None:
    code, out, err = airwar("gunslingers", command, "dogfight")
    assert code == 2
    assert out == ""
    assert err == (
        "error: dogfight: no such scenario file, and no example of that name "
        "(examples: dogfight-2v2, large-battle, strike-sam-belt)\n"
    )


def test_a_folder_is_never_an_example_name() -> None:
    code, _, err = airwar("gunslingers", "validate", "elsewhere/dogfight-2v2")
    assert code == 2
    assert "no such scenario file" in err


def test_bia_engagement_takes_the_example_by_name() -> None:
    code, out, _ = airwar("bia", "engagement", "ford-crossing", "--seed", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["title"] == "Strike on the ford"
    code, _, err = airwar("bia", "engagement", "ford")
    assert code == 2
    assert err == (
        "error: ford: no such engagement file, and no example of that name "
        "(examples: ford-crossing)\n"
    )


def test_help_lists_every_system_weapon_and_example() -> None:
    wide = {"COLUMNS": "400"}  # each option's help on one line
    for args, listed in (
        (["bia", "air-defence", "--help"], f"one of: {', '.join(systems())} "),
        (["bia", "infantry", "--help"], f"one of: {', '.join(weapons())} "),
        (["bia", "engagement", "--help"], "or a packaged example: ford-crossing "),
    ):
        r = runner.invoke(app, args, prog_name="airwar", env=wide)
        assert r.exit_code == 0
        assert listed in r.stdout, args


# -- extras ------------------------------------------------------------------------------


LAB = "needs the lab extra: pip install 'airwar[lab]'"


def test_report_without_the_lab_extra_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, out, err = airwar("analyze", "report", "--games", "1", "--campaign-games", "0")
    assert code == 2
    assert out == ""
    assert err == f"error: airwar analyze report {LAB}\n"


def test_a_dask_cluster_without_the_lab_extra_is_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    for command in ("matchups", "first-mover", "prop-vs-jet", "campaign", "report"):
        code, _, err = airwar("analyze", command, "--scheduler", "tcp://127.0.0.1:1")
        assert code == 2, command
        assert err == f"error: airwar analyze {command} --scheduler {LAB}\n"
