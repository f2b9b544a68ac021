"""Visual Sighting Phase checks and limits (GS-9, GS-10, GS-19, GS-22)."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from airwar.games.gunslingers.model.hexgrid import Arc
from airwar.games.gunslingers.model.words import CheckInputError, Crewman
from airwar.games.gunslingers.rules import sighting as checks_sighting
from airwar.games.gunslingers.rules.sighting import (
    camouflaged_sighting_check,
    camouflaged_sighting_range,
    ground_id_check,
    may_padlock_into,
    padlock_limit,
    resighting_check,
    target_id_automatic,
    visual_sighting_limit,
)
from airwar.games.gunslingers.tables import entry


def test_doctests() -> None:
    result = doctest.testmod(checks_sighting)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("full", "half"), [(6, 3), (5, 3), (1, 1), (0, 0), (9, 5)])
def test_camouflaged_range_rounds_up(full: int, half: int) -> None:
    """GS-19: half the sighting range, rounded up."""
    assert camouflaged_sighting_range(full) == half


@pytest.mark.parametrize(
    ("rng", "sighting_range", "p"),
    [
        (3, 6, Fraction(5, 10)),
        (0, 6, Fraction(5, 10)),
        (3, 5, Fraction(5, 10)),  # half of 5 rounded up is 3
        (4, 6, None),  # beyond half range: no roll
        (1, 1, Fraction(5, 10)),
    ],
)
def test_camouflaged_sighting(rng: int, sighting_range: int, p: Fraction | None) -> None:
    check = camouflaged_sighting_check(rng, sighting_range)
    if p is None:
        assert check is None
        return
    assert check is not None
    assert check.target == 5 and check.rule == "Visual Sighting Phase 5 / GS-10"
    assert check.probability() == p


@pytest.mark.parametrize(
    ("rng", "p"),
    [
        (0, Fraction(1)),
        (1, Fraction(9, 10)),
        (4, Fraction(6, 10)),
        (9, Fraction(1, 10)),
        (10, None),  # 10 - 10 = 0: no chance, no roll (GS-3 convention)
        (14, None),
    ],
)
def test_ground_id(rng: int, p: Fraction | None) -> None:
    check = ground_id_check(rng)
    if p is None:
        assert check is None
        return
    assert check is not None
    assert check.target == 10 and check.rule == "Visual Sighting Phase 6 / GS-10"
    assert check.modifier_total == rng
    assert check.probability() == p


def test_bad_ranges() -> None:
    with pytest.raises(CheckInputError):
        ground_id_check(-1)
    with pytest.raises(CheckInputError):
        camouflaged_sighting_range(True)


@pytest.mark.parametrize(
    ("visibility", "vas", "limit"), [(3, False, 12), (3, True, 30), (1, False, 4)]
)
def test_visual_limit(visibility: int, vas: bool, limit: int) -> None:
    assert visual_sighting_limit(visibility, vas) == limit


@pytest.mark.parametrize(
    ("rng", "visibility", "vas", "p"),
    [
        (12, 3, False, Fraction(5, 10)),
        (13, 3, False, None),
        (30, 3, True, Fraction(5, 10)),
        (31, 3, True, None),
        (0, 2, False, Fraction(5, 10)),
    ],
)
def test_resighting_house_default(rng: int, visibility: int, vas: bool, p: Fraction | None) -> None:
    """GS-10: the missing number defaults to 5- within visual range (house value)."""
    check = resighting_check(rng, visibility, vas)
    if p is None:
        assert check is None
        return
    assert check is not None
    assert check.probability() == p
    assert "house value" in check.rule
    assert entry("house_rules", "resighting").house is True


@pytest.mark.parametrize(
    ("rng", "visibility", "kwargs", "automatic"),
    [
        (6, 3, {}, True),  # within 2 x 3
        (7, 3, {}, False),
        (12, 3, {"vas": True}, True),  # within 4 x 3 with VAS
        (13, 3, {"vas": True}, False),
        (50, 3, {"radar_lock_on": True, "target_id_technology": True}, True),
        (50, 3, {"radar_lock_on": True}, False),
        (50, 3, {"target_id_technology": True}, False),
    ],
)
def test_target_id(rng: int, visibility: int, kwargs: dict[str, bool], automatic: bool) -> None:
    decision = target_id_automatic(rng, visibility, **kwargs)
    assert decision.value is automatic and bool(decision) is automatic
    assert decision.rule.startswith("Visual Sighting Phase 10")
    assert decision.reason


def _crew(*members: tuple[str, tuple[str, ...]]) -> list[Crewman]:
    return [Crewman.of(q, a) for q, a in members]


@pytest.mark.parametrize(
    ("crew", "limit"),
    [
        (_crew(("regular", ())), 1),  # 8a
        (_crew(("regular", ()), ("regular", ())), 2),  # 8b
        (_crew(("veteran", ())), 2),  # 8c
        (_crew(("regular", ("tactics_master",))), 2),  # 8c
        (_crew(("regular", ()), ("veteran", ())), 3),
        (_crew(("veteran", ()), ("veteran", ("tactics_master",))), 3),  # +1 in all
        (_crew(("novice", ())), 0),  # 8d
        (_crew(("green", ()), ("novice", ())), 0),
        (_crew(("green", ("tactics_master",))), 2),  # a Tactics Master lifts 8d
        (_crew(("novice", ()), ("regular", ())), 2),  # not solely Novice/Green
        (_crew(("green", ()), ("veteran", ())), 3),
    ],
)
def test_padlock_limit(crew: list[Crewman], limit: int) -> None:
    result = padlock_limit(crew)
    assert result.number == limit
    assert result.reasons


def test_padlock_needs_crew() -> None:
    with pytest.raises(CheckInputError):
        padlock_limit([])


def test_padlock_never_into_a_blind_arc() -> None:
    blind = {Arc.TAIL, Arc.L30, Arc.R30}
    assert not may_padlock_into(Arc.L30, blind)
    assert may_padlock_into(Arc.NOSE, blind)
    assert may_padlock_into(None, blind)  # same hex: in no arc (GS-18)
    assert may_padlock_into(Arc.TAIL, set())
    assert may_padlock_into(Arc.L30, blind).rule == "Visual Sighting Phase 8e / GS-9"
