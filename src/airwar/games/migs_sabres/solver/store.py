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
That is the *exact* form (:data:`EXACT`), which solutions of reduced test
boards keep.

A full-size solution is kept in the *compact* form (:data:`COMPACT`, issue
25): all 14 common matchups in the exact form took 2.5 GB. A kept layer is
then one compressed ``L{chain}-{n}.npz`` holding ``S`` as 16-bit integers
scaled to the layer's largest value (a step of at most 2**-15 of it: 3.1e-5
kills), ``P`` as 16-bit integers in steps of 1/65535, and the III.G values
as in the exact form; 3.4 MB a layer instead of 13.7, 46 MB a matchup. The
layers recomputed from such a layer differ from an uninterrupted solve by at
most the rounding of its values (a layer's values are a maximum and an
expectation of the next one's: the error does not grow), and a move whose
value is within that rounding of the best may be taken instead of it (MS-40);
``benchmarks/solver_compact.py`` measures what that changes (docs/solver.md).
"""

from __future__ import annotations

import threading
import zipfile
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from airwar.games.migs_sabres.solver.layers import Layer, LayerSolver, PlaneSpec, block_tables
from airwar.games.migs_sabres.solver.tables import PairTables

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


EXACT = "exact"
"""Storage form: values float64, kill chances float32, four ``.npy`` files a kept layer."""
COMPACT = "compact"
"""Storage form: values and kill chances as 16-bit integers, one ``.npz`` a kept layer."""
FORMS = (EXACT, COMPACT)

S_STEPS = 32767
"""The compact values: ``S`` is ``round(S / scale)`` with ``scale = max |S| / S_STEPS``."""
P_STEPS = 65535
"""The compact kill chances: ``P`` is ``round(P * P_STEPS)`` (0 to 1)."""


@dataclass
class Stored:
    """One layer as looked up: S and P ``(3, pairs)``, RS and RP at the head-on pairs.

    In the compact form ``S`` and ``P`` hold 16-bit integers and ``scale`` the
    two factors that give the values back (``S * scale[0]``, ``P * scale[1]``);
    :meth:`at` and :meth:`values` apply them. ``scale`` is None in the exact form.
    """

    S: NDArray[np.floating] | NDArray[np.integer]
    P: NDArray[np.floating] | NDArray[np.integer]
    RS: NDArray[np.floating]
    RP: NDArray[np.floating]
    scale: tuple[float, float] | None = None

    def at(self, status: int, pair: int) -> tuple[float, float]:
        """(S, P) of one status and canonical pair, as floats."""
        s, p = float(self.S[status, pair]), float(self.P[status, pair])
        if self.scale is None:
            return s, p
        return s * self.scale[0], p * self.scale[1]

    def values(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """S and P ``(3, pairs)`` as float64 arrays (new ones in the compact form)."""
        if self.scale is None:
            return np.asarray(self.S, np.float64), np.asarray(self.P, np.float64)
        return (
            self.S.astype(np.float64) * self.scale[0],
            self.P.astype(np.float64) * self.scale[1],
        )


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


def compact_path(folder: Path, chain: int, n: int) -> Path:
    return folder / f"L{chain}-{n:02d}.npz"


def compact(cp: Checkpoint) -> Stored:
    """A kept layer in the compact form (16-bit values and kill chances, see the module)."""
    s, p, rs, rp = cp
    top = float(np.abs(s).max()) if s.size else 0.0
    s_scale = top / S_STEPS if top > 0 else 1.0
    qs = np.rint(np.asarray(s, np.float64) / s_scale).astype(np.int16)
    qp = np.rint(np.clip(np.asarray(p, np.float64), 0.0, 1.0) * P_STEPS).astype(np.uint16)
    return Stored(qs, qp, np.asarray(rs, np.float64), np.asarray(rp, np.float32),
                  (s_scale, 1.0 / P_STEPS))  # fmt: skip


def write_checkpoint(folder: Path, chain: int, n: int, cp: Checkpoint, form: str = EXACT) -> None:
    if form == COMPACT:
        st = compact(cp)
        assert st.scale is not None
        np.savez_compressed(
            compact_path(folder, chain, n),
            S=st.S, P=st.P, RS=st.RS, RP=st.RP, scale=np.array(st.scale, np.float64),
        )  # fmt: skip
        return
    arrays: tuple[NDArray[np.floating], ...] = cp
    for path, array in zip(checkpoint_paths(folder, chain, n), arrays, strict=True):
        np.save(path, array)


def read_checkpoint(folder: Path, chain: int, n: int) -> Checkpoint:
    """A kept layer of a saved solution, memory-mapped (read only as looked up)."""
    s, p, rs, rp = (np.load(path, mmap_mode="r") for path in checkpoint_paths(folder, chain, n))
    return s, p, rs, rp


def read_stored(folder: Path, chain: int, n: int, form: str = EXACT) -> Stored:
    """A kept layer of a saved solution in either form (the exact one memory-mapped, the
    compact one decompressed: 4.6 MB in memory for a full-size layer)."""
    if form == COMPACT:
        with np.load(compact_path(folder, chain, n)) as z:
            scale = z["scale"]
            if scale.shape != (2,):
                raise ValueError(f"a compact layer with scale {scale.shape}")
            return Stored(z["S"], z["P"], z["RS"], z["RP"], (float(scale[0]), float(scale[1])))
    return Stored(*read_checkpoint(folder, chain, n))


def check_saved(folder: Path, turn_limit: int, form: str) -> None:
    """Raise ValueError unless every kept layer of a saved solution is there and readable
    (a compact layer's archive lists its five arrays): a damaged solution is then solved
    again rather than failing in the middle of a lookup."""
    for chain in (0, 1):
        for n in checkpoints(turn_limit):
            if form == COMPACT:
                path = compact_path(folder, chain, n)
                try:
                    with np.load(path) as z:
                        names = set(z.files)
                except (OSError, ValueError, EOFError, zipfile.BadZipFile) as exc:
                    raise ValueError(f"{path.name} cannot be read: {exc}") from None
                if names != {*ARRAYS, "scale"}:
                    raise ValueError(f"{path.name} holds {sorted(names)}")
            else:
                for path in checkpoint_paths(folder, chain, n):
                    if not path.is_file():
                        raise ValueError(f"{path.name} is missing")


def checkpoint_bytes(turn_limit: int, pairs: PairTables, form: str = EXACT) -> int:
    """Bytes the kept layers of one solution take: exactly in ``.npy`` files, or at most,
    before compression, in the compact form."""
    if form == COMPACT:
        per = 3 * pairs.n_pairs * (2 + 2) + len(pairs.head_on_pairs) * (8 + 4) + 5 * 256
    else:
        per = 3 * pairs.n_pairs * (8 + 4) + len(pairs.head_on_pairs) * (8 + 4) + 4 * 128
    return 2 * len(checkpoints(turn_limit)) * per


class LayerStore:
    """The layers of one solution: kept ones read, the others recomputed on demand."""

    def __init__(
        self,
        pairs: PairTables,
        specs: tuple[PlaneSpec, PlaneSpec],
        turn_limit: int,
        read: Callable[[int, int], Checkpoint | Stored],
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
            got = self._read(chain, n)
            found = self._opened.setdefault(key, got if isinstance(got, Stored) else Stored(*got))
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
        s, p = st.values()
        return Layer.of_pairs(block_tables(b.columns, b.rows), s, p, st.RS, st.RP)
