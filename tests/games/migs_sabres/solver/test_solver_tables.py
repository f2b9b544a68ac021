"""The solver's vectorised tables reproduce the rules package's movement perft.

``movement_options`` (MS-6..MS-10) is the reference: walking the solver's
index tables must give exactly its end states and fire options, with the
same aspects and kill chances, on many positions of the full Battle Board.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.games.migs_sabres import (
    ALL_SQUARES,
    COLUMNS,
    ROWS,
    Facing,
    kill_check,
    movement_options,
    p_kill,
)
from airwar.games.migs_sabres.combat import ASPECT_BY_OFFSET
from airwar.games.migs_sabres.solver.tables import BoardTables, pair_tables, reachable

BOARD = BoardTables.build(COLUMNS, ROWS)
N_POS = COLUMNS * ROWS * 8


def pack(square: object, facing: Facing) -> int:
    return ALL_SQUARES.index(square) * 8 + int(facing)  # type: ignore[arg-type]


@settings(max_examples=300)
@given(
    st.integers(0, N_POS - 1),
    st.integers(0, N_POS - 1),
    st.integers(1, 13),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_walk_on_tables_equals_movement_options(
    pos: int, other: int, mp: int, wing_over_used: bool, stepped: bool, ace: bool
) -> None:
    if pos // 8 == other // 8:
        return
    sq, f = ALL_SQUARES[pos // 8], Facing(pos % 8)
    osq, of = ALL_SQUARES[other // 8], Facing(other % 8)
    ref = movement_options(None, sq, f, (osq, of), mp, wing_over_used, ace=ace, stepped=stepped)
    ends, fires = reachable(BOARD, pos, other, mp, wing_over_used, stepped)
    ref_ends = {s.index * 8 + int(fa) for s, fa in ref.end_states}
    if not stepped and not ref_ends and not ref.fire_options:
        # no legal first step: the turn is lost and the plane stays (MS-8)
        assert ends == {pos}
    else:
        assert ends == ref_ends
    assert fires == {o.square.index * 8 + int(o.facing) for o in ref.fire_options}
    offsets = {p: (p % 8 + 4 - other % 8) % 8 for p in fires}  # the solver's aspect offset (MS-10)
    for o in ref.fire_options:
        p = o.square.index * 8 + int(o.facing)
        aspect = ASPECT_BY_OFFSET[offsets[p]]
        assert (aspect.name, aspect.kill_on) == (o.aspect, o.kill_on)
        assert p_kill(aspect.name, ace) == o.p_kill


def test_fire_pairs_and_head_on_partners() -> None:
    """Every pair with the target directly ahead is a fire pair, with the right offset."""
    pt = pair_tables(COLUMNS, ROWS)
    n = BOARD.n_pos
    mover = pt.reps[pt.fire_pair] // n
    other = pt.reps[pt.fire_pair] % n
    assert np.all(BOARD.ahead[mover] == other // 8)
    assert np.all(pt.fire_offset == (mover % 8 + 4 - other % 8) % 8)
    heads = pt.reps[pt.head_on_pairs]
    hm, ho = heads // n, heads % n
    # head-on: each plane is in the other's front square (III.G)
    assert np.all(BOARD.ahead[ho] == hm // 8)
    assert kill_check("front").probability() == pytest.approx(1 / 6)


def test_canonical_pairs_cover_every_pair_once() -> None:
    pt = pair_tables(5, 6)
    n = pt.board.n_pos
    assert pt.number.shape == (n * n,)
    assert np.array_equal(pt.number[pt.reps], np.arange(pt.n_pairs))
    # a pair and its mirror images share one representative
    mx, my = pt.board.mirror_x, pt.board.mirror_y
    a, b = np.arange(n), (np.arange(n) * 7 + 3) % n
    for g in (mx, my):
        assert np.array_equal(pt.number[a * n + b], pt.number[g[a] * n + g[b]])
    # the mirrors are involutions
    assert np.array_equal(mx[mx], np.arange(n))
    assert np.array_equal(my[my], np.arange(n))


@pytest.mark.parametrize(
    ("start", "facing", "expected"),
    [("a1", "N", 3), ("a1", "S", 1), ("f7", "NE", 5)],
)
def test_step_destinations_stay_on_the_board(start: str, facing: str, expected: int) -> None:
    from airwar.games.migs_sabres import Square

    pos = Square.parse(start).index * 8 + int(Facing.parse(facing))
    on_board = int((BOARD.dest[:, pos] < BOARD.n_pos).sum())
    assert on_board == expected
