"""The pure check functions of the rules made right in issue 12, with their exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest

from airwar.games.gunslingers.model.hexgrid import Arc, Hex, arcs_at_least
from airwar.games.gunslingers.rules.air import (
    ground_attack_altitude,
    gun_arcs,
    gun_attack_geometry,
    launch_prerequisite,
    lock_on_attempts_per_turn,
    locks_held_at_most,
    may_attack,
)
from airwar.games.gunslingers.rules.sam import self_defence_arm_launch_check
from airwar.games.gunslingers.rules.sighting import may_padlock_into, target_id_automatic


@pytest.mark.parametrize(
    ("kind", "capacity", "attempts", "held"),
    [("regular", 1, 1, 1), ("tws", 4, 1, 1), ("limited_tws", 4, 1, 1), ("mtt", 4, 4, 4)],
)
def test_lock_on_attempts_and_locks_held_by_radar_kind(
    kind: str, capacity: int, attempts: int, held: int
) -> None:
    """GS-13, GS-46: only a multi-target track radar makes several attempts and holds
    several lock-ons."""
    assert lock_on_attempts_per_turn(kind, capacity) == attempts
    assert locks_held_at_most(kind, capacity) == held


@pytest.mark.parametrize(("launch", "p"), [(0, Fraction(0)), (3, Fraction(3, 10)),
                                           (7, Fraction(7, 10)), (10, Fraction(1))])  # fmt: skip
def test_an_arm_launch_succeeds_on_its_own_number_or_less(launch: int, p: Fraction) -> None:
    """GS-50: the ARM's launch number (weapon data, house 7), Die Roll N-."""
    check = self_defence_arm_launch_check(launch)
    assert check.probability() == p
    assert check.rule == "SAM Interaction Phase 13 / GS-6"


@pytest.mark.parametrize(
    ("statuses", "ok"),
    [((), True), (("damaged",), True), (("disoriented",), True), (("departed",), False),
     (("stalled",), False), (("gloc",), False)],
)  # fmt: skip
def test_no_attacks_while_departed_stalled_or_glocd(statuses: tuple[str, ...], ok: bool) -> None:
    d = may_attack(statuses)
    assert bool(d) is ok and "GS-48" in d.rule


def test_gun_attacks_fire_into_the_150_plus_arcs() -> None:
    """GS-47 (house value 150): the nose and the arcs either side of it."""
    assert gun_arcs() == arcs_at_least(150) == frozenset({Arc("150L"), Arc("180"), Arc("150R")})
    here = Hex(0, 0)
    ahead = Hex(2, 0)  # bearing 120: dead ahead of heading 4
    assert gun_attack_geometry(here, 4, ahead)
    refused = gun_attack_geometry(here, 10, ahead)
    assert not refused and "0 arc" in refused.reason
    assert not gun_attack_geometry(here, 4, here)
    assert gun_attack_geometry(here, 4, here, same_hex_in_arcs=True)


@pytest.mark.parametrize(
    ("kind", "altitude", "ok"),
    [("strafe", 0, True), ("strafe", 3, True), ("strafe", 4, False),
     ("ground", 15, True), ("ground", 16, False)],
)  # fmt: skip
def test_strafing_and_bombing_altitudes(kind: str, altitude: int, ok: bool) -> None:
    d = ground_attack_altitude(kind, altitude)
    assert bool(d) is ok and "GS-47 (house value)" in d.rule
    with pytest.raises(ValueError):
        ground_attack_altitude("gun", 1)


BASE = dict(carried=2, range_=4, min_range=1, max_range=8, in_launch_arcs=True, guidance="IR",
            sighted=True, radar_lock_on=False)  # fmt: skip


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({}, "every prerequisite is met"),
        ({"statuses": ("gloc",)}, "the aircraft is gloc"),
        ({"carried": 0}, "no missile of that type is left"),
        ({"range_": 0}, "inside the minimum range 1"),
        ({"range_": 9}, "beyond the maximum range 8"),
        ({"in_launch_arcs": False}, "not in the missile's launch arcs"),
        ({"sighted": False}, "needs the target sighted"),
        ({"guidance": "RH"}, "needs a lock-on of the aircraft's own radar"),
        ({"guidance": "RH", "radar_lock_on": True, "sighted": False}, "every prerequisite"),
    ],
)
def test_the_launch_prerequisite_that_fails_is_named(change: dict, reason: str) -> None:
    d = launch_prerequisite(**{**BASE, **change})
    assert reason in d.reason
    assert bool(d) is reason.startswith("every")


def test_target_id_needs_a_line_of_sight_except_by_radar() -> None:
    """GS-44: 10a and 10b need the line of sight, 10c does not."""
    assert target_id_automatic(3, 3)
    blocked = target_id_automatic(3, 3, line_of_sight=False)
    assert not blocked and "GS-44" in blocked.rule
    assert target_id_automatic(
        3, 3, radar_lock_on=True, target_id_technology=True, line_of_sight=False
    )


def test_a_same_hex_target_is_in_the_blind_arcs_only_with_the_option() -> None:
    """GS-18: in no arc, or with ``same_hex_in_arcs`` in every arc, blind ones too."""
    blind = [Arc("0")]
    assert may_padlock_into(None, blind)
    assert not may_padlock_into(None, blind, same_hex_in_arcs=True)
    assert may_padlock_into(None, [], same_hex_in_arcs=True)
