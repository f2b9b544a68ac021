"""Hex geometry (GS-4, GS-10, GS-16, GS-17, GS-18)."""

from __future__ import annotations

import doctest
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.errors import InvalidNotation
from airwar.games.gunslingers.model import hexgrid
from airwar.games.gunslingers.model.hexgrid import (
    ARCS_CLOCKWISE,
    Arc,
    Hand,
    Heading,
    Hex,
    adjacent_arc_sets,
    angle_off,
    arc_of,
    arcs_at_least,
    arcs_at_most,
    arcs_text,
    are_adjacent,
    bearing,
    boundary_margin,
    in_arcs,
    in_blind_arc,
    in_sun_clutter_arc,
    parse_arcs,
    relative_bearing,
    sighting_range,
    sighting_range_between,
    sun_clutter_arc,
)
from airwar.games.gunslingers.model.sightline import LosMode, hex_line, line_of_sight

ORIGIN = Hex(0, 0)
coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
headings = st.integers(min_value=0, max_value=11).map(Heading)


def test_doctests() -> None:
    result = doctest.testmod(hexgrid)
    assert result.attempted > 0 and result.failed == 0


# --- notation --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0,0", Hex(0, 0)),
        ("3,-2", Hex(3, -2)),
        (" (3, -2) ", Hex(3, -2)),
        ("-7,12", Hex(-7, 12)),
        ("0101", Hex(0, 0)),
        ("0201", Hex(1, 0)),  # even columns sit half a hex lower: 0201 is south-east of 0101
        ("0301", Hex(2, -1)),  # odd columns line up: 0301 is due east of 0101 (bearing 90)
        ("0102", Hex(0, 1)),
        ("0305", Hex(2, 3)),
        ("010203", Hex(9, 198)),  # six-digit labels for big maps: column 10, row 203
    ],
)
def test_parse(text: str, expected: Hex) -> None:
    assert Hex.parse(text) == expected


@pytest.mark.parametrize("text", ["", "3", "3,", "a,b", "012", "0005", "0500", "1.5,2"])
def test_parse_rejects(text: str) -> None:
    with pytest.raises(InvalidNotation):
        Hex.parse(text)


@given(hexes)
def test_text_round_trip(h: Hex) -> None:
    assert Hex.parse(str(h)) == h


@given(st.integers(1, 99), st.integers(1, 99))
def test_map_label_round_trip(column: int, row: int) -> None:
    h = Hex.from_map(column, row)
    assert h.map_column_row() == (column, row)
    assert h.map_label() == f"{column:02d}{row:02d}"
    assert Hex.parse(h.map_label()) == h


def test_map_label_off_map() -> None:
    with pytest.raises(InvalidNotation):
        Hex(0, -1).map_label()
    assert Hex.from_map(100, 5).map_label() == "100005"


def test_map_rows_run_south() -> None:
    for column in range(1, 10):
        assert bearing(Hex.from_map(column, 1), Hex.from_map(column, 2)) == pytest.approx(180)


def test_heading_parse_and_bounds() -> None:
    assert Heading.parse("H3") == Heading(3)
    assert Heading.parse(" 11 ") == Heading(11)
    for bad in (-1, 12):
        with pytest.raises(InvalidNotation):
            Heading(bad)
    with pytest.raises(InvalidNotation):
        Heading.parse("north")


# --- distance and neighbours -------------------------------------------------------


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@pytest.mark.parametrize("radius", [0, 1, 2, 5, 9])
def test_rings_and_spirals(radius: int) -> None:
    assert len(ORIGIN.ring(radius)) == (6 * radius if radius else 1)
    assert len(list(ORIGIN.spiral(radius))) == 1 + 3 * radius * (radius + 1)


def test_neighbours_are_at_even_headings() -> None:
    for k, n in enumerate(ORIGIN.neighbours()):
        assert ORIGIN.distance(n) == 1
        assert ORIGIN.neighbour(2 * k) == n
        assert bearing(ORIGIN, n) == pytest.approx(60 * k)
    with pytest.raises(InvalidNotation):
        ORIGIN.neighbour(1)


@pytest.mark.parametrize("k", range(12))
def test_ahead_points_along_the_heading(k: int) -> None:
    h = ORIGIN.ahead(k)
    assert bearing(ORIGIN, h) == pytest.approx(30 * k)
    assert ORIGIN.distance(h) == (1 if k % 2 == 0 else 2)


def test_adjacent_centres_are_one_apart() -> None:
    for n in ORIGIN.neighbours():
        x, y = n.centre()
        assert x * x + y * y == pytest.approx(1.0)


