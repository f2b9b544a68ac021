"""Squares and facings of the Battle Board (MS-5, MS-6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.errors import InvalidNotation
from airwar.games.migs_sabres import ALL_SQUARES, COLUMNS, ROWS, Facing, Square
from airwar.games.migs_sabres.board import direction


def test_board_is_11_by_14() -> None:
    assert (COLUMNS, ROWS, len(ALL_SQUARES)) == (11, 14, 154)


@pytest.mark.parametrize(
    ("text", "col", "row"), [("a1", 0, 0), ("k14", 10, 13), ("c4", 2, 3), ("K1", 10, 0)]
)
def test_parse_square(text: str, col: int, row: int) -> None:
    sq = Square.parse(text)
    assert (sq.col, sq.row) == (col, row)
    assert str(sq) == text.lower()


@pytest.mark.parametrize("text", ["l1", "a0", "a15", "", "4c", "zz", "a1x"])
def test_bad_squares_are_refused(text: str) -> None:
    with pytest.raises(InvalidNotation, match="Battle Board"):
        Square.parse(text)


@given(st.sampled_from(ALL_SQUARES))
def test_square_text_round_trips(sq: Square) -> None:
    assert Square.parse(str(sq)) == sq
    assert Square.from_index(sq.index) == sq
    assert eval(repr(sq)) == sq


@pytest.mark.parametrize(
    ("facing", "delta"),
    [
        ("N", (0, 1)),
        ("NE", (1, 1)),
        ("E", (1, 0)),
        ("SE", (1, -1)),
        ("S", (0, -1)),
        ("SW", (-1, -1)),
        ("W", (-1, 0)),
        ("NW", (-1, 1)),
    ],
)
def test_facing_deltas(facing: str, delta: tuple[int, int]) -> None:
    f = Facing.parse(facing)
    assert f.delta == delta
    assert str(f) == facing
    assert f.is_diagonal == (delta[0] != 0 and delta[1] != 0)


def test_facing_turns() -> None:
    assert Facing.N.turned(-1) is Facing.NW
    assert Facing.NW.turned(2) is Facing.NE
    assert Facing.S.turned(4) is Facing.N


def test_bad_facing() -> None:
    with pytest.raises(InvalidNotation, match="facing"):
        Facing.parse("up")


def test_edges_are_solid() -> None:
    assert Square.parse("a1").moved(Facing.S) is None
    assert Square.parse("k14").moved(Facing.NE) is None
    assert str(Square.parse("a1").moved(Facing.NE)) == "b2"


@given(st.sampled_from(ALL_SQUARES), st.sampled_from(list(Facing)))
def test_direction_of_neighbours(sq: Square, f: Facing) -> None:
    n = sq.moved(f)
    if n is not None:
        assert direction(sq, n) is f
    assert direction(sq, sq) is None
