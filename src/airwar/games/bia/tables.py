"""The rule tables of Bounce Into Action: Firing, read from the TOML files in ``data/``.

The numbers live in ``data/air_defence.toml`` (BIA-1..BIA-5) and
``data/infantry.toml`` (BIA-6), each beside the rule text it comes from. This
module only reads them; it holds no rule numbers of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from airwar.core.tables import data_folder
from airwar.games.bia.errors import UnknownValue

T = TypeVar("T")

DATA = data_folder("airwar.games.bia", "data", scenarios=("default_engagement",))
"""The package's ``data/`` folder (the kernel's one loader): the rule tables and the
bundled engagement, a scenario read whole by its reader (``DATA.text``)."""


def air_defence_table() -> dict[str, Any]:
    """``data/air_defence.toml``: speed and manoeuvrability tables, loiter, systems, pilots."""
    return DATA.load("air_defence")


def infantry_table() -> dict[str, Any]:
    """``data/infantry.toml``: infantry modifiers, stand size and weapon range bands."""
    return DATA.load("infantry")


def normalise_key(text: str) -> str:
    """A table key as the data spells it: lower case, ``-`` for ``_`` and spaces."""
    return str(text).strip().lower().replace("_", "-").replace(" ", "-")


def pick(table: Mapping[str, T], key: str, what: str) -> T:
    """The row ``key`` of ``table``; an unknown key names the allowed ones."""
    norm = normalise_key(key)
    if norm not in table:
        raise UnknownValue(f"unknown {what} {key!r} (allowed: {', '.join(table)})")
    return table[norm]
