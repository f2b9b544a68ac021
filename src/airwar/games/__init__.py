"""One package per rule set. ``load_all()`` registers every game by name."""

from __future__ import annotations

import importlib

GAME_PACKAGES = (
    "airwar.games.migs_sabres",
    "airwar.games.gunslingers",
    "airwar.games.bia",
)


def load_all() -> None:
    """Import every game package so that each registers itself."""
    for name in GAME_PACKAGES:
        importlib.import_module(name)
