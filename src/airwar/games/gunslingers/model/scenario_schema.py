"""The schema of a Gunslingers scenario: one Pydantic model per table of the TOML file.

The sides, every aircraft, SAM unit, EWR, CCU, AAA unit, infantry SAM,
ground unit and marker, the map (blocking terrain) and the scenario's own
settings. Each field's bounds are those of GS-42 (:mod:`.fields`); the checks
across fields and units are :mod:`.scenario_checks`'s, reading a file is
:mod:`.scenario`'s.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
)

from airwar.core.errors import AirwarError
from airwar.games.gunslingers.model.fields import (
    CREW_WHY,
    ENTRIES_WHY,
    MAX_CREW,
    MAX_ENTRIES,
    MAX_SIDES,
    MAX_UNITS,
    SIDES_WHY,
    UNITS_WHY,
    AirRadarSpec,
    Arcs,
    Bjm,
    CrewMember,
    DdsProgram,
    DieNumber,
    Ecm,
    Flag,
    GroundWeapon,
    HeadingField,
    Hexes,
    HexField,
    Ident,
    Kills,
    Level,
    MarkerKind,
    MissileLoad,
    Model,
    OutcomeKind,
    OutcomeTable,
    PositiveHexes,
    RadarState,
    Radius,
    SamGuidanceWord,
    Status,
    Stock,
    Stores,
    Text,
    TrainingWord,
    Turns,
    TypeName,
    UnitIds,
    _at_most,
    _once_each,
)
from airwar.games.gunslingers.model.victory import VictorySpec


class ScenarioError(AirwarError):
    """A scenario file with problems; ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        first = problems[0] if problems else "invalid scenario"
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first + more)


class SideSpec(Model):
    """A side as the scenario file gives it; in play it is a
    :class:`~airwar.games.gunslingers.model.units.SideState`."""

    name: Ident
    training: TrainingWord = "average"
    kills: Kills = 0
    first_kill: Flag = False
    sighted: UnitIds = Field(default_factory=list)
    """Enemy aircraft and ground units the side has sighted as the game starts (GS-64)."""
    identified: UnitIds = Field(default_factory=list)
    """Enemy units it has identified as the game starts (GS-64); each is sighted too."""


