"""The ``>>>`` examples in the Bounce Into Action modules run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "airwar.games.bia.airdefence",
    "airwar.games.bia.outcome",
    "airwar.games.bia.volley",
    "airwar.games.bia.firing_order",
    "airwar.games.bia.infantry",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
