"""Gunslingers scenarios: the TOML file, its models, and validation.

A scenario holds the sides, every aircraft, SAM unit, EWR, CCU, AAA unit,
infantry SAM, ground unit and marker, the map (blocking terrain) and the sun.
Numbers that the text keeps on data cards (GS-6) are unit data; where a
scenario leaves one out, ``unit_defaults.toml`` supplies a house value.

Validation reports *every* problem, one line each, naming the file, the place
in it and what is wrong::

    strike.toml: aircraft[3] (Viper 2).radar.eccm: must be an integer >= 0

Every number is bounded by what the rules and the map make meaningful (GS-42):
a value beyond its bound is refused with the reason, e.g.
``aircraft[0] (Eagle).speed: 1000000 is more than 40, the map's width ...``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    ValidationError,
)

from airwar.core.errors import AirwarError
from airwar.core.files import read_capped
from airwar.core.text import printable
from airwar.games.gunslingers.model.fields import ARC_NAMES as ARC_NAMES
from airwar.games.gunslingers.model.fields import (
    CREW_WHY,
    ENTRIES_WHY,
    MAX_CREW,
    MAX_DIGITS,
    MAX_ENTRIES,
    MAX_FILE_BYTES,
    MAX_ID,
    MAX_NESTING,
    MAX_RADIUS,
    MAX_SIDES,
    MAX_UNITS,
    OPTICAL_GUIDANCE,
    OUTCOME_RESULTS,
    RADAR_GUIDANCE,
    SIDES_WHY,
    TOO_BIG,
    UNITS_WHY,
    Arcs,
    Bjm,
    CrewMember,
    DdsProgram,
    DieNumber,
    Ecm,
    Flag,
    GroundWeapon,
    Heading,
    Hex,
    Hexes,
    Ident,
    Kills,
    Level,
    MarkerKind,
    MissileLoad,
    Model,
    OutcomeKind,
    OutcomeTable,
    PositiveHexes,
    Radar,
    RadarState,
    Radius,
    SamGuidance,
    Status,
    Stock,
    Stores,
    Text,
    Training,
    Turns,
    TypeName,
    UnitIds,
    _at_most,
    _once_each,
    house,
    shown,
)
from airwar.games.gunslingers.model.fields import MAX_TURNS as MAX_TURNS
from airwar.games.gunslingers.model.fields import TURNS_WHY as TURNS_WHY
from airwar.games.gunslingers.model.fields import ceiling as ceiling
from airwar.games.gunslingers.model.typeresolve import resolve_scenario
from airwar.games.gunslingers.model.victory import VictorySpec
from airwar.games.gunslingers.model.victory import cross_check as victory_problems


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
    training: Training = "average"
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
    hex: Hex
    heading: Heading
    altitude: Level
    visibility: PositiveHexes | None = None
    vas: Flag = False
    target_id: Flag = False
    iff: Flag = False
    radar: Radar | None = None
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
    hex: Hex
    guidance: SamGuidance
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
    hex: Hex
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
    hex: Hex
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
    hex: Hex
    fire: Literal["plotted", "barrage"] = "plotted"
    range: PositiveHexes | None = None
    max_altitude: Level | None = None
    out_of_ammo: Flag = False
    result: OutcomeTable | None = None


class GroundUnit(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    hex: Hex
    type: Text = "ground unit"
    camouflaged: Flag = False
    fac: Flag = False
    move: Hexes = 0
    sighting_range: PositiveHexes | None = None


class MarkerSpec(Model):
    """A marker as the scenario file places it; in play it is a
    :class:`~airwar.games.gunslingers.model.units.Marker` (with the turn it was placed)."""

    kind: MarkerKind
    hex: Hex | None = None
    unit: Ident | None = None
    altitude: Level | None = None


class Terrain(Model):
    """A hex of terrain that blocks line of sight up to ``height`` (GS-16)."""

    hex: Hex
    height: Level


class MapSpec(Model):
    radius: Radius = 30
    terrain: list[Terrain] = Field(default_factory=list)


class ScenarioInfo(Model):
    name: Text = "Gunslingers scenario"
    turns: Turns = 6
    sun: Heading | None = None
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


# -- error formatting --------------------------------------------------------

_PLAIN = {
    "missing": "is required",
    "extra_forbidden": "is not a known field",
    "bool_type": "must be true or false",
    "string_type": "must be text",
    "list_type": "must be a list",
    "model_type": "must be a table",
    "dict_type": "must be a table",
    "model_attributes_type": "must be a table",
    "too_short": "has too few entries",
}


def _message(err: Mapping[str, Any]) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind == "value_error":
        return str(err["msg"]).removeprefix("Value error, ")
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}".replace("'", "")
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} entries"
    return _PLAIN.get(kind, str(err["msg"]))


def _place(loc: tuple[Any, ...], data: Any) -> str:
    parts: list[str] = []
    node = data
    for key in loc:
        if isinstance(key, int):
            label = ""
            if isinstance(node, list) and 0 <= key < len(node):
                node = node[key]
                if isinstance(node, dict):
                    named = node.get("name") or node.get("id")
                    if isinstance(named, str):
                        label = f" ({_clipped(printable(named))})"
            else:
                node = None
            if parts:
                parts[-1] += f"[{key}]{label}"
            else:
                parts.append(f"[{key}]{label}")
        else:
            node = node.get(key) if isinstance(node, dict) else None
            parts.append(str(key))
    return ".".join(parts) or "(top level)"


def _clipped(label: str, most: int = MAX_ID) -> str:
    """A name or id for a place in a message: a long one is cut short."""
    return label if len(label) <= most else label[: most - 3] + "..."


def _unit_place(kind: str, index: int, unit: Any) -> str:
    label = getattr(unit, "name", None) or getattr(unit, "id", "")
    return f"{kind}[{index}] ({_clipped(printable(str(label)))})"


def _outcome_problems(data: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    tables = data.get("outcomes")
    if not isinstance(tables, dict):
        return out
    for kind, table in tables.items():
        if kind not in OUTCOME_RESULTS or not isinstance(table, dict):
            continue
        for key in ("success", "failure"):
            word = table.get(key)
            if isinstance(word, str) and word not in OUTCOME_RESULTS[kind]:
                allowed = ", ".join(OUTCOME_RESULTS[kind])
                out.append(f"outcomes.{kind}.{key}: {word!r} is not a result ({allowed}) (GS-14)")
    return out


class _Parts:
    """The parts of a scenario that validated, each with its index in the file."""

    def __init__(
        self, data: Mapping[str, Any], sc: Scenario | None, context: dict[str, bool]
    ) -> None:
        self.lists: dict[str, list[tuple[int, Any]]] = {}
        models: dict[str, type[Model]] = {
            "sides": SideSpec, "aircraft": Aircraft, "sams": Sam, "infantry_sams": InfantrySam,
            "ewrs": Ewr, "ccus": Ccu, "aaa": Aaa, "ground_units": GroundUnit, "markers": MarkerSpec,
        }  # fmt: skip
        for kind, model in models.items():
            if sc is not None:
                self.lists[kind] = list(enumerate(getattr(sc, kind)))
                continue
            items = data.get(kind, [])
            good: list[tuple[int, Any]] = []
            if isinstance(items, list):
                for i, item in enumerate(items):
                    try:
                        good.append((i, model.model_validate(item, context=context)))
                    except ValidationError:
                        continue
            self.lists[kind] = good
        # names of sides that are invalid for another reason: no second problem for their units
        raw_sides = data.get("sides") if sc is None else None
        self.side_names: set[str] = {
            side["name"]
            for side in (raw_sides if isinstance(raw_sides, list) else [])
            if isinstance(side, dict) and isinstance(side.get("name"), str)
        }
        if sc is not None:
            self.radius = sc.map.radius
        else:
            try:
                self.radius = MapSpec.model_validate(data.get("map", {})).radius
            except ValidationError:
                self.radius = MAX_RADIUS  # the map itself is reported as invalid
        terrain = data.get("map", {}).get("terrain") if isinstance(data.get("map"), dict) else None
        self.terrain: list[tuple[int, Terrain]] = []
        if sc is not None:
            self.terrain = list(enumerate(sc.map.terrain))
        elif isinstance(terrain, list):
            for i, item in enumerate(terrain):
                try:
                    self.terrain.append((i, Terrain.model_validate(item)))
                except ValidationError:
                    continue


MAP_RANGES: dict[str, tuple[str, ...]] = {
    "aircraft": ("speed", "visibility"),
    "sams": ("range",),
    "infantry_sams": ("range",),
    "ewrs": ("range",),
    "ccus": ("range",),
    "aaa": ("range",),
    "ground_units": ("move", "sighting_range"),
}
"""The distances in hexes of each kind of unit that the map bounds (GS-42)."""


def _off_map(hex_: tuple[int, int], radius: int) -> bool:
    q, r = hex_
    return max(abs(q), abs(r), abs(q + r)) > radius


def _map_bound(place: str, value: int | None, radius: int) -> list[str]:
    """``value`` hexes, if more than the map's width: the problem, one line (GS-42)."""
    if value is None or value <= 2 * radius:
        return []
    return [
        f"{place}: {shown(value)} is more than {2 * radius}, the map's width (2 x radius "
        f"{radius}): nothing on the map is further (GS-42)"
    ]


