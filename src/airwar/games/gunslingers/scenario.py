"""Gunslingers scenarios: the TOML file, its models, and validation.

A scenario holds the sides, every aircraft, SAM unit, EWR, CCU, AAA unit,
infantry SAM, ground unit and marker, the map (blocking terrain) and the sun.
Numbers that the text keeps on data cards (GS-6) are unit data; where a
scenario leaves one out, ``house_defaults.toml`` supplies a house value.

Validation reports *every* problem, one line each, naming the file, the place
in it and what is wrong::

    strike.toml: aircraft[3] (Viper 2).radar.eccm: must be an integer >= 0
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from airwar.core.errors import AirwarError

DEFAULTS_FILE = Path(__file__).with_name("house_defaults.toml")

ARC_NAMES = (
    "0", "30L", "30R", "60L", "60R", "90L", "90R", "120L", "120R", "150L", "150R", "180",
)  # fmt: skip
"""The twelve angle-off arcs of GS-4."""

_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


class ScenarioError(AirwarError):
    """A scenario file with problems; ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        first = problems[0] if problems else "invalid scenario"
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first + more)


@cache
def house_defaults() -> dict[str, dict[str, int]]:
    """The house values of GS-6 (``house_defaults.toml``)."""
    with DEFAULTS_FILE.open("rb") as fh:
        data = tomllib.load(fh)
    return {k: dict(v) for k, v in data.items()}


def house(section: str, key: str) -> int:
    return int(house_defaults()[section][key])


# -- value types with player-readable messages ------------------------------


def _int_range(lo: int | None, hi: int | None) -> Callable[[Any], int]:
    if lo is not None and hi is not None:
        msg = f"must be an integer from {lo} to {hi}"
    elif lo is not None:
        msg = f"must be an integer >= {lo}"
    else:
        msg = "must be an integer"

    def check(v: Any) -> int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(msg)
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise ValueError(msg)
        return v

    return check


def _hex(v: Any) -> tuple[int, int]:
    if (
        isinstance(v, list | tuple)
        and len(v) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    ):
        return (int(v[0]), int(v[1]))
    raise ValueError("must be a hex [q, r] of two integers")


def _ident(v: Any) -> str:
    if not isinstance(v, str) or not _ID_RE.match(v):
        raise ValueError(
            "must be a short id of letters, digits, '-', '_' or '.' without spaces (e.g. Viper-2)"
        )
    return v


def _arc(v: Any) -> str:
    if not isinstance(v, str) or v.upper() not in ARC_NAMES:
        raise ValueError(f"must be an arc name: {', '.join(ARC_NAMES)} (GS-4)")
    return v.upper()


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise ValueError("must be true or false")
    return v


def _text(v: Any) -> str:
    if not isinstance(v, str) or not v.strip():
        raise ValueError("must be non-empty text")
    return v


NonNeg = Annotated[int, BeforeValidator(_int_range(0, None))]
Positive = Annotated[int, BeforeValidator(_int_range(1, None))]
Heading = Annotated[int, BeforeValidator(_int_range(0, 11))]
DieNumber = Annotated[int, BeforeValidator(_int_range(0, 10))]
Hex = Annotated[tuple[int, int], BeforeValidator(_hex)]
Ident = Annotated[str, BeforeValidator(_ident)]
Arc = Annotated[str, BeforeValidator(_arc)]
Flag = Annotated[bool, BeforeValidator(_bool)]
Text = Annotated[str, BeforeValidator(_text)]

Training = Literal["excellent", "good", "average", "limited", "poor"]
Quality = Literal["veteran", "regular", "novice", "green"]
Attribute = Literal[
    "sierra_hotel", "tactics_master", "combat_hero", "excellent_confidence", "poor_confidence"
]
RadarKind = Literal["regular", "mtt", "tws", "limited_tws"]
Status = Literal[
    "stalled", "stalled_vertical", "departed", "gloc", "disoriented", "engaged", "fac", "damaged"
]
SamGuidance = Literal["BR", "CG", "CW", "TVM", "OG", "LG", "IR"]
RadarState = Literal["active", "alerted", "shutdown"]
MissileGuidance = Literal["IR", "RH", "AH"]
MarkerKind = Literal[
    "laser_spot",
    "smoke_1",
    "smoke_2",
    "blast_zone",
    "suppression",
    "suppression_removal",
    "barrage",
    "out_of_ammo",
    "plotted_fire",
]
OutcomeKind = Literal[
    "missile", "gun", "strafe", "ground_attack", "plotted_fire", "arm",
    "progressive_damage", "gloc_recovery", "ground_combat", "damage_control",
]  # fmt: skip

