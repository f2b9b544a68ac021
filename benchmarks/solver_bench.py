"""How long the exact MiGs and Sabres solver takes for one matchup, and its memory.

    python benchmarks/solver_bench.py --active F-86 --listed MiG-15                # one thread
    python benchmarks/solver_bench.py --active F-86 --listed MiG-15 --compare-old  # and the old one
    python benchmarks/solver_bench.py --workers 2           # the two first-mover chains at once
    python benchmarks/solver_bench.py --active MiG-15 --listed F-51 --active-ace

Each implementation runs in a process of its own (so that its peak memory is
its own), on the full 11x14 Battle Board with the default turn limit of 20
movement turns per plane (MS-11), solving into a temporary cache folder (the
user's cache is neither read nor written). ``--compare-old`` also runs the
old solver (``benchmarks/legacy_solver.py``, kept as the reference) in the
same run, one process, as it ran before, and the two start values are
compared.

Prints one JSON object: wall-clock and CPU seconds (the machine may be busy
with other work: CPU seconds are what the solve itself used), peak resident
memory (MB) of the solving process and of any worker processes, the size of
the solution on disk (MiB), the start value, the load average, and with
``--compare-old`` the same figures of the old solver under ``"old"``.
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
from typing import Any

HERE = Path(__file__).resolve().parent


def _folder_mib(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 2**20


def run_new(args: argparse.Namespace) -> dict[str, Any]:
    t0 = time.perf_counter()
    c0 = time.process_time()
    from airwar.games.migs_sabres.solver import Matchup, SolverOptions, solve
    from airwar.games.migs_sabres.solver import cache as solver_cache
    from airwar.games.migs_sabres.solver.kernel import solve_layer
    from airwar.games.migs_sabres.solver.tables import pair_tables

    matchup = Matchup(args.active, args.listed, args.active_ace, args.listed_ace)
    options = SolverOptions(turn_limit=args.turn_limit)
    pairs = pair_tables(options.columns, options.rows)
    # the compiled kernel is loaded from numba's on-disk cache (compiled on the first run ever)
    solve(matchup, SolverOptions(turn_limit=1, columns=3, rows=4), cache=False, workers=1)
    assert solve_layer.signatures
    setup_s = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp, solver_cache.use(Path(tmp)):
        t1 = time.perf_counter()
        c1 = time.process_time()
        sol = solve(matchup, options, workers=args.workers)
        solve_s = time.perf_counter() - t1
        solve_cpu = time.process_time() - c1
        start = sol.start_value()
        size = _folder_mib(Path(tmp))
    return {
        "implementation": "new (airwar.games.migs_sabres.solver: compiled kernel, kept layers)",
        "pairs": pairs.n_pairs,
        "setup_seconds": round(setup_s, 2),
        "solve_seconds": round(solve_s, 2),
        "total_seconds": round(setup_s + solve_s, 2),
        "solve_cpu_seconds": round(solve_cpu, 2),
        "cpu_seconds": round(time.process_time() - c0, 2),
        "solution_mb": round(size, 1),
        "start_value": start.to_dict(),
    }


def run_old(args: argparse.Namespace) -> dict[str, Any]:
    sys.path.insert(0, str(HERE))
    t0 = time.perf_counter()
    c0 = time.process_time()
    from legacy_solver import solve_old

    from airwar.games.migs_sabres.solver import Matchup, SolverOptions

    matchup = Matchup(args.active, args.listed, args.active_ace, args.listed_ace)
    options = SolverOptions(turn_limit=args.turn_limit)
    with tempfile.TemporaryDirectory() as tmp:
        t1 = time.perf_counter()
        c1 = time.process_time()
        sol = solve_old(matchup, options, folder=tmp)
        solve_s = time.perf_counter() - t1
        solve_cpu = time.process_time() - c1
        start = sol.start_value()
        size = _folder_mib(Path(tmp))
        del sol
    return {
        "implementation": "old (benchmarks/legacy_solver.py: NumPy gathers, every layer kept)",
        "setup_seconds": round(t1 - t0, 2),
        "solve_seconds": round(solve_s, 2),
        "total_seconds": round(time.perf_counter() - t0, 2),
        "solve_cpu_seconds": round(solve_cpu, 2),
        "cpu_seconds": round(time.process_time() - c0, 2),
        "solution_mb": round(size, 1),
        "start_value": start.to_dict(),
    }


def measured(impl: str, argv: list[str]) -> dict[str, Any]:
    """Run one implementation in a child process; its figures and its peak memory."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--impl", impl, *argv]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    figures: dict[str, Any] = json.loads(out.stdout)
    figures["process_cpu_seconds"] = round(
        (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime), 2
    )
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--active", default="F-86")
    ap.add_argument("--listed", default="MiG-15")
    ap.add_argument("--active-ace", action="store_true")
    ap.add_argument("--listed-ace", action="store_true")
    ap.add_argument("--turn-limit", type=int, default=20)
    ap.add_argument("--workers", type=int, default=1, choices=(1, 2))
    ap.add_argument(
        "--compare-old", action="store_true", help="also run the old solver in the same run"
    )
    ap.add_argument("--impl", choices=("new", "old"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.impl is not None:
        figures = run_new(args) if args.impl == "new" else run_old(args)
        figures["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
        figures["peak_worker_rss_mb"] = round(
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        )
        print(json.dumps(figures))
        return
    argv = [
        "--active",
        args.active,
        "--listed",
        args.listed,
        "--turn-limit",
        str(args.turn_limit),
    ]
    argv += ["--active-ace"] if args.active_ace else []
    argv += ["--listed-ace"] if args.listed_ace else []
    load_before = [round(x, 2) for x in os.getloadavg()]
    new = measured("new", [*argv, "--workers", str(args.workers)])
    result: dict[str, Any] = {
        "matchup": f"{args.active}{' (ace)' if args.active_ace else ''} vs "
        f"{args.listed}{' (ace)' if args.listed_ace else ''}",
        "turn_limit": args.turn_limit,
        "workers": args.workers,
        **new,
    }
    if args.compare_old:
        old = measured("old", [*argv, "--workers", "1"])
        result["old"] = old
        result["speedup_wall"] = round(old["total_seconds"] / new["total_seconds"], 1)
        result["speedup_cpu"] = round(old["process_cpu_seconds"] / new["process_cpu_seconds"], 1)
        result["start_value_max_difference"] = max(
            abs(new["start_value"][k] - old["start_value"][k]) for k in new["start_value"]
        )
    result["machine"] = (
        f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    result["load_average_before"] = load_before
    result["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
