"""How well the MCTS bot keeps a time budget (what a test must not time on a busy machine).

    python benchmarks/mcts_budget.py --seconds 0.05 --decisions 20

Plays ``--decisions`` decisions of the one-engagement game with an MCTS bot
given ``--seconds`` per decision and prints one JSON object: the budget, the
wall-clock seconds of each decision (mean and worst), and the simulations run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

from airwar.bots.migs_rewards import migs_mcts
from airwar.core.game import CHANCE
from airwar.games.migs_sabres import EngagementGame


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--seconds", type=float, default=0.05)
    ap.add_argument("--decisions", type=int, default=20)
    args = ap.parse_args()
    game = EngagementGame({"active": "F-86", "listed": "MiG-15", "turn_limit": 20})
    bot = migs_mcts(0, seconds=args.seconds)
    times: list[float] = []
    state = game.new_initial_state()
    rng = random.Random(1)
    while len(times) < args.decisions:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.current_actor() == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        t0 = time.perf_counter()
        action = bot.choose(state, state.current_actor())
        times.append(time.perf_counter() - t0)
        state.apply(action)
    print(
        json.dumps(
            {
                "budget_seconds": args.seconds,
                "decisions": len(times),
                "mean_seconds": round(sum(times) / len(times), 4),
                "worst_seconds": round(max(times), 4),
                "load_average": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