# --- arcs ---------------------------------------------------------------------------

# Hand-checked: target hex, its map bearing from 0,0, and its arc for a heading.
ARC_TABLE: list[tuple[int, Hex, Arc]] = [
    # heading 0 (north, towards a hexside)
    (0, Hex(0, -1), Arc.NOSE),  # bearing 0
    (0, Hex(1, -4), Arc.NOSE),  # bearing 13.9, just inside the nose arc
    (0, Hex(1, -3), Arc.R150),  # bearing 19.1
    (0, Hex(1, -2), Arc.R150),  # bearing 30, through a hexspine
    (0, Hex(2, -3), Arc.R150),  # bearing 40.9
    (0, Hex(1, -1), Arc.R120),  # bearing 60
    (0, Hex(3, -2), Arc.R90),  # bearing 79.1
    (0, Hex(2, -1), Arc.R90),  # bearing 90
    (0, Hex(1, 0), Arc.R60),  # bearing 120
    (0, Hex(1, 1), Arc.R30),  # bearing 150
    (0, Hex(0, 1), Arc.TAIL),  # bearing 180
    (0, Hex(-1, 2), Arc.L30),  # bearing 210
    (0, Hex(-1, 1), Arc.L60),  # bearing 240
    (0, Hex(-2, 1), Arc.L90),  # bearing 270
    (0, Hex(-1, 0), Arc.L120),  # bearing 300
    (0, Hex(-1, -1), Arc.L150),  # bearing 330
    # heading 1 (30 degrees, towards a hexspine)
    (1, Hex(1, -2), Arc.NOSE),  # bearing 30
    (1, Hex(2, -3), Arc.NOSE),  # bearing 40.9
    (1, Hex(0, -1), Arc.L150),  # bearing 0
    (1, Hex(1, -1), Arc.R150),  # bearing 60
    (1, Hex(3, -2), Arc.R120),  # bearing 79.1
    (1, Hex(2, -1), Arc.R120),  # bearing 90
    (1, Hex(1, 0), Arc.R90),  # bearing 120
    (1, Hex(1, 1), Arc.R60),  # bearing 150
    (1, Hex(0, 1), Arc.R30),  # bearing 180
    (1, Hex(-1, 2), Arc.TAIL),  # bearing 210
    (1, Hex(-1, 1), Arc.L30),  # bearing 240
    (1, Hex(-2, 1), Arc.L60),  # bearing 270
    (1, Hex(-1, 0), Arc.L90),  # bearing 300
    (1, Hex(-1, -1), Arc.L120),  # bearing 330
    # heading 5 (150 degrees, hexspine) and heading 6 (south, hexside)
    (5, Hex(1, 1), Arc.NOSE),
    (5, Hex(-1, -1), Arc.TAIL),
    (5, Hex(0, 1), Arc.R150),
    (5, Hex(1, 0), Arc.L150),
    (6, Hex(0, 1), Arc.NOSE),
    (6, Hex(0, -1), Arc.TAIL),
    (6, Hex(1, 0), Arc.L120),
    (6, Hex(-1, 0), Arc.R60),
    (6, Hex(0, 5), Arc.NOSE),
]


@pytest.mark.parametrize(("heading", "target", "arc"), ARC_TABLE)
def test_arc_table(heading: int, target: Hex, arc: Arc) -> None:
    assert arc_of(ORIGIN, Heading(heading), target) is arc
    # the same picture shifted anywhere on the map
    shift = Hex(7, -11)
    assert arc_of(ORIGIN + shift, heading, target + shift) is arc


def test_arc_names_and_steps() -> None:
    assert [a.value for a in ARCS_CLOCKWISE] == [
        "180",
        "150R",
        "120R",
        "90R",
        "60R",
        "30R",
        "0",
        "30L",
        "60L",
        "90L",
        "120L",
        "150L",
    ]
    assert Arc.NOSE.angle_off == 180 and Arc.TAIL.angle_off == 0
    assert Arc.L60.side is Hand.LEFT and Arc.R60.side is Hand.RIGHT and Arc.NOSE.side is None
    for a in Arc:
        assert Arc.from_step(a.step) is a
        assert a.mirror().mirror() is a
        assert a.mirror().angle_off == a.angle_off
    assert Arc.TAIL.mirror() is Arc.TAIL and Arc.L30.mirror() is Arc.R30


