"""The layers' block layout and the reuse of a spare layer's arrays (solver.layers)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.games.migs_sabres.solver import Matchup, SolverOptions
from airwar.games.migs_sabres.solver.kernel import LANES, TILE
from airwar.games.migs_sabres.solver.layers import Layer, LayerSolver, block_tables
from airwar.games.migs_sabres.solver.model import specs_of
from airwar.games.migs_sabres.solver.tables import pair_tables

BOARDS = [(3, 4), (4, 5), (5, 6), (11, 14)]


@pytest.mark.parametrize(("columns", "rows"), BOARDS)
def test_every_pair_and_status_has_one_place_in_the_block(columns: int, rows: int) -> None:
    bt = block_tables(columns, rows)
    pt = pair_tables(columns, rows)
    n_tiles, n_pos, lanes = bt.shape
    assert lanes == LANES and n_pos == pt.board.n_pos
    assert n_tiles == (len(bt.others) + TILE - 1) // TILE
    places = bt.canon_at.ravel()
    assert len(np.unique(places)) == 3 * pt.n_pairs
    assert places.min() >= 0 and places.max() < n_tiles * n_pos * lanes
    # the place of a pair's status is an image of that pair and status
    assert (bt.block_canon[places] == np.arange(3 * pt.n_pairs)).all()
    # the next layer is read where the swapped pair is kept
    assert (bt.nxt_at == bt.at[bt.swap_pair]).all()
    assert (bt.head_slot[pt.head_on_pairs] == np.arange(len(pt.head_on_pairs))).all()
    assert (bt.head_slot >= 0).sum() == len(pt.head_on_pairs)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), board=st.sampled_from(BOARDS[:3]))
def test_a_stored_layer_goes_into_the_block_and_back_unchanged(
    seed: int, board: tuple[int, int]
) -> None:
    bt = block_tables(*board)
    n_pairs = pair_tables(*board).n_pairs
    rng = np.random.default_rng(seed)
    s = rng.normal(size=(3, n_pairs))
    p = rng.random((3, n_pairs)).astype(np.float32)
    heads = len(bt.heads)
    layer = Layer.of_pairs(bt, s, p, rng.normal(size=heads), rng.random(heads))
    back_s, back_p = layer.in_pair_order()
    assert np.array_equal(back_s, s)
    assert np.array_equal(back_p, p.astype(np.float64))
    assert np.array_equal(layer.RS[bt.heads], layer.HS)


def test_a_layer_solved_into_a_spare_one_is_the_same_to_the_last_bit() -> None:
    options = SolverOptions(columns=5, rows=6, turn_limit=2)
    pt = pair_tables(options.columns, options.rows)
    a, b = specs_of(Matchup("F-86", "MiG-15"), options)
    solver = LayerSolver(pt)
    last = solver.solve(a, b, None)
    fresh = solver.solve(b, a, last)
    spare = solver.solve(a, b, None)
    reused = solver.solve(b, a, last, into=spare)
    assert reused is spare
    for name in ("BS", "BP", "HS", "HP", "S", "P", "RS", "RP"):
        assert np.array_equal(getattr(fresh, name), getattr(reused, name)), name
    with pytest.raises(ValueError, match="spare layer"):
        solver.solve(a, b, last, into=last)


def test_a_layer_made_from_read_only_arrays_holds_writable_ones() -> None:
    """A kept layer is memory-mapped read only; the kernel is compiled for writable
    arrays only, so a layer made from it holds copies (one compiled version, not two)."""
    bt = block_tables(3, 4)
    n_pairs = pair_tables(3, 4).n_pairs
    arrays = [np.zeros((3, n_pairs)), np.zeros((3, n_pairs), np.float32)]
    arrays += [np.zeros(len(bt.heads)), np.zeros(len(bt.heads), np.float32)]
    for a in arrays:
        a.setflags(write=False)
    layer = Layer.of_pairs(bt, *arrays)
    for name in ("BS", "BP", "HS", "HP"):
        array = getattr(layer, name)
        assert array.flags.writeable and array.dtype == np.float64, name
