"""The one loader of the games' data files: TOML inside a game's package.

A rule set declares each folder of data files it ships with
:func:`data_folder` and reads them through it; every folder declared is known
to :func:`data_folders`, so a check over all the games' tables (the one that
no setting is dead) finds them without a list of games.

A file is read through :mod:`importlib.resources` (so a game works from a
wheel or a zip) and parsed with ``tomllib.load`` once; the parsed mapping is
shared, so callers treat it as read-only.

A game package declares ``TABLES = data_folder("its.package", "data")`` and
reads ``TABLES.load("planes")``; a folder names its files as the dead-setting
check does:

>>> DataFolder("its.package", "data").file_id("planes")
'data/planes.toml'
>>> DataFolder("its.package").file_id("unit_defaults")
'package/unit_defaults.toml'
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from airwar.core.errors import AirwarError

SUFFIX = ".toml"


class TableError(AirwarError):
    """A data file that is missing, or lacks an entry the rules need."""


@dataclass(frozen=True)
class DataFolder:
    """A folder of TOML data files inside a package (``folder`` ``""``: the package's own).

    ``rules`` says whether its files are settings of the rules, each of whose keys
    the code must read; ``scenarios`` names files in it that are games to load,
    read whole by a scenario reader, not settings."""

    package: str
    folder: str = ""
    rules: bool = True
    scenarios: frozenset[str] = field(default_factory=frozenset)

    @property
    def root(self) -> Traversable:
        base = resources.files(self.package)
        return base.joinpath(self.folder) if self.folder else base

    def file(self, name: str) -> Traversable:
        """The file ``<name>.toml`` of the folder (it may not exist)."""
        return self.root / f"{name}{SUFFIX}"

    def file_id(self, name: str) -> str:
        """The file as ``folder/name.toml`` (the package's last name for its own folder)."""
        where = self.folder.rsplit("/", 1)[-1] or self.package.rsplit(".", 1)[-1]
        return f"{where}/{name}{SUFFIX}"

    def names(self) -> list[str]:
        """The data files of the folder, without ``.toml``, sorted."""
        return sorted(
            p.name.removesuffix(SUFFIX)
            for p in self.root.iterdir()
            if p.is_file() and p.name.endswith(SUFFIX)
        )

    def rule_tables(self) -> list[str]:
        """The files that are settings of the rules (none in a folder of data cards)."""
        return [n for n in self.names() if n not in self.scenarios] if self.rules else []

    def find(self, name: str) -> dict[str, Any] | None:
        """The parsed file, or ``None`` when there is none. A file that is not TOML
        raises ``tomllib.TOMLDecodeError``; each caller says which of its files it is."""
        return _parse(self.package, self.folder, name)

    def load(self, name: str) -> dict[str, Any]:
        """The parsed file; a missing one is a :class:`TableError` naming it."""
        data = self.find(name)
        if data is None:
            raise TableError(f"data file {self.file_id(name)} is missing from {self.package}")
        return data

    def text(self, name: str) -> str:
        """The file's text (a scenario that a reader parses itself)."""
        return self.file(name).read_text("utf-8")


_FOLDERS: dict[tuple[str, str], DataFolder] = {}


def data_folder(
    package: str, folder: str = "", *, rules: bool = True, scenarios: tuple[str, ...] = ()
) -> DataFolder:
    """Declare a folder of ``package``'s data files (once; again: the same folder)."""
    key = (package, folder)
    if key not in _FOLDERS:
        _FOLDERS[key] = DataFolder(package, folder, rules, frozenset(scenarios))
    return _FOLDERS[key]


def data_folders() -> tuple[DataFolder, ...]:
    """Every folder declared by the game modules imported so far."""
    return tuple(_FOLDERS.values())


@cache
def _parse(package: str, folder: str, name: str) -> dict[str, Any] | None:
    base = resources.files(package)
    path = (base.joinpath(folder) if folder else base) / f"{name}{SUFFIX}"
    if not path.is_file():
        return None
    with path.open("rb") as fh:
        return tomllib.load(fh)  # through the module, so a probe may wrap it