_AIR = ("destroyed", "damaged", "no_effect")
_GROUND = ("destroyed", "suppressed", "no_effect")
OUTCOME_RESULTS: dict[str, tuple[str, ...]] = {
    "missile": ("destroyed", "damaged", "miss", "flies"),
    "gun": _AIR,
    "plotted_fire": _AIR,
    "strafe": _GROUND,
    "ground_attack": _GROUND,
    "arm": _GROUND,
    "ground_combat": _GROUND,
    "progressive_damage": ("destroyed", "no_effect"),
    "gloc_recovery": ("recovered", "no_effect"),
    "damage_control": ("repaired", "no_effect"),
}
"""The results the referee (or an outcome table) may give for each kind of outcome (GS-14)."""

RADAR_GUIDANCE = frozenset({"BR", "CG", "CW", "TVM"})
OPTICAL_GUIDANCE = frozenset({"OG", "LG", "IR"})


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Side(Model):
    name: Ident
    training: Training = "average"
    kills: NonNeg = 0
    first_kill: Flag = False


class CrewMember(Model):
    quality: Quality = "regular"
    attributes: list[Attribute] = Field(default_factory=list)


class Radar(Model):
    kind: RadarKind
    eccm: NonNeg = 0
    detection: DieNumber | None = None
    lock_on: DieNumber | None = None
    range: Positive | None = None
    capacity: Positive | None = None
    arcs: list[Arc] = Field(default_factory=lambda: ["150L", "180", "150R"])


class Bjm(Model):
    type: Literal["A", "B", "C", "D"]
    number: NonNeg


class DdsProgram(Model):
    name: Ident
    chaff: NonNeg = 0
    flares: NonNeg = 0
    mini_jammers: NonNeg = 0


class MissileLoad(Model):
    type: Ident
    guidance: MissileGuidance
    count: NonNeg
    launch: DieNumber | None = None
    min_range: NonNeg | None = None
    max_range: Positive | None = None
    time_of_flight: Positive | None = None
    arcs: list[Arc] = Field(default_factory=lambda: ["150L", "180", "150R"])


class GroundWeapon(Model):
    type: Ident
    count: NonNeg
    guided: Flag = False


