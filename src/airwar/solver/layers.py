"""The backward induction over movement turns: one layer after another.

A *layer* is the value of every state at the start of one movement turn,
before the MP roll, from the mover's point of view: ``S`` (the mover side's
points minus the other's) and ``P`` (the mover's kill chance), each of shape
``(3, pairs)`` over the statuses (0 nobody has fired, 1 only the other plane,
2 only the mover) and the canonical pairs of :class:`~airwar.solver.tables.PairTables`;
``RS``/``RP`` the same at status 1 with a III.G return fire pending.

:func:`solve_chain` runs one chain (who moves first) from the last
movement turn back to the first, with the compiled kernel of
:mod:`airwar.solver.kernel`, and hands each layer to a callback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from airwar.games.migs_sabres.geometry import FIRE_OFFSET
from airwar.solver.kernel import TIE, solve_layer
from airwar.solver.tables import PairTables, pair_tables, step_specs

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]


@dataclass
class PlaneSpec:
    """What the solver needs of one plane: MP distribution, kill chances, score per kill.

    ``mp`` lists (MP, probability) of its movement roll (MS-7, with the ace's
    +1 already added, MS-14); ``p_kill[offset]`` is its chance to destroy the
    other plane from each attack offset (0 = from the front, MS-10, with the
    ace's +1 to the roll); ``points`` is what its side scores for a kill
    (MS-12: 1, or the victim's base value with option IV.A).
    """

    mp: list[tuple[int, float]]
    p_kill: list[float]
    points: float


@dataclass
class Layer:
    """Values at the start of one movement turn, before the MP roll, mover's view."""

    S: FloatArray
    P: FloatArray
    RS: FloatArray
    RP: FloatArray


@dataclass(frozen=True)
class BlockTables:
    """The "other position major" layout of one board size (see :mod:`.kernel`).

    ``others``: one position per orbit of the mirror symmetries (its smallest
    image); ``swap_pair[oc, p]``: the canonical pair of (mover ``others[oc]``,
    other ``p``); ``pair_block[j]``: where canonical pair ``j`` sits in the
    flattened (others x positions) block layout; ``block_pair`` its inverse
    (-1 where a block entry is another image of a pair that is written elsewhere).
    """

    others: IntArray
    swap_pair: NDArray[np.int32]
    pair_block: IntArray
    block_pair: NDArray[np.int32]


@cache
def block_tables(columns: int, rows: int) -> BlockTables:
    """The block layout of one board size (built once per process)."""
    pt = pair_tables(columns, rows)
    b = pt.board
    n = b.n_pos
    m = np.arange(n)
    images = [m, b.mirror_x, b.mirror_y, b.mirror_x[b.mirror_y]]
    canon = np.min(np.stack(images), axis=0)
    others = np.unique(canon)
    block_of = np.full(n, -1, dtype=np.int64)
    block_of[others] = np.arange(len(others))
    swap_pair = pt.number[others[:, None] * n + m[None, :]].astype(np.int32)
    mover = pt.reps // n
    other = pt.reps % n
    target = canon[other]
    pair_block = np.full(pt.n_pairs, -1, dtype=np.int64)
    for g in images:
        hit = (g[other] == target) & (pair_block < 0)
        pair_block[hit] = block_of[target[hit]] * n + g[mover[hit]]
    assert (pair_block >= 0).all()
    block_pair = np.full(len(others) * n, -1, dtype=np.int32)
    block_pair[pair_block] = np.arange(pt.n_pairs, dtype=np.int32)
    return BlockTables(others.astype(np.int64), swap_pair, pair_block, block_pair)


def _merge(bS: FloatArray, bP: FloatArray, cS: FloatArray, cP: FloatArray) -> None:
    """In place: take the candidate where it is better, or tied with a larger own kill chance."""
    d = cS - bS
    take = (d > TIE) | ((d >= -TIE) & (cP > bP))
    np.copyto(bS, cS, where=take)
    np.copyto(bP, cP, where=take)


class LayerSolver:
    """Solves layers one after another for a fixed pair of planes on one board."""

    def __init__(self, pairs: PairTables) -> None:
        self.pairs = pairs
        b = pairs.board
        self.blocks = block_tables(b.columns, b.rows)
        specs = step_specs()
        self._cost = np.array([s.cost for s in specs], dtype=np.int64)
        self._wing = np.array([s.wing_over for s in specs], dtype=np.bool_)

    def solve(self, mover: PlaneSpec, other: PlaneSpec, nxt: Layer | None) -> Layer:
        """The layer of a movement turn of ``mover`` given the next turn's layer.

        ``nxt`` is ``None`` when this is the last movement turn (MS-11: after
        it, the planes disengage with no kill, value 0).
        """
        pt = self.pairs
        b = pt.board
        empty2 = np.zeros((3, 1), dtype=np.float64)
        empty1 = np.zeros(1, dtype=np.float64)
        out_s = np.empty((3, pt.n_pairs), dtype=np.float64)
        out_p = np.empty((3, pt.n_pairs), dtype=np.float64)
        solve_layer(
            self.blocks.others,
            self.blocks.swap_pair,
            b.dest,
            self._cost,
            self._wing,
            b.ahead,
            FIRE_OFFSET,
            empty2 if nxt is None else nxt.S,
            empty2 if nxt is None else nxt.P,
            empty1 if nxt is None else nxt.RS,
            empty1 if nxt is None else nxt.RP,
            nxt is not None,
            np.array([m for m, _ in mover.mp], dtype=np.int64),
            np.array([p for _, p in mover.mp], dtype=np.float64),
            np.asarray(mover.p_kill, dtype=np.float64),
            float(mover.points),
            float(other.points),
            self.blocks.block_pair,
            out_s,
            out_p,
        )
        rs = out_s[1].copy()
        rp = out_p[1].copy()
        head = pt.head_on_pairs
        if len(head):
            # III.G, MS-19: before its MP roll the target of a missed head-on
            # attack fires back (6 needed; the engagement then ends) or holds
            p_ret = float(mover.p_kill[0])
            ret_s = out_s[1, head].copy()
            ret_p = out_p[1, head].copy()
            _merge(
                ret_s, ret_p, np.full_like(ret_s, p_ret * mover.points), np.full_like(ret_p, p_ret)
            )
            rs[head] = ret_s
            rp[head] = ret_p
        return Layer(out_s, out_p, rs, rp)


LayerCallback = Callable[[int, int, Layer], None]


def solve_chain(
    pairs: PairTables,
    specs: tuple[PlaneSpec, PlaneSpec],
    first: int,
    turn_limit: int,
    on_layer: LayerCallback,
) -> None:
    """Solve the chain in which ``first`` moves first, last movement turn first.

    With ``n`` movement turns remaining (both planes' together, ``2 *
    turn_limit`` at the start), the mover is ``first`` when ``2 * turn_limit
    - n`` is even. ``on_layer(mover, n, layer)`` sees each layer as it is
    solved; only the last one is kept here.
    """
    n_layers = 2 * turn_limit
    solver = LayerSolver(pairs)
    nxt: Layer | None = None
    for n in range(1, n_layers + 1):
        mover = first if (n_layers - n) % 2 == 0 else 1 - first
        layer = solver.solve(specs[mover], specs[1 - mover], nxt)
        on_layer(mover, n, layer)
        nxt = layer
