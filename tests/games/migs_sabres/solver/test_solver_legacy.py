"""The solver against the old implementation it replaced, on reduced boards, at every state.

The old layer solver (``benchmarks/legacy_solver.py``, kept as the reference
while the comparison is wanted) is run layer by layer in float64; the new one
solves the same matchup and every layer it gives (kept or recomputed) must
agree at every state, status and pair to 1e-6 (in practice the float32
rounding of the kept kill chances, about 1e-7). A full-size matchup is too
slow for a test: ``benchmarks/solver_exactness.py`` compares the 14 of
docs/analysis.md on 10,000 sampled states each.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from airwar.games.migs_sabres.solver import ACTIVE, LISTED, Matchup, SolverOptions, solve
from airwar.games.migs_sabres.solver.model import specs_of
from airwar.games.migs_sabres.solver.tables import BoardTables

LEGACY = Path(__file__).resolve().parents[4] / "benchmarks" / "legacy_solver.py"


@pytest.fixture(scope="module")
def legacy() -> ModuleType:
    spec = importlib.util.spec_from_file_location("legacy_solver", LEGACY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["legacy_solver"] = module
    spec.loader.exec_module(module)
    return module


CASES = [
    (Matchup("F-86", "MiG-15"), SolverOptions(columns=4, rows=5, turn_limit=7, mp_base=(2, 1))),
    (
        Matchup("MiG-15", "F-51", active_ace=True),
        SolverOptions(columns=5, rows=4, turn_limit=4, mp_base=(1, 0)),
    ),
    (
        Matchup("Yak-9", "F-86", listed_ace=True),
        SolverOptions(columns=3, rows=6, turn_limit=5, mp_base=(0, 2), scoring="base-value"),
    ),
]


@pytest.mark.parametrize(("matchup", "options"), CASES, ids=lambda c: str(c)[:30])
def test_every_state_agrees_with_the_old_solver(
    legacy: ModuleType, matchup: Matchup, options: SolverOptions
) -> None:
    new = solve(matchup, options, cache=False, workers=1)
    pt = legacy.PairTables.build(BoardTables.build(options.columns, options.rows))
    specs = specs_of(matchup, options)
    n_layers = 2 * options.turn_limit
    heads = pt.head_on_pairs
    for first in (ACTIVE, LISTED):
        old = legacy.LayerSolver(pt)
        layer = None
        for n in range(1, n_layers + 1):
            mover = first if (n_layers - n) % 2 == 0 else 1 - first
            layer = old.solve(specs[mover], specs[1 - mover], layer)
            got = new.store.layer(mover, n)
            assert np.abs(layer.S - np.asarray(got.S)).max() <= 1e-6
            assert np.abs(layer.P - np.asarray(got.P)).max() <= 1e-6
            assert np.abs(layer.RS[heads] - np.asarray(got.RS)).max() <= 1e-6
            assert np.abs(layer.RP[heads] - np.asarray(got.RP)).max() <= 1e-6