def _cross_check(parts: _Parts) -> list[str]:
    """Problems between parts of the file: ids, sides, references, map bounds."""
    out: list[str] = []
    sides = {s.name for _, s in parts.lists["sides"]} | parts.side_names
    seen_sides: set[str] = set()
    for i, s in parts.lists["sides"]:
        if s.name in seen_sides:
            out.append(f"sides[{i}] ({s.name}).name: side {s.name!r} is listed twice")
        seen_sides.add(s.name)
    if sum(1 for _, s in parts.lists["sides"] if s.first_kill) > 1:
        out.append("sides: only one side can have gained the first kill")
    ids: dict[str, str] = {}
    radius = parts.radius
    for kind in UNIT_LISTS:
        for i, unit in parts.lists[kind]:
            place = _unit_place(kind, i, unit)
            if unit.id in ids:
                out.append(f"{place}.id: {unit.id!r} is already used by {ids[unit.id]}")
            else:
                ids[unit.id] = place
            if unit.side not in sides:
                known = ", ".join(sorted(printable(side) for side in sides))
                out.append(f"{place}.side: unknown side {unit.side!r} (sides: {known})")
            q, r = unit.hex
            if _off_map(unit.hex, radius):
                out.append(f"{place}.hex: [{q}, {r}] is off the map (radius {radius})")
            for field in MAP_RANGES[kind]:
                out += _map_bound(f"{place}.{field}", getattr(unit, field), radius)
    ccus = {c.id for _, c in parts.lists["ccus"]}
    aircraft_ids = {a.id for _, a in parts.lists["aircraft"]}
    for i, a in parts.lists["aircraft"]:
        place = _unit_place("aircraft", i, a)
        if a.radar is not None:
            if a.radar.kind == "mtt" and a.radar.capacity is None:
                out.append(f"{place}.radar.capacity: a multi-target track radar needs a capacity")
            if a.radar.kind == "regular" and a.radar.capacity is not None:
                out.append(f"{place}.radar.capacity: a regular radar tracks one target only")
        names = [p.name for p in a.dds_programs]
        if len(set(names)) != len(names):
            out.append(f"{place}.dds_programs: two programs share a name")
        if a.dds is not None and a.dds not in names:
            out.append(f"{place}.dds: no DDS program named {a.dds!r}")
        if a.tailing is not None and a.tailing not in aircraft_ids:
            out.append(f"{place}.tailing: no aircraft {a.tailing!r}")
        if a.tailing == a.id:
            out.append(f"{place}.tailing: an aircraft cannot tail itself")
        if "stalled_vertical" in a.status and "stalled" not in a.status:
            out.append(f"{place}.status: stalled_vertical needs stalled too")
        if a.radar is not None:
            out += _map_bound(f"{place}.radar.range", a.radar.range, radius)
        for j, m in enumerate(a.missiles):
            lo = m.min_range if m.min_range is not None else house("aircraft", "missile_min_range")
            hi = m.max_range if m.max_range is not None else house("aircraft", "missile_max_range")
            if lo > hi:
                out.append(f"{place}.missiles[{j}]: min_range {lo} is above max_range {hi}")
            out += _map_bound(f"{place}.missiles[{j}].max_range", m.max_range, radius)
    for kind in ("sams", "infantry_sams"):
        for i, s in parts.lists[kind]:
            place = _unit_place(kind, i, s)
            if s.ccu is not None and s.ccu not in ccus:
                out.append(f"{place}.ccu: no CCU {s.ccu!r} in ccus")
            if kind == "sams":
                if s.guidance in RADAR_GUIDANCE and s.radar is None:
                    out.append(f"{place}.radar: a {s.guidance} SAM needs a radar state")
                if s.guidance in OPTICAL_GUIDANCE and s.radar is not None:
                    out.append(f"{place}.radar: an {s.guidance} SAM has no radar")
    out += _starting_knowledge(parts, ids)
    unit_ids = set(ids)
    for i, mk in parts.lists["markers"]:
        if mk.hex is None and mk.unit is None:
            out.append(f"markers[{i}] ({mk.kind}): needs a hex or a unit")
        if mk.hex is not None and _off_map(mk.hex, radius):
            out.append(
                f"markers[{i}] ({mk.kind}).hex: {list(mk.hex)} is off the map (radius {radius})"
            )
        if mk.unit is not None and mk.unit not in unit_ids:
            out.append(f"markers[{i}] ({mk.kind}).unit: no unit {mk.unit!r}")
        if mk.kind == "plotted_fire" and mk.altitude is None:
            out.append(f"markers[{i}] (plotted_fire).altitude: is required")
    seen_terrain: dict[tuple[int, int], int] = {}
    for i, t in parts.terrain:
        if _off_map(t.hex, radius):
            out.append(f"map.terrain[{i}].hex: {list(t.hex)} is off the map (radius {radius})")
        if t.hex in seen_terrain:
            out.append(
                f"map.terrain[{i}].hex: {list(t.hex)} is already map.terrain[{seen_terrain[t.hex]}]"
            )
        seen_terrain.setdefault(t.hex, i)
    return out


