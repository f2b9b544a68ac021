"""THE OLD SOLVER, KEPT ONLY AS THE REFERENCE for the benchmarks and the exactness checks.

This is the layer solver the project used before the solver moved to
:mod:`airwar.games.migs_sabres.solver` (one NumPy gather over all canonical pairs per step kind
and MP, every layer kept in float32). Nothing in ``src`` imports it;
``benchmarks/solver_bench.py --compare-old``, ``benchmarks/solver_exactness.py``
and ``tests/games/migs_sabres/solver/test_solver_legacy.py`` run it side by side with the new
one. Remove it together with them once the comparison is no longer wanted.

The original description follows.

The vectorised backward induction behind the solver.

States are *pairs* (mover position, other position) reduced to one
representative per orbit of the board's mirror symmetries
(:meth:`BoardTables.canonical_pairs`); a status axis says who has fired
(0: nobody, 1: only the other plane, 2: only the mover). Every array of a
layer has shape ``(3, n_pairs)`` (inside a layer's computation the
transposed ``(n_pairs, 3)``, so that one gather fetches all statuses) and
holds, from the *mover's* point of view, ``S`` (expected score: the mover
side's kill points minus the other's) and ``P`` (the probability that the
mover shoots the other plane down).

One layer is one movement turn (MS-7): the mover rolls its MP, then picks a
whole move. The move is solved as a dynamic programme over the plane's
intermediate states (position, MP left, wing-over used): with MP left and an
affordable legal step the plane must step (MS-7, MS-8), else its move ends;
after at least one step it may fire when the target is directly ahead
(MS-9). Both choices are made to maximise ``S``; among choices within
``TIE`` of the best, the one with the larger ``P`` (the mover's own kill
chance) is taken, so the policy and the kill chances do not depend on the
order in which moves are listed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from airwar.games.migs_sabres.solver.tables import BoardTables, step_specs

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

TIE = 1e-12
"""Two values closer than this are a tie; ties go to the larger own kill chance."""

NEXT_STATUS = (0, 2, 1)
"""Status seen by the next mover after a move that did not fire: the roles swap."""


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
class PairTables:
    """Pair-level index arrays on the canonical pairs of one board size."""

    board: BoardTables
    reps: IntArray
    number: NDArray[np.int32]
    n_pairs: int
    succ: list[NDArray[np.int32]]
    swap: NDArray[np.int32]
    fire_pair: IntArray
    fire_offset: IntArray
    fire_head_on: NDArray[np.bool_]
    head_on_pairs: IntArray

    @classmethod
    def build(cls, board: BoardTables) -> PairTables:
        n = board.n_pos
        reps, number = board.canonical_pairs()
        n_pairs = len(reps)
        mover = reps // n
        other = reps % n
        other_sq = other // 8
        succ: list[NDArray[np.int32]] = []
        for k in range(board.dest.shape[0]):
            d = board.dest[k, mover]
            ok = (d < n) & (d // 8 != other_sq)
            s = np.full(n_pairs, n_pairs, dtype=np.int32)
            s[ok] = number[d[ok] * n + other[ok]]
            succ.append(s)
        swap = number[other * n + mover].astype(np.int32)
        ahead = board.ahead[mover]
        fire = np.nonzero(ahead == other_sq)[0]
        # attacker's bearing from the target against the target's facing (MS-10)
        offset = (mover[fire] % 8 + 4 - other[fire] % 8) % 8
        head_on = offset == 0
        return cls(
            board,
            reps,
            number,
            n_pairs,
            succ,
            swap,
            fire.astype(np.int64),
            offset.astype(np.int64),
            head_on,
            fire[head_on].astype(np.int64),
        )

    def index(self, mover_pos: int, other_pos: int) -> int:
        """The canonical pair number of (mover position, other position)."""
        return int(self.number[mover_pos * self.board.n_pos + other_pos])


@dataclass
class Layer:
    """Values at the start of one movement turn, before the MP roll, mover's view.

    ``S``/``P`` have shape ``(3, n_pairs)``. ``RS``/``RP`` hold, for status 1,
    the value when the mover may also return fire first (rule III.G), at
    every pair (equal to status 1 where no return fire is possible).
    """

    S: FloatArray
    P: FloatArray
    RS: FloatArray
    RP: FloatArray


class _Merger:
    """Lexicographic in-place maximum with preallocated scratch arrays."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.d = np.empty(shape, dtype=np.float64)
        self.take = np.empty(shape, dtype=bool)
        self.tie = np.empty(shape, dtype=bool)
        self.better_p = np.empty(shape, dtype=bool)

    def __call__(self, bS: FloatArray, bP: FloatArray, cS: FloatArray, cP: FloatArray) -> None:
        """Take the candidate where it is better, or tied with a larger own kill chance."""
        n = bS.shape[0]
        d = self.d[:n]
        take = self.take[:n]
        tie = self.tie[:n]
        bp = self.better_p[:n]
        with np.errstate(invalid="ignore"):
            np.subtract(cS, bS, out=d)
        np.greater(d, TIE, out=take)
        np.greater_equal(d, -TIE, out=tie)
        np.greater(cP, bP, out=bp)
        tie &= bp
        take |= tie
        np.copyto(bS, cS, where=take)
        np.copyto(bP, cP, where=take)


