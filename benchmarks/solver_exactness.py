"""The new solver against the old one: every matchup, sampled states and the opening values.

    python benchmarks/solver_exactness.py                     # the 14 matchups of docs/analysis.md
    python benchmarks/solver_exactness.py --only F-86:MiG-15  # one (add :ace for an active ace)
    python benchmarks/solver_exactness.py --samples 10000 --tolerance 1e-6

For each matchup (active type, listed type, active ace or not; the rows of
the matchup table in docs/analysis.md, who moves first aside) it solves with
the new solver (``airwar.games.migs_sabres.solver``, into a temporary cache folder) and runs
the old one (``benchmarks/legacy_solver.py``, the reference) layer by layer
in float64, and compares at ``--samples`` states drawn at random over every
layer (who moves, movement turns left, who has fired, the canonical pair of
positions): the value and the mover's kill chance, and the III.G values at
the head-on pairs. It also compares the opening values (both first movers,
the values docs/analysis.md shows) to the tolerance.

Prints one JSON line per matchup and a summary; the exit status is 1 when any
difference exceeds the tolerance.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from legacy_solver import LayerSolver as OldLayerSolver
from legacy_solver import PairTables as OldPairTables

from airwar.games.migs_sabres.solver import ACTIVE, LISTED, Matchup, SolverOptions, solve
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver.model import EngagementKey, specs_of
from airwar.games.migs_sabres.solver.tables import BoardTables

TABLE = [
    ("MiG-15", "F-86"),
    ("MiG-15", "F-84"),
    ("MiG-15", "F-80"),
    ("MiG-15", "Meteor"),
    ("MiG-15", "F-51"),
    ("F-86", "MiG-15"),
    ("F-86", "Yak-9"),
]
"""The matchups of docs/analysis.md's table (each with and without an active ace)."""


def check(matchup: Matchup, options: SolverOptions, samples: int, seed: int) -> dict[str, object]:
    rng = np.random.default_rng(seed)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, solver_cache.use(Path(tmp)):
        new = solve(matchup, options, workers=1)
        t_new = time.perf_counter() - t0
        pt = OldPairTables.build(BoardTables.build(options.columns, options.rows))
        specs = specs_of(matchup, options)
        n_layers = 2 * options.turn_limit
        per_layer = max(1, samples // (2 * n_layers))
        heads = pt.head_on_pairs
        worst = {"S": 0.0, "P": 0.0, "RS": 0.0, "RP": 0.0}
        compared = 0
        t1 = time.perf_counter()
        for first in (ACTIVE, LISTED):
            old = OldLayerSolver(pt)
            layer = None
            for n in range(1, n_layers + 1):
                mover = first if (n_layers - n) % 2 == 0 else 1 - first
                layer = old.solve(specs[mover], specs[1 - mover], layer)
                got = new.store.layer(mover, n)
                st = rng.integers(0, 3, per_layer)
                pair = rng.integers(0, pt.n_pairs, per_layer)
                for name, a, b in (
                    ("S", layer.S[st, pair], np.asarray(got.S)[st, pair]),
                    ("P", layer.P[st, pair], np.asarray(got.P)[st, pair]),
                ):
                    worst[name] = max(worst[name], float(np.abs(a - b).max()))
                h = rng.integers(0, len(heads), min(per_layer, len(heads)))
                worst["RS"] = max(
                    worst["RS"], float(np.abs(layer.RS[heads][h] - np.asarray(got.RS)[h]).max())
                )
                worst["RP"] = max(
                    worst["RP"], float(np.abs(layer.RP[heads][h] - np.asarray(got.RP)[h]).max())
                )
                compared += per_layer
        t_old = time.perf_counter() - t1
        # the opening values (docs/analysis.md): each first mover, and before the roll
        start = new.start_positions()
        opening = {}
        for who, mover in (("active first", ACTIVE), ("listed first", LISTED)):
            v = new.key_value(EngagementKey("mp", mover, start, (False, False), n_layers))
            opening[who] = v.to_dict()
    return {
        "matchup": matchup.label(),
        "states_compared": compared,
        "max_difference": worst,
        "opening": opening,
        "new_seconds": round(t_new, 1),
        "old_seconds": round(t_old, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--samples", type=int, default=10_000)
    ap.add_argument("--tolerance", type=float, default=1e-6)
    ap.add_argument("--turn-limit", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", action="append", default=[], help="ACTIVE:LISTED[:ace]")
    args = ap.parse_args()
    if args.only:
        todo = []
        for text in args.only:
            parts = text.split(":")
            todo.append(Matchup(parts[0], parts[1], len(parts) > 2 and parts[2] == "ace"))
    else:
        todo = [Matchup(a, b, ace) for a, b in TABLE for ace in (False, True)]
    options = SolverOptions(turn_limit=args.turn_limit)
    bad = 0
    worst_all = 0.0
    for i, m in enumerate(todo):
        result = check(m, options, args.samples, args.seed + i)
        w = max(result["max_difference"].values())  # type: ignore[attr-defined]
        worst_all = max(worst_all, w)
        result["ok"] = w <= args.tolerance
        bad += not result["ok"]
        print(json.dumps(result), flush=True)
    print(
        json.dumps(
            {
                "matchups": len(todo),
                "failed": bad,
                "max_difference": worst_all,
                "tol": args.tolerance,
            }
        )
    )
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
