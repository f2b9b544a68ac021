"""Air-to-air missile launches, air radar checks and limits (GS-6, GS-13, GS-21)."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from airwar.games.gunslingers.model.words import CheckInputError
from airwar.games.gunslingers.rules import air as checks_air
from airwar.games.gunslingers.rules.air import (
    air_radar_break_lock_checks,
    attacks_per_turn,
    detection_rolls_per_turn,
    lock_on_attempts_per_turn,
    may_retry_launch,
    missile_launch_check,
    radar_detection_check,
    radar_lock_on_check,
)


def test_doctests() -> None:
    result = doctest.testmod(checks_air)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("launch", "p"), [(7, Fraction(7, 10)), (0, Fraction(0)), (10, Fraction(1))]
)
def test_missile_launch(launch: int, p: Fraction) -> None:
    check = missile_launch_check(launch)
    assert check.probability() == p
    assert check.rule == "Air To Air Missile Launch Phase 2 / GS-6"
    retry = missile_launch_check(launch, retry=True)
    assert retry.probability() == p  # the additional try is at the same number (GS-21)
    assert retry.rule == "Air To Air Missile Launch Phase 3 / GS-21"


@pytest.mark.parametrize(
    ("results", "used", "allowed"),
    [
        ([False, False], 0, True),
        ([False], 0, True),
        ([False, True], 0, False),
        ([True], 0, False),
        ([], 0, False),
        ([False, False], 1, False),  # one additional try only
    ],
)
def test_launch_retry(results: list[bool], used: int, allowed: bool) -> None:
    decision = may_retry_launch(results, used)
    assert decision.value is allowed
    assert decision.rule == "Air To Air Missile Launch Phase 3 / GS-21"


def test_radar_checks() -> None:
    detect = radar_detection_check(6)
    assert detect.probability() == Fraction(6, 10)
    assert detect.rule.startswith("Air Radar Search and Lock-on Phase 3")
    lock = radar_lock_on_check(5)
    assert lock.probability() == Fraction(5, 10)
    assert lock.rule.startswith("Air Radar Search and Lock-on Phase 4")
    with pytest.raises(CheckInputError):
        radar_lock_on_check(-2)


def test_limits() -> None:
    """GS-13."""
    assert detection_rolls_per_turn() == 4
    assert lock_on_attempts_per_turn("regular") == 1
    assert lock_on_attempts_per_turn("regular", capacity=6) == 1
    assert lock_on_attempts_per_turn("mtt", capacity=3) == 3
    assert lock_on_attempts_per_turn("tws", capacity=2) == 1  # only MTT gets more (GS-46)
    assert lock_on_attempts_per_turn("limited_tws", capacity=3) == 1
    assert [attacks_per_turn(k) for k in ("gun", "strafing", "ground")] == [2, 2, 1]
    with pytest.raises(ValueError):
        lock_on_attempts_per_turn("pulse")
    with pytest.raises(ValueError):
        lock_on_attempts_per_turn("mtt", capacity=0)
    with pytest.raises(ValueError):
        attacks_per_turn("bomb")


@pytest.mark.parametrize(
    ("kwargs", "names", "ps"),
    [
        ({"djm": 4}, ["DJM"], [Fraction(3, 10)]),  # 4 - 1
        ({"chaff_ppl": 6}, ["chaff"], [Fraction(2, 10)]),  # 1/2 of 6 = 3, - 1
        ({"chaff_ppl": 5}, ["chaff"], [Fraction(2, 10)]),  # 1/2 of 5 rounded up = 3, - 1
        ({"mini_jammer_ppl": 5}, ["mini-jammers"], [Fraction(4, 10)]),  # full PPL - 1
        ({"djm": 1, "chaff_ppl": 2, "mini_jammer_ppl": 1}, [], []),  # ECCM cancels all
        (
            {"djm": 3, "chaff_ppl": 9, "mini_jammer_ppl": 2},
            ["DJM", "chaff", "mini-jammers"],
            [Fraction(2, 10), Fraction(4, 10), Fraction(1, 10)],
        ),
    ],
)
def test_air_radar_break_lock(kwargs: dict[str, int], names: list[str], ps: list[Fraction]) -> None:
    checks = air_radar_break_lock_checks(1, **kwargs)
    assert [c.name.removeprefix("Break radar lock-on with ") for c in checks] == names
    assert [c.probability() for c in checks] == ps
    assert all("Air Radar Break-Lock Table" in c.rule for c in checks)