def _merge(bS: FloatArray, bP: FloatArray, cS: FloatArray, cP: FloatArray) -> None:
    """In place: take the candidate where it is better, or tied with a larger own kill chance."""
    _Merger(bS.shape)(bS, bP, cS, cP)


@dataclass
class LayerSolver:
    """Solves layers one after another for a fixed pair of planes on one board."""

    pairs: PairTables
    _w: dict[tuple[int, int], tuple[FloatArray, FloatArray]] = field(default_factory=dict)

    def _buffer(self, r: int, wo: int) -> tuple[FloatArray, FloatArray]:
        """The move programme's values with ``r`` MP left: shape (pairs + 1, status).

        The last row is the sentinel of illegal steps (value -inf).
        """
        key = (r, wo)
        if key not in self._w:
            n = self.pairs.n_pairs
            s = np.empty((n + 1, 3), dtype=np.float64)
            p = np.empty((n + 1, 3), dtype=np.float64)
            s[n] = -np.inf
            p[n] = 0.0
            self._w[key] = (s, p)
        return self._w[key]

    def solve(
        self,
        mover: PlaneSpec,
        other: PlaneSpec,
        nxt: Layer | None,
        progress: Callable[[], None] | None = None,
    ) -> Layer:
        """The layer of a movement turn of ``mover`` given the next turn's layer.

        ``nxt`` is ``None`` when this is the last movement turn (MS-11: after
        it, the planes disengage with no kill, value 0). Inside, arrays are
        laid out (pair, status) so that one gather fetches all three statuses.
        """
        pt = self.pairs
        n = pt.n_pairs
        wx, wy = mover.points, other.points
        # E: values if the move ends without firing, seen from the mover (pair x status)
        e_s = np.zeros((n, 3), dtype=np.float64)
        e_p = np.zeros((n, 3), dtype=np.float64)
        if nxt is not None:
            for st in range(3):
                ns = nxt.S[NEXT_STATUS[st]][pt.swap]
                np_ = nxt.P[NEXT_STATUS[st]][pt.swap]
                e_s[:, st] = -ns
                e_p[:, st] = (wy * np_ - ns) / wx
        # fire values at the fire pairs (MS-9, MS-10, rule III.G, MS-11)
        fp = pt.fire_pair
        pk = np.asarray(mover.p_kill, dtype=np.float64)[pt.fire_offset]
        f_s = np.empty((len(fp), 3), dtype=np.float64)
        f_p = np.empty((len(fp), 3), dtype=np.float64)
        if nxt is not None:
            sw = pt.swap[fp]
            a_s = np.where(pt.fire_head_on, nxt.RS[sw], nxt.S[1][sw])
            a_p = np.where(pt.fire_head_on, nxt.RP[sw], nxt.P[1][sw])
            after_s = -a_s
            after_p = (wy * a_p - a_s) / wx
        else:
            after_s = np.zeros(len(fp), dtype=np.float64)
            after_p = np.zeros(len(fp), dtype=np.float64)
        miss = 1.0 - pk
        for st in (0, 2):
            f_s[:, st] = pk * wx + miss * after_s
            f_p[:, st] = pk + miss * after_p
        f_s[:, 1] = pk * wx  # the other has fired: after this shot both have (MS-11)
        f_p[:, 1] = pk
        mp_values = sorted(m for m, _ in mover.mp)
        m_max = max(mp_values)
        specs = step_specs()
        v_s = np.zeros((n, 3), dtype=np.float64)
        v_p = np.zeros((n, 3), dtype=np.float64)
        mp_prob = dict(mover.mp)
        head = pt.head_on_pairs
        p_ret = float(mover.p_kill[0])
        merge = _Merger((n, 3))
        cand_s = np.empty((n, 3), dtype=np.float64)
        cand_p = np.empty((n, 3), dtype=np.float64)
        wo_cost = min((sp.cost for sp in specs if sp.wing_over), default=m_max + 1)
        for r in range(m_max + 1):
            for wo in (1, 0):
                if wo == 1 and r > m_max - wo_cost:
                    continue  # a wing-over costs wo_cost MP: fewer can be left after one
                bs, bp = self._buffer(r, wo)
                first = True
                for k, spec in enumerate(specs):
                    if spec.cost > r or (wo and spec.wing_over):
                        continue
                    src_s, src_p = self._buffer(r - spec.cost, 1 if (wo or spec.wing_over) else 0)
                    idx = pt.succ[k]
                    if first:
                        np.take(src_s, idx, axis=0, out=bs[:n])
                        np.take(src_p, idx, axis=0, out=bp[:n])
                        first = False
                    else:
                        np.take(src_s, idx, axis=0, out=cand_s)
                        np.take(src_p, idx, axis=0, out=cand_p)
                        merge(bs[:n], bp[:n], cand_s, cand_p)
                if first:
                    bs[:n] = e_s
                    bp[:n] = e_p
                else:
                    stuck = np.isneginf(bs[:n], out=merge.take)
                    np.copyto(bs[:n], e_s, where=stuck)
                    np.copyto(bp[:n], e_p, where=stuck)
                if wo == 0 and r in mp_prob:
                    # a whole move with r MP: must take a step if it can (MS-7), no fire yet
                    w = mp_prob[r]
                    v_s += w * bs[:n]
                    v_p += w * bp[:n]
                # after at least one step the plane may fire (MS-9)
                cs = bs[fp]
                cp = bp[fp]
                _merge(cs, cp, f_s, f_p)
                bs[fp] = cs
                bp[fp] = cp
            if progress is not None:
                progress()
        out_s = np.ascontiguousarray(v_s.T)
        out_p = np.ascontiguousarray(v_p.T)
        rs = out_s[1].copy()
        rp = out_p[1].copy()
        if len(head):
            # III.G, MS-19: before its MP roll the target of a missed head-on
            # attack fires back (6 needed; the engagement then ends) or holds
            ret_s = out_s[1, head].copy()
            ret_p = out_p[1, head].copy()
            _merge(ret_s, ret_p, np.full_like(ret_s, p_ret * wx), np.full_like(ret_p, p_ret))
            rs[head] = ret_s
            rp[head] = ret_p
        return Layer(out_s, out_p, rs, rp)


