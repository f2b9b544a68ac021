"""Every key of every rule table is read by the code: a dead setting fails the suite.

A setting that no code reads looks like a rule the program follows, and
changing it changes nothing (``min_steps_before_fire`` in ``movement.toml`` was
one). ``table_keys_probe.py`` loads the tables with mappings that record each
key read, then imports the games and plays a fixed set of them; a key is live
when it was read there, or when the code names it (a string constant in
``src/airwar``: a read on a branch those games did not reach, such as a limit
only an attack reaches). A key that is neither is dead.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import pytest

from airwar.core.tables import data_folders
from airwar.games import load_all, packages
from airwar.games.examples import FOLDER

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("table_keys_probe.py")


def rule_tables() -> list[str]:
    """The rule tables of every registered game, as the probe names them (``folder/name.toml``),
    found through the one loader (``airwar.core.tables``): each game declares its data folders.
    Not among them, because they are not settings of the rules: the example and default
    scenarios (``default_engagement.toml``, ``default_scenario.toml``, ``examples/``), which
    are games a player may load and are read whole by the scenario readers; and the
    Gunslingers type library (``library/*.toml``), data cards of aircraft, radars, SAMs and
    weapons whose every field is read when a card is built (``typelib.build_library``)."""
    load_all()
    return sorted(f.file_id(name) for f in data_folders() for name in f.rule_tables())


def data_files(root: Traversable, folder: str = "") -> list[tuple[str, str]]:
    """Every TOML file under ``root`` as (its folder inside the package, its name)."""
    found: list[tuple[str, str]] = []
    for item in root.iterdir():
        if item.is_dir():
            found += data_files(item, f"{folder}/{item.name}".lstrip("/"))
        elif item.name.endswith(".toml"):
            found.append((folder, item.name.removesuffix(".toml")))
    return found


def test_every_data_file_of_a_game_is_in_a_declared_folder() -> None:
    """A TOML file a game ships outside the folders it declares to the loader (and its
    ``examples/``) would escape the check below: a dead setting there would never fail."""
    rule_tables()  # loads every game package
    declared = {(f.package, f.folder): f for f in data_folders()}
    undeclared = [
        f"{package}: {folder}/{name}.toml".replace(": /", ": ")
        for package in packages().values()
        for folder, name in data_files(resources.files(package))
        if folder != FOLDER and (package, folder) not in declared
    ]
    assert not undeclared, f"data files in no declared folder: {undeclared}"
    assert "tables/house_rules.toml" in rule_tables()
    assert "gunslingers/default_scenario.toml" not in rule_tables()


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
    missing = set(rule_tables()) - loaded
    assert not missing, f"rule tables never loaded by the games: {sorted(missing)}"


def test_no_rule_table_holds_a_dead_setting(probe: dict[str, set[str]]) -> None:
    ours = tuple(t + "." for t in rule_tables())
    every = {key for key in probe["all"] if key.startswith(ours)}
    dead = dead_keys(every, probe["seen"], names_in_code())
    assert not dead, (
        "settings no code reads (remove them, or make the rules read them): "
        + ", ".join(sorted(dead))
    )
