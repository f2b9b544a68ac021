"""The units of a Gunslingers game in play: aircraft, SAM sites, radars, guns, markers.

These are the mutable records the referee keeps; they are built from a
validated :class:`~airwar.games.gunslingers.model.scenario_schema.Scenario` by
:func:`~airwar.games.gunslingers.model.forces.build_forces`, filling every
number the scenario leaves out from the house defaults (GS-6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from airwar.games.gunslingers.model.fields import OPTICAL_GUIDANCE
from airwar.games.gunslingers.model.hexgrid import Arc, Hex
from airwar.games.gunslingers.model.watched import ThisTurn, Watched, WatchedSet
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
class AirRadar(Watched):
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
class Plane(Watched):
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
class SamSite(Watched):
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
class WarningRadar(Watched):
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
class Gun(Watched):
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
class Ground(Watched):
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


SurfaceUnit = SamSite | WarningRadar | Gun | Ground
"""A unit on the ground: a SAM site, a warning radar, an AAA unit or another ground unit."""

Unit = Plane | SurfaceUnit
"""Any unit of the forces (a missile or weapon in flight is a :class:`Weapon`)."""
