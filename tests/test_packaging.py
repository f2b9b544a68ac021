"""Every file of the package goes into the wheel: each non-Python file's type is package data.

The wheel itself is built, installed in a fresh virtual environment and
served from another folder by ``.ci/wheel-smoke`` (run by ``.ci/run``).
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import airwar

ROOT = Path(__file__).resolve().parents[1]
SRC = Path(airwar.__file__).resolve().parent


def test_package_data_covers_every_file_type() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    patterns = config["package-data"]["*"]
    left_out = [
        str(p.relative_to(SRC))
        for p in SRC.rglob("*")
        if p.is_file()
        and "__pycache__" not in p.parts
        and p.suffix not in (".py", ".pyc")
        and not any(fnmatch.fnmatch(p.name, pat) for pat in patterns)
    ]
    assert left_out == [], "add their types to [tool.setuptools.package-data] in pyproject.toml"


def test_the_examples_are_in_the_package() -> None:
    for game, names in (
        ("gunslingers", {"dogfight-2v2.toml", "large-battle.toml", "strike-sam-belt.toml"}),
        ("bia", {"ford-crossing.toml"}),
    ):
        folder = SRC / "games" / game / "examples"
        assert {p.name for p in folder.glob("*.toml")} == names


def test_the_gunslingers_library_of_types_is_in_the_package() -> None:
    folder = SRC / "games" / "gunslingers" / "library"
    names = {p.name for p in folder.glob("*.toml")}
    assert names == {"aircraft.toml", "weapons.toml", "sams.toml", "radars.toml"}
    assert not (folder / "__init__.py").exists()  # data only: the loader is typelib.py
