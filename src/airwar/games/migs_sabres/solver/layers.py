"""The backward induction over movement turns: one layer after another.

A *layer* is the value of every state at the start of one movement turn,
before the MP roll, from the mover's point of view: ``S`` (the mover side's
points minus the other's) and ``P`` (the mover's kill chance), each of shape
``(3, pairs)`` over the statuses (0 nobody has fired, 1 only the other plane,
2 only the mover) and the canonical pairs of :class:`~.tables.PairTables`;
``RS``/``RP`` the same at status 1 with a III.G return fire pending.

:func:`solve_chain` runs one chain (who moves first) from the last
movement turn back to the first, with the compiled kernel of
:mod:`airwar.games.migs_sabres.solver.kernel`, and hands each layer to a callback.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from airwar.games.migs_sabres.geometry import FIRE_OFFSET
from airwar.games.migs_sabres.solver.kernel import LANES, TIE, TILE, solve_layer
from airwar.games.migs_sabres.solver.tables import PairTables, pair_tables, step_specs

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


@dataclass(frozen=True)
class BlockTables:
    """The "other position major" layout of one board size (see :mod:`.kernel`).

    ``others``: one position per orbit of the mirror symmetries (its smallest
    image); ``swap_pair[oc, p]``: the canonical pair of (mover ``others[oc]``,
    other ``p``).

    A layer is kept as the kernel writes it, ``[tile, p, t * 3 + status]``
    (:data:`~.kernel.LANES` lanes, :data:`~.kernel.TILE`
    other positions a tile): ``at[j]`` is where pair ``j``'s three statuses
    start in it, flattened; ``nxt_at[oc, p]`` the same for ``swap_pair[oc, p]``;
    ``canon_at`` (3 x pairs) where each status of each pair is, to read a
    layer in pair order; ``block_canon`` (the flattened block) which pair
    and status each entry is an image of, to write a stored layer back;
    ``head_slot[j]`` the place of pair ``j`` among the head-on pairs ``heads``, or -1.
    """

    others: IntArray
    swap_pair: NDArray[np.int32]
    shape: tuple[int, int, int]
    at: IntArray
    nxt_at: IntArray
    canon_at: IntArray
    block_canon: IntArray
    head_slot: NDArray[np.int32]
    heads: IntArray


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
    n_others = len(others)
    block_of = np.full(n, -1, dtype=np.int64)
    block_of[others] = np.arange(n_others)
    swap_pair = pt.number[others[:, None] * n + m[None, :]].astype(np.int32)
    mover = pt.reps // n
    other = pt.reps % n
    target = canon[other]
    pair_block = np.full(pt.n_pairs, -1, dtype=np.int64)
    for g in images:
        hit = (g[other] == target) & (pair_block < 0)
        pair_block[hit] = block_of[target[hit]] * n + g[mover[hit]]
    assert (pair_block >= 0).all()
    n_tiles = (n_others + TILE - 1) // TILE
    # pair_block[j]: the (other block, mover position) entry canonical pair j is kept in
    oc, p = np.divmod(pair_block, n)
    at = ((oc // TILE) * n + p) * LANES + (oc % TILE) * 3
    canon_at = (at[None, :] + np.arange(3)[:, None]).astype(np.int64)
    # every block entry, padding included (the last tile repeats its last other)
    lane = np.arange(LANES)
    t = np.minimum(lane // 3, TILE - 1)
    st = np.where(lane < 3 * TILE, lane % 3, 0)
    ocs = np.minimum(np.arange(n_tiles)[:, None] * TILE + t[None, :], n_others - 1)
    pairs = pt.number[m[None, :, None] * n + others[ocs][:, None, :]]
    block_canon = (st[None, None, :] * pt.n_pairs + pairs).astype(np.int64).ravel()
    head_slot = np.full(pt.n_pairs, -1, dtype=np.int32)
    head_slot[pt.head_on_pairs] = np.arange(len(pt.head_on_pairs), dtype=np.int32)
    return BlockTables(
        others.astype(np.int64),
        swap_pair,
        (n_tiles, n, LANES),
        at,
        at[swap_pair],
        canon_at,
        block_canon,
        head_slot,
        pt.head_on_pairs,
    )


class Layer:
    """Values at the start of one movement turn, before the MP roll, mover's view.

    Kept in the kernel's block layout (``BS``, ``BP``; :class:`BlockTables`)
    with ``HS``/``HP`` the values at status 1 with a III.G return fire
    pending, at the head-on pairs. ``S``/``P`` (3 x pairs) and ``RS``/``RP``
    (pairs) are the same values in pair order, worked out when first read.
    """

    def __init__(
        self, blocks: BlockTables, bs: FloatArray, bp: FloatArray, hs: FloatArray, hp: FloatArray
    ) -> None:
        self.blocks = blocks
        self.BS = bs
        self.BP = bp
        self.HS = hs
        self.HP = hp
        self._canon: tuple[FloatArray, FloatArray] | None = None

    @classmethod
    def of_pairs(
        cls,
        blocks: BlockTables,
        s: NDArray[np.floating],
        p: NDArray[np.floating],
        hs: NDArray[np.floating],
        hp: NDArray[np.floating],
    ) -> Layer:
        """A layer from its values in pair order (a stored one, read only or not).

        Every array it holds is its own and writable: the compiled kernel then
        needs no second version for read-only arrays (Numba compiles one per
        kind of array it is given).
        """
        bs = np.take(np.asarray(s, dtype=np.float64), blocks.block_canon).reshape(blocks.shape)
        bp = np.take(np.asarray(p, dtype=np.float64), blocks.block_canon).reshape(blocks.shape)
        return cls(blocks, bs, bp, np.array(hs, np.float64), np.array(hp, np.float64))

    def in_pair_order(self) -> tuple[FloatArray, FloatArray]:
        """``S`` and ``P`` as new arrays, not kept by the layer (as a solved layer is stored)."""
        at = self.blocks.canon_at
        return np.take(self.BS, at), np.take(self.BP, at)

    def _pairs(self) -> tuple[FloatArray, FloatArray]:
        if self._canon is None:
            self._canon = self.in_pair_order()
        return self._canon

    @property
    def S(self) -> FloatArray:
        return self._pairs()[0]

    @property
    def P(self) -> FloatArray:
        return self._pairs()[1]

    @property
    def RS(self) -> FloatArray:
        out = self.S[1].copy()
        out[self.blocks.heads] = self.HS
        return out

    @property
    def RP(self) -> FloatArray:
        out = self.P[1].copy()
        out[self.blocks.heads] = self.HP
        return out


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

    def solve(
        self, mover: PlaneSpec, other: PlaneSpec, nxt: Layer | None, into: Layer | None = None
    ) -> Layer:
        """The layer of a movement turn of ``mover`` given the next turn's layer.

        ``nxt`` is ``None`` when this is the last movement turn (MS-11: after
        it, the planes disengage with no kill, value 0). ``into``, a layer
        no longer needed (not ``nxt``), is overwritten and returned instead
        of new arrays: a chain of 40 layers otherwise asks the system for
        about 20 MB of fresh, zeroed pages a layer.
        """
        pt = self.pairs
        bt = self.blocks
        b = pt.board
        if into is not None and (into is nxt or into.blocks is not bt):
            raise ValueError("a layer is solved into a spare layer of the same board, not nxt")
        empty = np.zeros(1, dtype=np.float64)
        out_s = np.empty(bt.shape) if into is None else into.BS
        out_p = np.empty(bt.shape) if into is None else into.BP
        solve_layer(
            bt.others,
            bt.swap_pair,
            bt.nxt_at,
            bt.head_slot,
            b.dest,
            self._cost,
            self._wing,
            b.ahead,
            FIRE_OFFSET,
            empty if nxt is None else nxt.BS.reshape(-1),
            empty if nxt is None else nxt.BP.reshape(-1),
            empty if nxt is None else nxt.HS,
            empty if nxt is None else nxt.HP,
            nxt is not None,
            np.array([m for m, _ in mover.mp], dtype=np.int64),
            np.array([p for _, p in mover.mp], dtype=np.float64),
            np.asarray(mover.p_kill, dtype=np.float64),
            float(mover.points),
            float(other.points),
            out_s,
            out_p,
        )
        # III.G, MS-19: before its MP roll the target of a missed head-on
        # attack fires back (6 needed; the engagement then ends) or holds
        at1 = bt.at[bt.heads] + 1
        ret_s = np.take(out_s, at1)
        ret_p = np.take(out_p, at1)
        if len(at1):
            p_ret = float(mover.p_kill[0])
            _merge(
                ret_s, ret_p, np.full_like(ret_s, p_ret * mover.points), np.full_like(ret_p, p_ret)
            )
        if into is None:
            return Layer(bt, out_s, out_p, ret_s, ret_p)
        into.HS = ret_s
        into.HP = ret_p
        into._canon = None
        return into


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
    solved, and must copy what it keeps: the arrays of layer ``n`` are
    reused for layer ``n + 2``.
    """
    n_layers = 2 * turn_limit
    solver = LayerSolver(pairs)
    nxt: Layer | None = None
    spare: Layer | None = None
    for n in range(1, n_layers + 1):
        mover = first if (n_layers - n) % 2 == 0 else 1 - first
        layer = solver.solve(specs[mover], specs[1 - mover], nxt, into=spare)
        on_layer(mover, n, layer)
        spare, nxt = nxt, layer
