"""The compiled inner loop of the solver: one movement turn (layer) at a time.

The layer of a movement turn is a dynamic programme over the mover's
intermediate states (position, MP left, wing-over used) for every position
of the *other* plane, which does not move meanwhile. The states are laid out
"other position major": for one canonical other position ``o`` (one per orbit
of the board's mirror symmetries, :class:`~airwar.games.migs_sabres.solver.tables.SolverTables`)
the programme runs over every mover position, :data:`TILE` other positions
at a time, in a ring of working slabs (one row per mover position, about
0.5 MB a slab at 24 lanes and 4.3 MB in all on the full board, so in the
processor's last-level cache); every step is a read of a neighbour's row in
that block. The old layout (one gather over all 380k canonical pairs per
step kind and MP) spent its time moving memory.

Numba compiles the loop on first use (a few seconds, cached on disk next to
this module when that folder is writable). Statuses (who has fired) are the
innermost axis of length 3: 0 nobody, 1 only the other plane, 2 only the
mover, as in the stored arrays.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

TIE = 1e-12
"""Two values closer than this are a tie; ties go to the larger own kill chance."""


@njit(cache=True, nogil=True, inline="always")
def _better(cs: float, cp: float, bs: float, bp: float) -> bool:  # pragma: no cover - compiled
    d = cs - bs
    return d > TIE or (d >= -TIE and cp > bp)


TILE = 8
"""Other positions solved together: 8 x 3 statuses = 24 lanes of one vector loop."""

LANES = (TILE * 3 + 3) // 4 * 4
"""The lanes of a working row: the tile's 3 statuses each, padded to whole 4-lane vectors."""


@njit(cache=True, nogil=True, inline="always")
def _take(cs: float, cp: float, b: float, q: float) -> bool:  # pragma: no cover - compiled
    """The same test as :func:`_better`, written branch-free so the lane loop vectorises."""
    dd = cs - b
    return (dd > TIE) | ((dd >= -TIE) & (cp > q))


@njit(cache=True, nogil=True, inline="always")
def _step(
    wf: NDArray[np.float64], row: int, lane: int, b: float, q: float
) -> tuple[float, float]:  # pragma: no cover - compiled
    """The best of (``b``, ``q``) and step result row ``row`` in ``lane`` (:func:`_take`)."""
    cs = wf[row, lane]
    cp = wf[row, LANES + lane]
    t = _take(cs, cp, b, q)
    return (cs if t else b), (cp if t else q)


@njit(cache=True, nogil=True, inline="always")
def _put(
    wf: NDArray[np.float64], o: int, lane: int, b: float, q: float
) -> int:  # pragma: no cover - compiled
    """Write the best into row ``o``; 1 when there is none (-inf: no legal affordable step)."""
    wf[o, lane] = b
    wf[o, LANES + lane] = q
    return 1 if b == -np.inf else 0


@njit(cache=True, nogil=True, inline="always")
def _end(
    wf: NDArray[np.float64], o: int, x_s: NDArray[np.float64], x_p: NDArray[np.float64], p: int
) -> None:  # pragma: no cover - compiled
    """Where row ``o`` has no best (-inf), the move ends here (MS-7): ``x_s``/``x_p[p]``.

    Called only for a row with such a lane (rare: a plane at an edge, or
    boxed in), so the common row reads neither ``x_s`` nor ``x_p``.
    """
    for lane in range(LANES):
        if wf[o, lane] == -np.inf:
            wf[o, lane] = x_s[p, lane]
            wf[o, LANES + lane] = x_p[p, lane]


@njit(cache=True, nogil=True, boundscheck=False)
def _dp5(
    wf: NDArray[np.float64],
    out: int,
    src: NDArray[np.uint32],
    es: NDArray[np.float64],
    ep: NDArray[np.float64],
) -> None:  # pragma: no cover - compiled
    """One MP level of the programme with up to five step kinds, in the kinds' order.

    ``wf`` holds the rows of all working slabs; row ``p`` of the level is
    ``wf[out + p]`` and ``src[p, i]`` the row of the ``i``-th step kind's
    result (a row of -inf, never taken, when the step is off the board or
    not available). Row numbers into one array, not row views: a view costs
    a reference count in and out, and its offset a check per lane.

    The best starts as the first kind's result, one comparison fewer in the
    chain: against the start (-inf, 0) a finite value is always taken and
    -inf never, and while the best is -inf its kill chance is never read (a
    finite value is taken whatever it is, and a move whose best stays -inf
    ends with ``es``/``ep``, MS-7).
    """
    n_pos = es.shape[0]
    for p in range(n_pos):
        o0 = src[p, 0]
        o1 = src[p, 1]
        o2 = src[p, 2]
        o3 = src[p, 3]
        o4 = src[p, 4]
        o = out + p
        stuck = 0
        for lane in range(LANES):
            b, q = _step(wf, o1, lane, wf[o0, lane], wf[o0, LANES + lane])
            b, q = _step(wf, o2, lane, b, q)
            b, q = _step(wf, o3, lane, b, q)
            b, q = _step(wf, o4, lane, b, q)
            stuck += _put(wf, o, lane, b, q)
        if stuck:
            _end(wf, o, es, ep, p)