class Aircraft(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    type: Text
    crew: Annotated[
        list[CrewMember], BeforeValidator(_at_most(MAX_CREW, "crew members", CREW_WHY))
    ] = Field(default_factory=lambda: [CrewMember()], min_length=1)
    fly_by_wire: Flag = False
    hex: HexField
    heading: HeadingField
    altitude: Level
    visibility: PositiveHexes | None = None
    vas: Flag = False
    target_id: Flag = False
    iff: Flag = False
    radar: AirRadarSpec | None = None
    djm: Ecm = 0
    ajm: Ecm = 0
    bjm: Bjm | None = None
    chaff: Stock = 0
    flares: Stock = 0
    mini_jammers: Stock = 0
    dds_programs: Annotated[
        list[DdsProgram], BeforeValidator(_at_most(MAX_ENTRIES, "programs", ENTRIES_WHY))
    ] = Field(default_factory=list)
    dds: Ident | None = None
    blind_arcs: Arcs = Field(default_factory=list)
    missiles: Annotated[
        list[MissileLoad], BeforeValidator(_at_most(MAX_ENTRIES, "missile loads", ENTRIES_WHY))
    ] = Field(default_factory=list)
    arms: Stores = 0
    guns: Flag = True
    rockets: Flag = False
    ground_weapons: Annotated[
        list[GroundWeapon], BeforeValidator(_at_most(MAX_ENTRIES, "weapon loads", ENTRIES_WHY))
    ] = Field(default_factory=list)
    laser_designator: Flag = False
    fac: Flag = False
    special_modes: Annotated[
        list[Ident],
        BeforeValidator(_at_most(MAX_ENTRIES, "special modes", ENTRIES_WHY)),
        AfterValidator(_once_each),
    ] = Field(default_factory=list)
    status: Annotated[list[Status], AfterValidator(_once_each)] = Field(default_factory=list)
    tailing: Ident | None = None
    speed: PositiveHexes | None = None
    climb: Level | None = None
    contacts: UnitIds = Field(default_factory=list)
    """Enemy aircraft its radar holds as contacts as the game starts (GS-64)."""
    locks: UnitIds = Field(default_factory=list)
    """Enemy aircraft its radar holds a lock-on on as the game starts (GS-64)."""
    arm_type: TypeName | None = None
    arm_launch: DieNumber | None = None
    arm_range: PositiveHexes | None = None
    arm_result: OutcomeTable | None = None
    fuel: Turns | None = None
    """Turns it can fly before it reaches Bingo fuel and disengages (GS-54); none: not
    tracked."""

    @property
    def label(self) -> str:
        return self.name or self.id


class Sam(Model):
    id: Ident
    name: Text | None = None
    type: TypeName | None = None
    side: Ident
    hex: HexField
    guidance: SamGuidanceWord
    eccm: Ecm = 0
    radar: RadarState | None = None
    quick_reaction: Flag = False
    ccu: Ident | None = None
    rails: Stores = 2
    expended: Stores = 0
    auto_reload: Flag = False
    lock_on: DieNumber | None = None
    launch: DieNumber | None = None
    range: PositiveHexes | None = None
    max_altitude: Level | None = None
    result: OutcomeTable | None = None


class InfantrySam(Model):
    id: Ident
    name: Text | None = None
    type: TypeName | None = None
    side: Ident
    hex: HexField
    guidance: Literal["OG", "LG", "IR"] = "IR"
    ccu: Ident | None = None
    rails: Stores = 1
    expended: Stores = 0
    reloads: Stores = 2
    lock_on: DieNumber | None = None
    launch: DieNumber | None = None
    range: PositiveHexes | None = None
    max_altitude: Level | None = None
    result: OutcomeTable | None = None


class Ewr(Model):
    id: Ident
    name: Text | None = None
    type: TypeName | None = None
    side: Ident
    hex: HexField
    eccm: Ecm = 0
    radar: RadarState = "active"
    range: PositiveHexes | None = None


class Ccu(Ewr):
    operative: Flag = True


class Aaa(Model):
    id: Ident
    name: Text | None = None
    type: TypeName | None = None
    side: Ident
    hex: HexField
    fire: Literal["plotted", "barrage"] = "plotted"
    range: PositiveHexes | None = None
    max_altitude: Level | None = None
    out_of_ammo: Flag = False
    result: OutcomeTable | None = None


class GroundUnit(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    hex: HexField
    type: Text = "ground unit"
    camouflaged: Flag = False
    fac: Flag = False
    move: Hexes = 0
    sighting_range: PositiveHexes | None = None


class MarkerSpec(Model):
    """A marker as the scenario file places it; in play it is a
    :class:`~airwar.games.gunslingers.model.units.Marker` (with the turn it was placed)."""

    kind: MarkerKind
    hex: HexField | None = None
    unit: Ident | None = None
    altitude: Level | None = None


class Terrain(Model):
    """A hex of terrain that blocks line of sight up to ``height`` (GS-16)."""

    hex: HexField
    height: Level


class MapSpec(Model):
    radius: Radius = 30
    terrain: list[Terrain] = Field(default_factory=list)


class ScenarioInfo(Model):
    name: Text = "Gunslingers scenario"
    turns: Turns = 6
    sun: HeadingField | None = None
    library: Flag = False
    """Units take what they leave out from their type in the library (GS-60)."""
    reveal_names: Flag = False
    """A side reads an enemy unit it has identified by its id and name; otherwise always by
    its own alias for it (GS-71)."""
    operational_scale: Radius | None = None
    """Hexes a whole flight may move in one operational move (Aircraft Administrative 6,
    GS-55); none: the scenario has no operational scale movement."""


class Scenario(Model):
    scenario: ScenarioInfo = Field(default_factory=ScenarioInfo)
    map: MapSpec = Field(default_factory=MapSpec)
    sides: Annotated[list[SideSpec], BeforeValidator(_at_most(MAX_SIDES, "sides", SIDES_WHY))] = (
        Field(min_length=2)
    )
    aircraft: Annotated[
        list[Aircraft], BeforeValidator(_at_most(MAX_UNITS, "aircraft", UNITS_WHY))
    ] = Field(default_factory=list)
    sams: Annotated[list[Sam], BeforeValidator(_at_most(MAX_UNITS, "SAM units", UNITS_WHY))] = (
        Field(default_factory=list)
    )
    infantry_sams: Annotated[
        list[InfantrySam], BeforeValidator(_at_most(MAX_UNITS, "infantry SAMs", UNITS_WHY))
    ] = Field(default_factory=list)
    ewrs: Annotated[list[Ewr], BeforeValidator(_at_most(MAX_UNITS, "EWRs", UNITS_WHY))] = Field(
        default_factory=list
    )
    ccus: Annotated[list[Ccu], BeforeValidator(_at_most(MAX_UNITS, "CCUs", UNITS_WHY))] = Field(
        default_factory=list
    )
    aaa: Annotated[list[Aaa], BeforeValidator(_at_most(MAX_UNITS, "AAA units", UNITS_WHY))] = Field(
        default_factory=list
    )
    ground_units: Annotated[
        list[GroundUnit], BeforeValidator(_at_most(MAX_UNITS, "ground units", UNITS_WHY))
    ] = Field(default_factory=list)
    markers: Annotated[
        list[MarkerSpec], BeforeValidator(_at_most(MAX_UNITS, "markers", UNITS_WHY))
    ] = Field(default_factory=list)
    outcomes: dict[OutcomeKind, OutcomeTable] = Field(default_factory=dict)
    victory: VictorySpec | None = None
    """What scores points and the leads that win (GS-85); none: the default scheme (GS-86)."""

    def side_names(self) -> list[str]:
        return [s.name for s in self.sides]


UNIT_LISTS = ("aircraft", "sams", "infantry_sams", "ewrs", "ccus", "aaa", "ground_units")
