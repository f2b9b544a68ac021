"""The rule tables of MiGs and Sabres, read from the TOML files in ``data/``.

Every number the rules use (base values, kill numbers, move costs, the board,
the Sortie Chart) lives in those files with the rule text it comes from.
"""

from __future__ import annotations

from typing import Any

from airwar.core.tables import data_folder

DATA = data_folder("airwar.games.migs_sabres", "data")
"""The tables' folder inside the installed package (the kernel's one loader)."""


def table(name: str) -> dict[str, Any]:
    """The parsed ``data/<name>.toml`` (read once; treat as read-only)."""
    return DATA.load(name)