@njit(cache=True, nogil=True, boundscheck=False)
def _dp3(
    wf: NDArray[np.float64],
    out: int,
    src: NDArray[np.uint32],
    es: NDArray[np.float64],
    ep: NDArray[np.float64],
) -> None:  # pragma: no cover - compiled
    """:func:`_dp5` with up to three step kinds (after a wing-over: no second one)."""
    n_pos = es.shape[0]
    for p in range(n_pos):
        o0 = src[p, 0]
        o1 = src[p, 1]
        o2 = src[p, 2]
        o = out + p
        stuck = 0
        for lane in range(LANES):
            b, q = _step(wf, o1, lane, wf[o0, lane], wf[o0, LANES + lane])
            b, q = _step(wf, o2, lane, b, q)
            stuck += _put(wf, o, lane, b, q)
        if stuck:
            _end(wf, o, es, ep, p)


@njit(cache=True, nogil=True, boundscheck=False)
def _dp1(
    wf: NDArray[np.float64],
    out: int,
    src: NDArray[np.uint32],
    es: NDArray[np.float64],
    ep: NDArray[np.float64],
) -> None:  # pragma: no cover - compiled
    """:func:`_dp5` with one step kind (1 MP left: only straight ahead, MS-7)."""
    n_pos = es.shape[0]
    for p in range(n_pos):
        o0 = src[p, 0]
        o = out + p
        stuck = 0
        for lane in range(LANES):
            stuck += _put(wf, o, lane, wf[o0, lane], wf[o0, LANES + lane])
        if stuck:
            _end(wf, o, es, ep, p)


@njit(cache=True, nogil=True, boundscheck=False)
def _dp0(
    wf: NDArray[np.float64], out: int, es: NDArray[np.float64], ep: NDArray[np.float64]
) -> None:  # pragma: no cover - compiled
    """:func:`_dp5` with no step kind: every move ends where it is (MS-7)."""
    n_pos = es.shape[0]
    for p in range(n_pos):
        o = out + p
        for lane in range(LANES):
            wf[o, lane] = es[p, lane]
            wf[o, LANES + lane] = ep[p, lane]


