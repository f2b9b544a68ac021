"""How long each of the expert's answers takes once its matchup is on disk: wall clock and CPU.

    python benchmarks/expert_answers.py                     # MiG-15 v F-86 and F-86 v MiG-15
    python benchmarks/expert_answers.py --only MiG-15:F-80 --games 6

Solves each matchup into a temporary cache folder (the compact form, as
``airwar serve`` keeps it), then drops it from memory and plays ``--games``
engagements with the expert on both seats, in this process, as a server's
bot worker does: the first answer opens the solution from disk. Every
answer (a call of the bot's ``choose``) is timed by the wall clock and by
the CPU time of its thread. On a machine shared with other work the wall
clock grows with the load; the CPU time is what the answer costs on a quiet
core (one thread: an answer uses one core).

Prints one JSON object per matchup: answers, the largest and the mean of
each measure, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from airwar.bots.expert import ExpertBot
from airwar.core import play_bots
from airwar.core.game import Action, GameState
from airwar.games.migs_sabres import EngagementGame
from airwar.games.migs_sabres.solver import Matchup, SolverOptions, solve
from airwar.games.migs_sabres.solver import cache as solver_cache


class Timed(ExpertBot):
    """The expert, each answer timed (wall clock and this thread's CPU)."""

    def __init__(self, seed: int, times: list[tuple[float, float]]) -> None:
        super().__init__(seed, solve_missing=False)
        self.times = times

    def choose(self, state: GameState, seat: int) -> Action:
        w, c = time.perf_counter(), time.thread_time()
        out = super().choose(state, seat)
        self.times.append((time.perf_counter() - w, time.thread_time() - c))
        return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", default=[], help="ACTIVE:LISTED[:ace]")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    chosen = [o.split(":") for o in args.only] or [["MiG-15", "F-86"], ["F-86", "MiG-15"]]
    for parts in chosen:
        m = Matchup(parts[0], parts[1], active_ace=parts[2:] == ["ace"])
        with tempfile.TemporaryDirectory() as tmp, solver_cache.use(Path(tmp)) as cache:
            solve(m, SolverOptions())
            times: list[tuple[float, float]] = []
            fallbacks = 0
            for g in range(args.games):
                cache.loaded.clear()  # the first answer opens it from disk, as after a restart
                game = EngagementGame(
                    {"active": m.active, "listed": m.listed, "active_ace": m.active_ace}
                )
                bots = {0: Timed(args.seed + g, times), 1: Timed(args.seed + g + 1000, times)}
                play_bots(game, bots, args.seed + g)  # type: ignore[arg-type]
                fallbacks += sum(b.fallbacks for b in bots.values())
        wall = [w for w, _ in times]
        cpu = [c for _, c in times]
        out: dict[str, Any] = {
            "matchup": m.label(),
            "games": args.games,
            "answers": len(times),
            "fallbacks": fallbacks,
            "max_wall_seconds": round(max(wall), 3),
            "mean_wall_seconds": round(sum(wall) / len(wall), 4),
            "max_cpu_seconds": round(max(cpu), 3),
            "mean_cpu_seconds": round(sum(cpu) / len(cpu), 4),
            "answers_over_1s_cpu": sum(c > 1.0 for c in cpu),
            "load_average": [round(x, 2) for x in os.getloadavg()],
        }
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
