"""How long the solver's lookups take for the interfaces: a miss, a hit, a decision's values.

    python benchmarks/solver_lookup.py

Solves the reduced matchup Yak-9 v F-51 (turn limit 1) into a temporary cache
folder, then times, over ``--repeat`` calls each: ``engagement_values`` of a
state whose matchup is not cached (a hash and a folder check), of a cached one
(the value, every legal decision's value and the best one), and
``Solution.decision_values``. Prints one JSON object of milliseconds per call.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from pathlib import Path

from airwar.core.registry import load_game
from airwar.games.migs_sabres.solver import Matchup, SolverOptions, engagement_values, solve
from airwar.games.migs_sabres.solver import cache as solver_cache

OPTIONS = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1}


def per_call_ms(fn: object, repeat: int) -> float:
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()  # type: ignore[operator]
    return round((time.perf_counter() - t0) / repeat * 1000, 3)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    state = load_game("migs-engagement", OPTIONS).new_initial_state()
    rng = random.Random(1)
    while state.current_actor() < 0:  # roll to the first decision
        outcomes = state.chance_outcomes()
        state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
    with tempfile.TemporaryDirectory() as empty, solver_cache.use(Path(empty)):
        miss = per_call_ms(lambda: engagement_values(state), args.repeat)
    with tempfile.TemporaryDirectory() as tmp, solver_cache.use(Path(tmp)):
        sol = solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=1))
        hit = per_call_ms(lambda: engagement_values(state), args.repeat)
        decisions = per_call_ms(lambda: sol.decision_values(state), args.repeat)
    print(
        json.dumps(
            {
                "miss_ms": miss,
                "hit_ms": hit,
                "decision_values_ms": decisions,
                "load_average": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
