"""The Gunslingers data files, declared to the kernel's one loader, and the rule tables' entries.

The package's data files are read through :mod:`airwar.core.tables`: the rule
tables in ``tables/`` (:data:`TABLES`), the unit-card defaults of GS-6
(``unit_defaults.toml`` in the package's own folder, :data:`PACKAGE_FILES`) and
the library of types (``library/``, :data:`LIBRARY`).

Every number the text gives lives in one of those files, each entry with the
rule it comes from (the text's phase and step, or a GS ruling) and, where
useful, the words of the text. Code never types a table number itself. The
numbers the text leaves out that airwar chose (``house = true``) are in
``tables/house_rules.toml``.

An entry is a TOML table with at least ``value`` and ``rule``::

    [camouflaged_target]
    value = 5
    rule = "Visual Sighting Phase 5 / GS-10"
    text = "Attempt to sight camouflaged units. (1/2 sighting range, Die Roll 5-)"

A modifier list is an array of tables with ``key``, ``reason``, ``value`` and
``rule``.

>>> number("sighting", "camouflaged_target")
5
>>> modifier_row("stall", "recovery_modifiers", "green").value
2
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from airwar.core.checks import Modifier
from airwar.core.tables import TableError, data_folder

PACKAGE = "airwar.games.gunslingers"
TABLES = data_folder(PACKAGE, "tables")
"""The rule tables: every key is a setting the rules read."""
PACKAGE_FILES = data_folder(PACKAGE, scenarios=("default_scenario",))
"""The package's own folder: the unit-card defaults (GS-6) and the default scenario."""
LIBRARY = data_folder(PACKAGE, "library", rules=False)
"""The library of types (GS-60): data cards, each read whole when a card is built."""


@dataclass(frozen=True)
class Entry:
    """One number of a table with the rule it comes from."""

    value: int
    rule: str
    text: str = ""
    house: bool = False


def load_table(name: str) -> dict[str, Any]:
    """The parsed TOML file ``tables/<name>.toml`` (read once)."""
    data = TABLES.find(name)
    if data is None:
        raise TableError(f"rule table {name}.toml is missing from the tables folder")
    return data


def _raw(table: str, key: str) -> object:
    data = load_table(table)
    if key not in data:
        raise TableError(f"rule table {table}.toml has no entry {key!r}")
    return data[key]


@cache
def entry(table: str, key: str) -> Entry:
    """The entry ``key`` of ``tables/<table>.toml``."""
    raw = _raw(table, key)
    if not isinstance(raw, dict) or "value" not in raw or "rule" not in raw:
        raise TableError(f"rule table {table}.toml: entry {key!r} needs a value and a rule")
    return Entry(
        int(raw["value"]), str(raw["rule"]), str(raw.get("text", "")), bool(raw.get("house"))
    )


def number(table: str, key: str) -> int:
    """Just the value of an entry."""
    return entry(table, key).value


def rows(table: str, key: str) -> list[dict[str, Any]]:
    """An array of tables (a table with several rows)."""
    raw = _raw(table, key)
    if not isinstance(raw, list) or not all(isinstance(r, dict) for r in raw):
        raise TableError(f"rule table {table}.toml: {key!r} must be a list of rows")
    return list(raw)


@cache
def modifier_rows(table: str, key: str) -> dict[str, Modifier]:
    """A modifier list as ``{key: Modifier(reason, value, rule)}`` in the file's order."""
    out: dict[str, Modifier] = {}
    for row in rows(table, key):
        try:
            out[str(row["key"])] = Modifier(str(row["reason"]), int(row["value"]), str(row["rule"]))
        except KeyError as missing:
            raise TableError(
                f"rule table {table}.toml: a row of {key!r} lacks {missing.args[0]!r}"
            ) from None
    return out


def modifier_row(table: str, key: str, row_key: str) -> Modifier:
    """One modifier of a modifier list."""
    table_rows = modifier_rows(table, key)
    if row_key not in table_rows:
        raise TableError(f"rule table {table}.toml: {key!r} has no row {row_key!r}")
    return table_rows[row_key]


@dataclass(frozen=True)
class ModifierSpec:
    """A row of a modifier list: a fixed value, or a countermeasure worth
    max(0, number - ECCM) with the number halved (rounded up) first (GS-2)."""

    key: str
    reason: str
    rule: str
    value: int | None = None
    halve: bool = False

    @property
    def is_countermeasure(self) -> bool:
        return self.value is None

    def fixed(self) -> Modifier:
        """The modifier of a fixed row."""
        if self.value is None:
            raise TableError(f"modifier {self.key!r} is a countermeasure row, not a fixed one")
        return Modifier(self.reason, self.value, self.rule)


@cache
def modifier_specs(table: str, key: str) -> dict[str, ModifierSpec]:
    """A modifier list mixing fixed rows (``value``) and countermeasure rows (``halve``)."""
    out: dict[str, ModifierSpec] = {}
    for row in rows(table, key):
        try:
            value = row.get("value")
            out[str(row["key"])] = ModifierSpec(
                str(row["key"]),
                str(row["reason"]),
                str(row["rule"]),
                None if value is None else int(value),
                bool(row.get("halve", False)),
            )
        except KeyError as missing:
            raise TableError(
                f"rule table {table}.toml: a row of {key!r} lacks {missing.args[0]!r}"
            ) from None
    return out
