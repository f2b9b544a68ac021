"""Air To Air Missile Launch Phase and Air Radar Search and Lock-on Phase checks
(GS-6, GS-13, GS-21), with the Air Radar Break-Lock Table (GS-2, GS-3).

Base numbers (launch, detection, lock-on) are unit data (GS-6).

>>> [c.probability() for c in air_radar_break_lock_checks(1, djm=4, chaff_ppl=6)]
[Fraction(3, 10), Fraction(1, 5)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from airwar.core.checks import Check
from airwar.games.gunslingers.model.hexgrid import Arc, Hex, arc_of, arcs_at_least, in_arcs
from airwar.games.gunslingers.rules.base import Countermeasure, Ruling, d10_check, unit_number
from airwar.games.gunslingers.rules.sam import BreakLockRow, break_lock_rows
from airwar.games.gunslingers.tables import entry, number

TABLE = "air"
HOUSE = "house_rules"
"""The checks' house values (GS-47's attack geometry)."""


def missile_launch_check(launch: int, retry: bool = False) -> Check:
    """An air-to-air missile launch attempt (Air To Air Missile Launch Phase 2; the
    retry of step 3 at the same number, GS-21)."""
    if retry:
        name, rule = "Missile launch (additional try)", "Air To Air Missile Launch Phase 3 / GS-21"
    else:
        name, rule = "Missile launch", "Air To Air Missile Launch Phase 2 / GS-6"
    return d10_check(name, unit_number(launch, rule, "missile launch number"))


def may_retry_launch(declared_results: Sequence[bool], retries_used: int) -> Ruling:
    """Whether one additional launch try is allowed: only when every declared
    attempt failed, and only once (Air To Air Missile Launch Phase 3, GS-21)."""
    retries = entry(TABLE, "launch_retries")
    if not declared_results:
        return Ruling(False, "no launch was declared", retries.rule)
    if any(declared_results):
        return Ruling(False, "a declared launch succeeded", retries.rule)
    if retries_used >= retries.value:
        return Ruling(False, f"the {retries.value} additional try is used", retries.rule)
    return Ruling(True, "all declared attempts failed", retries.rule)


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
    """Lock-on attempts a radar may make per turn (GS-13, GS-46): as many as its
    capability for a multi-target-track radar (``mtt``), the only one the text gives
    several; one for a regular, TWS or limited TWS radar."""
    if radar_kind in ("regular", "tws", "limited_tws"):
        return number(TABLE, "regular_lock_on_attempts")
    if radar_kind == "mtt":
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


def locks_held_at_most(radar_kind: str, capacity: int = 1) -> int:
    """Lock-ons a radar may hold at once (GS-46): its capability for a multi-target
    track radar; one for the others (a TWS radar keeps its other targets as contacts)."""
    return max(1, capacity) if radar_kind == "mtt" else 1


ATTACK_FREE_STATUSES = ("departed", "stalled", "gloc")
"""Statuses in which an aircraft makes no attacks (GS-48)."""

NO_LAUNCH_STATUSES = ("departed", "stalled", "gloc")
"""Statuses in which an aircraft launches no missiles (GS-48)."""


def may_attack(statuses: Iterable[str]) -> Ruling:
    """Whether an aircraft may make air-to-air gun/rocket, strafing or air-to-ground
    attacks: not while departed, stalled or GLOC'd (GS-48)."""
    held = [s for s in ATTACK_FREE_STATUSES if s in set(statuses)]
    if held:
        return Ruling(False, f"it is {' and '.join(held)}", "Flight Phase notes / GS-48")
    return Ruling(True, "in controlled flight", "Flight Phase notes / GS-48")


def gun_arcs() -> frozenset[Arc]:
    """The arcs gun and rocket attacks fire into (house value, GS-47)."""
    return arcs_at_least(number(HOUSE, "gun_arc_angle_off"))


def gun_attack_geometry(
    frm: Hex, heading: int, to: Hex, *, same_hex_in_arcs: bool = False
) -> Ruling:
    """Whether a gun or rocket attack may fire at ``to``: in the 150+ arcs (GS-47); a
    target in the same hex lies in no arc unless the option (GS-18)."""
    e = entry(HOUSE, "gun_arc_angle_off")
    arcs = gun_arcs()
    if in_arcs(frm, heading, to, arcs, same_hex_in_arcs):
        return Ruling(True, f"in the {e.value}+ arcs", e.rule)
    arc = arc_of(frm, heading, to)
    where = "in the same hex (no arc, GS-18)" if arc is None else f"in the {arc} arc"
    return Ruling(False, f"the target is {where}, not in the {e.value}+ arcs", e.rule)


def ground_attack_altitude(kind: str, altitude: int) -> Ruling:
    """Whether an aircraft at ``altitude`` may strafe (``strafe``) or make an
    air-to-ground attack (``ground``): at most the house altitude of each (GS-47)."""
    key = {"strafe": "strafe_max_altitude", "ground": "ground_attack_max_altitude"}.get(kind)
    if key is None:
        raise ValueError(f"attack kind {kind!r} is not strafe or ground")
    e = entry(HOUSE, key)
    what = "strafes" if kind == "strafe" else "attacks the ground"
    if altitude <= e.value:
        return Ruling(True, f"altitude {altitude} is at most {e.value}", e.rule)
    return Ruling(
        False, f"an aircraft {what} from altitude {e.value} or lower, not {altitude}", e.rule
    )


def launch_prerequisite(
    *,
    carried: int,
    range_: int,
    min_range: int,
    max_range: int,
    in_launch_arcs: bool,
    guidance: str,
    sighted: bool,
    radar_lock_on: bool,
    statuses: Iterable[str] = (),
) -> Ruling:
    """The first launch prerequisite of Air To Air Missile Launch Phase 1 that fails, or
    that all are met (GS-37, GS-48): not departed, stalled or GLOC'd; a missile left;
    the target within the range band and in the launch arcs; sighted for IR, held by the
    aircraft's own radar lock-on for RH and AH."""
    rule = "Air To Air Missile Launch Phase 1 / GS-37"
    held = [s for s in NO_LAUNCH_STATUSES if s in set(statuses)]
    if held:
        return Ruling(False, f"the aircraft is {' and '.join(held)}", f"{rule}, GS-48")
    if carried <= 0:
        return Ruling(False, "no missile of that type is left", rule)
    if range_ < min_range:
        return Ruling(False, f"the target is {range_} hexes off, inside the minimum "
                        f"range {min_range}", rule)  # fmt: skip
    if range_ > max_range:
        return Ruling(False, f"the target is {range_} hexes off, beyond the maximum "
                        f"range {max_range}", rule)  # fmt: skip
    if not in_launch_arcs:
        return Ruling(False, "the target is not in the missile's launch arcs", rule)
    if guidance == "IR" and not sighted:
        return Ruling(False, "an IR missile needs the target sighted by the side", rule)
    if guidance != "IR" and not radar_lock_on:
        return Ruling(False, f"an {guidance} missile needs a lock-on of the aircraft's own "
                        "radar on the target", rule)  # fmt: skip
    return Ruling(True, "every prerequisite is met", rule)