def test_no_hex_centre_on_a_boundary() -> None:
    """GS-4: over every hex within 40 and every heading, the bearing stays clear of
    the 15-degree boundaries (by far more than float error)."""
    smallest = min(
        boundary_margin(ORIGIN, k, h) for h in ORIGIN.spiral(40) if h != ORIGIN for k in range(12)
    )
    assert smallest > 1e-3


# tan of the boundary bearings 15 + 30k degrees, as c + d * sqrt(3)
_BOUNDARY_TANGENTS = [(2, -1), (1, 0), (2, 1), (-2, 1), (-1, 0), (-2, -1)]


def test_no_hex_centre_on_a_boundary_exactly() -> None:
    """GS-4, in exact arithmetic. A centre at (east, north) = (sqrt3/2 q, Y/2) with
    Y = -(2r + q) lies on a boundary when sqrt3 q = (c + d sqrt3) Y, that is
    (q - d Y) sqrt3 = c Y; as sqrt3 is irrational both sides must be 0, which
    (c is never 0) only the aircraft's own hex satisfies."""
    for h in ORIGIN.spiral(60):
        big_y = -(2 * h.r + h.q)
        on_a_boundary = any(h.q - d * big_y == 0 and c * big_y == 0 for c, d in _BOUNDARY_TANGENTS)
        assert on_a_boundary == (h == ORIGIN)


@given(hexes, headings)
def test_angle_off_matches_arc(target: Hex, heading: Heading) -> None:
    if target == ORIGIN:
        return
    arc = arc_of(ORIGIN, heading, target)
    assert arc is not None
    assert abs(angle_off(ORIGIN, heading, target) - arc.angle_off) < 15
    rel = relative_bearing(ORIGIN, heading, target)
    assert -180 < rel <= 180
    if arc.side is Hand.RIGHT:
        assert rel > 0
    if arc.side is Hand.LEFT:
        assert rel < 0


def _mirror_north(h: Hex) -> Hex:
    """Reflection in the north-south line through 0,0 (east <-> west)."""
    return Hex(-h.q, h.r + h.q)


def _rotate_60(h: Hex) -> Hex:
    """Rotation by 60 degrees clockwise about 0,0."""
    return Hex(-h.r, -h.s)


@given(hexes, headings)
def test_mirror_left_right(target: Hex, heading: Heading) -> None:
    arc = arc_of(ORIGIN, heading, target)
    mirrored = arc_of(ORIGIN, Heading((-heading.value) % 12), _mirror_north(target))
    if arc is None:
        assert mirrored is None
    else:
        assert mirrored is arc.mirror()


@given(hexes, headings)
def test_rotation_by_a_hexside(target: Hex, heading: Heading) -> None:
    assert arc_of(ORIGIN, heading, target) == arc_of(ORIGIN, heading.turn(2), _rotate_60(target))


@given(hexes, hexes, headings)
def test_behind_me_means_i_am_ahead(a: Hex, b: Hex, heading: Heading) -> None:
    """Turning round swaps angle-off N for 180 - N."""
    if a == b:
        return
    arc = arc_of(a, heading, b)
    back = arc_of(a, heading.reverse(), b)
    assert arc is not None and back is not None
    assert back.angle_off == 180 - arc.angle_off


def test_same_hex_is_in_no_arc() -> None:
    """GS-18: a target in the same hex has no bearing and lies in no arc."""
    assert arc_of(ORIGIN, 0, ORIGIN) is None
    assert not in_arcs(ORIGIN, 0, ORIGIN, frozenset(Arc))
    assert not in_blind_arc(ORIGIN, 0, ORIGIN, frozenset(Arc))
    with pytest.raises(InvalidNotation):
        bearing(ORIGIN, ORIGIN)
    # option same_hex_in_arcs: in every arc instead
    assert in_arcs(ORIGIN, 0, ORIGIN, {Arc.TAIL}, same_hex_in_arcs=True)
    assert not in_arcs(ORIGIN, 0, ORIGIN, set(), same_hex_in_arcs=True)
    assert in_blind_arc(ORIGIN, 0, ORIGIN, {Arc.L30}, same_hex_in_arcs=True)
    assert in_sun_clutter_arc(ORIGIN, 0, ORIGIN, 0, same_hex_in_arcs=True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("150+", {Arc.NOSE, Arc.L150, Arc.R150}),
        ("180+", {Arc.NOSE}),
        ("30-", {Arc.TAIL, Arc.L30, Arc.R30}),
        ("180+ and 30-", {Arc.NOSE, Arc.TAIL, Arc.L30, Arc.R30}),  # BJM A (GS-5)
        ("60L, 60R", {Arc.L60, Arc.R60}),
        ("0", {Arc.TAIL}),
        ("any", set(Arc)),
        ("none", set()),
        ("", set()),
    ],
)
def test_parse_arcs(text: str, expected: set[Arc]) -> None:
    assert parse_arcs(text) == expected
    assert parse_arcs(arcs_text(expected)) == expected