class Aircraft(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    type: Text
    crew: list[CrewMember] = Field(default_factory=lambda: [CrewMember()], min_length=1)
    fly_by_wire: Flag = False
    hex: Hex
    heading: Heading
    altitude: NonNeg
    visibility: Positive | None = None
    vas: Flag = False
    target_id: Flag = False
    iff: Flag = False
    radar: Radar | None = None
    djm: NonNeg = 0
    ajm: NonNeg = 0
    bjm: Bjm | None = None
    chaff: NonNeg = 0
    flares: NonNeg = 0
    mini_jammers: NonNeg = 0
    dds_programs: list[DdsProgram] = Field(default_factory=list)
    dds: Ident | None = None
    blind_arcs: list[Arc] = Field(default_factory=list)
    missiles: list[MissileLoad] = Field(default_factory=list)
    arms: NonNeg = 0
    guns: Flag = True
    rockets: Flag = False
    ground_weapons: list[GroundWeapon] = Field(default_factory=list)
    laser_designator: Flag = False
    fac: Flag = False
    special_modes: list[Ident] = Field(default_factory=list)
    status: list[Status] = Field(default_factory=list)
    tailing: Ident | None = None
    speed: Positive | None = None
    climb: NonNeg | None = None

    @property
    def label(self) -> str:
        return self.name or self.id


class Sam(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    hex: Hex
    guidance: SamGuidance
    eccm: NonNeg = 0
    radar: RadarState | None = None
    quick_reaction: Flag = False
    ccu: Ident | None = None
    rails: NonNeg = 2
    expended: NonNeg = 0
    auto_reload: Flag = False
    lock_on: DieNumber | None = None
    launch: DieNumber | None = None
    range: Positive | None = None
    max_altitude: NonNeg | None = None


class InfantrySam(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    hex: Hex
    guidance: Literal["OG", "LG", "IR"] = "IR"
    ccu: Ident | None = None
    rails: NonNeg = 1
    expended: NonNeg = 0
    reloads: NonNeg = 2
    lock_on: DieNumber | None = None
    launch: DieNumber | None = None
    range: Positive | None = None
    max_altitude: NonNeg | None = None


class Ewr(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    hex: Hex
    eccm: NonNeg = 0
    radar: RadarState = "active"
    range: Positive | None = None


class Ccu(Ewr):
    operative: Flag = True


class Aaa(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    hex: Hex
    fire: Literal["plotted", "barrage"] = "plotted"
    range: Positive | None = None
    max_altitude: NonNeg | None = None
    out_of_ammo: Flag = False


class GroundUnit(Model):
    id: Ident
    name: Text | None = None
    side: Ident
    hex: Hex
    type: Text = "ground unit"
    camouflaged: Flag = False
    fac: Flag = False
    move: NonNeg = 0
    sighting_range: Positive | None = None


class Marker(Model):
    kind: MarkerKind
    hex: Hex | None = None
    unit: Ident | None = None
    altitude: NonNeg | None = None


class Terrain(Model):
    """A hex of terrain that blocks line of sight up to ``height`` (GS-16)."""

    hex: Hex
    height: NonNeg


class MapSpec(Model):
    radius: Positive = 30
    terrain: list[Terrain] = Field(default_factory=list)


class OutcomeTable(Model):
    """GS-14: an outcome resolved by a table given as data (one d10, N-)."""

    target: DieNumber
    success: Text
    failure: Text


class ScenarioInfo(Model):
    name: Text = "Gunslingers scenario"
    turns: Positive = 6
    sun: Heading | None = None


class Scenario(Model):
    scenario: ScenarioInfo = Field(default_factory=ScenarioInfo)
    map: MapSpec = Field(default_factory=MapSpec)
    sides: list[Side] = Field(min_length=2)
    aircraft: list[Aircraft] = Field(default_factory=list)
    sams: list[Sam] = Field(default_factory=list)
    infantry_sams: list[InfantrySam] = Field(default_factory=list)
    ewrs: list[Ewr] = Field(default_factory=list)
    ccus: list[Ccu] = Field(default_factory=list)
    aaa: list[Aaa] = Field(default_factory=list)
    ground_units: list[GroundUnit] = Field(default_factory=list)
    markers: list[Marker] = Field(default_factory=list)
    outcomes: dict[OutcomeKind, OutcomeTable] = Field(default_factory=dict)

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
                        label = f" ({named})"
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


def _unit_place(kind: str, index: int, unit: Any) -> str:
    label = getattr(unit, "name", None) or getattr(unit, "id", "")
    return f"{kind}[{index}] ({label})"


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

    def __init__(self, data: Mapping[str, Any], sc: Scenario | None) -> None:
        self.lists: dict[str, list[tuple[int, Any]]] = {}
        models: dict[str, type[Model]] = {
            "sides": Side, "aircraft": Aircraft, "sams": Sam, "infantry_sams": InfantrySam,
            "ewrs": Ewr, "ccus": Ccu, "aaa": Aaa, "ground_units": GroundUnit, "markers": Marker,
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
                        good.append((i, model.model_validate(item)))
                    except ValidationError:
                        continue
            self.lists[kind] = good
        if sc is not None:
            self.radius = sc.map.radius
        else:
            try:
                self.radius = MapSpec.model_validate(data.get("map", {})).radius
            except ValidationError:
                self.radius = 10**6  # the map itself is reported as invalid


def _cross_check(parts: _Parts) -> list[str]:
    """Problems between parts of the file: ids, sides, references, map bounds."""
    out: list[str] = []
    sides = {s.name for _, s in parts.lists["sides"]}
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
                out.append(
                    f"{place}.side: unknown side {unit.side!r} (sides: {', '.join(sorted(sides))})"
                )
            q, r = unit.hex
            if max(abs(q), abs(r), abs(q + r)) > radius:
                out.append(f"{place}.hex: [{q}, {r}] is off the map (radius {radius})")
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
        if a.altitude > house("aircraft", "max_altitude"):
            out.append(
                f"{place}.altitude: {a.altitude} is above the ceiling "
                f"{house('aircraft', 'max_altitude')}"
            )
        for j, m in enumerate(a.missiles):
            lo = m.min_range if m.min_range is not None else house("aircraft", "missile_min_range")
            hi = m.max_range if m.max_range is not None else house("aircraft", "missile_max_range")
            if lo > hi:
                out.append(f"{place}.missiles[{j}]: min_range {lo} is above max_range {hi}")
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
    unit_ids = set(ids)
    for i, mk in parts.lists["markers"]:
        if mk.hex is None and mk.unit is None:
            out.append(f"markers[{i}] ({mk.kind}): needs a hex or a unit")
        if mk.unit is not None and mk.unit not in unit_ids:
            out.append(f"markers[{i}] ({mk.kind}).unit: no unit {mk.unit!r}")
        if mk.kind == "plotted_fire" and mk.altitude is None:
            out.append(f"markers[{i}] (plotted_fire).altitude: is required")
    return out


def parse_scenario(data: Mapping[str, Any], filename: str = "scenario") -> Scenario:
    """Validate parsed TOML content; raise :class:`ScenarioError` listing every problem."""
    lines: list[str] = []
    sc: Scenario | None = None
    try:
        sc = Scenario.model_validate(dict(data))
    except ValidationError as exc:
        lines = [f"{filename}: {_place(e['loc'], data)}: {_message(e)}" for e in exc.errors()]
    lines += [f"{filename}: {p}" for p in _cross_check(_Parts(data, sc))]
    lines += [f"{filename}: {p}" for p in _outcome_problems(data)]
    if lines or sc is None:
        raise ScenarioError(lines)
    return sc


def read_scenario_data(path: str | Path) -> dict[str, Any]:
    """The TOML content of a scenario file (ScenarioError if unreadable)."""
    p = Path(path)
    try:
        with p.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise ScenarioError([f"{p.name}: cannot be read ({exc.strerror})"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError([f"{p.name}: not valid TOML ({exc})"]) from None


def load_scenario(path: str | Path) -> Scenario:
    """Read and validate a scenario file."""
    return parse_scenario(read_scenario_data(path), Path(path).name)
