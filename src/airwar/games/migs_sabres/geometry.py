"""The geometry of the Battle Board in one place: positions, facings, steps and aspects.

Everything that turns squares and facings into numbers goes through here: the
rules (:mod:`.board`, :mod:`.movement`, :mod:`.combat`), the exact solver
(``airwar.games.migs_sabres.solver``) and the heuristic bot.

- A *facing* is 0..7 clockwise from north (MS-6); :data:`FACING_DELTAS` is
  the (column, row) step of each.
- A *position* packs a square and a facing: ``square * 8 + facing``, with
  ``square = row * columns + col`` (:func:`pack`, :func:`square_of`,
  :func:`facing_of`).
- The *aspect rule* (MS-10): an attack's aspect is the attacker's bearing
  from the target measured against the target's facing,
  :func:`aspect_offset` (0 is from the front, 4 from the rear). A plane
  fires at the square directly ahead (MS-9), so its bearing from the target
  is its own facing turned around: :func:`fire_offset`.
- :func:`step_tables` gives the NumPy tables of one board size: the
  position after each step kind (MS-6, MS-8: off the board is a sentinel),
  the square ahead of every position, and the board's two mirror images.

>>> fire_offset(0, 4)  # a plane facing N shoots one facing S: head-on
0
>>> aspect_offset(4, 0)  # an attacker due S of a target facing N: from the rear
4
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

FACINGS = 8
"""Facings per square: N, NE, E, SE, S, SW, W, NW (MS-6)."""

FACING_DELTAS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)
"""(column, row) step of each facing, clockwise from north (MS-6)."""


def pack(square_index: int, facing: int) -> int:
    """The position of a plane in square ``square_index`` facing ``facing``."""
    return square_index * FACINGS + facing


def square_of(pos: int) -> int:
    return pos // FACINGS


def facing_of(pos: int) -> int:
    return pos % FACINGS


def turned(facing: int, eighths: int) -> int:
    """``facing`` turned by ``eighths`` of a full turn (positive: clockwise)."""
    return (facing + eighths) % FACINGS


def reverse(facing: int) -> int:
    """The opposite facing."""
    return (facing + FACINGS // 2) % FACINGS


def aspect_offset(bearing: int, target_facing: int) -> int:
    """MS-10: the attacker's bearing from the target against the target's facing (0 = front)."""
    return (bearing - target_facing) % FACINGS


def fire_offset(attacker_facing: int, target_facing: int) -> int:
    """The aspect offset of a shot at the plane in the square directly ahead (MS-9, MS-10)."""
    return aspect_offset(reverse(attacker_facing), target_facing)


FIRE_OFFSET: NDArray[np.int64] = np.array(
    [[fire_offset(a, t) for t in range(FACINGS)] for a in range(FACINGS)], dtype=np.int64
)
"""``FIRE_OFFSET[attacker_facing, target_facing]``: :func:`fire_offset` as a table."""


@dataclass(frozen=True)
class StepTables:
    """The geometry of one board size as NumPy tables.

    ``dest[k, pos]``: the position after step kind ``k`` (turn ``turns[k]``
    eighths, then one square along the new facing), or ``n_pos`` when that
    leaves the board (MS-8). ``ahead[pos]``: the square directly ahead, -1 at
    the edge (MS-9). ``mirror_x``/``mirror_y``: each position's image in the
    left-right and front-back mirrors of the board.
    """

    columns: int
    rows: int
    n_pos: int
    dest: NDArray[np.int64]
    ahead: NDArray[np.int64]
    mirror_x: NDArray[np.int64]
    mirror_y: NDArray[np.int64]


def step_tables(columns: int, rows: int, turns: Sequence[int]) -> StepTables:
    """The :class:`StepTables` of a ``columns`` x ``rows`` board for steps turning ``turns``."""
    n_pos = columns * rows * FACINGS
    pos = np.arange(n_pos)
    sq = pos // FACINGS
    facing = pos % FACINGS
    col = sq % columns
    row = sq // columns
    dx = np.array([d[0] for d in FACING_DELTAS])
    dy = np.array([d[1] for d in FACING_DELTAS])
    dest = np.full((len(turns), n_pos), n_pos, dtype=np.int64)
    for k, turn in enumerate(turns):
        nf = (facing + turn) % FACINGS
        nc = col + dx[nf]
        nr = row + dy[nf]
        ok = (nc >= 0) & (nc < columns) & (nr >= 0) & (nr < rows)
        dest[k, ok] = ((nr * columns + nc) * FACINGS + nf)[ok]
    ac = col + dx[facing]
    ar = row + dy[facing]
    aok = (ac >= 0) & (ac < columns) & (ar >= 0) & (ar < rows)
    ahead = np.where(aok, ar * columns + ac, -1).astype(np.int64)
    mirror_x = ((row * columns + (columns - 1 - col)) * FACINGS + (8 - facing) % FACINGS).astype(
        np.int64
    )
    mirror_y = (((rows - 1 - row) * columns + col) * FACINGS + (4 - facing) % FACINGS).astype(
        np.int64
    )
    return StepTables(columns, rows, n_pos, dest, ahead, mirror_x, mirror_y)
