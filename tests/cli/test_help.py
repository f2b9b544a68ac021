"""Every command's ``--help``, as ``airwar`` prints it: clean, and pointing at files that exist.

One fresh interpreter runs the real entry point (``airwar.cli.main:main``) with
``--help`` for every command and group, found by walking the command tree, so
a command added later is checked too.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import contextlib, importlib, io, json, sys
import typer
import airwar.cli.main as main

def walk(command, path):
    yield path
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from walk(sub, [*path, name])

paths = [[]]
for name, (module, _) in main.SUBCOMMANDS.items():
    paths += walk(typer.main.get_command(importlib.import_module(module).app), [name])
paths.append(["version"])
helps = {}
for path in paths:
    out = io.StringIO()
    sys.argv = ["airwar", *path, "--help"]
    with contextlib.redirect_stdout(out):
        try:
            main.main()
        except SystemExit as exc:
            code = exc.code
    helps[" ".join(path)] = [code, out.getvalue()]
print(json.dumps(helps))
"""


@pytest.fixture(scope="module")
def helps() -> dict[str, tuple[int, str]]:
    """Each command's path (``""`` for the root) -> its exit code and help text."""
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, timeout=180
    )
    assert done.returncode == 0, done.stderr
    return {path: (code, text) for path, (code, text) in json.loads(done.stdout).items()}


def flat(text: str) -> str:
    """The help's words on one line: the panels' borders and the line breaks gone."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def test_every_command_is_walked(helps: dict[str, tuple[int, str]]) -> None:
    for path in (
        "",
        "migs play",
        "migs moves",
        "gunslingers play",
        "gunslingers types show",
        "verify",
        "export",
        "serve",
        "bia air-defence",
        "analyze report",
    ):
        assert path in helps, path
    assert all(code == 0 for code, _ in helps.values()), {
        p: c for p, (c, _) in helps.items() if c != 0
    }


@pytest.mark.parametrize(
    ("word", "why"),
    [
        ("<bool>", "a flag takes no value: its type column stays empty"),
        ("{", "an argument is written RECORD or [SCENARIO] in the usage, not {record}"),
        ("DESIGN.md", "no such file: the docs/ file that holds it is named instead"),
        ("(random, ", "the bots a side takes are listed in full"),
        ("(default: random)", "a seed's default is said as it is"),
    ],
)
def test_no_help_shows(helps: dict[str, tuple[int, str]], word: str, why: str) -> None:
    showing = sorted(path or "airwar" for path, (_, text) in helps.items() if word in text)
    assert showing == [], f"{word!r} in the help of {showing}: {why}"


def test_the_usage_names_arguments_as_a_reader_expects(
    helps: dict[str, tuple[int, str]],
) -> None:
    assert "[OPTIONS] RECORD" in flat(helps["verify"][1])
    assert "[OPTIONS] [SCENARIO]" in flat(helps["gunslingers play"][1])
    assert "[OPTIONS] SCENARIO" in flat(helps["gunslingers validate"][1])


def test_every_docs_file_a_help_names_exists(helps: dict[str, tuple[int, str]]) -> None:
    named = {
        name for _, text in helps.values() for name in re.findall(r"\b[\w./-]+\.md\b", flat(text))
    }
    assert named, "the helps point at the docs (docs/review.md, docs/terminal.md)"
    assert [n for n in sorted(named) if not (ROOT / n).is_file()] == []


def test_the_help_of_a_side_lists_every_bot(helps: dict[str, tuple[int, str]]) -> None:
    from airwar.cli.migs_seats import bot_names

    text = flat(helps["migs play"][1])
    for side in ("Communist", "Allied"):
        said = text.split(f"Who flies the {side} side: human, or a bot: ", 1)[1]
        assert said.startswith(", ".join(bot_names()))


def test_the_gunslingers_seed_and_scenario_say_what_they_take(
    helps: dict[str, tuple[int, str]],
) -> None:
    text = flat(helps["gunslingers play"][1])
    assert "a packaged example's name" in text
    assert "A game between people takes none" in text


def airwar(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "airwar.cli.main", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_gunslingers_play_takes_a_seed_as_its_help_says(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite'}"
    people = airwar("gunslingers", "play", "dogfight-2v2", "--seed", "3", "--database-url", url)
    assert people.returncode == 2 and people.stdout == ""
    assert people.stderr.startswith("error: a game between two people takes no seed")
    assert people.stderr.count("\n") == 1
    one = airwar(
        *("gunslingers", "play", "dogfight-2v2", "--auto", "Red", "--auto", "referee"),
        *("--seed", "3", "--database-url", url),
        stdin="quit\n",
    )
    assert one.returncode == 0, one.stderr
    assert "saved as game" in one.stdout


def test_validate_exits_2_for_a_scenario_with_problems(tmp_path: Path) -> None:
    """As the README says of all bad input; the problems are its output, one a line."""
    bad = tmp_path / "bad.toml"
    bad.write_text('[scenario]\nname = ""\n', encoding="utf-8")
    done = airwar("gunslingers", "validate", str(bad))
    assert done.returncode == 2 and done.stderr == ""
    assert done.stdout.splitlines()[0] == "bad.toml: scenario.name: must be non-empty text"
    assert airwar("gunslingers", "validate", "dogfight-2v2").returncode == 0
