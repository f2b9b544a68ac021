"""The examples in the package's docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "airwar.games.migs_sabres.actions",
    "airwar.games.migs_sabres.board",
    "airwar.games.migs_sabres.combat",
    "airwar.games.migs_sabres.movement",
    "airwar.games.migs_sabres.pilots",
    "airwar.games.migs_sabres.planes",
    "airwar.games.migs_sabres.sortie",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
