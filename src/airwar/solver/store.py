"""Where a solution's layers live: checkpoints kept, the layers between recomputed.

Keeping all 80 layers of a full-size matchup (20-turn limit) in float32 takes
about 700 MiB. A solution keeps every :data:`CHECKPOINT_EVERY`-th layer of
each chain instead (and the chain's first), under 200 MiB, and a lookup in a
layer between two checkpoints solves the few layers from the checkpoint
below once (a fraction of a second each) and keeps them in a small
least-recently-used set.

A kept layer holds the values ``S`` in float64 and the kill chances ``P`` in
float32. The values must be exact for the recomputation: which move is best
is decided on them, ties (within 1e-12) going to the larger kill chance, and
a value rounded to float32 could turn a tie into a difference or back, and
so change a kill chance by far more than the rounding. The kill chances only
break ties and are carried along, so their float32 rounding stays a rounding
(about 1e-7). Recomputed layers therefore have the same values, to the last
bit, as an uninterrupted solve, and kill chances within about 1e-7.

On disk a kept layer is four ``.npy`` files named ``{array}{chain}-{n}``:
``S`` (float64, ``(3, pairs)``), ``P`` (float32, ``(3, pairs)``), ``RS``
(float64) and ``RP`` (float32) at the head-on pairs (the III.G values);
``chain`` is the plane that moved first, ``n`` the movement turns remaining.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from airwar.solver.layers import Layer, LayerSolver, PlaneSpec, block_tables
from airwar.solver.tables import PairTables

CHECKPOINT_EVERY = 6
"""Layers kept per chain: every 6th (and the chain's first), so at most 5 are recomputed."""

RECOMPUTED_KEPT = CHECKPOINT_EVERY - 1
"""Recomputed layers kept in memory (a block between two kept ones; 18 MB each, full board)."""


def checkpoints(turn_limit: int) -> list[int]:
    """The movement-turns-remaining counts whose layers are kept.

    Every :data:`CHECKPOINT_EVERY`-th and the chain's first; a chain no longer
    than that keeps all its layers, so a short solution never recomputes.
    """
    top = 2 * turn_limit
    if top <= CHECKPOINT_EVERY:
        return list(range(1, top + 1))
    return [n for n in range(1, top + 1) if n % CHECKPOINT_EVERY == 0 or n == top]


def chain_of(mover: int, n: int, turn_limit: int) -> int:
    """The chain (first mover) in which ``mover`` moves with ``n`` movement turns remaining."""
    return mover if (2 * turn_limit - n) % 2 == 0 else 1 - mover


def mover_of(chain: int, n: int, turn_limit: int) -> int:
    """Who moves with ``n`` movement turns remaining in ``chain``."""
    return chain if (2 * turn_limit - n) % 2 == 0 else 1 - chain


@dataclass
class Stored:
    """One layer as looked up: S and P ``(3, pairs)``, RS and RP at the head-on pairs."""

    S: NDArray[np.floating]
    P: NDArray[np.floating]
    RS: NDArray[np.floating]
    RP: NDArray[np.floating]


Checkpoint = tuple[
    NDArray[np.float64], NDArray[np.float32], NDArray[np.float64], NDArray[np.float32]
]
"""(S, P, RS, RP) of one kept layer: S and P ``(3, pairs)``, RS and RP at the head-on pairs."""

ARRAYS = ("S", "P", "RS", "RP")


def pack(layer: Layer) -> Checkpoint:
    """A solved layer in its stored form, in pair order (values float64, kill chances
    float32; III.G return values at the head-on pairs only)."""
    s, p = layer.in_pair_order()
    return (
        s,
        p.astype(np.float32),
        layer.HS.astype(np.float64),
        layer.HP.astype(np.float32),
    )


def checkpoint_paths(folder: Path, chain: int, n: int) -> list[Path]:
    return [folder / f"{name}{chain}-{n:02d}.npy" for name in ARRAYS]


def write_checkpoint(folder: Path, chain: int, n: int, cp: Checkpoint) -> None:
    arrays: tuple[NDArray[np.floating], ...] = cp
    for path, array in zip(checkpoint_paths(folder, chain, n), arrays, strict=True):
        np.save(path, array)


def read_checkpoint(folder: Path, chain: int, n: int) -> Checkpoint:
    """A kept layer of a saved solution, memory-mapped (read only as looked up)."""
    s, p, rs, rp = (np.load(path, mmap_mode="r") for path in checkpoint_paths(folder, chain, n))
    return s, p, rs, rp


def checkpoint_bytes(turn_limit: int, pairs: PairTables) -> int:
    """Bytes the kept layers of one solution take in ``.npy`` files."""
    per = 3 * pairs.n_pairs * (8 + 4) + len(pairs.head_on_pairs) * (8 + 4) + 4 * 128
    return 2 * len(checkpoints(turn_limit)) * per


class LayerStore:
    """The layers of one solution: kept ones read, the others recomputed on demand."""

    def __init__(
        self,
        pairs: PairTables,
        specs: tuple[PlaneSpec, PlaneSpec],
        turn_limit: int,
        read: Callable[[int, int], Checkpoint],
    ) -> None:
        self.pairs = pairs
        self.specs = specs
        self.turn_limit = turn_limit
        self._read = read
        self._kept = set(checkpoints(turn_limit))
        self._recomputed: OrderedDict[tuple[int, int], Stored] = OrderedDict()
        self._opened: dict[tuple[int, int], Stored] = {}
        self._solver: LayerSolver | None = None
        self._lock = threading.Lock()

    def _stored(self, chain: int, n: int) -> Stored:
        """A kept layer, opened once: its arrays are memory-mapped, so holding them costs
        address space, not memory, and a lookup no longer reopens four files."""
        key = (chain, n)
        found = self._opened.get(key)
        if found is None:
            s, p, rs, rp = self._read(chain, n)
            found = self._opened.setdefault(key, Stored(s, p, rs, rp))
        return found

    def layer(self, mover: int, n: int) -> Stored:
        """The layer where ``mover`` moves with ``n`` movement turns remaining (1..2T)."""
        chain = chain_of(mover, n, self.turn_limit)
        if n in self._kept:
            return self._stored(chain, n)
        with self._lock:
            key = (chain, n)
            if key in self._recomputed:
                self._recomputed.move_to_end(key)
                return self._recomputed[key]
            base = n - n % CHECKPOINT_EVERY
            # start from the nearest layer below that is at hand (kept or recomputed)
            start = base
            for j in range(n - 1, base, -1):
                if (chain, j) in self._recomputed:
                    start = j
                    break
            if start > base:
                nxt: Layer | None = self._full(self._recomputed[(chain, start)])
            else:
                nxt = self._full(self._stored(chain, base)) if base > 0 else None
            base = start
            if self._solver is None:
                self._solver = LayerSolver(self.pairs)
            out: Stored | None = None
            for j in range(base + 1, n + 1):
                m = mover_of(chain, j, self.turn_limit)
                nxt = self._solver.solve(self.specs[m], self.specs[1 - m], nxt)
                out = Stored(nxt.S, nxt.P, nxt.HS, nxt.HP)
                self._recomputed[(chain, j)] = out
                self._recomputed.move_to_end((chain, j))
            while len(self._recomputed) > RECOMPUTED_KEPT:
                self._recomputed.popitem(last=False)
            assert out is not None
            return out

    def _full(self, st: Stored) -> Layer:
        """A stored layer as the kernel's input (float64, in the kernel's block layout)."""
        b = self.pairs.board
        return Layer.of_pairs(block_tables(b.columns, b.rows), st.S, st.P, st.RS, st.RP)
