"""Line of sight over the Gunslingers map (GS-16, GS-44, GS-45).

The hexes a straight line from one hex to another crosses (:func:`hex_line`),
and whether blocking terrain on them stands above the sight line between two
altitudes (:func:`line_of_sight`, compared as :class:`LosMode` says).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from airwar.games.gunslingers.model.hexgrid import Hex

# --- line of sight -----------------------------------------------------------------

_NUDGE = 1e-6


def _cube_round(x: float, y: float, z: float) -> Hex:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return Hex(int(rx), int(ry))


def hex_line(a: Hex, b: Hex, nudge: int = 1) -> list[Hex]:
    """The hexes a straight line from ``a``'s centre to ``b``'s passes, in order.

    The standard cube interpolation and rounding; where the line runs exactly
    along a hexside the tie is broken by nudging both ends a hair
    (``nudge`` = +1 or -1 picks the side; the nudge points at no hexside or
    hexspine direction). The same nudge gives the same hexes from either end.
    """
    if nudge not in (1, -1):
        raise ValueError(f"nudge must be +1 or -1, not {nudge}")
    n = a.distance(b)
    if n == 0:
        return [a]
    e = nudge * _NUDGE
    ax, ay, az = a.q + e, a.r + 2 * e, a.s - 3 * e
    bx, by, bz = b.q + e, b.r + 2 * e, b.s - 3 * e
    out: list[Hex] = []
    for i in range(n + 1):
        t = i / n
        out.append(_cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t))
    return out


class LosMode(StrEnum):
    """How a blocking hex is compared with the sight line (GS-16)."""

    INTERPOLATED = "interpolated"  # height of the straight line at that hex
    LOWER_END = "lower-end"  # the lower of the two altitudes


@dataclass(frozen=True)
class LineOfSight:
    """The result of a line-of-sight check: clear, or the hex that blocks it."""

    clear: bool
    blocked_by: Hex | None = None
    reason: str = ""

    def __bool__(self) -> bool:
        return self.clear


def line_of_sight(
    a: Hex,
    altitude_a: int,
    b: Hex,
    altitude_b: int,
    terrain: Mapping[Hex, int],
    mode: LosMode = LosMode.INTERPOLATED,
) -> LineOfSight:
    """Line of sight between two units over blocking terrain (GS-16).

    ``terrain`` maps a hex to the altitude level of its blocking terrain (hexes
    not in it do not block). Only hexes strictly between the two ends count.
    A hex blocks when its terrain height is at least the sight line's height
    there: in ``INTERPOLATED`` mode the straight line's altitude at that hex
    (exact, by the fraction of the range travelled), in ``LOWER_END`` mode the
    lower of the two altitudes. Where the line runs along a hexside it is
    traced on both sides and is blocked only if both sides are blocked.
    """
    n = a.distance(b)
    # A hex line is a shortest path, so only terrain on some shortest path can block.
    if not any(a.distance(h) + h.distance(b) == n and h not in (a, b) for h in terrain):
        return LineOfSight(True, None, "clear")
    traces = [hex_line(a, b, 1), hex_line(a, b, -1)]
    if traces[0] == traces[1]:
        traces = traces[:1]
    blocked: list[LineOfSight] = []
    for trace in traces:
        block = _first_block(trace, n, altitude_a, altitude_b, terrain, mode)
        if block is None:
            return LineOfSight(True, None, "clear")
        blocked.append(block)
    return blocked[0]


def _first_block(
    trace: list[Hex],
    n: int,
    altitude_a: int,
    altitude_b: int,
    terrain: Mapping[Hex, int],
    mode: LosMode,
) -> LineOfSight | None:
    for i, h in enumerate(trace[1:-1], start=1):
        height = terrain.get(h)
        if height is None:
            continue
        if mode is LosMode.LOWER_END:
            line = Fraction(min(altitude_a, altitude_b))
        else:
            line = altitude_a + Fraction(i, n) * (altitude_b - altitude_a)
        if height >= line:
            return LineOfSight(
                False, h, f"terrain of height {height} in hex {h} blocks a sight line at {line}"
            )
    return None
