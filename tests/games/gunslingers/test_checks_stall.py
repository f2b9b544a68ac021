"""Stalled Aircraft Phase checks with exact chances (GS-1, GS-8)."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from airwar.games.gunslingers.model.words import Crewman
from airwar.games.gunslingers.rules import stall as checks_stall
from airwar.games.gunslingers.rules.stall import (
    avoiding_departure_modifiers,
    departed_recovery_check,
    departure_check,
    recovery_modifiers,
    vertical_reverse_check,
)


def test_doctests() -> None:
    result = doctest.testmod(checks_stall)
    assert result.attempted > 0 and result.failed == 0


# (fly-by-wire, quality, attributes, modifier total, p for 6-)
RECOVERY: list[tuple[bool, str, tuple[str, ...], int, Fraction]] = [
    (False, "regular", (), 0, Fraction(6, 10)),
    (True, "regular", (), -2, Fraction(8, 10)),  # a
    (False, "veteran", (), -1, Fraction(7, 10)),  # b
    (False, "regular", ("sierra_hotel",), -1, Fraction(7, 10)),  # c
    (False, "green", (), 2, Fraction(4, 10)),  # d
    (False, "novice", (), 0, Fraction(6, 10)),  # not in the list
    (False, "regular", ("excellent_confidence", "combat_hero"), 0, Fraction(6, 10)),
    (True, "veteran", ("sierra_hotel",), -4, Fraction(10, 10)),
    (False, "green", ("sierra_hotel",), 1, Fraction(5, 10)),
]


@pytest.mark.parametrize(("fbw", "quality", "attributes", "total", "p"), RECOVERY)
def test_recovery(
    fbw: bool, quality: str, attributes: tuple[str, ...], total: int, p: Fraction
) -> None:
    pilot = Crewman.of(quality, attributes)
    assert sum(m.value for m in recovery_modifiers(fbw, pilot)) == total
    check = departed_recovery_check(fbw, pilot)
    assert check.target == 6 and check.rule == "Stalled Aircraft Phase 1 / GS-8"
    assert check.probability() == p


@pytest.mark.parametrize(("fbw", "quality", "attributes", "total", "p"), RECOVERY)
def test_vertical_reverse(
    fbw: bool, quality: str, attributes: tuple[str, ...], total: int, p: Fraction
) -> None:
    check = vertical_reverse_check(fbw, Crewman.of(quality, attributes))
    assert check.target == 6 and check.rule == "Stalled Aircraft Phase 3 / GS-8"
    assert check.modifier_total == total
    assert check.probability() == p


# (fly-by-wire, quality, attributes, modifier total, p of departing on 5-)
DEPARTURE: list[tuple[bool, str, tuple[str, ...], int, Fraction]] = [
    (False, "regular", (), 0, Fraction(5, 10)),
    (True, "regular", (), 2, Fraction(3, 10)),  # a
    (False, "veteran", (), 1, Fraction(4, 10)),  # b
    (False, "regular", ("sierra_hotel",), 1, Fraction(4, 10)),  # c
    (False, "regular", ("excellent_confidence",), 1, Fraction(4, 10)),  # d
    (False, "regular", ("poor_confidence",), -1, Fraction(6, 10)),  # e
    (False, "novice", (), -1, Fraction(6, 10)),  # f
    (False, "green", (), -2, Fraction(7, 10)),  # g
    (True, "veteran", ("sierra_hotel", "excellent_confidence"), 5, Fraction(0)),
    (False, "green", ("poor_confidence",), -3, Fraction(8, 10)),
    (False, "regular", ("tactics_master", "combat_hero"), 0, Fraction(5, 10)),
]


@pytest.mark.parametrize(("fbw", "quality", "attributes", "total", "p"), DEPARTURE)
def test_departure(
    fbw: bool, quality: str, attributes: tuple[str, ...], total: int, p: Fraction
) -> None:
    """GS-8: the avoiding modifiers are added to the 5- roll with their signs."""
    pilot = Crewman.of(quality, attributes)
    assert sum(m.value for m in avoiding_departure_modifiers(fbw, pilot)) == total
    check = departure_check(fbw, pilot)
    assert check.name == "Stalled aircraft departs"
    assert check.target == 5 and check.rule == "Stalled Aircraft Phase 2 / GS-8"
    assert check.probability() == p


def test_modifiers_cite_their_letter() -> None:
    pilot = Crewman.of("green", ["poor_confidence"])
    rules = [m.rule for m in avoiding_departure_modifiers(True, pilot)]
    assert [r.split("modifier ")[1][0] for r in rules] == ["a", "e", "g"]
    assert departed_recovery_check().probability() == Fraction(6, 10)
