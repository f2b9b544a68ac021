"""The one loader of the games' data files (``airwar.core.tables``)."""

from __future__ import annotations

import doctest
import importlib
import tomllib

import pytest

from airwar.core.tables import DataFolder, TableError, data_folder, data_folders
from airwar.games import load_all

MIGS = "airwar.games.migs_sabres"


@pytest.mark.parametrize("name", ["airwar.core.tables", "airwar.core.dice"])
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0


def test_a_folder_is_declared_once_and_found_by_every_game() -> None:
    load_all()
    folder = data_folder(MIGS, "data")
    assert data_folder(MIGS, "data") is folder
    declared = {(f.package, f.folder) for f in data_folders()}
    assert {(MIGS, "data"), ("airwar.games.bia", "data")} <= declared
    assert ("airwar.games.gunslingers", "tables") in declared


def test_a_file_is_parsed_once_and_shared() -> None:
    folder = data_folder(MIGS, "data")
    first = folder.load("aircraft")
    assert folder.load("aircraft") is first
    with folder.file("aircraft").open("rb") as fh:
        assert tomllib.load(fh) == first


def test_a_missing_file_is_named() -> None:
    folder = data_folder(MIGS, "data")
    assert folder.find("no_such_table") is None
    with pytest.raises(TableError, match=r"data/no_such_table\.toml is missing from "):
        folder.load("no_such_table")


def test_the_rule_tables_leave_out_scenarios_and_data_cards() -> None:
    load_all()
    bia = data_folder("airwar.games.bia", "data")
    assert "default_engagement" in bia.names()
    assert "default_engagement" not in bia.rule_tables()
    assert set(bia.rule_tables()) == {"air_defence", "infantry"}
    library = data_folder("airwar.games.gunslingers", "library")
    assert library.names() and library.rule_tables() == []
    own = data_folder("airwar.games.gunslingers")
    assert own.file_id("unit_defaults") == "gunslingers/unit_defaults.toml"
    assert "default_scenario" in own.names() and own.rule_tables() == ["unit_defaults"]


def test_a_scenario_is_read_as_text() -> None:
    text = data_folder("airwar.games.bia", "data").text("default_engagement")
    assert isinstance(tomllib.loads(text), dict)


def test_a_folder_knows_its_files_without_a_game() -> None:
    """The loader serves any package, not only a registered game's."""
    folder = DataFolder("airwar.games.gunslingers", "examples", rules=False)
    assert "dogfight-2v2" in folder.names()
    assert folder.rule_tables() == []