def _starting_knowledge(parts: _Parts, ids: dict[str, str]) -> list[str]:
    """What sides and radars know as the game starts names enemy units (GS-64)."""
    out: list[str] = []
    side_of: dict[str, str] = {}
    for kind in UNIT_LISTS:
        for _, unit in parts.lists[kind]:
            side_of.setdefault(unit.id, unit.side)
    planes = {a.id: a for _, a in parts.lists["aircraft"]}
    for i, s in parts.lists["sides"]:
        for field in ("sighted", "identified"):
            for uid in getattr(s, field):
                where = f"sides[{i}] ({s.name}).{field}"
                if uid not in side_of:
                    out.append(f"{where}: no unit {uid!r}")
                elif side_of[uid] == s.name:
                    out.append(f"{where}: {uid!r} is a unit of {s.name} itself")
    for i, a in parts.lists["aircraft"]:
        place = _unit_place("aircraft", i, a)
        for field in ("contacts", "locks"):
            for uid in getattr(a, field):
                if uid not in planes:
                    out.append(f"{place}.{field}: no aircraft {uid!r} (radars hold aircraft)")
                elif planes[uid].side == a.side:
                    out.append(f"{place}.{field}: {uid!r} is an aircraft of {a.side} itself")
        if (a.contacts or a.locks) and a.radar is None:
            out.append(f"{place}.contacts: an aircraft without a radar holds no contacts")
            continue
        if a.radar is None or not a.locks:
            continue
        most = a.radar.capacity or 1 if a.radar.kind != "regular" else 1
        if len(a.locks) > most:
            out.append(f"{place}.locks: {len(a.locks)} lock-ons, its radar holds at most {most}")
        others = set(a.contacts) - set(a.locks)
        if a.radar.kind == "regular" and others:
            out.append(
                f"{place}.contacts: a regular radar with a lock-on holds no other contact "
                f"({', '.join(sorted(others))}) (Air Radar Search 4, GS-13)"
            )
    return out


