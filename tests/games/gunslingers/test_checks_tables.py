"""The rule tables: every number cites its step, house values are marked."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from airwar.core.tables import TableError
from airwar.games.gunslingers.tables import (
    TABLES,
    entry,
    modifier_row,
    modifier_specs,
    rows,
)

TABLE_FILES = TABLES.names()


def _load(name: str) -> dict[str, Any]:
    with TABLES.file(name).open("rb") as fh:
        return tomllib.load(fh)


def test_all_tables_are_present() -> None:
    assert set(TABLE_FILES) >= {
        "sam",
        "stall",
        "sighting",
        "initiative",
        "air",
        "admin",
        "house_rules",
    }


@pytest.mark.parametrize("name", TABLE_FILES)
def test_every_number_cites_a_rule(name: str) -> None:
    data = _load(name)
    for key, value in data.items():
        items = value if isinstance(value, list) else [value]
        for item in items:
            assert isinstance(item, dict), f"{name}.{key}"
            assert str(item.get("rule", "")).strip(), f"{name}.{key} has no rule"
            if name == "house_rules":
                assert item.get("house") is True and "house value" in item["rule"]
            else:
                assert "house" not in item, f"{name}.{key} is not a house value"


def test_entries_and_rows() -> None:
    e = entry("sam", "passdown")
    assert (e.value, e.rule) == (7, "SAM Interaction Phase 7 / GS-1")
    assert "Die Roll 7-" in e.text and e.house is False
    assert list(modifier_specs("sam", "passdown_modifiers")) == ["iff", "ajm", "chaff", "bjm"]
    assert [s.is_countermeasure for s in modifier_specs("sam", "passdown_modifiers").values()] == [
        False,
        True,
        True,
        True,
    ]
    assert modifier_row("stall", "recovery_modifiers", "fly_by_wire").value == -2
    assert len(rows("sam", "sam_break_lock")) == 7


def test_missing_things_are_reported() -> None:
    with pytest.raises(TableError, match="no_such"):
        entry("no_such", "x")
    with pytest.raises(TableError, match="nothing"):
        entry("sam", "nothing")
    with pytest.raises(TableError, match="list of rows"):
        rows("sam", "passdown")
    with pytest.raises(TableError, match="no row"):
        modifier_row("stall", "recovery_modifiers", "ace")
    with pytest.raises(TableError, match="needs a value"):
        entry("sam", "passdown_modifiers")
    with pytest.raises(TableError, match="countermeasure row"):
        modifier_specs("sam", "passdown_modifiers")["ajm"].fixed()
