"""The forces of a game as it starts: every unit built from a validated scenario (GS-6).

Each number the scenario leaves out is filled from the unit-card defaults
(``unit_defaults.toml``), and each side starts with what the scenario says it
has sighted and identified (GS-64).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from airwar.games.gunslingers.model.fields import OPTICAL_GUIDANCE, OutcomeTable, house
from airwar.games.gunslingers.model.hexgrid import Arc, Hex
from airwar.games.gunslingers.model.scenario_schema import (
    Aaa,
    Aircraft,
    Ccu,
    Ewr,
    GroundUnit,
    InfantrySam,
    Sam,
    Scenario,
)
from airwar.games.gunslingers.model.units import (
    AirRadar,
    Ground,
    Gun,
    Marker,
    MissileStock,
    Plane,
    SamSite,
    SideState,
    WarningRadar,
)
from airwar.games.gunslingers.model.words import Crewman


def _plane(a: Aircraft) -> Plane:
    radar = None
    if a.radar is not None:
        r = a.radar
        radar = AirRadar(
            kind=r.kind,
            eccm=r.eccm,
            detection=r.detection if r.detection is not None else house("radar", "detection"),
            lock_on=r.lock_on if r.lock_on is not None else house("radar", "lock_on"),
            range=r.range if r.range is not None else house("radar", "range"),
            capacity=r.capacity or 1,
            arcs=frozenset(Arc(x) for x in r.arcs),
            auto_range=house("radar", "auto_detect_range"),
            contacts=set(a.contacts) | set(a.locks),
            locks=set(a.locks),
        )
    missiles = {
        m.type: MissileStock(
            m.type,
            m.guidance,
            m.count,
            m.launch if m.launch is not None else house("aircraft", "missile_launch"),
            m.min_range if m.min_range is not None else house("aircraft", "missile_min_range"),
            m.max_range if m.max_range is not None else house("aircraft", "missile_max_range"),
            m.time_of_flight
            if m.time_of_flight is not None
            else house("aircraft", "missile_time_of_flight"),
            frozenset(Arc(x) for x in m.arcs),
            _table(m.result),
        )
        for m in a.missiles
    }
    modes = {"IFF": a.iff}
    if a.djm:
        modes["DJM"] = True
    if a.ajm:
        modes["AJM"] = True
    if a.radar is not None:
        modes["radar"] = True
    modes.update({name: False for name in a.special_modes})
    return Plane(
        id=a.id,
        label=a.label,
        side=a.side,
        type=a.type,
        crew=[Crewman.of(c.quality, c.attributes) for c in a.crew],
        fly_by_wire=a.fly_by_wire,
        hex=Hex(*a.hex),
        heading=a.heading,
        altitude=a.altitude,
        visibility=a.visibility if a.visibility is not None else house("aircraft", "visibility"),
        vas=a.vas,
        target_id=a.target_id,
        iff=a.iff,
        radar=radar,
        djm=a.djm,
        ajm=a.ajm,
        bjm_type=a.bjm.type if a.bjm else None,
        bjm_number=a.bjm.number if a.bjm else 0,
        chaff=a.chaff,
        flares=a.flares,
        mini_jammers=a.mini_jammers,
        dds_programs={p.name: (p.chaff, p.flares, p.mini_jammers) for p in a.dds_programs},
        dds=a.dds,
        blind_arcs=frozenset(Arc(x) for x in a.blind_arcs),
        missiles=missiles,
        arms=a.arms,
        guns=a.guns,
        rockets=a.rockets,
        ground_weapons={w.type: w.count for w in a.ground_weapons},
        guided_weapons=frozenset(w.type for w in a.ground_weapons if w.guided),
        laser_designator=a.laser_designator,
        fac_capable=a.fac,
        special_modes=modes,
        status=set(a.status),
        tailing=a.tailing,
        speed=a.speed if a.speed is not None else house("aircraft", "speed"),
        climb=a.climb if a.climb is not None else house("aircraft", "climb"),
        arm_type=a.arm_type,
        arm_launch=a.arm_launch if a.arm_launch is not None else house("aircraft", "arm_launch"),
        arm_range=a.arm_range if a.arm_range is not None else house("attacks", "arm_range"),
        arm_result=_table(a.arm_result),
        ground_results={w.type: w.result.model_dump() for w in a.ground_weapons if w.result},
    )


def _table(table: OutcomeTable | None) -> dict[str, Any] | None:
    """An own outcome table (GS-61) as the referee keeps it."""
    return table.model_dump() if table is not None else None


def _sam(s: Sam | InfantrySam, infantry: bool) -> SamSite:
    section = "infantry_sam" if infantry else "sam"
    if s.lock_on is not None:
        lock_on = s.lock_on
    elif infantry:
        lock_on = house("infantry_sam", "lock_on")
    elif isinstance(s, Sam) and s.guidance in OPTICAL_GUIDANCE:
        lock_on = house("sam", "optical_lock_on")
    elif isinstance(s, Sam) and s.quick_reaction:
        lock_on = house("sam", "quick_reaction_lock_on")
    else:
        lock_on = house("sam", "lock_on")
    return SamSite(
        id=s.id,
        label=s.name or s.id,
        side=s.side,
        hex=Hex(*s.hex),
        guidance=s.guidance,
        eccm=s.eccm if isinstance(s, Sam) else 0,
        radar=s.radar if isinstance(s, Sam) else None,
        quick_reaction=s.quick_reaction if isinstance(s, Sam) else True,
        ccu=s.ccu,
        rails=s.rails,
        expended=s.expended,
        auto_reload=s.auto_reload if isinstance(s, Sam) else False,
        lock_on=lock_on,
        launch=s.launch if s.launch is not None else house(section, "launch"),
        range=s.range if s.range is not None else house(section, "range"),
        max_altitude=s.max_altitude
        if s.max_altitude is not None
        else house(section, "max_altitude"),
        infantry=infantry,
        reloads=s.reloads if isinstance(s, InfantrySam) else 0,
        type=s.type,
        result=_table(s.result),
    )


def _warning(e: Ewr | Ccu) -> WarningRadar:
    is_ccu = isinstance(e, Ccu)
    section = "ccu" if is_ccu else "ewr"
    return WarningRadar(
        id=e.id,
        label=e.name or e.id,
        side=e.side,
        hex=Hex(*e.hex),
        eccm=e.eccm,
        radar=e.radar,
        range=e.range if e.range is not None else house(section, "range"),
        is_ccu=is_ccu,
        operative=e.operative if isinstance(e, Ccu) else True,
        type=e.type,
    )


def _gun(g: Aaa) -> Gun:
    return Gun(
        id=g.id,
        label=g.name or g.id,
        side=g.side,
        hex=Hex(*g.hex),
        fire=g.fire,
        range=g.range if g.range is not None else house("aaa", "range"),
        max_altitude=g.max_altitude if g.max_altitude is not None else house("aaa", "max_altitude"),
        out_of_ammo=g.out_of_ammo,
        type=g.type,
        result=_table(g.result),
    )


def _ground(g: GroundUnit) -> Ground:
    return Ground(
        id=g.id,
        label=g.name or g.id,
        side=g.side,
        hex=Hex(*g.hex),
        type=g.type,
        camouflaged=g.camouflaged,
        fac=g.fac,
        move=g.move,
        sighting_range=g.sighting_range
        if g.sighting_range is not None
        else house("ground", "sighting_range"),
    )


@dataclass
class Forces:
    """Every unit of a scenario, by id, in the scenario's order."""

    sides: dict[str, SideState]
    planes: dict[str, Plane]
    sams: dict[str, SamSite]
    radars: dict[str, WarningRadar]
    guns: dict[str, Gun]
    ground: dict[str, Ground]
    markers: list[Marker]
    terrain: dict[Hex, int]
    radius: int
    sun: int | None
    outcomes: dict[str, Any]


