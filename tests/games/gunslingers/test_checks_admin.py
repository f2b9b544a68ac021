"""End of Turn Administrative Phase checks."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from airwar.games.gunslingers.rules import admin as checks_admin
from airwar.games.gunslingers.rules.admin import (
    aaa_resupply_check,
    auto_reload_rails,
    infantry_sam_reload_check,
)


def test_doctests() -> None:
    result = doctest.testmod(checks_admin)
    assert result.attempted > 0 and result.failed == 0


def test_resupply_and_reload() -> None:
    aaa = aaa_resupply_check()
    assert (aaa.target, aaa.probability()) == (2, Fraction(2, 10))
    assert aaa.rule == "End of Turn Administrative Phase 8 / GS-1"
    reload = infantry_sam_reload_check()
    assert (reload.target, reload.probability()) == (3, Fraction(3, 10))
    assert reload.rule == "End of Turn Administrative Phase 9 / GS-1"


@pytest.mark.parametrize(
    ("expended", "busy", "reloaded"), [(3, False, 2), (2, False, 2), (1, False, 1), (3, True, 0)]
)
def test_auto_reload(expended: int, busy: bool, reloaded: int) -> None:
    assert auto_reload_rails(expended, busy) == reloaded


def test_auto_reload_rejects_negative() -> None:
    with pytest.raises(ValueError):
        auto_reload_rails(-1, False)
