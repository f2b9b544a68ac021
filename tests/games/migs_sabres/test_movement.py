"""Move generation: perft table (MS-6..MS-10), steps, and a naive reference."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.games.migs_sabres import Facing, Square, StepKind, movement_options, step_result
from airwar.games.migs_sabres.board import ALL_SQUARES
from airwar.games.migs_sabres.combat import kill_on
from airwar.games.migs_sabres.movement import _explore_bits, explore, explore_paths


def naive(
    square: Square, facing: Facing, target: Square, mp: int, wo: bool, stepped: bool = False
) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """Every step sequence, written plainly from rule III.D (no tables, no memo)."""
    ends: set[tuple[str, str]] = set()
    fires: set[tuple[str, str]] = set()

    def walk(sq: Square, f: Facing, m: int, used: bool, st_: bool) -> None:
        if st_ and sq.moved(f) == target:
            fires.add((str(sq), str(f)))
        moved = False
        for turn, cost, is_wo in (
            (0, 1, False),
            (-1, 2, False),
            (1, 2, False),
            (-2, 3, True),
            (2, 3, True),
        ):
            if cost > m or (used and is_wo):
                continue
            nf = f.turned(turn)
            nsq = sq.moved(nf)
            if nsq is None or nsq == target:
                continue
            moved = True
            walk(nsq, nf, m - cost, used or is_wo, True)
        if not moved and st_:
            ends.add((str(sq), str(f)))

    walk(square, facing, mp, wo, stepped)
    return ends, fires


# (mover square, facing, target square, target facing, MP, wing-over used,
#  end states as "square:facing", fire options as "square:facing:aspect:kill_on")
HAND_CHECKED = [
    # start square, 3 MP: F F F / F R / R F / WR (L and WL leave the board)
    ("a1", "N", "k14", "S", 3, False, {"a4:N", "b3:NE", "c3:NE", "b1:E"}, set()),
    # a corner facing out: no legal first step, the turn is lost (MS-8)
    ("a14", "NW", "f7", "N", 13, False, set(), set()),
    ("k1", "SE", "f7", "N", 5, False, set(), set()),
    # the target straight ahead blocks F (MS-8)
    ("c3", "N", "c4", "S", 3, False, {"a5:NW", "e5:NE", "b3:W", "d3:E"}, set()),
    # one square behind the target: F then fire from directly behind (3-6)
    (
        "c3",
        "N",
        "c5",
        "N",
        3,
        False,
        {"b3:W", "d3:E", "a5:NW", "b5:NW", "d5:NE", "e5:NE"},
        {"c4:N:rear:3"},
    ),
    # wing-over already used this turn: only F, L, R (MS-6)
    ("c3", "N", "k14", "S", 3, True, {"c6:N", "d5:NE", "b5:NW", "e5:NE", "a5:NW"}, set()),
    # a diagonal facing: F moves diagonally for 1 MP, L/R are orthogonal (MS-6)
    ("a1", "NE", "k14", "S", 2, False, {"c3:NE", "a2:N", "b1:E"}, set()),
    # at the east edge facing E with 3 MP: only the wing-overs (or diagonals to edge)
    ("k5", "E", "a1", "N", 3, False, {"k6:N", "k4:S"}, set()),
    # head-on: the target faces the mover, fire from its front square (6)
    (
        "e3",
        "N",
        "e5",
        "S",
        3,
        False,
        {"d3:W", "f3:E", "c5:NW", "d5:NW", "f5:NE", "g5:NE"},
        {"e4:N:front:6"},
    ),
]


@pytest.mark.parametrize(("sq", "f", "tsq", "tf", "mp", "wo", "ends", "fires"), HAND_CHECKED)
def test_hand_checked_perft(
    sq: str, f: str, tsq: str, tf: str, mp: int, wo: bool, ends: set[str], fires: set[str]
) -> None:
    opts = movement_options(
        "F-86",
        Square.parse(sq),
        Facing.parse(f),
        Square.parse(tsq),
        mp,
        wo,
        target_facing=Facing.parse(tf),
    )
    assert {f"{s}:{fc}" for s, fc in opts.end_states} == ends
    assert len(opts.end_states) == len(ends)
    assert {f"{o.square}:{o.facing}:{o.aspect}:{o.kill_on}" for o in opts.fire_options} == fires


# Perft counts (end states, fire options) for MP 3..13, cross-checked against
# the naive enumeration above: corners, edges, diagonal facings, the target
# in the way.
PERFT_POSITIONS = [
    ("a1", "N", "k14", "S"),
    ("k14", "S", "a1", "N"),
    ("f7", "N", "f9", "S"),
    ("f7", "NE", "g9", "SW"),
    ("b2", "SW", "c3", "NE"),
    ("k7", "E", "j7", "W"),
    ("f1", "S", "f2", "N"),
]


@pytest.mark.parametrize(("sq", "f", "tsq", "tf"), PERFT_POSITIONS)
@pytest.mark.parametrize("mp", list(range(3, 14)))
def test_perft_matches_naive_enumeration(sq: str, f: str, tsq: str, tf: str, mp: int) -> None:
    mover, facing, target = Square.parse(sq), Facing.parse(f), Square.parse(tsq)
    opts = movement_options("MiG-15", mover, facing, target, mp, target_facing=Facing.parse(tf))
    ends, fires = naive(mover, facing, target, mp, False)
    assert {(str(s), str(fc)) for s, fc in opts.end_states} == ends
    assert {(str(o.square), str(o.facing)) for o in opts.fire_options} == fires
    assert len(set(opts.end_states)) == len(opts.end_states)


PERFT_COUNTS = [
    # (square, facing, target, target facing, MP, end states, fire options); the
    # small rows are hand-checked above, all agree with the naive enumeration.
    ("a1", "N", "k14", "S", 3, 4, 0),
    ("a1", "N", "k14", "S", 4, 8, 0),
    ("a1", "N", "k14", "S", 5, 16, 0),
    ("a1", "N", "k14", "S", 6, 30, 0),
    ("a1", "N", "k14", "S", 7, 54, 0),
    ("a1", "N", "k14", "S", 8, 85, 0),
    ("a1", "N", "k14", "S", 9, 130, 0),
    ("a1", "N", "k14", "S", 10, 191, 0),
    ("a1", "N", "k14", "S", 11, 275, 0),
    ("a1", "N", "k14", "S", 12, 381, 0),
    ("a1", "N", "k14", "S", 13, 505, 1),
    ("f7", "N", "f9", "S", 3, 6, 1),
    ("f7", "N", "f9", "S", 4, 12, 1),
    ("f7", "N", "f9", "S", 5, 24, 1),
    ("f7", "N", "f9", "S", 6, 48, 1),
    ("f7", "N", "f9", "S", 7, 88, 1),
    ("f7", "N", "f9", "S", 8, 139, 1),
    ("f7", "N", "f9", "S", 9, 209, 1),
    ("f7", "N", "f9", "S", 10, 317, 1),
    ("f7", "N", "f9", "S", 11, 455, 3),
    ("f7", "N", "f9", "S", 12, 595, 4),
    ("f7", "N", "f9", "S", 13, 709, 4),
    ("f7", "NE", "g9", "SW", 3, 6, 0),
    ("f7", "NE", "g9", "SW", 4, 13, 0),
    ("f7", "NE", "g9", "SW", 5, 28, 1),
    ("f7", "NE", "g9", "SW", 6, 52, 1),
    ("f7", "NE", "g9", "SW", 7, 97, 1),
    ("f7", "NE", "g9", "SW", 8, 162, 1),
    ("f7", "NE", "g9", "SW", 9, 266, 1),
    ("f7", "NE", "g9", "SW", 10, 373, 2),
    ("f7", "NE", "g9", "SW", 11, 496, 3),
    ("f7", "NE", "g9", "SW", 12, 616, 5),
    ("f7", "NE", "g9", "SW", 13, 737, 6),
]


@pytest.mark.parametrize(("sq", "f", "tsq", "tf", "mp", "n_end", "n_fire"), PERFT_COUNTS)
def test_perft_counts(sq: str, f: str, tsq: str, tf: str, mp: int, n_end: int, n_fire: int) -> None:
    opts = movement_options(
        None,
        Square.parse(sq),
        Facing.parse(f),
        Square.parse(tsq),
        mp,
        target_facing=Facing.parse(tf),
    )
    assert (len(opts.end_states), len(opts.fire_options)) == (n_end, n_fire)


def test_fire_options_carry_exact_odds_and_ace_bonus() -> None:
    args = ("F-86", Square.parse("c3"), Facing.N, (Square.parse("c5"), Facing.N), 3)
    (plain,) = movement_options(*args).fire_options
    (ace,) = movement_options(*args, ace=True).fire_options
    assert (plain.aspect, plain.kill_on, plain.p_kill) == ("rear", 3, Fraction(2, 3))
    assert ace.p_kill == Fraction(5, 6)
    assert plain.to_dict() == {
        "square": "c4",
        "facing": "N",
        "aspect": "rear",
        "kill_on": 3,
        "p_kill": "2/3",
    }


def test_fire_aspect_agrees_with_kill_on() -> None:
    for tf in Facing:
        opts = movement_options(
            None, Square.parse("c3"), Facing.N, Square.parse("f6"), 9, target_facing=tf
        )
        assert opts.fire_options
        for o in opts.fire_options:
            assert (o.aspect, o.kill_on) == kill_on(o.square, o.facing, Square.parse("f6"), tf)


def test_movement_options_needs_target_facing() -> None:
    with pytest.raises(ValueError, match="facing"):
        movement_options(None, Square.parse("a1"), Facing.N, Square.parse("k14"), 3)


def test_stepped_turn_can_end_at_once() -> None:
    opts = movement_options(
        None,
        Square.parse("a14"),
        Facing.NW,
        Square.parse("f7"),
        5,
        target_facing=Facing.N,
        stepped=True,
    )
    assert [(str(s), str(f)) for s, f in opts.end_states] == [("a14", "NW")]


@pytest.mark.parametrize(
    ("kind", "cost", "turn", "wing_over"),
    [
        ("F", 1, 0, False),
        ("L", 2, -1, False),
        ("R", 2, 1, False),
        ("WL", 3, -2, True),
        ("WR", 3, 2, True),
    ],
)
def test_step_table(kind: str, cost: int, turn: int, wing_over: bool) -> None:
    k = StepKind.parse(kind)
    assert (k.cost, k.turn, k.is_wing_over) == (cost, turn, wing_over)


@given(st.sampled_from(ALL_SQUARES), st.sampled_from(list(Facing)), st.sampled_from(list(StepKind)))
def test_step_result_faces_the_way_it_moved(sq: Square, f: Facing, kind: StepKind) -> None:
    res = step_result(sq, f, kind)
    new_facing = f.turned(kind.turn)
    if res is None:
        assert sq.moved(new_facing) is None
    else:
        assert res == (sq.moved(new_facing), new_facing)


@given(
    st.sampled_from(ALL_SQUARES),
    st.sampled_from(list(Facing)),
    st.sampled_from(ALL_SQUARES),
    st.integers(3, 8),
    st.booleans(),
)
def test_perft_property_against_naive(
    sq: Square, f: Facing, target: Square, mp: int, wo: bool
) -> None:
    if sq == target:
        return
    opts = movement_options(None, sq, f, target, mp, wo, target_facing=Facing.S)
    ends, fires = naive(sq, f, target, mp, wo)
    assert {(str(s), str(fc)) for s, fc in opts.end_states} == ends
    assert {(str(o.square), str(o.facing)) for o in opts.fire_options} == fires


@given(st.integers(0, 1231), st.integers(0, 15), st.booleans(), st.integers(0, 153), st.booleans())
def test_bitset_and_table_walks_agree(
    pos: int, mp: int, wo: bool, blocked: int, stepped: bool
) -> None:
    if pos >> 3 == blocked:
        return
    ends, fires = explore_paths(pos, mp, wo, blocked, stepped)
    assert _explore_bits(pos, mp, wo, blocked, stepped) == (set(ends), set(fires))
    assert explore(pos, mp, wo, blocked, stepped) == (set(ends), set(fires))