def build_forces(sc: Scenario) -> Forces:
    """The units of a validated scenario, ready for play."""
    sams = {s.id: _sam(s, False) for s in sc.sams}
    sams.update({s.id: _sam(s, True) for s in sc.infantry_sams})
    radars = {e.id: _warning(e) for e in sc.ewrs}
    radars.update({c.id: _warning(c) for c in sc.ccus})
    all_hex: dict[str, Hex] = {}
    for table in (sc.aircraft, sc.sams, sc.infantry_sams, sc.ewrs, sc.ccus, sc.aaa):
        for u in table:
            all_hex[u.id] = Hex(*u.hex)
    for g in sc.ground_units:
        all_hex[g.id] = Hex(*g.hex)
    markers = []
    for m in sc.markers:
        where = Hex(*m.hex) if m.hex is not None else all_hex[m.unit or ""]
        markers.append(Marker(m.kind, where, m.unit, m.altitude, 0))
    forces = Forces(
        sides={s.name: SideState(s.name, s.training, s.kills, s.first_kill) for s in sc.sides},
        planes={a.id: _plane(a) for a in sc.aircraft},
        sams=sams,
        radars=radars,
        guns={g.id: _gun(g) for g in sc.aaa},
        ground={g.id: _ground(g) for g in sc.ground_units},
        markers=markers,
        terrain={Hex(*t.hex): t.height for t in sc.map.terrain},
        radius=sc.map.radius,
        sun=sc.scenario.sun,
        outcomes={k: v.model_dump() for k, v in sc.outcomes.items()},
    )
    for gun in forces.guns.values():
        if any(m.kind == "out_of_ammo" and m.unit == gun.id for m in markers):
            gun.out_of_ammo = True
    _starting_knowledge(sc, forces)
    return forces


def _starting_knowledge(sc: Scenario, forces: Forces) -> None:
    """Targets each side has sighted and identified as the game starts (GS-64).

    An identified unit is sighted too; aircraft go to the side's sighted and
    identified aircraft, ground units (SAMs, radars, guns, ground units) to its
    sighted and identified ground units. Radar contacts and lock-ons are set with
    each aircraft's radar (:func:`_plane`).
    """
    for s in sc.sides:
        side = forces.sides[s.name]
        for uid in (*s.sighted, *s.identified):
            (side.sighted if uid in forces.planes else side.ground_sighted).add(uid)
        for uid in s.identified:
            (side.identified if uid in forces.planes else side.ground_identified).add(uid)
