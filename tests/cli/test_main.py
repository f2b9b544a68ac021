"""The root command: its commands are loaded when named, and only theirs.

Each case runs ``airwar`` in a fresh interpreter and lists the modules the
command left loaded: a rule set's command must not wait for the solver's
compiler, another rule set or (where it opens no database) SQLAlchemy.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from airwar.cli.main import SUBCOMMANDS, app

CHILD = """
import json, sys
import airwar.cli.main as main
sys.argv = ["airwar", *json.loads(sys.argv[1])]
try:
    main.main()
except SystemExit as exc:
    code = exc.code
print("LOADED " + json.dumps([code, sorted(sys.modules)]))
"""

HEAVY = (
    "numba",
    "airwar.games.migs_sabres.solver",
    "airwar.games.gunslingers",
    "airwar.games.migs_sabres",
)
"""Modules a command that needs none of them must not load (each costs 0.2 to 0.5 s)."""

CASES = [
    # (command line, modules it must not load)
    (["version"], (*HEAVY, "sqlalchemy", "airwar.games.bia", "fastapi")),
    (["--help"], (*HEAVY, "sqlalchemy", "airwar.games.bia", "fastapi", "airwar.cli.migs")),
    (
        [
            *("bia", "air-defence", "--system", "manpad", "--target-speed", "slow"),
            *("--target-manoeuvrability", "poor", "--firer", "surface", "--json"),
        ],
        (*HEAVY, "sqlalchemy", "fastapi"),
    ),
    # the play session is loaded (the command's module uses it) but no database is opened
    (
        ["gunslingers", "examples"],
        (
            "numba",
            "airwar.games.migs_sabres.solver",
            "airwar.games.migs_sabres",
            "sqlalchemy",
            "alembic",
        ),
    ),
    # the solver and the database come with the commands that use them
    (
        ["migs", "moves", "--mover", "F-86@c4:NE", "--target", "MiG-15@f7:S", "--mp", "3"],
        (
            "numba",
            "airwar.games.migs_sabres.solver",
            "sqlalchemy",
            "airwar.games.gunslingers",
            "fastapi",
        ),
    ),
]


def _run(args: list[str], env: dict[str, str] | None = None) -> tuple[int, set[str], str]:
    """The command's exit code, the modules it left loaded, and what it printed."""
    run = subprocess.run(
        [sys.executable, "-c", CHILD, json.dumps(args)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )
    printed, _, line = run.stdout.rpartition("LOADED ")
    code, modules = json.loads(line)
    return code, set(modules), printed


def _loaded(args: list[str]) -> tuple[int, set[str]]:
    code, modules, _ = _run(args)
    return code, modules


@pytest.mark.parametrize(("args", "absent"), CASES, ids=lambda v: " ".join(v[:2]))
def test_a_command_loads_only_what_it_needs(args: list[str], absent: tuple[str, ...]) -> None:
    code, modules = _loaded(args)
    assert code in (0, None)
    loaded = sorted(m for m in absent if m in modules)
    assert loaded == [], f"airwar {' '.join(args)} loaded {loaded}"


def test_the_root_lists_every_command_in_order_with_its_help() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0, result.output
    # a command's row starts at the panel's edge; its help's wrapped lines are indented
    listed = re.findall(r"^│ ([a-z]+) ", result.output, flags=re.MULTILINE)
    assert listed == [*SUBCOMMANDS, "version"]
    text = " ".join(result.output.replace("│", " ").split())
    assert "The analysis lab: matchup odds, the designer's questions" in text
    assert "Replay a finished game's record and check that its dice were fair" in text


@pytest.mark.parametrize("name", list(SUBCOMMANDS))
def test_the_root_lists_a_command_by_the_first_paragraph_of_its_own_help(name: str) -> None:
    """The root's help lists its commands without loading them: from a line of
    its own, which must stay the one the command gives itself."""
    module, summary = SUBCOMMANDS[name]
    command = typer.main.get_command(importlib.import_module(module).app)
    first = (command.help or "").strip().split("\n\n")[0]
    assert " ".join(first.split()) == summary


@pytest.mark.parametrize("name", list(SUBCOMMANDS))
def test_a_loaded_command_runs_and_offers_no_shell_completion_of_its_own(name: str) -> None:
    """Shell completion is installed from the root; a command loaded on its own
    must not grow its own ``--install-completion``."""
    result = CliRunner().invoke(app, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "--install-completion" not in result.output
    assert f"airwar {name}" in result.output


def test_an_unknown_command_is_one_line_naming_it() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "airwar.cli.main", "migz"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "No such command 'migz'" in run.stderr


def test_a_shell_completes_a_command_name_without_loading_the_commands() -> None:
    """Completion runs the command at every tab: the names come from the list."""
    env = {"_AIRWAR_COMPLETE": "complete_bash", "COMP_WORDS": "airwar ", "COMP_CWORD": "1"}
    code, modules, printed = _run([], env)
    assert code in (0, None)
    assert printed.split() == [*SUBCOMMANDS, "version"]
    assert [m for m in (*HEAVY, "sqlalchemy", "airwar.cli.migs") if m in modules] == []


def test_a_shell_completes_inside_a_command_it_loads() -> None:
    env = {"_AIRWAR_COMPLETE": "complete_bash", "COMP_WORDS": "airwar bia air", "COMP_CWORD": "2"}
    code, modules, printed = _run([], env)
    assert code in (0, None) and printed.split() == ["air-defence"]
    assert "airwar.cli.bia" in modules and "numba" not in modules


@pytest.mark.parametrize(
    ("word", "kept"),
    [
        ("/a/" + "deep-folder/" * 20 + "raid.toml", True),  # 247 characters: a path
        ("x" * 299, True),  # with its colon, 300
        ("y" * 301, False),
        ("z" * 5000, False),
    ],
)
def test_an_error_line_keeps_a_path_whole_and_cuts_a_huge_value(word: str, kept: bool) -> None:
    from airwar.cli.common import MAX_WORD, one_line

    line = one_line(f"{word}: unknown speed")
    assert "\n" not in line
    if kept:
        assert line == f"{word}: unknown speed"
    else:
        assert line.startswith(word[:200] + "...") and line.endswith(": unknown speed")
        assert len(line.split()[0]) <= MAX_WORD
