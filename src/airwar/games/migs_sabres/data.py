"""The rule tables of MiGs and Sabres, read from the TOML files in ``data/``.

Every number the rules use (base values, kill numbers, move costs, the board,
the Sortie Chart) lives in those files with the rule text it comes from.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

DATA_DIR = resources.files("airwar.games.migs_sabres").joinpath("data")
"""The tables' folder inside the installed package."""


@cache
def table(name: str) -> dict[str, Any]:
    """The parsed ``data/<name>.toml`` (cached; treat as read-only)."""
    with (DATA_DIR / f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)
