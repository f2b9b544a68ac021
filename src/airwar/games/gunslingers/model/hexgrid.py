"""Hex geometry of the Gunslingers map: hexes, headings, angle-off arcs, range.

Line of sight over the map is :mod:`.sightline`'s.

Coordinates and notation (docs/gunslingers-geometry.md has the diagram):

- Hexes are flat-topped: north (up the map) points at a hexside. A hex is an
  axial pair ``(q, r)``: ``q`` is the column, counted east; ``r`` counts down
  the column, so ``(q, r + 1)`` is the hex due south and ``(q + 1, r)`` the one
  to the south-east.
- The text form is ``"q,r"`` (``"3,-2"``); it parses back with ``Hex.parse``.
  Map labels ``"CCRR"`` (``"0305"``: column 03, row 05, counted from 01, rows
  growing southward, even-numbered columns half a hex lower) parse too and are
  written by ``Hex.map_label``. Hex ``0101`` is ``0,0``.
- Headings are 0..11 in 30-degree steps clockwise from north (heading ``k``
  points at ``30 * k`` degrees, like the hour hand at ``k`` o'clock). Even
  headings point at a hexside, odd ones at a hexspine (GS-4).
- Arcs are named by angle-off from the aircraft's tail (GS-4): ``0`` (tail),
  ``30L``/``30R`` ... ``150L``/``150R``, ``180`` (nose). ``N+`` is every arc of
  angle-off N or more, ``N-`` every arc of N or less.

>>> a = Hex.parse("0,0")
>>> b = Hex.parse("2,-3")
>>> a.distance(b)
3
>>> arc_of(a, Heading(0), b)
<Arc.R150: '150R'>
>>> Hex.parse("0305"), Hex(2, 2).map_label()
(Hex(q=2, r=3), '0304')
>>> sorted(a.name for a in parse_arcs("150+"))
['L150', 'NOSE', 'R150']
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Generic, TypeVar

from airwar.core.errors import InvalidNotation
from airwar.games.gunslingers.tables import entry

T = TypeVar("T")

HEADINGS = 12

DEGREES_PER_HEADING = 30

_AXIAL_RE = re.compile(r"^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$")

_MAP_RE = re.compile(r"^\s*(\d{4}|\d{6})\s*$")

# The six hexside directions of a flat-topped hex, by even heading 0, 2, ..., 10.
_SIDE_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


@dataclass(frozen=True, order=True)
class Hex:
    """One hex, axial coordinates ``(q, r)``; ``s = -q - r`` is the third cube axis."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    @classmethod
    def parse(cls, text: str) -> Hex:
        """Parse ``"q,r"`` (``"3,-2"``, ``"(3, -2)"``) or a map label ``"0305"``."""
        m = _AXIAL_RE.match(text)
        if m:
            return cls(int(m.group(1)), int(m.group(2)))
        m = _MAP_RE.match(text)
        if m:
            digits = m.group(1)
            half = len(digits) // 2
            return cls.from_map(int(digits[:half]), int(digits[half:]))
        raise InvalidNotation(f"{text!r} is not a hex like 3,-2 (q,r) or 0305 (column-row)")

    @classmethod
    def from_map(cls, column: int, row: int) -> Hex:
        """The hex of map column ``column`` and row ``row`` (both counted from 1)."""
        if column < 1 or row < 1:
            raise InvalidNotation(f"map column and row start at 01, not {column:02d}{row:02d}")
        q = column - 1
        return cls(q, row - 1 - q // 2)

    def map_column_row(self) -> tuple[int, int]:
        """(column, row) of the map label, both counted from 1 (may be below 1 off-map)."""
        return self.q + 1, self.r + self.q // 2 + 1

    def map_label(self) -> str:
        """``"CCRR"`` (or ``"CCCRRR"`` beyond 99); raises for hexes left of or above 0101."""
        column, row = self.map_column_row()
        if column < 1 or row < 1:
            raise InvalidNotation(f"hex {self} lies off the numbered map (before 0101)")
        width = 2 if column < 100 and row < 100 else 3
        return f"{column:0{width}d}{row:0{width}d}"

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def distance(self, other: Hex) -> int:
        """Range in hexes (the horizontal range of the text)."""
        dq, dr = self.q - other.q, self.r - other.r
        return max(abs(dq), abs(dr), abs(dq + dr))

    def neighbour(self, heading: Heading | int) -> Hex:
        """The adjacent hex across the hexside at an even heading."""
        h = Heading.of(heading)
        if not h.is_hexside:
            raise InvalidNotation(
                f"heading {h.value} points at a hexspine; only even headings cross a hexside"
            )
        dq, dr = _SIDE_STEPS[h.value // 2]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, clockwise from north."""
        return tuple(Hex(self.q + dq, self.r + dr) for dq, dr in _SIDE_STEPS)

    def ahead(self, heading: Heading | int) -> Hex:
        """The next hex centre straight along a heading.

        For an even heading that is the neighbour; for an odd heading (towards
        a hexspine) it is the hex two ranges away straight through the spine.
        """
        h = Heading.of(heading)
        if h.is_hexside:
            return self.neighbour(h)
        left, right = _SIDE_STEPS[(h.value - 1) // 2], _SIDE_STEPS[((h.value + 1) // 2) % 6]
        return Hex(self.q + left[0] + right[0], self.r + left[1] + right[1])

    def ring(self, radius: int) -> list[Hex]:
        """The hexes exactly ``radius`` away (just ``self`` for 0)."""
        if radius < 0:
            raise ValueError(f"a ring radius cannot be negative ({radius})")
        return [h for h in self.spiral(radius) if self.distance(h) == radius]

    def spiral(self, radius: int) -> Iterator[Hex]:
        """Every hex within ``radius`` (``self`` included)."""
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                yield Hex(self.q + dq, self.r + dr)

    def route_to(self, end: Hex, heading: Heading | int) -> list[Hex]:
        """The default route of a move from here to ``end`` for an aircraft on
        ``heading``: a shortest path, hex by hex (``self`` left out, ``end`` last), flying
        straight ahead as long as that keeps it shortest and then turning (GS-82).

        Each step takes, of the neighbours one hex nearer ``end``, the one whose hexside
        direction is nearest the heading; on a tie (a heading at a hexspine) the one not
        taken last, so the route runs straight along the spine, and on the first step the
        one clockwise of the heading.

        >>> [str(h) for h in Hex(0, 0).route_to(Hex(2, 1), 4)]
        ['1,0', '2,0', '2,1']
        >>> [str(h) for h in Hex(0, 0).route_to(Hex(4, -2), 3)]
        ['1,0', '2,-1', '3,-1', '4,-2']
        """
        h = Heading.of(heading).value
        out: list[Hex] = []
        here, last = self, -1
        while here != end:
            left = here.distance(end) - 1
            best: tuple[tuple[int, int, int], int, Hex] | None = None
            for k, (dq, dr) in enumerate(_SIDE_STEPS):
                step = Hex(here.q + dq, here.r + dr)
                if step.distance(end) != left:
                    continue
                off = (2 * k - h) % HEADINGS
                key = (min(off, HEADINGS - off), int(k == last), 0 if off == 1 else 1)
                if best is None or key < best[0]:
                    best = (key, k, step)
            assert best is not None
            _, last, here = best
            out.append(here)
        return out

    def centre(self) -> tuple[float, float]:
        """(east, north) of the hex centre, adjacent centres 1 apart."""
        return math.sqrt(3) / 2 * self.q, -(self.r + self.q / 2)


def straight_ahead(start: Hex, heading: Heading | int, hexes: int) -> Hex:
    """The hex ``hexes`` hexes straight ahead of ``start`` on ``heading``: along a hexside
    heading hex after hex, along a hexspine heading the hexes either side of it in turn,
    the clockwise one first (the default route to it is that straight line, GS-82).

    >>> str(straight_ahead(Hex(0, 0), 2, 3)), str(straight_ahead(Hex(0, 0), 3, 3))
    ('3,-3', '3,-1')
    """
    h = Heading.of(heading).value
    if h % 2 == 0:
        dq, dr = _SIDE_STEPS[h // 2]
        return Hex(start.q + dq * hexes, start.r + dr * hexes)
    cw, ccw = _SIDE_STEPS[((h + 1) // 2) % 6], _SIDE_STEPS[(h - 1) // 2]
    a, b = (hexes + 1) // 2, hexes // 2
    return Hex(start.q + cw[0] * a + ccw[0] * b, start.r + cw[1] * a + ccw[1] * b)


@dataclass(frozen=True)
class Heading:
    """A heading 0..11: ``30 * value`` degrees clockwise from north (GS-4)."""

    value: int

    def __post_init__(self) -> None:
        if not isinstance(self.value, int) or not 0 <= self.value < HEADINGS:
            raise InvalidNotation(f"heading must be a whole number 0 to 11, not {self.value!r}")

    @classmethod
    def of(cls, value: Heading | int) -> Heading:
        return value if isinstance(value, Heading) else cls(value)

    @classmethod
    def parse(cls, text: str) -> Heading:
        """Parse ``"0"`` .. ``"11"`` (an ``H`` prefix is allowed: ``"H3"``)."""
        t = text.strip().upper().removeprefix("H")
        if not t.isdigit():
            raise InvalidNotation(f"{text!r} is not a heading 0 to 11")
        return cls(int(t))

    @property
    def degrees(self) -> int:
        return self.value * DEGREES_PER_HEADING

    @property
    def is_hexside(self) -> bool:
        """Even headings point at a hexside, odd ones at a hexspine (GS-4)."""
        return self.value % 2 == 0

    def turn(self, steps: int) -> Heading:
        """Turned ``steps`` x 30 degrees (positive = right, clockwise)."""
        return Heading((self.value + steps) % HEADINGS)

    def reverse(self) -> Heading:
        return self.turn(HEADINGS // 2)

    def __str__(self) -> str:
        return str(self.value)


class Hand(StrEnum):
    """The left or right hand of an arc (``150L``, ``150R``)."""

    LEFT = "L"
    RIGHT = "R"


class Arc(StrEnum):
    """The twelve angle-off arcs of GS-4, named by angle-off from the tail."""

    TAIL = "0"
    L30 = "30L"
    R30 = "30R"
    L60 = "60L"
    R60 = "60R"
    L90 = "90L"
    R90 = "90R"
    L120 = "120L"
    R120 = "120R"
    L150 = "150L"
    R150 = "150R"
    NOSE = "180"

    @property
    def angle_off(self) -> int:
        """0 for the tail arc, 180 for the nose arc."""
        return int(self.value.rstrip("LR"))

    @property
    def side(self) -> Hand | None:
        """Left or right; ``None`` for the tail and nose arcs."""
        last = self.value[-1]
        return Hand(last) if last in "LR" else None

    @property
    def step(self) -> int:
        """Relative bearing of the arc's centre in 30-degree steps: nose 0, right
        positive (150R is 1, 30R is 5), left negative, tail 6."""
        base = (180 - self.angle_off) // DEGREES_PER_HEADING
        return -base if self.side is Hand.LEFT else base

    @classmethod
    def from_step(cls, step: int) -> Arc:
        """The arc centred ``step`` x 30 degrees clockwise of the nose."""
        s = step % HEADINGS
        if s > HEADINGS // 2:
            s -= HEADINGS
        return _ARC_BY_STEP[s]

    def mirror(self) -> Arc:
        """The same arc on the other side (nose and tail are their own mirror)."""
        return Arc.from_step(-self.step)

    def __str__(self) -> str:
        return self.value


_ARC_BY_STEP: dict[int, Arc] = {a.step: a for a in Arc}

_ARC_BY_STEP[-6] = Arc.TAIL

#: The arcs clockwise from the nose; neighbours in this cycle are adjacent arcs.
ARCS_CLOCKWISE: tuple[Arc, ...] = tuple(Arc.from_step(s) for s in range(HEADINGS))


@cache
def arcs_at_least(angle_off: int) -> frozenset[Arc]:
    """``"N+"``: every arc with angle-off N or more (``150+`` = nose and both 150s)."""
    _check_angle(angle_off)
    return frozenset(a for a in Arc if a.angle_off >= angle_off)


@cache
def arcs_at_most(angle_off: int) -> frozenset[Arc]:
    """``"N-"``: every arc with angle-off N or less (``30-`` = tail and both 30s)."""
    _check_angle(angle_off)
    return frozenset(a for a in Arc if a.angle_off <= angle_off)


def _check_angle(angle_off: int) -> None:
    if angle_off % DEGREES_PER_HEADING or not 0 <= angle_off <= 180:
        raise InvalidNotation(f"angle-off must be 0, 30, ..., 180, not {angle_off}")


def parse_arcs(text: str) -> frozenset[Arc]:
    """Parse an arc set: names and ``N+``/``N-`` sets joined by commas or "and".

    ``"180+ and 30-"`` is the nose, the tail and both 30 arcs; ``"60L,60R"``;
    ``"any"`` (or ``"all"``) is every arc; ``""`` or ``"none"`` is no arc.
    """
    t = text.strip().lower()
    if t in ("", "none"):
        return frozenset()
    if t in ("any", "all"):
        return frozenset(Arc)
    out: set[Arc] = set()
    for raw in re.split(r"\s*(?:,|\band\b)\s*", t):
        part = raw.strip().upper()
        if not part:
            continue
        if part[-1] in "+-" and part[:-1].isdigit():
            n = int(part[:-1])
            out |= arcs_at_least(n) if part[-1] == "+" else arcs_at_most(n)
        else:
            try:
                out.add(Arc(part))
            except ValueError:
                raise InvalidNotation(
                    f"{raw.strip()!r} is not an arc (0, 30L..150R, 180, N+ or N-)"
                ) from None
    return frozenset(out)


def arcs_text(arcs: Iterable[Arc]) -> str:
    """Arcs as text in clockwise order from the nose (parses back with ``parse_arcs``)."""
    chosen = set(arcs)
    return ",".join(a.value for a in ARCS_CLOCKWISE if a in chosen)


def adjacent_arc_sets(count: int = 3) -> list[frozenset[Arc]]:
    """Every run of ``count`` adjacent arcs around the aircraft (BJM type C: 3, GS-5)."""
    if not 1 <= count <= HEADINGS:
        raise ValueError(f"a run of adjacent arcs has 1 to 12 arcs, not {count}")
    if count == HEADINGS:
        return [frozenset(Arc)]
    return [frozenset(ARCS_CLOCKWISE[(i + k) % HEADINGS] for k in range(count)) for i in range(12)]


def are_adjacent(arcs: Iterable[Arc]) -> bool:
    """Whether the arcs form one unbroken run around the aircraft."""
    chosen = frozenset(arcs)
    return bool(chosen) and chosen in adjacent_arc_sets(len(chosen))


def bearing(frm: Hex, to: Hex) -> float:
    """Map bearing in degrees [0, 360) of ``to``'s centre from ``frm``'s, clockwise from north."""
    if frm == to:
        raise InvalidNotation(f"hex {to} has no bearing from itself")
    dx = math.sqrt(3) / 2 * (to.q - frm.q)
    dy = -((to.r - frm.r) + (to.q - frm.q) / 2)
    return math.degrees(math.atan2(dx, dy)) % 360.0


def relative_bearing(frm: Hex, heading: Heading | int, to: Hex) -> float:
    """Bearing of ``to`` relative to ``heading`` in (-180, 180]; right is positive."""
    rel = (bearing(frm, to) - Heading.of(heading).degrees) % 360.0
    return rel - 360.0 if rel > 180.0 else rel


def angle_off(frm: Hex, heading: Heading | int, to: Hex) -> float:
    """180 - |relative bearing| (GS-4): 180 dead ahead, 0 dead astern."""
    return 180.0 - abs(relative_bearing(frm, heading, to))


def boundary_margin(frm: Hex, heading: Heading | int, to: Hex) -> float:
    """Degrees between the target's bearing and the nearest arc boundary (GS-4 says
    no hex centre lies on one, so this is never 0)."""
    rel = relative_bearing(frm, heading, to)
    return abs((rel % DEGREES_PER_HEADING) - DEGREES_PER_HEADING / 2)


def arc_of(frm: Hex, heading: Heading | int, to: Hex) -> Arc | None:
    """The arc of an aircraft at ``frm`` on ``heading`` that hex ``to`` lies in (GS-4).

    A target in the same hex has no bearing and lies in no arc: ``None``. The
    callers below say what that means for each rule (GS-18).
    """
    if frm == to:
        return None
    rel = relative_bearing(frm, heading, to)
    return Arc.from_step(round(rel / DEGREES_PER_HEADING))


def in_arcs(
    frm: Hex,
    heading: Heading | int,
    to: Hex,
    arcs: Iterable[Arc],
    same_hex_in_arcs: bool = False,
) -> bool:
    """Whether ``to`` lies in one of ``arcs``.

    A same-hex target lies in none (GS-18); with the option
    ``same_hex_in_arcs`` it lies in every one (so in ``arcs`` if any is given).
    """
    chosen = frozenset(arcs)
    arc = arc_of(frm, heading, to)
    if arc is None:
        return same_hex_in_arcs and bool(chosen)
    return arc in chosen


def in_blind_arc(
    frm: Hex,
    heading: Heading | int,
    to: Hex,
    blind: Iterable[Arc],
    same_hex_in_arcs: bool = False,
) -> bool:
    """Whether ``to`` lies in one of the aircraft's blind arcs (GS-9, GS-18)."""
    return in_arcs(frm, heading, to, blind, same_hex_in_arcs)


def sun_clutter_arc(heading: Heading | int, sun: Heading | int | None) -> Arc | None:
    """The arc of an aircraft on ``heading`` that is its sun clutter arc (GS-17).

    ``sun`` is the scenario's map direction towards the sun, a heading 0..11,
    or ``None`` when no sun is given. A unit looking at the aircraft looks into
    the sun when it lies straight down-sun of it, so the clutter arc is the one
    pointing away from the sun.
    """
    if sun is None:
        return None
    away = Heading.of(sun).reverse().value
    return Arc.from_step(away - Heading.of(heading).value)


def in_sun_clutter_arc(
    aircraft: Hex,
    heading: Heading | int,
    unit: Hex,
    sun: Heading | int | None,
    same_hex_in_arcs: bool = False,
) -> bool:
    """Whether ``unit`` lies in the sun clutter arc of the aircraft (GS-17, GS-18)."""
    arc = sun_clutter_arc(heading, sun)
    return arc is not None and in_arcs(aircraft, heading, unit, (arc,), same_hex_in_arcs)


def sighting_range(horizontal: int, observer_altitude: int, target_altitude: int) -> int:
    """Range in hexes for sighting (GS-10).

    The horizontal range plus 1 hex per 2 full altitude levels of difference
    when looking down, 1 per 4 full levels when looking up.

    >>> sighting_range(3, 10, 5), sighting_range(3, 5, 12)
    (5, 4)
    """
    if horizontal < 0:
        raise ValueError(f"a range cannot be negative ({horizontal})")
    diff = observer_altitude - target_altitude
    if diff > 0:
        return horizontal + diff // entry("sighting", "levels_per_hex_looking_down").value
    return horizontal + (-diff) // entry("sighting", "levels_per_hex_looking_up").value


def sighting_range_between(
    observer: Hex, observer_altitude: int, target: Hex, target_altitude: int
) -> int:
    """``sighting_range`` from two hexes and altitudes (GS-10)."""
    return sighting_range(observer.distance(target), observer_altitude, target_altitude)


# -- a spatial index for the pairwise steps ----------------------------------------------


class HexIndex(Generic[T]):
    """Items placed on hexes, bucketed by square regions of ``size`` hexes in ``q`` and
    ``r``, so that a step that looks at every pair (advantage, radar search) looks only
    at the items near each one.

    :meth:`near` gives every item within ``reach`` hexes of a hex and perhaps some further
    off (each caller still checks the range itself), in the order the items were given, so
    a step walks them in the order it walked the whole list and its result is the same.
    Two hexes ``reach`` apart differ by at most ``reach`` in ``q`` and in ``r``, hence by
    at most ``ceil(reach / size)`` regions in each.
    """

    def __init__(self, items: Iterable[tuple[Hex, T]], size: int) -> None:
        self.size = max(1, size)
        self._buckets: dict[tuple[int, int], list[tuple[int, T]]] = {}
        for n, (h, item) in enumerate(items):
            key = (h.q // self.size, h.r // self.size)
            self._buckets.setdefault(key, []).append((n, item))

    def near(self, h: Hex, reach: int) -> list[T]:
        """Every item within ``reach`` hexes of ``h`` (and maybe others), in given order."""
        span = -(-max(0, reach) // self.size)
        bq, br = h.q // self.size, h.r // self.size
        found: list[tuple[int, T]] = []
        for dq in range(-span, span + 1):
            for dr in range(-span, span + 1):
                found.extend(self._buckets.get((bq + dq, br + dr), ()))
        found.sort(key=lambda x: x[0])
        return [item for _, item in found]
