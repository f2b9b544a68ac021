"""A scenario's ``[victory]`` table: what scores points and how a lead becomes a win.

The Expanded Sequence of Play has no victory conditions: they belong to the
scenario (GS-85). A scenario may give::

    [victory]
    decisive = 8                 # a lead of 8 points or more: a decisive win
    marginal = 2                 # a lead of 2 to 7: a marginal win; less: a draw
    kills = { default = 3, "EF-111A" = 8, sam = 4 }

    [[victory.targets]]          # a ground target: points when destroyed or suppressed
    unit = "Oak"
    destroyed = 6
    suppressed = 2

    [[victory.exits]]            # points for each aircraft that reaches or leaves by a place
    name = "home"
    side = "Blue"
    how = "exit"                 # exit: leaves the map there; reach: ends a move there
    edge = "west"                # or hex = [q, r], or zone = { hex = [q, r], radius = 3 }
    after_attack = true          # only an aircraft that has attacked a ground target
    points = 2

``kills`` gives the points of a unit destroyed by its id, its type or its role
(``aircraft``, ``sam``, ``infantry``, ``aaa``, ``ewr``, ``ccu``, ``ground``),
the first found in that order, else ``default``, else the type's ``points`` in
the library, else the house value (GS-86). A scenario without ``[victory]``
plays by the default scheme of GS-86 (:mod:`airwar.games.gunslingers.victory`).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BeforeValidator, Field

from airwar.games.gunslingers.model.fields import (
    MAX_POINTS,
    MAX_UNITS,
    POINTS_WHY,
    UNITS_WHY,
    Flag,
    Hexes,
    HexField,
    Ident,
    IntRange,
    Model,
    Points,
    Text,
    _at_most,
)

Lead = Annotated[int, BeforeValidator(IntRange(1, MAX_POINTS, POINTS_WHY))]

EDGES = ("any", "east", "west", "northeast", "northwest", "southeast", "southwest")
"""The map's six edges by the way they face (the map is a hexagon with corners to the
north and south), and ``any``."""

ROLES = ("aircraft", "sam", "infantry", "aaa", "ewr", "ccu", "ground")
"""The roles ``kills`` may give points for: each list of units of a scenario."""

ROLE_OF_LIST = {
    "aircraft": "aircraft",
    "sams": "sam",
    "infantry_sams": "infantry",
    "aaa": "aaa",
    "ewrs": "ewr",
    "ccus": "ccu",
    "ground_units": "ground",
}


class Zone(Model):
    hex: HexField
    radius: Hexes = 0


class Target(Model):
    """A ground target of the scenario and its points (GS-86)."""

    unit: Ident
    destroyed: Points | None = None
    """Points when it is destroyed (none: its points as a kill)."""
    suppressed: Points | None = None
    """Points the first time it is suppressed (none: half its destroyed points, rounded up)."""
    side: Ident | None = None
    """The side that scores (none: every enemy of the unit's side)."""


class Exit(Model):
    """Points for each aircraft that reaches or leaves the map by a hex, an edge or a zone."""

    name: Text | None = None
    side: Ident
    points: Points
    how: Literal["exit", "reach"] = "exit"
    hex: HexField | None = None
    edge: (
        Literal["any", "east", "west", "northeast", "northwest", "southeast", "southwest"] | None
    ) = None
    zone: Zone | None = None
    after_attack: Flag = False
    """Only an aircraft that has made an air-to-ground attack counts (bombs on target and
    home again)."""
    aircraft: list[Ident] = Field(default_factory=list)
    """Only these aircraft count (none: every aircraft of the side)."""


class VictorySpec(Model):
    decisive: Lead | None = None
    """The lead in points for a decisive win (none: a third of the points at stake, GS-87)."""
    marginal: Lead = 1
    """The lead in points for a marginal win; a smaller lead is a draw (GS-87)."""
    kills: dict[Text, Points] = Field(default_factory=dict)
    ground: Flag = True
    """Whether every enemy ground unit not listed in ``targets`` scores too (its points as
    a kill, half when suppressed): ``false`` leaves only the targets named."""
    targets: Annotated[list[Target], BeforeValidator(_at_most(MAX_UNITS, "targets", UNITS_WHY))] = (
        Field(default_factory=list)
    )
    exits: Annotated[list[Exit], BeforeValidator(_at_most(MAX_UNITS, "exits", UNITS_WHY))] = Field(
        default_factory=list
    )


def cross_check(
    spec: VictorySpec,
    sides: set[str],
    units: dict[str, tuple[str, str, str]],
    radius: int,
) -> list[str]:
    """Problems of a ``[victory]`` table against the rest of the scenario, one line each.

    ``units``: each unit's id -> (its list, its side, its type)."""
    out: list[str] = []
    if spec.decisive is not None and spec.decisive < spec.marginal:
        out.append(
            f"victory.decisive: {spec.decisive} is less than marginal ({spec.marginal}); "
            "a decisive win needs at least the lead of a marginal one"
        )
    types = {t for _, _, t in units.values() if t}
    for key in spec.kills:
        if key != "default" and key not in ROLES and key not in types and key not in units:
            out.append(
                f"victory.kills.{key}: no unit, type or role {key!r} in the scenario "
                f"(roles: {', '.join(ROLES)}; or default)"
            )
    seen: set[str] = set()
    for i, t in enumerate(spec.targets):
        place = f"victory.targets[{i}] ({t.unit})"
        if t.unit not in units:
            out.append(f"{place}.unit: no unit {t.unit!r}")
        elif units[t.unit][0] == "aircraft":
            out.append(f"{place}.unit: {t.unit} is an aircraft; its points are kills")
        if t.unit in seen:
            out.append(f"{place}.unit: {t.unit!r} is a target twice")
        seen.add(t.unit)
        if t.side is not None and t.side not in sides:
            out.append(f"{place}.side: unknown side {t.side!r}")
        elif t.side is not None and t.unit in units and units[t.unit][1] == t.side:
            out.append(f"{place}.side: {t.side} cannot score for its own unit {t.unit}")
    for i, e in enumerate(spec.exits):
        place = f"victory.exits[{i}]" + (f" ({e.name})" if e.name else "")
        if e.side not in sides:
            out.append(f"{place}.side: unknown side {e.side!r} (sides: {', '.join(sorted(sides))})")
        given = [k for k in ("hex", "edge", "zone") if getattr(e, k) is not None]
        if len(given) != 1:
            out.append(
                f"{place}: needs exactly one of hex, edge or zone (given: "
                f"{', '.join(given) or 'none'})"
            )
        if e.how == "exit" and e.hex is not None and not _on_edge(e.hex, radius):
            out.append(
                f"{place}.hex: {list(e.hex)} is not on the map's edge; an aircraft leaves "
                'the map only from its edge (how = "reach" for a hex inside)'
            )
        if e.how == "reach" and e.edge is not None:
            out.append(f'{place}.edge: an edge is reached by leaving: how = "exit"')
        for name, where in (("hex", e.hex), ("zone.hex", e.zone.hex if e.zone else None)):
            if where is not None and _off(where, radius):
                out.append(f"{place}.{name}: {list(where)} is off the map (radius {radius})")
        for j, a in enumerate(e.aircraft):
            if a not in units or units[a][0] != "aircraft":
                out.append(f"{place}.aircraft[{j}]: no aircraft {a!r}")
            elif units[a][1] != e.side:
                out.append(f"{place}.aircraft[{j}]: {a} is not of side {e.side}")
    return out


def _off(h: tuple[int, int], radius: int) -> bool:
    q, r = h
    return max(abs(q), abs(r), abs(q + r)) > radius


def _on_edge(h: tuple[int, int], radius: int) -> bool:
    q, r = h
    return max(abs(q), abs(r), abs(q + r)) == radius


def on_edge(q: int, r: int, edge: str, radius: int) -> bool:
    """Whether hex ``(q, r)`` lies on the named edge of a map of ``radius``."""
    s = -q - r
    sides = {
        "east": q == radius,
        "west": q == -radius,
        "northeast": r == -radius,
        "southwest": r == radius,
        "southeast": s == -radius,
        "northwest": s == radius,
    }
    if edge == "any":
        return any(sides.values())
    return sides.get(edge, False)


_HEADER = re.compile(r"^\s*\[\[?\s*victory(\.(\w+))?\s*\]\]?")


def line_of(text: str, place: str) -> int | None:
    """The line of a scenario's text that a problem's ``place`` in ``[victory]`` names
    (``victory.exits[1].edge``), for a message; None if the text has no ``[victory]``."""
    m = re.match(r"victory(?:\.(\w+))?(?:\[(\d+)\])?(?:\s*\([^)]*\))?(?:\.(\w+))?", place)
    if m is None:
        return None
    table, index, key = m.group(1), m.group(2), m.group(3)
    lines = text.splitlines()
    found: int | None = None
    count = -1
    section: str | None = None
    for n, line in enumerate(lines, start=1):
        head = _HEADER.match(line)
        if head is not None:
            section = head.group(2) or ""
            if section == "" and found is None:
                found = n
            if table is not None and section == table:
                count += 1
                if index is None or count == int(index):
                    found = n
                    if key is None:
                        return n
            continue
        if line.lstrip().startswith("[") and section is not None:
            section = None
            continue
        if section is None:
            continue
        name = line.split("=", 1)[0].strip().strip('"') if "=" in line else ""
        want = key if table is not None and section == table else table
        if section == "" and table is not None and name == table:
            return n
        if want and name == want and (index is None or count == int(index)):
            return n
    return found


def located(problem: str, text: str) -> str:
    """A problem line ``FILE: victory...: what`` with the line of the file it names
    (``FILE: line 12: victory.decisive: ...``); any other problem as it is."""
    name, sep, rest = problem.partition(": ")
    if not sep or not rest.startswith("victory"):
        return problem
    place = rest.split(": ", 1)[0]
    n = line_of(text, place)
    return f"{name}: line {n}: {rest}" if n is not None else problem
