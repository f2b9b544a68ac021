"""An airwar bot against OpenSpiel's own MCTS, through the OpenSpiel adapter.

Both sides get the same thinking budget per decision: MCTS (UCT with random
rollouts, ``open_spiel.python.algorithms.mcts``) is given as many simulations
as take ``--seconds`` per decision on this machine (calibrated first, then
adjusted after every search so that its mean time per decision stays on the
budget; the MCTS column is the mean number of simulations it ran); the
airwar bot (``expert`` by default: the solver's optimal moves) is allowed the
same time and its actual time is measured. Each pairing is played with the
airwar bot flying the active plane in half of the games and the listed plane
in the other half; dice come from each game's seed.

    python benchmarks/openspiel_vs_expert.py --games 100 --seconds 0.05 --bot expert

Prints a Markdown table (for docs/benchmarks.md) and, with ``--json``, the raw
numbers.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import pyspiel

from airwar.adapters.openspiel import AirwarSpielGame, register_migs_engagement
from airwar.adapters.spiel_match import (
    BudgetedMcts,
    airwar_chooser,
    calibrate_simulations,
    play_match,
)
from airwar.analysis.montecarlo import bot_seed, game_seed
from airwar.analysis.stats import mean_interval, proportion_interval
from airwar.bots.registry import make_bot
from airwar.games.migs_sabres.planes import plane_type

PAIRINGS = (("F-86", "MiG-15"), ("MiG-15", "F-51"), ("F-86", "Yak-9"), ("MiG-15", "F-84"))


def play_pairing(
    active: str,
    listed: str,
    games: int,
    seconds: float,
    bot_name: str,
    seed: int,
    turn_limit: int,
) -> dict[str, Any]:
    options = {"active": active, "listed": listed, "turn_limit": turn_limit}
    game = pyspiel.load_game(register_migs_engagement(), options)
    assert isinstance(game, AirwarSpielGame)
    sims = calibrate_simulations(game, seconds, seed)
    used: list[int] = []
    active_seat = plane_type(active).side.seat
    diffs: list[float] = []
    wins = losses = 0
    bot_time = mcts_time = 0.0
    bot_moves = mcts_moves = 0
    for i in range(games):
        gseed = game_seed(f"openspiel-vs-{bot_name}:{seed}:{active}:{listed}", i)
        bot_seat = active_seat if i % 2 == 0 else 1 - active_seat
        ours = airwar_chooser(make_bot(bot_name, bot_seed(gseed, 0)))
        mcts = BudgetedMcts(game, seconds, bot_seed(gseed, 1), sims)
        theirs = mcts
        choosers = (ours, theirs) if bot_seat == 0 else (theirs, ours)
        result = play_match(game, choosers, gseed)
        r = result.returns[bot_seat]
        diffs.append(r)
        wins += r > 0
        losses += r < 0
        bot_time += result.seconds[bot_seat]
        mcts_time += result.seconds[1 - bot_seat]
        bot_moves += result.decisions[bot_seat]
        mcts_moves += result.decisions[1 - bot_seat]
        used.extend(mcts.used)
    diff = mean_interval(diffs)
    return {
        "pairing": f"{active} v {listed}",
        "games": games,
        "mcts_simulations": sum(used) / max(1, len(used)),
        "kill_difference": diff.to_dict(),
        "bot_kills": proportion_interval(wins, games).to_dict(),
        "mcts_kills": proportion_interval(losses, games).to_dict(),
        "bot_seconds_per_decision": bot_time / max(1, bot_moves),
        "mcts_seconds_per_decision": mcts_time / max(1, mcts_moves),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing")
    parser.add_argument("--seconds", type=float, default=0.05, help="thinking time per decision")
    parser.add_argument("--bot", default="expert", help="the airwar bot (registry name)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turn-limit", type=int, default=20)
    parser.add_argument("--pairings", default="", help="e.g. F-86:MiG-15,MiG-15:F-51")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pairings = (
        [tuple(p.split(":")) for p in args.pairings.split(",")] if args.pairings else PAIRINGS
    )
    start = time.perf_counter()
    rows = [
        play_pairing(a, b, args.games, args.seconds, args.bot, args.seed, args.turn_limit)
        for a, b in pairings
    ]
    elapsed = time.perf_counter() - start
    if args.json:
        print(json.dumps({"rows": rows, "seconds": elapsed, "args": vars(args)}, indent=2))
        return
    print(
        f"| pairing | games | MCTS sims/decision | {args.bot} kill diff (95%) | "
        f"{args.bot} kills | MCTS kills | s/decision {args.bot} | s/decision MCTS |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        d, w, lo = r["kill_difference"], r["bot_kills"], r["mcts_kills"]
        print(
            f"| {r['pairing']} | {r['games']} | {r['mcts_simulations']:.0f} | "
            f"{d['mean']:+.3f} [{d['low']:+.3f}, {d['high']:+.3f}] | {w['mean']:.1%} | "
            f"{lo['mean']:.1%} | {r['bot_seconds_per_decision']:.4f} | "
            f"{r['mcts_seconds_per_decision']:.4f} |"
        )
    print(f"\n{elapsed:.0f} s in all")


if __name__ == "__main__":
    main()
