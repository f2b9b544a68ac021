"""Index tables for the exact engagement solver: steps, blocking, fire and symmetry.

Everything here is geometry of a Battle Board of any size (the full board is
11 x 14, MS-5; the tests use smaller ones) and the move and kill tables of
the rules package's data files (MS-6, MS-10). A *position* is
``square * 8 + facing`` with ``square = row * columns + col``, the same
packing the rules package uses; a *pair* is ``mover_position * P +
other_position`` with ``P`` positions on the board.

>>> b = BoardTables.build(5, 6)
>>> b.n_pos, b.dest.shape
(240, (5, 240))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
from numpy.typing import NDArray

from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.geometry import FIRE_OFFSET, step_tables

IntArray = NDArray[np.int64]


@dataclass(frozen=True)
class StepSpec:
    """One step kind of rule III.D as the movement data file gives it."""

    code: str
    turn: int
    cost: int
    wing_over: bool


@cache
def step_specs() -> tuple[StepSpec, ...]:
    """The step kinds in the data file's order (F, L, R, WL, WR; MS-6)."""
    data = table("movement")
    return tuple(
        StepSpec(str(r["code"]), int(r["turn"]), int(r["cost"]), bool(r["wing_over"]))
        for r in data["step"]
    )


@dataclass
class BoardTables:
    """Vectorised geometry of one board size.

    ``dest[k, pos]``: the position after step kind ``k`` or ``n_pos`` (a
    sentinel row) when the step would leave the board (MS-8).
    ``blocked[k]``: flat pair indices ``mover * n_pos + other`` where step
    ``k`` from ``mover`` would enter the other plane's square (MS-8).
    ``fire_mover``/``fire_target``: the pairs where the target is in the
    square directly ahead of the mover (MS-9), with ``fire_offset`` the
    attacker's bearing from the target relative to the target's facing
    (MS-10: 0 is "from the front").
    """

    columns: int
    rows: int
    n_pos: int
    dest: IntArray
    blocked: list[IntArray]
    ahead: IntArray
    fire_mover: IntArray
    fire_target: IntArray
    fire_offset: IntArray
    head_on_partner: IntArray
    mirror_x: IntArray
    mirror_y: IntArray

    @classmethod
    def build(cls, columns: int, rows: int) -> BoardTables:
        specs = step_specs()
        geo = step_tables(columns, rows, [spec.turn for spec in specs])
        n_pos = geo.n_pos
        pos = np.arange(n_pos)
        dest = geo.dest
        blocked: list[IntArray] = []
        for k in range(len(specs)):
            ok = dest[k] < n_pos
            movers = pos[ok]
            targets_sq = dest[k, ok] // 8
            # every other position whose square is the destination square
            flat = movers[:, None] * n_pos + targets_sq[:, None] * 8 + np.arange(8)[None, :]
            blocked.append(flat.ravel())
        ahead = geo.ahead
        aok = ahead >= 0
        movers = np.repeat(pos[aok], 8)
        tfac = np.tile(np.arange(8), int(aok.sum()))
        targets = ahead[movers] * 8 + tfac
        offset = FIRE_OFFSET[movers % 8, tfac]  # MS-10
        partner = np.full(n_pos, -1, dtype=np.int64)
        head = offset == 0
        partner[targets[head]] = movers[head]
        return cls(
            columns,
            rows,
            n_pos,
            dest,
            blocked,
            ahead,
            movers.astype(np.int64),
            targets.astype(np.int64),
            offset.astype(np.int64),
            partner,
            geo.mirror_x,
            geo.mirror_y,
        )

    def canonical_pairs(self) -> tuple[IntArray, NDArray[np.int32]]:
        """Orbit representatives of pairs under the board's mirror symmetries.

        The board is symmetric under the left-right mirror, the front-back
        mirror and their product (a half turn); moves are relative to the
        facing and kill numbers depend only on the aspect, so a pair and its
        images have the same value. Returns (flat index of each
        representative, for every flat pair the number of its
        representative).
        """
        n = self.n_pos
        m = np.arange(n)
        images = [m, self.mirror_x, self.mirror_y, self.mirror_x[self.mirror_y]]
        rep_of = np.arange(n * n)
        for g in images[1:]:
            np.minimum(rep_of, (g[:, None] * n + g[None, :]).ravel(), out=rep_of)
        # a representative is the smallest of its orbit, so it is its own:
        # the same sorted list as np.unique(rep_of), without hashing 1.5M values
        reps = np.flatnonzero(rep_of == np.arange(n * n))
        number_of = np.zeros(n * n, dtype=np.int32)
        number_of[reps] = np.arange(len(reps), dtype=np.int32)
        number = number_of[rep_of]
        return reps.astype(np.int64), number


def reachable(
    board: BoardTables,
    pos: int,
    other_pos: int,
    mp: int,
    wing_over_used: bool = False,
    stepped: bool = False,
) -> tuple[set[int], set[int]]:
    """(end positions, fire positions) of one movement turn, walked on the index tables.

    The same walk the solver's move programme performs (MS-6..MS-9): a plane
    with an affordable legal step must step; without one its move ends (or,
    before any step, its turn is lost, MS-8: it ends where it is); after at
    least one step it may fire when the other plane is directly ahead.
    """
    specs = step_specs()
    other_sq = other_pos // 8
    ends: set[int] = set()
    fires: set[int] = set()
    seen: set[tuple[int, int, bool, bool]] = set()
    stack = [(pos, mp, wing_over_used, stepped)]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        p, left, wo, st = state
        if st and int(board.ahead[p]) == other_sq:
            fires.add(p)
        moved = False
        for k, spec in enumerate(specs):
            if spec.cost > left or (wo and spec.wing_over):
                continue
            d = int(board.dest[k, p])
            if d >= board.n_pos or d // 8 == other_sq:
                continue
            moved = True
            stack.append((d, left - spec.cost, wo or spec.wing_over, True))
        if not moved:
            ends.add(p)
    return ends, fires


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
        offset = FIRE_OFFSET[mover[fire] % 8, other[fire] % 8]  # MS-10
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


@cache
def pair_tables(columns: int, rows: int) -> PairTables:
    """The index tables of one board size (built once per process)."""
    return PairTables.build(BoardTables.build(columns, rows))
