"""The Gunslingers hex map as text, drawn from a seat's view (what that seat may see).

Hexes are flat-topped with north up (``games/gunslingers/model/hexgrid.py``): the
columns are the hexes of one ``q``, a column's hexes run down the map ``r`` by ``r``,
and the next column to the right sits half a hex lower. Each text line is half a hex
high, so a hex prints on the line ``2r + q`` of its column and every other column is
blank on a line. A hex shows, in at most :data:`CELL` characters, the key of the units
in it (the legend lists them), else a marker ``*``, a last-known position ``?``, a hex
of a path flown this turn or the last ``o`` (GS-82), a terrain height ``^N``, or ``.``
when empty; a hex off the map is blank.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from airwar.games.gunslingers.model.hexgrid import Hex

MAX_RADIUS = 12
"""The widest map drawn around a unit, in hexes: 25 columns of 4 characters fit a
100-column terminal."""

CELL = 4
"""Characters per column (a hex's text is at most this wide, with a space after)."""


class MapError(ValueError):
    """A map that cannot be drawn as asked (an unknown unit), said in one line."""


@dataclass(frozen=True)
class Placed:
    """A unit the view shows, where it shows it."""

    id: str
    hex: Hex
    side: str
    what: str


def _hex(text: Any) -> Hex | None:
    try:
        return Hex.parse(str(text))
    except ValueError:
        return None


def units_in(view: Mapping[str, Any]) -> list[Placed]:
    """Every unit the view places on the map: aircraft, ground units, weapons in flight."""
    out: list[Placed] = []

    def add(u: Mapping[str, Any], what: str) -> None:
        h = _hex(u.get("hex"))
        if h is None or u.get("alive") is False:
            return
        out.append(Placed(str(u.get("id")), h, str(u.get("side") or "?"), what))

    for p in view.get("aircraft", []):
        bits = []
        if p.get("type"):
            bits.append(str(p["type"]))
        if p.get("altitude") is not None:
            bits.append(f"altitude {p['altitude']}")
        if p.get("heading") is not None:
            bits.append(f"heading {p['heading']}")
        if p.get("speed") is not None:
            bits.append(f"speed {p['speed']}")
        if p.get("status"):
            bits.append(", ".join(p["status"]))
        if p.get("radar_contact"):
            bits.append("radar contact")
        add(p, "aircraft" + (f" ({'; '.join(bits)})" if bits else ""))
    for key in ("sams", "radars", "aaa", "ground", "own_ground", "enemy_ground"):
        for u in view.get(key, []):
            kind = u.get("kind") or {"sams": "SAM site", "radars": "radar", "aaa": "AAA"}.get(
                key, "ground unit"
            )
            label = u.get("label")
            named = f" {label}" if label and label != u.get("id") else ""
            add(u, f"{kind}{named}".replace("_", " "))
    for w in view.get("weapons", []):
        target = f" at {w['target']}" if w.get("target") else ""
        add({**w, "side": w.get("side", "weapon")}, f"weapon {w.get('type', '')}{target}")
    return out


def _keys(placed: list[Placed]) -> dict[str, str]:
    """A short key for each unit: its side's initial and a number (``B1``, ``R2``),
    weapons ``w1``..."""
    keys: dict[str, str] = {}
    count: dict[str, int] = {}
    for u in placed:
        letter = "w" if u.what.startswith("weapon") else (u.side[:1] or "?").upper()
        count[letter] = count.get(letter, 0) + 1
        keys[u.id] = f"{letter}{count[letter]}"
    return keys


def units_centre(hexes: list[Hex]) -> Hex:
    """The hex the units are drawn around when no unit is named: the one nearest to the
    farthest of them (the centre of the smallest hexagon holding them all; of equals,
    the nearest to them all, then to the map's centre, then the first by q and r). The
    map's centre 0,0 when the view shows no unit."""
    if not hexes:
        return Hex(0, 0)
    qs, rs, ss = ([h.q for h in hexes], [h.r for h in hexes], [h.s for h in hexes])
    # a hex within `far` of every unit has each cube coordinate within `far` of theirs
    far = max(max(c) - min(c) for c in (qs, rs, ss)) // 2
    while True:
        q_lo, q_hi = max(qs) - far, min(qs) + far
        r_lo, r_hi = max(rs) - far, min(rs) + far
        s_lo, s_hi = max(ss) - far, min(ss) + far
        found = [
            Hex(q, r)
            for q in range(q_lo, q_hi + 1)
            for r in range(max(r_lo, -s_hi - q), min(r_hi, -s_lo - q) + 1)
        ]
        if found:
            return min(
                found,
                key=lambda h: (sum(h.distance(u) for u in hexes), h.distance(Hex(0, 0)), h.q, h.r),
            )
        far += 1


def window_centre(hexes: list[Hex], radius: int) -> tuple[Hex, str]:
    """Where to draw ``radius`` hexes out when no unit is named, and how to say it: the
    units' centre (:func:`units_centre`) when that shows them all; else, of the centre,
    each unit's hex and the map's centre, the one with the most units within reach."""
    centre = units_centre(hexes)
    if not hexes:
        return centre, f"around {centre.q},{centre.r}"
    if max(centre.distance(h) for h in hexes) <= radius:
        return centre, f"around the units' centre {centre.q},{centre.r}"

    def shown(c: Hex) -> int:
        return sum(c.distance(h) <= radius for h in hexes)

    best = max([centre, *hexes, Hex(0, 0)], key=shown)  # the first of equals: the centre
    if best == centre:
        return centre, f"around the units' centre {centre.q},{centre.r}"
    return best, f"around {best.q},{best.r}, where the most units are within {radius} hexes"


def draw(
    view: Mapping[str, Any],
    *,
    unit: str | None = None,
    radius: int = 6,
    title: str = "",
) -> str:
    """The map around ``unit`` (or the units' centre) out to ``radius`` hexes, as the view
    shows it, with column numbers, row numbers of the centre column, and a legend.

    Raises :class:`MapError` for a unit the view does not show, or a radius out of range.
    """
    if not 1 <= radius <= MAX_RADIUS:
        raise MapError(f"radius {radius} is not from 1 to {MAX_RADIUS}")
    placed = units_in(view)
    by_id = {u.id: u for u in placed}
    if unit is not None:
        if unit not in by_id:
            known = ", ".join(sorted(by_id)[:12]) or "none"
            raise MapError(f"no unit {unit[:40]!r} on this map (units: {known})")
        centre = by_id[unit].hex
    else:
        centre, where = window_centre([u.hex for u in placed], radius)
    map_radius = int((view.get("map") or {}).get("radius", 30))
    terrain = {}
    for t in (view.get("map") or {}).get("terrain", []):
        h = _hex(t.get("hex"))
        if h is not None:
            terrain[h] = int(t.get("height", 0))
    markers = {h for m in view.get("markers", []) if (h := _hex(m.get("hex"))) is not None}
    last_seen = {h for s in view.get("last_seen", []) if (h := _hex(s.get("hex"))) is not None}
    flown = {  # the paths of the moves the seat saw, this turn and the last (GS-82)
        h for m in view.get("paths", []) for t in m.get("path") or [] if (h := _hex(t)) is not None
    }
    near = [u for u in placed if u.hex.distance(centre) <= radius]
    keys = _keys(near)
    at: dict[Hex, list[Placed]] = {}
    for u in near:
        at.setdefault(u.hex, []).append(u)

    def on_map(h: Hex) -> bool:
        return max(abs(h.q), abs(h.r), abs(h.s)) <= map_radius

    def cell(h: Hex) -> str:
        if not on_map(h):
            return ""
        here = at.get(h)
        if here:
            text = keys[here[0].id]
            return text + ("+" if len(here) > 1 else "")
        if h in markers:
            return "*"
        if h in last_seen:
            return "?"
        if h in flown:
            return "o"
        if h in terrain:
            return f"^{terrain[h]}"
        return "."

    qs = range(centre.q - radius, centre.q + radius + 1)
    window = [
        Hex(q, r)
        for q in qs
        for r in range(centre.r - 2 * radius, centre.r + 2 * radius + 1)
        if Hex(q, r).distance(centre) <= radius
    ]
    lines_at: dict[int, dict[int, str]] = {}
    for h in window:
        lines_at.setdefault(2 * h.r + h.q, {})[h.q] = cell(h)
    margin = 6
    out: list[str] = []
    if title:
        out.append(title)
    if unit:
        where = f"around {unit} at {centre.q},{centre.r}"
    out.append(
        f"map {where}, {radius} hexes out (north up; columns q; rows r of column {centre.q}, "
        "each column to the right half a hex lower)"
    )
    out.append(" " * margin + "".join(f"{q:<{CELL}d}" for q in qs).rstrip())
    for y in sorted(lines_at):
        row = lines_at[y]
        label = ""
        if (y - centre.q) % 2 == 0:
            label = f"r{(y - centre.q) // 2}"
        text = "".join(f"{row.get(q, ''):<{CELL}}"[:CELL] for q in qs)
        out.append(f"{label:>{margin - 1}} {text}".rstrip())
    out.append(
        "legend: . empty  ^N terrain N high  * marker  ? last seen  o a path flown (this turn "
        "and the last)  + more units here"
    )
    shown = sorted(near, key=lambda u: (keys[u.id][0], int(keys[u.id][1:])))
    for u in shown:
        # the unit's key hides its hex's ^N: the legend keeps the height it stands on
        ground = f" (on terrain {terrain[u.hex]} high)" if u.hex in terrain else ""
        out.append(f"  {keys[u.id]:<4} {u.id} ({u.side}) at {u.hex.q},{u.hex.r}: {u.what}{ground}")
    outside = len(placed) - len(shown)
    if outside:
        out.append(f"  and {outside} more beyond {radius} hexes")
    return "\n".join(out)
