"""Who has found an aircraft: sighted, radar detected, or covered by the enemy's SAM units.

Flight steps 8 to 10 move sighted aircraft, then "unsighted but radar detected", then
"unsighted and undetected" ones, and operational scale movement is for flights nobody has
found (GS-55). A radar is any radar of the enemy (GS-80): an aircraft's (its contacts and
lock-ons), a SAM unit's (its lock-on, a target passed down to it, and what its emitting,
unjammed radar covers) and an EWR's or CCU's (what it covers while it emits, is not
jammed and works). The cover is the one each side's map is drawn from (GS-43), so an
aircraft the enemy's map shows by a ground radar is radar detected.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from airwar.games.gunslingers.phases.common import suppressed

if TYPE_CHECKING:
    from airwar.games.gunslingers.model.state import GsModel
    from airwar.games.gunslingers.model.units import Plane


def sighted_by_enemy(state: GsModel, p: Plane) -> bool:
    """Whether another side has sighted ``p`` (Visual Sighting Phase)."""
    return any(p.id in s.sighted for name, s in state.forces.sides.items() if name != p.side)


def radar_detected(state: GsModel, p: Plane) -> bool:
    """Whether any enemy radar tracks ``p`` now: an aircraft's radar contact or lock-on, a
    SAM unit's lock-on or a target passed down to it, or the cover of an emitting,
    unjammed enemy EWR, CCU or radar SAM unit that is not suppressed (GS-80, GS-43)."""
    f = state.forces
    for e in state.enemies_of(p.side):
        if e.radar is not None and (p.id in e.radar.contacts or p.id in e.radar.locks):
            return True
    for s in f.sams.values():
        if s.side == p.side or not s.alive:
            continue
        radar = s.emitting and not s.jammed
        if s.lock == p.id and radar:
            return True
        if state.passdowns.get(s.id) == p.id:
            return True
        if (
            radar
            and not suppressed(state, s.id)
            and s.hex.distance(p.hex) <= s.range
            and p.altitude <= s.max_altitude
        ):
            return True
    return any(
        r.side != p.side
        and r.alive
        and r.emitting
        and not r.jammed
        and r.operative
        and not suppressed(state, r.id)
        and r.hex.distance(p.hex) <= r.range
        for r in f.radars.values()
    )


def optically_covered(state: GsModel, p: Plane) -> bool:
    """Whether an enemy optical SAM unit holds ``p`` (locked on, or within its envelope
    and able to lock on now): the enemy's map shows it though no radar tracks it (GS-43)."""
    return any(
        s.side != p.side
        and s.alive
        and s.optical
        and not suppressed(state, s.id)
        and (s.lock == p.id or (s.hex.distance(p.hex) <= s.range and p.altitude <= s.max_altitude))
        for s in state.forces.sams.values()
    )


def known_to(state: GsModel, side: str, p: Plane) -> bool:
    """Whether ``side`` knows where the aircraft ``p`` is now: its own, sighted by it, held
    by its aircraft's radars, locked on or passed down to its SAM units, or within the
    cover of its working ground radars and SAM units (GS-43, GS-80)."""
    if p.side == side or p.id in state.forces.sides[side].sighted:
        return True
    f = state.forces
    for e in state.planes(side):
        if e.radar is not None and (p.id in e.radar.contacts or p.id in e.radar.locks):
            return True
    for s in f.sams.values():
        if s.side != side or not s.alive:
            continue
        if s.lock == p.id or state.passdowns.get(s.id) == p.id:
            return True
        reach = s.hex.distance(p.hex) <= s.range and p.altitude <= s.max_altitude
        working = s.optical or (s.emitting and not s.jammed)
        if reach and working and not suppressed(state, s.id):
            return True
    return any(
        r.side == side
        and r.alive
        and r.emitting
        and not r.jammed
        and r.operative
        and not suppressed(state, r.id)
        and r.hex.distance(p.hex) <= r.range
        for r in f.radars.values()
    )


def found_by_enemy(state: GsModel, p: Plane) -> bool:
    """Whether the enemy knows where ``p`` is: sighted, radar detected, or held by an
    optical SAM unit (GS-80); a flight with such an aircraft has no operational move."""
    return sighted_by_enemy(state, p) or radar_detected(state, p) or optically_covered(state, p)
