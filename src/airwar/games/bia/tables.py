"""The rule tables of Bounce Into Action: Firing, read from the TOML files in ``data/``.

The numbers live in ``data/air_defence.toml`` (BIA-1..BIA-5) and
``data/infantry.toml`` (BIA-6), each beside the rule text it comes from. This
module only reads them; it holds no rule numbers of its own.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, TypeVar

from airwar.games.bia.errors import UnknownValue

T = TypeVar("T")

DATA_PACKAGE = "airwar.games.bia"


def load_table(name: str) -> dict[str, Any]:
    """The parsed TOML file ``data/<name>.toml`` of this package."""
    return dict(_load(name))


@cache
def _load(name: str) -> dict[str, Any]:
    path = resources.files(DATA_PACKAGE).joinpath("data", f"{name}.toml")
    with path.open("rb") as fh:
        return tomllib.load(fh)


def air_defence_table() -> dict[str, Any]:
    """``data/air_defence.toml``: speed and manoeuvrability tables, loiter, systems, pilots."""
    return _load("air_defence")


def infantry_table() -> dict[str, Any]:
    """``data/infantry.toml``: infantry modifiers, stand size and weapon range bands."""
    return _load("infantry")


def load_text(name: str) -> str:
    """The raw text of ``data/<name>.toml`` (e.g. the bundled engagement)."""
    return resources.files(DATA_PACKAGE).joinpath("data", f"{name}.toml").read_text("utf-8")


def normalise_key(text: str) -> str:
    """A table key as the data spells it: lower case, ``-`` for ``_`` and spaces."""
    return str(text).strip().lower().replace("_", "-").replace(" ", "-")


def pick(table: Mapping[str, T], key: str, what: str) -> T:
    """The row ``key`` of ``table``; an unknown key names the allowed ones."""
    norm = normalise_key(key)
    if norm not in table:
        raise UnknownValue(f"unknown {what} {key!r} (allowed: {', '.join(table)})")
    return table[norm]
