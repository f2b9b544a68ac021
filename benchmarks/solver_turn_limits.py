"""What one expert solve costs for each turn limit: time, bytes in the cache, peak memory.

    python benchmarks/solver_turn_limits.py                      # full board, limits 1 2 4 8
    python benchmarks/solver_turn_limits.py --limits 1,2,3 --workers 2
    python benchmarks/solver_turn_limits.py --columns 6 --rows 7 --limits 1,5,10,20,30

Each limit is solved in a fresh child process (so that its peak memory is its
own) into a temporary folder, as the cache would hold it; the cache itself is
neither read nor written. The matchup is F-86 against MiG-15 (the largest MP
rolls, so the most work per layer). The solver does the same work for every
movement turn (one backward-induction layer per turn of each plane, in each
of the two first-mover chains: 4 x turn_limit layers), so time grows in a
straight line with the limit; the script fits that line by least squares
and prints it with its extrapolation to longer limits, for the wall clock
and for the CPU time (user and system, of the process and its workers),
which is what a quiet machine's clock would show for one worker and which
other work sharing the cores does not inflate. The cache bytes are
exact (the arrays' shapes), measured and computed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from airwar.games.migs_sabres.board import COLUMNS, ROWS
from airwar.games.migs_sabres.solver import MAX_TURN_LIMIT, Matchup, SolverOptions, solve
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver.cache import solution_bytes
from airwar.games.migs_sabres.solver.tables import pair_tables

EXTRAPOLATE = (20, 25, 30, 40, 50, 100, 1000)


def one(limit: int, workers: int, columns: int, rows: int) -> dict[str, object]:
    """Solve one turn limit in this process and measure it."""
    options = SolverOptions(turn_limit=limit, columns=columns, rows=rows)
    matchup = Matchup("F-86", "MiG-15")
    load0 = os.getloadavg()[0]
    t0 = time.perf_counter()
    pair_tables(columns, rows)
    tables = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp, solver_cache.use(Path(tmp)):
        t1 = time.perf_counter()
        c1 = cpu_seconds()
        solve(matchup, options, workers=workers)
        seconds = time.perf_counter() - t1
        cpu = cpu_seconds() - c1
        on_disk = sum(
            f.stat().st_size
            for pattern in ("*.npy", "*.npz")  # the kept layers (meta.json aside)
            for f in Path(tmp).rglob(pattern)
        )
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {
        "turn_limit": limit,
        "layers": 4 * limit,
        "tables_seconds": round(tables, 2),
        "solve_seconds": round(seconds, 2),
        "seconds_per_turn": round(seconds / limit, 2),
        "cpu_seconds": round(cpu, 2),
        "cpu_seconds_per_turn": round(cpu / limit, 2),
        "cache_bytes": on_disk,
        # exact in the exact form (reduced boards), a bound before compression in the
        # compact one (the full board)
        "cache_bytes_computed": solution_bytes(limit, columns, rows),
        "peak_rss_mb": round(own),
        "peak_worker_rss_mb": round(kids),
        "load_average": [round(load0, 2), round(os.getloadavg()[0], 2)],
    }


def cpu_seconds() -> float:
    """CPU time of this process and its finished workers: what a quiet machine's clock shows."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def fit(xs: list[float], ys: list[float]) -> tuple[float, float]:
    """Least-squares line y = a + b x."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
    return my - b * mx, b


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limits", default="1,2,4,8", help="turn limits, comma-separated")
    ap.add_argument("--workers", type=int, default=1, choices=(1, 2))
    ap.add_argument("--columns", type=int, default=COLUMNS)
    ap.add_argument("--rows", type=int, default=ROWS)
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one is not None:
        print(json.dumps(one(args.one, args.workers, args.columns, args.rows)))
        return
    runs = []
    for limit in (int(t) for t in args.limits.split(",")):
        cmd = [sys.executable, __file__, "--one", str(limit), "--workers", str(args.workers)]
        cmd += ["--columns", str(args.columns), "--rows", str(args.rows)]
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        runs.append(json.loads(out))
        print(json.dumps(runs[-1]), file=sys.stderr)
    xs = [float(r["turn_limit"]) for r in runs]
    a, b = fit(xs, [float(r["solve_seconds"]) for r in runs])
    ca, cb = fit(xs, [float(r["cpu_seconds"]) for r in runs])
    size = [solution_bytes(t, args.columns, args.rows) for t in (1, 2)]
    print(
        json.dumps(
            {
                "board": f"{args.columns}x{args.rows}",
                "pairs": pair_tables(args.columns, args.rows).n_pairs,
                "workers": args.workers,
                "runs": runs,
                "seconds_fit": {"intercept": round(a, 2), "per_turn": round(b, 2)},
                "cpu_seconds_fit": {"intercept": round(ca, 2), "per_turn": round(cb, 2)},
                "cache_bytes_per_turn": size[1] - size[0],
                "extrapolated": {
                    str(t): {
                        "solve_seconds": round(a + b * t),
                        "cpu_seconds": round(ca + cb * t),
                        "cache_mb": round(solution_bytes(t, args.columns, args.rows) / 1e6),
                    }
                    for t in EXTRAPOLATE
                },
                "solver_bound": MAX_TURN_LIMIT,
                "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
                f"Python {platform.python_version()}",
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
