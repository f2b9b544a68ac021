"""Every key of every rule table is read by the code: a dead setting fails the suite.

A setting that no code reads looks like a rule the program follows, and
changing it changes nothing (``min_steps_before_fire`` in ``movement.toml`` was
one). ``table_keys_probe.py`` loads the tables with mappings that record each
key read, then imports the game packages and plays every installed game; a key is live
when it was read there, or when the code names it (a string constant in
``src/airwar``: a read on a branch those games did not reach, such as a limit
only an attack reaches). A key that is neither is dead.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import airwar.games

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("table_keys_probe.py")

NOT_SETTINGS = frozenset({"examples", "library"})
"""Folders of a game package whose files are not settings of the rules: the example
scenarios, games a player may load and the scenario readers read whole; and a type
library (the Gunslingers one), data cards whose every field is read when a card is
built (``typelib.build_library``)."""

SCENARIO_PREFIX = "default_"
"""A game's default scenario (``default_engagement.toml``, ``default_scenario.toml``):
a game to load, not a table of settings."""


def game_folders() -> list[Path]:
    """The folder of every installed game package (the ``airwar.games`` entry points)."""
    airwar.games.load_all()
    return [
        Path(importlib.import_module(module).__file__ or "").parent
        for module in airwar.games.packages().values()
    ]


TABLES = sorted(
    path
    for folder in game_folders()
    for path in folder.rglob("*.toml")
    if not NOT_SETTINGS.intersection(path.relative_to(folder).parts[:-1])
)
"""The rule tables: every TOML file of every game package, but those of
:data:`NOT_SETTINGS`."""


def rule_tables() -> list[Path]:
    return [p for p in TABLES if not p.name.startswith(SCENARIO_PREFIX)]


def table_id(path: Path) -> str:
    """How the probe names a file: its folder and its name."""
    return f"{path.parent.name}/{path.name}"


def names_in_code() -> set[str]:
    """Every string constant of the code (docstrings left out)."""
    names: set[str] = set()
    for path in (ROOT / "src" / "airwar").rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                names.add(node.value)
    return names


def dead_keys(every: set[str], read: set[str], named: set[str]) -> set[str]:
    """The keys (dotted paths) neither read while playing nor named by the code."""
    return {key for key in every - read if key.rsplit(".", 1)[-1] not in named}


@pytest.fixture(scope="module")
def probe() -> dict[str, set[str]]:
    out = subprocess.run(
        [sys.executable, str(PROBE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-4000:]
    data = json.loads(out.stdout)
    return {"all": set(data["all"]), "seen": set(data["seen"])}


def test_dead_keys_are_found() -> None:
    """The comparison itself: a key neither read nor named is dead, the others are not."""
    every = {"data/movement.toml.ace_bonus", "data/movement.toml.min_steps_before_fire"}
    every |= {"data/movement.toml.step[].cost", "tables/air.toml.gun_attacks_per_turn"}
    read = {"data/movement.toml.ace_bonus", "data/movement.toml.step[].cost"}
    named = {"gun_attacks_per_turn", "ace_bonus"}
    assert dead_keys(every, read, named) == {"data/movement.toml.min_steps_before_fire"}


def test_every_rule_table_is_loaded_and_tracked(probe: dict[str, set[str]]) -> None:
    loaded = {key.split(".toml", 1)[0] + ".toml" for key in probe["all"]}
    missing = {table_id(p) for p in rule_tables()} - loaded
    assert not missing, f"rule tables never loaded by the games: {sorted(missing)}"


def test_no_rule_table_holds_a_dead_setting(probe: dict[str, set[str]]) -> None:
    ours = tuple(table_id(p) + "." for p in rule_tables())
    every = {key for key in probe["all"] if key.startswith(ours)}
    dead = dead_keys(every, probe["seen"], names_in_code())
    assert not dead, (
        "settings no code reads (remove them, or make the rules read them): "
        + ", ".join(sorted(dead))
    )
