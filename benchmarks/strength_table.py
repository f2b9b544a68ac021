"""The bot strength table for MiGs and Sabres engagements (docs/strength.md).

    python benchmarks/strength_table.py                      # 1000 engagements a pairing
    python benchmarks/strength_table.py --games 200 --out -  # quick look, print only

Every bot (random, heuristic, mcts, expert) plays every other over
``--games`` engagements of ``migs-engagement`` (default options: F-86 active
against a listed MiG-15, who moves first rolled, turn limit 20). The bots
swap seats every other game, so each flies the F-86 in half the games and
the MiG-15 in the other half. Game ``i`` is seeded from the master seed and
``i``, its bots from the game seed, so every game is reproducible. The games
run on two processes. The expert's solution is solved (or read from the
cache) once before the games start.

Reported per pairing: the first bot's mean kill difference per engagement
(its kills minus its losses) with the 95% interval, and its share of
engagements won, lost and drawn.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path
from typing import Any

from airwar.analysis.stats import mean_interval
from airwar.core.bot import Bot
from airwar.core.driver import play_bots
from airwar.core.registry import load_game
from airwar.games.migs_sabres.solver import Matchup, SolverOptions, solve

BOTS = ("random", "heuristic", "mcts", "expert")
GAME = "migs-engagement"
MCTS_ITERATIONS = 16
MCTS_ROLLOUT = 16


def seed_of(*parts: object) -> int:
    digest = hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def make(name: str, seed: int) -> Bot:
    """A bot by name with the table's budgets."""
    if name == "mcts":
        from airwar.bots.mcts import MctsBot

        return MctsBot(seed, iterations=MCTS_ITERATIONS, rollout_decisions=MCTS_ROLLOUT)
    if name == "expert":
        from airwar.bots.expert import ExpertBot

        return ExpertBot(seed, solve_missing=False, fallback_iterations=MCTS_ITERATIONS)
    from airwar.bots.registry import make_bot

    return make_bot(name, seed)


def play_chunk(job: tuple[str, str, int, list[int]]) -> list[dict[str, Any]]:
    """Play games ``indices`` of the pairing (a, b); bot a sits in seat ``i % 2``."""
    import airwar.games.migs_sabres  # noqa: F401  (registers the games)

    a, b, master, indices = job
    game = load_game(GAME)
    out = []
    for i in indices:
        gs = seed_of(master, a, b, i)
        seat_a = i % 2
        bots = {seat_a: make(a, seed_of(gs, "a")), 1 - seat_a: make(b, seed_of(gs, "b"))}
        t0 = time.perf_counter()
        d = play_bots(game, bots, gs)
        out.append(
            {
                "i": i,
                "diff": float(d.state.returns()[seat_a]),
                "seconds": time.perf_counter() - t0,
                "decisions": len(d.record.actions),
            }
        )
    return out


