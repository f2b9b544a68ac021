"""Air To Air Missile Launch Phase and Air Radar Search and Lock-on Phase checks
(GS-6, GS-13, GS-21), with the Air Radar Break-Lock Table (GS-2, GS-3).

Base numbers (launch, detection, lock-on) are unit data (GS-6).

>>> [c.probability() for c in air_radar_break_lock_checks(1, djm=4, chaff_ppl=6)]
[Fraction(3, 10), Fraction(1, 5)]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from airwar.core.checks import Check
from airwar.games.gunslingers.checks_base import Countermeasure, Decision, d10_check, unit_number
from airwar.games.gunslingers.checks_sam import BreakLockRow, break_lock_rows
from airwar.games.gunslingers.checks_tables import entry, number

TABLE = "air"


def missile_launch_check(launch: int, retry: bool = False) -> Check:
    """An air-to-air missile launch attempt (Air To Air Missile Launch Phase 2; the
    retry of step 3 at the same number, GS-21)."""
    if retry:
        name, rule = "Missile launch (additional try)", "Air To Air Missile Launch Phase 3 / GS-21"
    else:
        name, rule = "Missile launch", "Air To Air Missile Launch Phase 2 / GS-6"
    return d10_check(name, unit_number(launch, rule, "missile launch number"))


def may_retry_launch(declared_results: Sequence[bool], retries_used: int) -> Decision:
    """Whether one additional launch try is allowed: only when every declared
    attempt failed, and only once (Air To Air Missile Launch Phase 3, GS-21)."""
    retries = entry(TABLE, "launch_retries")
    if not declared_results:
        return Decision(False, "no launch was declared", retries.rule)
    if any(declared_results):
        return Decision(False, "a declared launch succeeded", retries.rule)
    if retries_used >= retries.value:
        return Decision(False, f"the {retries.value} additional try is used", retries.rule)
    return Decision(True, "all declared attempts failed", retries.rule)


def radar_detection_check(detection: int) -> Check:
    """A radar contact roll (Air Radar Search and Lock-on Phase 3); unit data (GS-6)."""
    rule = "Air Radar Search and Lock-on Phase 3 / GS-6, GS-13"
    return d10_check("Radar detection", unit_number(detection, rule, "radar detection number"))


def radar_lock_on_check(lock_on: int) -> Check:
    """An air radar lock-on roll (Air Radar Search and Lock-on Phase 4); unit data (GS-6)."""
    rule = "Air Radar Search and Lock-on Phase 4 / GS-6, GS-13"
    return d10_check("Radar lock-on", unit_number(lock_on, rule, "radar lock-on number"))


def detection_rolls_per_turn() -> int:
    """At most 4 radar detection rolls per aircraft per turn (GS-13)."""
    return number(TABLE, "detection_rolls_per_turn")


def lock_on_attempts_per_turn(radar_kind: str, capacity: int = 1) -> int:
    """Lock-on attempts a radar may make per turn (GS-13): one for a regular radar;
    as many as its capability for a multi-target-track radar (``mtt``); TWS and
    limited TWS radars track by capability too."""
    if radar_kind == "regular":
        return number(TABLE, "regular_lock_on_attempts")
    if radar_kind in ("mtt", "tws", "limited_tws"):
        if capacity < 1:
            raise ValueError(f"a {radar_kind} radar's capability must be 1 or more")
        return capacity
    raise ValueError(f"radar kind {radar_kind!r} is not regular, mtt, tws or limited_tws")


def attacks_per_turn(kind: str) -> int:
    """GS-13 per-turn attack limits: ``gun`` (air-to-air gun/rocket), ``strafing``,
    ``ground`` (air-to-ground)."""
    keys = {
        "gun": "gun_attacks_per_turn",
        "strafing": "strafing_attacks_per_turn",
        "ground": "ground_attacks_per_turn",
    }
    if kind not in keys:
        raise ValueError(f"attack kind {kind!r} is not gun, strafing or ground")
    return number(TABLE, keys[kind])


@cache
def air_radar_break_lock_rows() -> tuple[BreakLockRow, ...]:
    """The Air Radar Break-Lock Table in the order its rolls are made."""
    return tuple(break_lock_rows(TABLE, "radar_break_lock"))


def air_radar_break_lock_checks(
    radar_eccm: int, *, djm: int = 0, chaff_ppl: int = 0, mini_jammer_ppl: int = 0
) -> list[Check]:
    """The rolls to break an air radar lock-on, in order (Air Radar Search and
    Lock-on Phase 5-6): DJM - ECCM, 1/2 chaff PPL - ECCM, mini-jammer PPL - ECCM.
    A number of 0 or less gives no roll (GS-2, GS-3)."""
    used = {
        Countermeasure.DJM: djm,
        Countermeasure.CHAFF: chaff_ppl,
        Countermeasure.MINI_JAMMER: mini_jammer_ppl,
    }
    out = []
    for row in air_radar_break_lock_rows():
        name = f"Break radar lock-on with {row.countermeasure.label}"
        c = row.check(used[row.countermeasure], radar_eccm, name)
        if c is not None:
            out.append(c)
    return out
