"""Speed of MiGs and Sabres move generation: one movement turn's perft (MS-6..MS-10).

For each MP from 3 to 13, runs ``movement_options`` for every square and
facing of the mover (1,232 positions) against a target in the middle of the
board and reports positions per second and the mean number of end states and
fire options.

    python benchmarks/migs_movegen.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import time

from airwar.games.migs_sabres import ALL_SQUARES, Facing, Square, movement_options


def run(mp: int, target: Square, target_facing: Facing) -> tuple[int, int, int, float]:
    calls = ends = fires = 0
    start = time.perf_counter()
    for sq in ALL_SQUARES:
        if sq == target:
            continue
        for f in Facing:
            opts = movement_options("F-86", sq, f, target, mp, target_facing=target_facing)
            calls += 1
            ends += len(opts.end_states)
            fires += len(opts.fire_options)
    return calls, ends, fires, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="best of this many runs per MP")
    args = ap.parse_args()
    target, tf = Square.parse("f7"), Facing.N
    print(f"python {platform.python_version()}; target MiG-15 at {target} facing {tf}")
    print("| MP | positions | best time (s) | positions/s | mean end states | mean fire options |")
    print("|---:|---:|---:|---:|---:|---:|")
    for mp in range(3, 14):
        best = None
        for _ in range(args.repeat):
            calls, ends, fires, secs = run(mp, target, tf)
            best = secs if best is None else min(best, secs)
        assert best is not None
        print(
            f"| {mp} | {calls} | {best:.3f} | {calls / best:,.0f} | "
            f"{ends / calls:.1f} | {fires / calls:.2f} |"
        )


if __name__ == "__main__":
    main()