def _nesting(data: Any) -> int:
    """How deeply tables and lists nest in ``data`` (counted without recursion)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list | tuple):
            children = node
        else:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_NESTING:
            break
        stack.extend((child, depth + 1) for child in children)
    return deepest


def parse_scenario(
    data: Mapping[str, Any],
    filename: str = "scenario",
    *,
    saved_ids: bool = False,
    saved_names: bool = False,
) -> Scenario:
    """Validate parsed TOML content; raise :class:`ScenarioError` listing every problem.

    With ``library = true`` each unit's type fills what the unit leaves out first
    (GS-60); the bounds (GS-42) then apply to the values as resolved, overrides and all.
    ``saved_ids`` and ``saved_names`` check the ids and the names by the rules of before
    GS-75, for the scenario of a game saved then: it is read back to be shown, never to
    start a game (:class:`~airwar.games.gunslingers.game.GunslingersGame`).
    """
    context = {"saved_ids": saved_ids, "saved_names": saved_names}
    if not isinstance(data, Mapping):
        raise ScenarioError([f"{filename}: must be a table of scenario content"])
    if _nesting(data) > MAX_NESTING:
        raise ScenarioError(
            [
                f"{filename}: tables and lists nest more than {MAX_NESTING} deep; "
                "a scenario never nests so deep (aircraft, missiles, arcs)"
            ]
        )
    data, typed = resolve_scenario(data)
    lines: list[str] = [f"{filename}: {p}" for p in typed]
    sc: Scenario | None = None
    try:
        sc = Scenario.model_validate(dict(data), context=context)
    except ValidationError as exc:
        lines += [f"{filename}: {_place(e['loc'], data)}: {_message(e)}" for e in exc.errors()]
    lines += [f"{filename}: {p}" for p in _cross_check(_Parts(data, sc, context))]
    lines += [f"{filename}: {p}" for p in _outcome_problems(data)]
    if sc is not None and sc.victory is not None and not lines:
        lines += [f"{filename}: {p}" for p in _victory_problems(sc)]
    if lines or sc is None:
        raise ScenarioError(lines)
    return sc


def _victory_problems(sc: Scenario) -> list[str]:
    """The ``[victory]`` table against the units, sides and map (GS-85)."""
    assert sc.victory is not None
    units: dict[str, tuple[str, str, str]] = {}
    for kind in UNIT_LISTS:
        for u in getattr(sc, kind):
            units[u.id] = (kind, u.side, str(getattr(u, "type", "") or ""))
    sides = set(sc.side_names())
    return victory_problems(sc.victory, sides, units, sc.map.radius)


def parse_scenario_text(text: str, filename: str = "scenario") -> dict[str, Any]:
    """The TOML content of a scenario's text (ScenarioError naming the problem).

    Only the data is read here, not checked: :func:`parse_scenario` checks it.
    """
    if len(text) > MAX_FILE_BYTES:
        raise ScenarioError([f"{filename}: {TOO_BIG}"])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([f"{filename}: not valid TOML ({exc})"]) from None
    except RecursionError:
        raise ScenarioError(
            [f"{filename}: not valid TOML (brackets nest too deeply to be read)"]
        ) from None
    except ValueError:  # an integer longer than Python converts from text
        raise ScenarioError(
            [f"{filename}: not valid TOML (a whole number of more than {MAX_DIGITS} digits)"]
        ) from None


def read_scenario_data(path: str | Path) -> dict[str, Any]:
    """The TOML content of a scenario file (ScenarioError if unreadable)."""
    p = Path(path)
    try:
        raw = read_capped(p, MAX_FILE_BYTES)
    except OSError as exc:
        raise ScenarioError([f"{p.name}: cannot be read ({exc.strerror or exc})"]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError([f"{p.name}: {TOO_BIG}"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        bad = f"byte {exc.start + 1} is {raw[exc.start]:#04x}"
        raise ScenarioError([f"{p.name}: line {line}: not UTF-8 text ({bad})"]) from None
    return parse_scenario_text(text, p.name)


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file."""
    return parse_scenario(read_scenario_data(path), Path(path).name)
