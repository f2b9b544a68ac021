"""The problems of a scenario, each one line naming its place (GS-42, GS-64, GS-75).

The schema's errors in plain words (:func:`problem_text` at :func:`place_of`),
and what the schema alone cannot check: ids that are unique and refer to
units that exist, positions on the map, the outcome tables, and what each
side knows as the game starts (:func:`unit_problems`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from airwar.core.text import printable
from airwar.games.gunslingers.model.fields import (
    MAX_ID,
    MAX_RADIUS,
    OPTICAL_GUIDANCE,
    OUTCOME_RESULTS,
    RADAR_GUIDANCE,
    Model,
    house,
    shown,
)
from airwar.games.gunslingers.model.scenario_schema import (
    UNIT_LISTS,
    Aaa,
    Aircraft,
    Ccu,
    Ewr,
    GroundUnit,
    InfantrySam,
    MapSpec,
    MarkerSpec,
    Sam,
    Scenario,
    SideSpec,
    Terrain,
)

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


def problem_text(err: Mapping[str, Any]) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    if kind == "value_error":
        return str(err["msg"]).removeprefix("Value error, ")
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}".replace("'", "")
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} entries"
    return _PLAIN.get(kind, str(err["msg"]))


def place_of(loc: tuple[Any, ...], data: Any) -> str:
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


def _unit_place(kind: str, index: int, unit: object) -> str:
    label = getattr(unit, "name", None) or getattr(unit, "id", "")
    return f"{kind}[{index}] ({_clipped(printable(str(label)))})"


def outcome_problems(data: Mapping[str, Any]) -> list[str]:
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


class ScenarioParts:
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


def unit_problems(parts: ScenarioParts) -> list[str]:
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
    out += knowledge_problems(parts, ids)
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


def knowledge_problems(parts: ScenarioParts, ids: dict[str, str]) -> list[str]:
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
