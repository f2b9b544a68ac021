"""Every check of the text, through the one ``checks`` module: a d10 "N-" check
with a rule, modifiers that cite their rule, and an exact chance (GS-1)."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction

import pytest

from airwar.core.checks import Check, Comparison
from airwar.core.dice import D10
from airwar.games.gunslingers import rules as checks
from airwar.games.gunslingers.rules import Crewman

PILOT = Crewman.of("green", ["poor_confidence"])

# (builder, exact chance of success)
EVERY_CHECK: list[tuple[Callable[[], Check | None], Fraction]] = [
    (checks.radar_reactivation_check, Fraction(6, 10)),
    (checks.radar_shutdown_check, Fraction(6, 10)),
    (lambda: checks.bjm_stand_off_check(6, 2), Fraction(4, 10)),
    (lambda: checks.radar_sam_lock_on_check(5, 0, quick_reaction=True, ajm=2), Fraction(3, 10)),
    (lambda: checks.optical_sam_lock_on_check(6, in_sun_clutter_arc=True), Fraction(3, 10)),
    (lambda: checks.sam_launch_check(8), Fraction(8, 10)),
    (lambda: checks.passdown_check(0, iff_on=True, noise_bjm=3), Fraction(7, 10)),
    (lambda: checks.radar_sam_lock_on_check(5, 2, passdown_received=True), Fraction(8, 10)),
    (lambda: checks.sam_break_lock_checks("BR", 2, djm=5)[0], Fraction(3, 10)),
    (lambda: checks.sam_break_lock_checks("CW", 0, chaff_ppl=5)[0], Fraction(3, 10)),
    (lambda: checks.sam_break_lock_checks("TVM", 0, mini_jammer_ppl=4)[0], Fraction(2, 10)),
    (lambda: checks.sam_break_lock_checks("OG", 0, flare_ppl=4)[0], Fraction(1, 10)),
    (lambda: checks.self_defence_arm_launch_check(6), Fraction(6, 10)),
    (lambda: checks.departed_recovery_check(True, PILOT), Fraction(6, 10)),
    (lambda: checks.departure_check(True, PILOT), Fraction(6, 10)),
    (lambda: checks.vertical_reverse_check(False, PILOT), Fraction(4, 10)),
    (lambda: checks.camouflaged_sighting_check(2, 4), Fraction(5, 10)),
    (lambda: checks.ground_id_check(3), Fraction(7, 10)),
    (lambda: checks.resighting_check(4, 2), Fraction(5, 10)),
    (lambda: checks.missile_launch_check(7), Fraction(7, 10)),
    (lambda: checks.missile_launch_check(7, retry=True), Fraction(7, 10)),
    (lambda: checks.radar_detection_check(6), Fraction(6, 10)),
    (lambda: checks.radar_lock_on_check(5), Fraction(5, 10)),
    (lambda: checks.air_radar_break_lock_checks(0, chaff_ppl=3)[0], Fraction(2, 10)),
    (checks.aaa_resupply_check, Fraction(2, 10)),
    (checks.infantry_sam_reload_check, Fraction(3, 10)),
]


@pytest.mark.parametrize(("build", "p"), EVERY_CHECK)
def test_every_check(build: Callable[[], Check | None], p: Fraction) -> None:
    check = build()
    assert check is not None
    assert check.dice == D10 and check.comparison is Comparison.AT_MOST
    assert check.name and ("Phase" in check.rule or "GS-" in check.rule)
    assert all(m.reason and m.rule for m in check.modifiers)
    assert check.probability() == p
    # the roll event carries the fields the command line contract needs
    event = check.resolve(1)
    for field in ("rule", "dice", "target", "modifiers", "p_success", "roll", "success"):
        assert field in event
    assert event["p_success"] == f"{p.numerator}/{p.denominator}"
    json.dumps(event)


def test_exports_resolve() -> None:
    for name in checks.__all__:
        assert getattr(checks, name) is not None
    assert len(set(checks.__all__)) == len(checks.__all__)