# -- the old driver: both chains, every layer kept (float32), as the old cache did ----


class OldStore:
    """Every layer of an old solve, looked up like
    :class:`airwar.games.migs_sabres.solver.store.LayerStore`."""

    def __init__(
        self, pairs: PairTables, specs: tuple[PlaneSpec, PlaneSpec], arrays: dict[str, Any]
    ) -> None:
        self.pairs = pairs
        self.specs = specs
        self.arrays = arrays

    def layer(self, mover: int, n: int) -> Layer:
        a = self.arrays
        return Layer(a["S"][mover, n], a["P"][mover, n], a["RS"][mover, n], a["RP"][mover, n])


def solve_old(matchup, options, folder=None, on_layer=None):  # type: ignore[no-untyped-def]
    """Solve a matchup with the old solver, one process; the arrays go to ``folder`` (memory maps)
    or stay in memory. ``on_layer(mover, n, layer)`` sees each float64 layer. Returns a
    :class:`airwar.games.migs_sabres.solver.Solution` over the old arrays."""
    from pathlib import Path

    from numpy.lib.format import open_memmap

    from airwar.games.migs_sabres.solver.model import specs_of
    from airwar.games.migs_sabres.solver.solution import Solution
    from airwar.games.migs_sabres.solver.tables import BoardTables as BT

    pt = PairTables.build(BT.build(options.columns, options.rows))
    specs = specs_of(matchup, options)
    n_layers = 2 * options.turn_limit
    heads = pt.head_on_pairs
    shapes = {
        "S": (2, n_layers + 1, 3, pt.n_pairs),
        "P": (2, n_layers + 1, 3, pt.n_pairs),
        "RS": (2, n_layers + 1, len(heads)),
        "RP": (2, n_layers + 1, len(heads)),
    }
    if folder is None:
        arrays = {k: np.zeros(v, dtype=np.float32) for k, v in shapes.items()}
    else:
        arrays = {
            k: open_memmap(Path(folder) / f"{k}.npy", mode="w+", dtype=np.float32, shape=v)
            for k, v in shapes.items()
        }
    for first in (0, 1):
        solver = LayerSolver(pt)
        nxt = None
        for n in range(1, n_layers + 1):
            mover = first if (n_layers - n) % 2 == 0 else 1 - first
            layer = solver.solve(specs[mover], specs[1 - mover], nxt)
            arrays["S"][mover, n] = layer.S
            arrays["P"][mover, n] = layer.P
            arrays["RS"][mover, n] = layer.RS[heads]
            arrays["RP"][mover, n] = layer.RP[heads]
            if on_layer is not None:
                on_layer(mover, n, layer)
            nxt = layer
    return Solution(matchup, options, OldStore(pt, specs, arrays))  # type: ignore[arg-type]
