"""Two versions of the layer kernel against each other, alternated layer by layer.

    python benchmarks/kernel_ab.py OLD_KERNEL.py NEW_KERNEL.py [--layers 30]

Each file is a copy of ``src/airwar/games/migs_sabres/solver/kernel.py`` (one edited). Both are
compiled in this one process (Numba's disk cache off) and solve the same full
size layer (F-86 against MiG-15, the third of a chain) in turn, ABBA, so
that a shared machine's changing speed falls on both alike; a run of whole
solves in separate processes measured the machine as much as the kernel
(one layer took 57 to 132 ms in the same hour). Checks first that both
give the same layer to the last bit, then prints the CPU milliseconds a
layer of each (median, least) and the median of the ratios new / old.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

import airwar.games.migs_sabres.solver.layers as layers
from airwar.games.migs_sabres.solver.model import Matchup, SolverOptions, specs_of
from airwar.games.migs_sabres.solver.tables import pair_tables


def compiled(path: Path, name: str) -> Callable[..., Any]:
    """The ``solve_layer`` of a kernel file, compiled afresh."""
    module = ModuleType(name)
    module.__file__ = str(path)
    source = path.read_text().replace("cache=True", "cache=False")
    exec(compile(source, str(path), "exec"), module.__dict__)
    return module.__dict__["solve_layer"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--layers", type=int, default=30, help="layers each (2 to 500)")
    args = parser.parse_args()
    if not 2 <= args.layers <= 500:
        parser.error("--layers: 2 to 500")
    kernels = {"old": compiled(args.old, "kernel_old"), "new": compiled(args.new, "kernel_new")}
    options = SolverOptions()
    a, b = specs_of(Matchup("F-86", "MiG-15"), options)
    solver = layers.LayerSolver(pair_tables(options.columns, options.rows))
    layers.solve_layer = kernels["old"]  # type: ignore[assignment]
    nxt = solver.solve(b, a, solver.solve(a, b, None))
    out = solver.solve(a, b, nxt)
    want = out.BS.copy(), out.BP.copy()
    layers.solve_layer = kernels["new"]  # type: ignore[assignment]
    solver.solve(a, b, nxt, into=out)
    if not (np.array_equal(want[0], out.BS) and np.array_equal(want[1], out.BP)):
        sys.exit("the two kernels give different layers")
    times: dict[str, list[float]] = {"old": [], "new": []}
    for i in range(args.layers):
        for name in ("old", "new") if i % 2 == 0 else ("new", "old"):
            layers.solve_layer = kernels[name]  # type: ignore[assignment]
            t = time.process_time()
            solver.solve(a, b, nxt, into=out)
            times[name].append((time.process_time() - t) * 1e3)
    old, new = np.array(times["old"]), np.array(times["new"])
    print(
        f"same layer to the last bit; ms a layer: old median {np.median(old):.1f}, "
        f"least {old.min():.1f}; new median {np.median(new):.1f}, least {new.min():.1f}; "
        f"new / old, median of the ratios {np.median(new / old):.3f}"
    )


if __name__ == "__main__":
    main()
