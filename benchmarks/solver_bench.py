"""How long the exact MiGs and Sabres solver takes for one matchup, and its memory.

    python benchmarks/solver_bench.py                       # F-86 vs MiG-15, one process
    python benchmarks/solver_bench.py --workers 2           # the two first-mover chains at once
    python benchmarks/solver_bench.py --active MiG-15 --listed F-51 --active-ace

Solves into a temporary folder (as the cache does; the cache itself is
neither read nor written), on the full 11x14 Battle
Board with the default turn limit of 20 movement turns per plane (MS-11),
and prints one JSON object: wall-clock seconds, seconds per layer, peak
resident memory of this process and of the worker processes (MB), the
number of canonical pairs, the size of the solution, and the start value.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import tempfile
import time
from pathlib import Path

from airwar.analysis.solver import Matchup, Solution, SolverOptions, pair_tables, solve_arrays


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--active", default="F-86")
    ap.add_argument("--listed", default="MiG-15")
    ap.add_argument("--active-ace", action="store_true")
    ap.add_argument("--listed-ace", action="store_true")
    ap.add_argument("--turn-limit", type=int, default=20)
    ap.add_argument("--workers", type=int, default=1, choices=(1, 2))
    args = ap.parse_args()
    matchup = Matchup(args.active, args.listed, args.active_ace, args.listed_ace)
    options = SolverOptions(turn_limit=args.turn_limit)
    t0 = time.perf_counter()
    pt = pair_tables(options.columns, options.rows)
    tables_s = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        t1 = time.perf_counter()
        S, P, RS, RP = solve_arrays(matchup, options, workers=args.workers, folder=Path(tmp))
        solve_s = time.perf_counter() - t1
        sol = Solution(matchup, options, S, P, RS, RP, solve_s)
        start = sol.start_value()
        size = sum(a.nbytes for a in (S, P, RS, RP))
        del sol, S, P, RS, RP
    layers = 2 * 2 * options.turn_limit
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(
        json.dumps(
            {
                "matchup": matchup.label(),
                "turn_limit": options.turn_limit,
                "workers": args.workers,
                "tables_seconds": round(tables_s, 2),
                "solve_seconds": round(solve_s, 1),
                "total_seconds": round(tables_s + solve_s, 1),
                "layers": layers,
                "seconds_per_layer": round(solve_s / layers * args.workers, 2),
                "pairs": pt.n_pairs,
                "solution_mb": round(size / 2**20),
                "peak_rss_mb": round(own),
                "peak_worker_rss_mb": round(kids),
                "start_value": start.to_dict(),
                "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
                f"Python {platform.python_version()}",
                "load_average": [round(x, 2) for x in os.getloadavg()],
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