def test_parse_arcs_counts() -> None:
    assert len(parse_arcs("150+ and 60-")) == 8  # BJM B: 3 + 5 arcs (GS-5)
    assert arcs_at_least(0) == frozenset(Arc) == arcs_at_most(180)
    assert arcs_at_least(90) == {Arc.NOSE, Arc.L150, Arc.R150, Arc.L120, Arc.R120, Arc.L90, Arc.R90}
    for bad in ("45+", "200-", "30X", "nose"):
        with pytest.raises(InvalidNotation):
            parse_arcs(bad)


def test_adjacent_arc_sets() -> None:
    runs = adjacent_arc_sets(3)
    assert len(runs) == 12 and len(set(runs)) == 12
    assert frozenset({Arc.L150, Arc.NOSE, Arc.R150}) in runs
    assert frozenset({Arc.L30, Arc.TAIL, Arc.R30}) in runs
    assert are_adjacent({Arc.R30, Arc.TAIL, Arc.L30})
    assert are_adjacent({Arc.R90, Arc.R60, Arc.R120})
    assert not are_adjacent({Arc.NOSE, Arc.TAIL, Arc.R90})
    assert not are_adjacent(set())
    assert adjacent_arc_sets(12) == [frozenset(Arc)]
    with pytest.raises(ValueError):
        adjacent_arc_sets(0)


# --- sun clutter (GS-17) ------------------------------------------------------------


def test_sun_clutter_arc() -> None:
    # Sun in the north (heading 0): the clutter arc points south of the aircraft.
    assert sun_clutter_arc(0, 0) is Arc.TAIL
    assert sun_clutter_arc(6, 0) is Arc.NOSE
    assert sun_clutter_arc(3, 0) is Arc.R90  # heading east, south is abeam to the right
    assert sun_clutter_arc(1, None) is None
    assert in_sun_clutter_arc(ORIGIN, 0, Hex(0, 4), 0)  # unit due south looks north into the sun
    assert not in_sun_clutter_arc(ORIGIN, 0, Hex(0, -4), 0)
    assert not in_sun_clutter_arc(ORIGIN, 0, ORIGIN, 0)
    assert not in_sun_clutter_arc(ORIGIN, 0, Hex(0, 4), None)


@given(hexes, headings, headings)
def test_sun_clutter_does_not_depend_on_heading(unit: Hex, heading: Heading, sun: Heading) -> None:
    assert in_sun_clutter_arc(ORIGIN, heading, unit, sun) == in_sun_clutter_arc(
        ORIGIN, 0, unit, sun
    )


# --- sighting range (GS-10) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("horizontal", "observer", "target", "expected"),
    [
        (3, 5, 5, 3),
        (3, 6, 5, 3),  # 1 level down: no full 2 levels
        (3, 7, 5, 4),  # 2 levels down: +1
        (3, 10, 5, 5),  # 5 levels down: +2
        (3, 5, 8, 3),  # 3 levels up: no full 4 levels
        (3, 5, 9, 4),  # 4 levels up: +1
        (3, 5, 12, 4),  # 7 levels up: +1
        (0, 0, 16, 4),  # straight up 16 levels
        (0, 16, 0, 8),  # straight down 16 levels
    ],
)
def test_sighting_range(horizontal: int, observer: int, target: int, expected: int) -> None:
    assert sighting_range(horizontal, observer, target) == expected


def test_sighting_range_between_hexes() -> None:
    assert sighting_range_between(ORIGIN, 10, Hex(2, -3), 4) == 3 + 3
    with pytest.raises(ValueError):
        sighting_range(-1, 0, 0)


# --- lines and line of sight (GS-16) --------------------------------------------------


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_hex_line_properties(a: Hex, b: Hex, nudge: int) -> None:
    line = hex_line(a, b, nudge)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(x.distance(y) == 1 for x, y in itertools.pairwise(line))
    assert hex_line(b, a, nudge) == line[::-1]
    # a shortest path: the i-th hex is i from one end and n - i from the other
    n = a.distance(b)
    assert all(a.distance(h) == i and h.distance(b) == n - i for i, h in enumerate(line))


