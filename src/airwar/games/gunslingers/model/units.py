"""The units of a Gunslingers game in play: aircraft, SAM sites, radars, guns, markers.

These are the mutable records the referee keeps; they are built from a
validated :class:`~airwar.games.gunslingers.model.scenario.Scenario`, filling every
number the scenario leaves out from the house defaults (GS-6).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Set
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar, overload

from airwar.games.gunslingers.model.hexgrid import Arc, Hex
from airwar.games.gunslingers.model.scenario import (
    OPTICAL_GUIDANCE,
    Aaa,
    Aircraft,
    Ccu,
    Ewr,
    GroundUnit,
    InfantrySam,
    OutcomeTable,
    Sam,
    Scenario,
    house,
)
from airwar.games.gunslingers.model.words import Crewman

ATTRIBUTES_TEXT = {
    "sierra_hotel": "Sierra Hotel",
    "tactics_master": "Tactics Master",
    "combat_hero": "Combat Hero",
    "excellent_confidence": "Excellent Confidence",
    "poor_confidence": "Poor Confidence",
}


EMITTING = frozenset({"active", "alerted"})
"""Radar states that emit: may lock on, pass down and be attacked (GS-24)."""


T = TypeVar("T")


_WRITES = itertools.count(1)


class Written:
    """A stamp that changes whenever a unit is written in a way what a side knows of the
    enemy may depend on (issue 23): any write to a SAM unit, a warning radar, an AAA or a
    ground unit, and to an aircraft's place, life, radar (its contacts and lock-ons too)
    or noise arcs. What each side
    knows is kept while the stamp stays (``knowledge.knowledge``). Every write draws a
    number never drawn before (``itertools.count`` is one call), so the stamp never
    comes back to a value it had, whatever the games or threads that write."""

    stamp: ClassVar[int] = 0


class _Watched:
    """A unit whose writes of the attributes ``WATCHED`` (None: of every attribute) move
    the :class:`Written` stamp on."""

    WATCHED: ClassVar[frozenset[str] | None] = None

    def __setattr__(self, name: str, value: Any) -> None:
        watched = self.WATCHED
        if watched is None or name in watched:
            _touch()
        object.__setattr__(self, name, value)


def _touch() -> None:
    Written.stamp = next(_WRITES)


class WatchedSet(set[str]):
    """A set of unit ids whose every change in place moves the :class:`Written` stamp on
    (an aircraft's radar contacts and lock-ons)."""

    def add(self, element: str) -> None:
        _touch()
        super().add(element)

    def discard(self, element: object) -> None:
        _touch()
        super().discard(element)

    def remove(self, element: str) -> None:
        _touch()
        super().remove(element)

    def pop(self) -> str:
        _touch()
        return super().pop()

    def clear(self) -> None:
        _touch()
        super().clear()

    def update(self, *s: Iterable[str]) -> None:
        _touch()
        super().update(*s)

    def difference_update(self, *s: Iterable[Any]) -> None:
        _touch()
        super().difference_update(*s)

    def intersection_update(self, *s: Iterable[Any]) -> None:
        _touch()
        super().intersection_update(*s)

    def symmetric_difference_update(self, s: Iterable[str]) -> None:
        _touch()
        super().symmetric_difference_update(s)

    def __ior__(self, value: Set[str]) -> Self:  # type: ignore[override,misc]
        _touch()
        return super().__ior__(value)

    def __iand__(self, value: Set[object]) -> Self:
        _touch()
        return super().__iand__(value)

    def __isub__(self, value: Set[object]) -> Self:
        _touch()
        return super().__isub__(value)

    def __ixor__(self, value: Set[str]) -> Self:  # type: ignore[override,misc]
        _touch()
        return super().__ixor__(value)


class ThisTurn(Generic[T]):
    """An attribute of a unit that lasts one turn: read and written on the unit's
    ``this_turn`` object, which :func:`new_turn` replaces with a fresh one each turn."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> ThisTurn[T]: ...
    @overload
    def __get__(self, obj: object, owner: type) -> T: ...
    def __get__(self, obj: object | None, owner: type) -> T | ThisTurn[T]:
        if obj is None:
            return self
        return getattr(obj.this_turn, self.name)  # type: ignore[attr-defined]

    def __set__(self, obj: object, value: T) -> None:
        setattr(obj.this_turn, self.name, value)  # type: ignore[attr-defined]


@dataclass
class PlaneTurn:
    """What an aircraft declared or did this turn (GS-13 limits, jamming, the order)."""

    noise_arcs: frozenset[Arc] = frozenset()
    padlocks: tuple[str, ...] = ()
    searching_ground: bool = False
    designated_searcher: bool = False
    engaging: str | None = None
    illuminating: tuple[str, ...] = ()
    designating: str | None = None
    marking: str | None = None
    attacks: dict[str, int] = field(default_factory=dict)
    detection_rolls: int = 0
    lock_attempts: int = 0
    used: dict[str, int] = field(default_factory=dict)
    category: str = ""
    moved: bool = False
    route: tuple[Hex, ...] = ()
    """This turn's move hex by hex, from the hex it started in to the one it ended in
    (GS-82)."""
    route_altitudes: tuple[int, int] = (0, 0)
    """Its altitude as that move began and as it ended (GS-83)."""


@dataclass
class SamTurn:
    """What a SAM unit was or did this turn: jammed, passed a target, guided a missile."""

    passdown: str | None = None
    jammed: bool = False
    guided: bool = False


@dataclass
class RadarTurn:
    """Whether a warning radar is jammed this turn."""

    jammed: bool = False


@dataclass
class AirRadar(_Watched):
    """An aircraft's air radar and what it holds (GS-13). Its contacts and lock-ons are
    :class:`WatchedSet` (a set given is copied into one), so that their every change
    moves the :class:`Written` stamp on."""

    kind: str  # regular, mtt, tws, limited_tws
    eccm: int
    detection: int
    lock_on: int
    range: int
    capacity: int
    arcs: frozenset[Arc]
    auto_range: int
    on: bool = True
    contacts: set[str] = field(default_factory=WatchedSet)
    locks: set[str] = field(default_factory=WatchedSet)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("contacts", "locks") and not isinstance(value, WatchedSet):
            value = WatchedSet(value)
        super().__setattr__(name, value)

    @property
    def lock_limit(self) -> int:
        """Lock-on attempts per turn: one for a regular radar, the capacity for MTT (GS-13)."""
        return self.capacity if self.kind == "mtt" else 1


@dataclass
class MissileStock:
    type: str
    guidance: str
    count: int
    launch: int
    min_range: int
    max_range: int
    time_of_flight: int
    arcs: frozenset[Arc]
    result: dict[str, Any] | None = None
    """Its own outcome table (GS-61), if the scenario or the library gives one."""


@dataclass
class Plane(_Watched):
    """One aircraft."""

    WATCHED: ClassVar[frozenset[str] | None] = frozenset(
        {"side", "hex", "heading", "altitude", "alive", "radar", "this_turn", "noise_arcs"}
    )

    id: str
    label: str
    side: str
    type: str
    crew: list[Crewman]
    fly_by_wire: bool
    hex: Hex
    heading: int
    altitude: int
    visibility: int
    vas: bool
    target_id: bool
    iff: bool
    radar: AirRadar | None
    djm: int
    ajm: int
    bjm_type: str | None
    bjm_number: int
    chaff: int
    flares: int
    mini_jammers: int
    dds_programs: dict[str, tuple[int, int, int]]
    dds: str | None
    blind_arcs: frozenset[Arc]
    missiles: dict[str, MissileStock]
    arms: int
    guns: bool
    rockets: bool
    ground_weapons: dict[str, int]
    guided_weapons: frozenset[str]
    laser_designator: bool
    fac_capable: bool
    special_modes: dict[str, bool]
    status: set[str]
    tailing: str | None
    speed: int
    climb: int
    alive: bool = True
    this_turn: PlaneTurn = field(default_factory=lambda: PlaneTurn())
    """What it declared or did this turn: a new one each turn (see :func:`new_turn`)."""
    noise_arcs = ThisTurn[frozenset[Arc]]()
    padlocks = ThisTurn[tuple[str, ...]]()
    searching_ground = ThisTurn[bool]()
    designated_searcher = ThisTurn[bool]()
    engaging = ThisTurn[str | None]()
    illuminating = ThisTurn[tuple[str, ...]]()
    designating = ThisTurn[str | None]()
    marking = ThisTurn[str | None]()
    attacks = ThisTurn[dict[str, int]]()
    detection_rolls = ThisTurn[int]()
    lock_attempts = ThisTurn[int]()
    used = ThisTurn[dict[str, int]]()
    initiative: int = 0
    category = ThisTurn[str]()
    moved = ThisTurn[bool]()
    # the ARMs it carries (GS-63): type, launch number, range and own outcome table
    arm_type: str | None = None
    arm_launch: int = 0
    arm_range: int = 0
    arm_result: dict[str, Any] | None = None
    ground_results: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The own outcome table (GS-61) of each air-to-ground weapon type that has one."""

    @property
    def pilot_only(self) -> bool:
        return len(self.crew) == 1

    @property
    def pilot(self) -> Crewman:
        return self.crew[0]

    def has_attribute(self, name: str) -> bool:
        return any(name in c.attributes for c in self.crew)

    def ppl(self, kind: str) -> int:
        """The PPL of ``kind`` (chaff, flares, mini_jammers) its DDS uses this turn (GS-25)."""
        return self.used.get(kind, 0)

    def mode_on(self, name: str) -> bool:
        return self.special_modes.get(name, False)

    @property
    def iff_on(self) -> bool:
        return self.mode_on("IFF")

    @property
    def djm_number(self) -> int:
        """The DJM number that counts this turn (0 when switched off, GS-25)."""
        return self.djm if self.mode_on("DJM") else 0

    @property
    def ajm_number(self) -> int:
        return self.ajm if self.mode_on("AJM") else 0

    @property
    def radar_on(self) -> bool:
        return self.radar is not None and self.mode_on("radar")


@dataclass
class SamSite(_Watched):
    """A SAM unit or an infantry SAM team."""

    id: str
    label: str
    side: str
    hex: Hex
    guidance: str
    eccm: int
    radar: str | None  # active, alerted, shutdown; None: no radar (optical)
    quick_reaction: bool
    ccu: str | None
    rails: int
    expended: int
    auto_reload: bool
    lock_on: int
    launch: int
    range: int
    max_altitude: int
    infantry: bool
    reloads: int
    alive: bool = True
    lock: str | None = None
    this_turn: SamTurn = field(default_factory=lambda: SamTurn())
    passdown = ThisTurn[str | None]()
    jammed = ThisTurn[bool]()
    guided = ThisTurn[bool]()
    type: str | None = None
    result: dict[str, Any] | None = None
    """Its missiles' own outcome table (GS-61), if the scenario or the library gives one."""

    @property
    def optical(self) -> bool:
        return self.guidance in OPTICAL_GUIDANCE

    @property
    def emitting(self) -> bool:
        """A radar that is on (active or alerted) may lock on and be attacked (GS-24)."""
        return self.radar in EMITTING


@dataclass
class WarningRadar(_Watched):
    """An early-warning radar or a command and control unit."""

    id: str
    label: str
    side: str
    hex: Hex
    eccm: int
    radar: str
    range: int
    is_ccu: bool
    operative: bool = True
    alive: bool = True
    this_turn: RadarTurn = field(default_factory=lambda: RadarTurn())
    jammed = ThisTurn[bool]()
    type: str | None = None

    @property
    def emitting(self) -> bool:
        return self.radar in EMITTING


@dataclass
class Gun(_Watched):
    """An AAA unit (plotted or barrage fire)."""

    id: str
    label: str
    side: str
    hex: Hex
    fire: str
    range: int
    max_altitude: int
    out_of_ammo: bool
    alive: bool = True
    plot: tuple[Hex, int] | None = None
    barrage: bool = False
    type: str | None = None
    result: dict[str, Any] | None = None
    """Its own plotted-fire outcome table (GS-61), if the scenario or the library gives one."""


@dataclass
class Ground(_Watched):
    id: str
    label: str
    side: str
    hex: Hex
    type: str
    camouflaged: bool
    fac: bool
    move: int
    sighting_range: int
    alive: bool = True
    suppressed: bool = False


@dataclass
class Marker:
    kind: str
    hex: Hex
    unit: str | None = None
    altitude: int | None = None
    turn: int = 0


@dataclass
class Weapon:
    """A missile or air-to-ground weapon in flight."""

    id: str
    type: str
    kind: str  # aam, sam, arm, a2g
    guidance: str
    shooter: str
    side: str
    target: str
    hex: Hex
    altitude: int
    time_left: int
    launched_after_flight: bool = False
    """Launched after this turn's Flight Phase: its time of flight starts next turn."""
    arrived: bool = False
    """A guided air-to-ground weapon that has moved to its target (Flight step 1) and
    waits for its guiding aircraft's move (step 7) to strike (GS-81)."""


@dataclass
class SideState:
    name: str
    training: str
    kills: int
    first_kill: bool
    sighted: set[str] = field(default_factory=set)
    identified: set[str] = field(default_factory=set)
    ground_sighted: set[str] = field(default_factory=set)
    ground_identified: set[str] = field(default_factory=set)
    base_initiative: int = 0


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