def shown_args(argv: list[str]) -> list[str]:
    """The command-line arguments worth printing (not where the raw JSON went)."""
    out: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
            continue
        if a == "--json":
            skip = True
            continue
        if not a.startswith("--json="):
            out.append(a)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", default="docs/strength.md", help="markdown file, or - to print")
    ap.add_argument("--json", default="", help="also write the raw results here")
    ap.add_argument("--bots", default=",".join(BOTS))
    args = ap.parse_args()
    bots = args.bots.split(",")
    import airwar.games.migs_sabres  # noqa: F401

    game = load_game(GAME)
    o = game.options
    t_solve = time.perf_counter()
    solve(Matchup(o["active"], o["listed"]), SolverOptions(turn_limit=o["turn_limit"]))
    solve_s = time.perf_counter() - t_solve
    t0 = time.perf_counter()
    rows = []
    chunk = 25
    with ProcessPoolExecutor(args.workers) as pool:
        pairings = list(combinations(bots, 2))
        futures = {}
        for a, b in pairings:
            for start in range(0, args.games, chunk):
                idx = list(range(start, min(start + chunk, args.games)))
                futures[pool.submit(play_chunk, (a, b, args.seed, idx))] = (a, b)
        results: dict[tuple[str, str], list[dict[str, Any]]] = {p: [] for p in pairings}
        for n, fut in enumerate(futures, 1):
            results[futures[fut]].extend(fut.result())
            print(f"\r{n}/{len(futures)} chunks", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    wall = time.perf_counter() - t0
    for (a, b), games in results.items():
        diffs = [g["diff"] for g in games]
        est = mean_interval(diffs)
        rows.append(
            {
                "a": a,
                "b": b,
                "games": len(diffs),
                "mean": est.mean,
                "low": est.low,
                "high": est.high,
                "won": sum(d > 0 for d in diffs) / len(diffs),
                "lost": sum(d < 0 for d in diffs) / len(diffs),
                "drawn": sum(d == 0 for d in diffs) / len(diffs),
                "seconds_per_game": sum(g["seconds"] for g in games) / len(games),
                "decisions_per_game": sum(g["decisions"] for g in games) / len(games),
            }
        )
    meta = {
        "command": " ".join(["python benchmarks/strength_table.py", *shown_args(sys.argv[1:])]),
        "games_per_pairing": args.games,
        "seed": args.seed,
        "workers": args.workers,
        "wall_seconds": round(wall),
        "expert_solution_seconds": round(solve_s, 1),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}",
        "mcts_iterations": MCTS_ITERATIONS,
        "mcts_rollout_decisions": MCTS_ROLLOUT,
    }
    if args.json:
        Path(args.json).write_text(json.dumps({"meta": meta, "rows": rows}, indent=1))
    text = render(rows, meta, o)
    if args.out == "-":
        print(text)
    else:
        Path(args.out).write_text(text)
        print(f"wrote {args.out}", file=sys.stderr)


def render(rows: list[dict[str, Any]], meta: dict[str, Any], o: dict[str, Any]) -> str:
    lines = [
        "# Bot strength: MiGs and Sabres engagements",
        "",
        f"Every bot against every other over {meta['games_per_pairing']} engagements of "
        f"`migs-engagement` ({o['active']} active against a listed {o['listed']}, who moves "
        f"first rolled, turn limit {o['turn_limit']} movement turns per plane, MS-11). The "
        "bots swap seats every other engagement, so each flies each plane in half of them.",
        "",
        "The figure is the first bot's mean kill difference per engagement (its kills "
        "minus its losses, so between -1 and +1) with its 95% interval; won, lost and "
        "drawn are shares of engagements (drawn: nobody shot down).",
        "",
        "| bot | against | mean kill difference [95% interval] | won | lost | drawn "
        "| s/engagement |",
        "|---|---|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['a']} | {r['b']} | {r['mean']:+.3f} [{r['low']:+.3f}, {r['high']:+.3f}] "
            f"| {r['won']:.1%} | {r['lost']:.1%} | {r['drawn']:.1%} "
            f"| {r['seconds_per_game']:.2f} |"
        )
    lines += [
        "",
        "## The bots and their budgets",
        "",
        "- random: uniform over the legal actions.",
        "- heuristic: the rules package's one-move lookahead on exact kill odds.",
        f"- mcts: UCT with sampled dice, {meta['mcts_iterations']} iterations per decision, "
        f"play-outs of at most {meta['mcts_rollout_decisions']} decisions (random, but "
        "firing whenever a shot is legal) that stop when the engagement ends; reward the "
        "kill difference. A modest budget so that the table finishes in reasonable time; "
        "it thinks every step of a move afresh.",
        "- expert: the exact solver's optimal move (docs/solver.md), planned once per "
        "movement turn; the matchup's solution is solved (or read from the cache) before "
        f"the games start ({meta['expert_solution_seconds']} s in this run).",
        "",
        "## How it was made",
        "",
        f"Command: `{meta['command']}` (master seed {meta['seed']}; game i of a pairing is "
        "seeded from the seed, the pairing and i, its bots from the game seed). "
        f"{meta['workers']} worker processes; {meta['wall_seconds']} s of wall-clock time. "
        f"Machine: {meta['machine']}, shared with other work while it ran.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