@njit(cache=True, nogil=True, boundscheck=False)
def solve_layer(  # pragma: no cover - compiled; tested through its results
    others: NDArray[np.int64],
    swap_pair: NDArray[np.int32],
    nxt_at: NDArray[np.int64],
    head_slot: NDArray[np.int32],
    dest: NDArray[np.int64],
    step_cost: NDArray[np.int64],
    step_wing: NDArray[np.bool_],
    ahead: NDArray[np.int64],
    fire_offset: NDArray[np.int64],
    nxt_s: NDArray[np.float64],
    nxt_p: NDArray[np.float64],
    nxt_hs: NDArray[np.float64],
    nxt_hp: NDArray[np.float64],
    has_next: bool,
    mp_values: NDArray[np.int64],
    mp_probs: NDArray[np.float64],
    p_kill: NDArray[np.float64],
    wx: float,
    wy: float,
    out_s: NDArray[np.float64],
    out_p: NDArray[np.float64],
) -> None:
    """Fill ``out_s``/``out_p`` (tiles x positions x :data:`LANES`) with the layer's values.

    The layer is kept in the kernel's own block layout: entry ``[tile, p,
    t * 3 + st]`` is the value with the mover at ``p``, the other plane at
    ``others[tile * TILE + t]`` and status ``st``; the accumulators of a
    tile are written in place, in order, with no scattering into pair order
    (:class:`~airwar.games.migs_sabres.solver.layers.BlockTables` converts). ``others[oc]``:
    the other plane's position of block ``oc``; ``nxt_s``/``nxt_p`` the
    next layer in the same layout, flattened, mover's view, and
    ``nxt_at[oc, p]`` where in it the state (mover ``others[oc]``, other
    ``p``) starts, read once the move ends; ``swap_pair[oc, p]`` the
    canonical pair number of that state, and ``head_slot[pair]`` its place
    in ``nxt_hs``/``nxt_hp``, the values at status 1 with a III.G return
    fire pending (-1: no head-on pair). ``dest[k, p]``: the position after
    step kind ``k`` (``n_pos`` when off the board, MS-8); ``ahead[p]``: the
    square directly ahead of ``p`` (-1 off the board, MS-9);
    ``fire_offset[attacker facing, target facing]`` the aspect of a shot
    (MS-10, the rules' geometry module).

    The blocks are solved :data:`TILE` at a time: the working row of one
    mover position holds the values of the tile's other positions x 3
    statuses (:data:`LANES`), then their kill chances, so each mover
    position of an MP level is one branch-free vector loop over the rows of
    its (at most five) step kinds' results, the best so far kept in
    registers (a step into the other plane's square reads -inf in its lane:
    those rows are set so once their MP level is done).
    """
    n_others = others.shape[0]
    n_pos = dest.shape[1]
    n_steps = dest.shape[0]
    lanes = TILE * 3
    m_max = 0
    max_cost = 0
    for i in range(mp_values.shape[0]):
        m_max = max(m_max, mp_values[i])
    wo_cost = m_max + 1
    for k in range(n_steps):
        max_cost = max(max_cost, step_cost[k])
        if step_wing[k]:
            wo_cost = min(wo_cost, step_cost[k])
    ring = max_cost + 1
    mp_weight = np.zeros(m_max + 1)
    for i in range(mp_values.shape[0]):
        mp_weight[mp_values[i]] += mp_probs[i]
    next_status = np.array([0, 2, 1])
    if n_steps > 5:
        raise ValueError("the layer kernel takes at most five step kinds")
    n_tiles = (n_others + TILE - 1) // TILE
    # one row per mover position: the lanes' values, then their kill chances;
    # row n_pos (off the board, MS-8) and the last slab (a step kind not
    # available) read -inf with kill chance 0, which no candidate takes
    w = np.zeros((ring * 2 + 1, n_pos + 1, 2 * LANES))
    w[:, n_pos, :LANES] = -np.inf
    w[:, n_pos, LANES:] = 0.0
    w[ring * 2, :, :LANES] = -np.inf
    w[ring * 2, :, LANES:] = 0.0
    wf = w.reshape(((ring * 2 + 1) * (n_pos + 1), 2 * LANES))
    dummy = ring * 2 * (n_pos + 1)
    # the programme's levels in order (MP left, wing-over used) and, for each,
    # the rows its mover positions read: the same for every tile
    n_levels = 0
    level_r = np.empty(2 * (m_max + 1), dtype=np.int64)
    level_wo = np.empty(2 * (m_max + 1), dtype=np.int64)
    level_kinds = np.zeros(2 * (m_max + 1), dtype=np.int64)
    # unsigned: a row number read from it is never negative, so indexing with it
    # needs no wraparound (2 to 4% of the layer's time, benchmarks/kernel_ab.py)
    srcs = np.empty((2 * (m_max + 1), n_pos, 5), dtype=np.uint32)
    for r in range(m_max + 1):
        for wi in range(2):
            wo = 1 - wi
            if wo == 1 and r > m_max - wo_cost:
                continue  # fewer MP than a wing-over's cost are left after one
            n_kinds = 0
            for k in range(n_steps):
                if step_cost[k] <= r and not (wo == 1 and step_wing[k]):
                    w2 = 1 if (wo == 1 or step_wing[k]) else 0
                    src_slab = ((r - step_cost[k]) % ring) * 2 + w2
                    for p in range(n_pos):
                        # dest n_pos: off the board (MS-8), the row of -inf
                        srcs[n_levels, p, n_kinds] = src_slab * (n_pos + 1) + dest[k, p]
                    n_kinds += 1
            for i in range(n_kinds, 5):
                for p in range(n_pos):
                    srcs[n_levels, p, i] = dummy
            level_r[n_levels] = r
            level_wo[n_levels] = wo
            level_kinds[n_levels] = n_kinds
            n_levels += 1
    # the values where a move ends (the next layer's, or 0 after the last turn)
    es = np.zeros((n_pos, LANES))
    ep = np.zeros((n_pos, LANES))
    for tile in range(n_tiles):
        oc0 = tile * TILE
        # the tile's other positions (the last tile repeats its last one)
        ocs = np.empty(TILE, dtype=np.int64)
        for t in range(TILE):
            ocs[t] = min(oc0 + t, n_others - 1)
        lane_sq = np.empty(lanes, dtype=np.int64)
        for lane in range(lanes):
            lane_sq[lane] = others[ocs[lane // 3]] // 8
        # the mover positions on the square of each lane's other plane: a step
        # there is illegal (MS-8), so once a slab is done (and its values are
        # taken into the move's value) their rows read -inf in that lane, which
        # no candidate takes, exactly as a step into it is never taken
        blk_pos = np.empty(lanes * 8, dtype=np.int64)
        blk_lane = np.empty(lanes * 8, dtype=np.int64)
        for lane in range(lanes):
            for f in range(8):
                blk_pos[lane * 8 + f] = lane_sq[lane] * 8 + f
                blk_lane[lane * 8 + f] = lane
        vs = out_s[tile]
        vp = out_p[tile]
        summed = False  # vs/vp hold a sum yet (the first term is added to 0.0, not stored)
        if has_next:
            for p in range(n_pos):
                for t in range(TILE):
                    at = nxt_at[ocs[t], p]
                    for st in range(3):
                        ns = nxt_s[at + next_status[st]]
                        es[p, t * 3 + st] = -ns
                        ep[p, t * 3 + st] = (wy * nxt_p[at + next_status[st]] - ns) / wx
        # the positions that may fire at each other position (its square directly
        # ahead, MS-9) and the values of the shot
        n_fire = np.zeros(TILE, dtype=np.int64)
        fire_pos = np.empty((TILE, 8), dtype=np.int64)
        fs = np.zeros((TILE, 8, 3))
        fp = np.zeros((TILE, 8, 3))
        for t in range(TILE):
            o = others[ocs[t]]
            o_sq = o // 8
            for p in range(n_pos):
                if ahead[p] != o_sq or n_fire[t] >= 8:
                    continue
                offset = fire_offset[p % 8, o % 8]  # MS-10: 0 is from the front
                pk = p_kill[offset]
                after_s = 0.0
                after_p = 0.0
                if has_next:
                    h = head_slot[swap_pair[ocs[t], p]]
                    if offset == 0 and h >= 0:
                        a_s = nxt_hs[h]
                        a_p = nxt_hp[h]
                    else:
                        a_s = nxt_s[nxt_at[ocs[t], p] + 1]
                        a_p = nxt_p[nxt_at[ocs[t], p] + 1]
                    after_s = -a_s
                    after_p = (wy * a_p - a_s) / wx
                miss = 1.0 - pk
                i = n_fire[t]
                fire_pos[t, i] = p
                fs[t, i, 0] = pk * wx + miss * after_s
                fp[t, i, 0] = pk + miss * after_p
                fs[t, i, 2] = fs[t, i, 0]
                fp[t, i, 2] = fp[t, i, 0]
                fs[t, i, 1] = pk * wx  # the other has fired: after this shot both have
                fp[t, i, 1] = pk
                n_fire[t] = i + 1
        for lv in range(n_levels):
            r = level_r[lv]
            wo = level_wo[lv]
            slab = (r % ring) * 2 + wo
            w_all = w[slab]
            n_kinds = level_kinds[lv]
            row0 = slab * (n_pos + 1)
            if n_kinds > 3:
                _dp5(wf, row0, srcs[lv], es, ep)
            elif n_kinds > 1:
                _dp3(wf, row0, srcs[lv], es, ep)
            elif n_kinds == 1:
                _dp1(wf, row0, srcs[lv], es, ep)
            else:
                _dp0(wf, row0, es, ep)
            wt = mp_weight[r]
            if wo == 0 and wt > 0.0:
                # a whole move with r MP: no shot before the first step (MS-9)
                if summed:
                    for p in range(n_pos):
                        for lane in range(LANES):
                            vs[p, lane] += wt * w_all[p, lane]
                            vp[p, lane] += wt * w_all[p, LANES + lane]
                else:
                    # 0.0 + x, not x: the sum of zeros as before, -0.0 made 0.0
                    for p in range(n_pos):
                        for lane in range(LANES):
                            vs[p, lane] = 0.0 + wt * w_all[p, lane]
                            vp[p, lane] = 0.0 + wt * w_all[p, LANES + lane]
                    summed = True
            # after at least one step the plane may fire (MS-9)
            for t in range(TILE):
                for i in range(n_fire[t]):
                    p = fire_pos[t, i]
                    for st in range(3):
                        lane = t * 3 + st
                        if _better(
                            fs[t, i, st], fp[t, i, st], w_all[p, lane], w_all[p, LANES + lane]
                        ):
                            w_all[p, lane] = fs[t, i, st]
                            w_all[p, LANES + lane] = fp[t, i, st]
            for i in range(lanes * 8):
                w_all[blk_pos[i], blk_lane[i]] = -np.inf
        if not summed:
            raise ValueError("the MP roll has no result with a chance above 0")