def test_hex_line_along_a_hexside_has_two_traces() -> None:
    assert hex_line(ORIGIN, Hex(1, -2), 1) != hex_line(ORIGIN, Hex(1, -2), -1)
    assert {hex_line(ORIGIN, Hex(1, -2), n)[1] for n in (1, -1)} == {Hex(0, -1), Hex(1, -1)}
    assert hex_line(ORIGIN, Hex(3, 0)) == [ORIGIN, Hex(1, 0), Hex(2, 0), Hex(3, 0)]
    with pytest.raises(ValueError):
        hex_line(ORIGIN, Hex(1, 0), 0)


HILL = {Hex(1, 0): 3}


@pytest.mark.parametrize(
    ("a", "alt_a", "b", "alt_b", "terrain", "mode", "clear"),
    [
        (ORIGIN, 0, Hex(2, 0), 0, {}, LosMode.INTERPOLATED, True),
        (ORIGIN, 0, Hex(2, 0), 0, HILL, LosMode.INTERPOLATED, False),
        (ORIGIN, 3, Hex(2, 0), 3, HILL, LosMode.INTERPOLATED, False),  # level with the top: hidden
        (ORIGIN, 4, Hex(2, 0), 4, HILL, LosMode.INTERPOLATED, True),
        (ORIGIN, 0, Hex(2, 0), 8, HILL, LosMode.INTERPOLATED, True),  # line at 4 over the hill
        (ORIGIN, 0, Hex(2, 0), 6, HILL, LosMode.INTERPOLATED, False),  # line at exactly 3
        (ORIGIN, 0, Hex(2, 0), 8, HILL, LosMode.LOWER_END, False),  # ground end does not clear
        (ORIGIN, 4, Hex(2, 0), 8, HILL, LosMode.LOWER_END, True),
        (ORIGIN, 0, Hex(1, 0), 0, HILL, LosMode.INTERPOLATED, True),  # end hexes never block
        (
            ORIGIN,
            0,
            Hex(3, 0),
            9,
            {Hex(2, 0): 5},
            LosMode.INTERPOLATED,
            True,
        ),  # 6 at 2/3 of the way
        (ORIGIN, 0, Hex(3, 0), 9, {Hex(2, 0): 6}, LosMode.INTERPOLATED, False),
        # along a hexside: blocked only if both sides block
        (ORIGIN, 0, Hex(1, -2), 0, {Hex(0, -1): 2}, LosMode.INTERPOLATED, True),
        (ORIGIN, 0, Hex(1, -2), 0, {Hex(1, -1): 2}, LosMode.INTERPOLATED, True),
        (ORIGIN, 0, Hex(1, -2), 0, {Hex(0, -1): 2, Hex(1, -1): 2}, LosMode.INTERPOLATED, False),
    ],
)
def test_line_of_sight(
    a: Hex,
    alt_a: int,
    b: Hex,
    alt_b: int,
    terrain: dict[Hex, int],
    mode: LosMode,
    clear: bool,
) -> None:
    there = line_of_sight(a, alt_a, b, alt_b, terrain, mode)
    back = line_of_sight(b, alt_b, a, alt_a, terrain, mode)
    assert there.clear is clear and back.clear is clear
    assert bool(there) is clear
    if not clear:
        assert there.blocked_by in terrain and str(there.blocked_by) in there.reason


@given(hexes, st.integers(0, 12), hexes, st.integers(0, 12), st.sets(hexes, max_size=30))
def test_line_of_sight_symmetric(
    a: Hex, alt_a: int, b: Hex, alt_b: int, blocking: set[Hex]
) -> None:
    terrain = dict.fromkeys(blocking, 4)
    assert line_of_sight(a, alt_a, b, alt_b, terrain).clear == (
        line_of_sight(b, alt_b, a, alt_a, terrain).clear
    )


def test_interpolated_height_is_exact() -> None:
    # From altitude 1 down to 0 over 3 hexes the line is at 1/3 over hex 2,0: a feature
    # of height 0 there is below it, but it hides a unit when both ends are at 0.
    assert line_of_sight(ORIGIN, 1, Hex(3, 0), 0, {Hex(2, 0): 0}).clear is True
    assert line_of_sight(ORIGIN, 0, Hex(3, 0), 0, {Hex(2, 0): 0}).clear is False
    blocked = line_of_sight(ORIGIN, 3, Hex(3, 0), 0, {Hex(2, 0): 1})
    assert blocked.clear is False and "at 1" in blocked.reason
