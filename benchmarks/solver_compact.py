"""The compact storage of solutions against the exact one: size, values, the expert's moves,
the analysis's marks.

    python benchmarks/solver_compact.py                        # F-86 v MiG-15 and MiG-15 v F-86
    python benchmarks/solver_compact.py --only F-86:MiG-15 --samples 20000 --games 40

For each matchup it solves twice, into two temporary cache folders: once
kept in the exact form (values float64, kill chances float32) and once in
the compact one (16-bit values and kill chances, compressed; what
``airwar serve`` and the expert keep on disk). Then it compares:

- the size of the two folders;
- ``--samples`` states drawn at random over every layer (who moves,
  movement turns left, who has fired, the canonical pair): the value and
  the mover's kill chance at the start of the movement turn;
- the expert's choice at ``--samples`` random decision points in the middle
  of a move (MP left, wing-over used, stepped drawn at random): how often
  the compact solution chooses another move, and what that move loses by
  the exact solution's values (the loss that matters to the expert's
  strength);
- ``--games`` engagements played by the random bot against the expert
  (half with each on each seat), reviewed with both solutions
  (``airwar.analysis.review``): the decisions whose mark (inaccuracy,
  mistake, blunder) differs, and the largest difference of a loss.

Prints one JSON object per matchup; the exit status is 1 when a mark
differs or an expert's choice loses more than ``--tolerance`` kills.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from airwar.bots import make_bot
from airwar.core import play_bots
from airwar.games.migs_sabres import EngagementGame
from airwar.games.migs_sabres.solver import Matchup, Solution, SolverOptions, solve
from airwar.games.migs_sabres.solver import cache as solver_cache
from airwar.games.migs_sabres.solver.model import EngagementKey
from airwar.games.migs_sabres.solver.store import COMPACT, EXACT, chain_of


def folder_bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def solved(matchup: Matchup, options: SolverOptions, form: str, tmp: Path) -> tuple[Solution, int]:
    folder = tmp / form
    folder.mkdir()
    with solver_cache.use(solver_cache.SolutionCache(folder, form=form)):
        sol = solve(matchup, options)
    return sol, folder_bytes(folder)


def random_pair(sol: Solution, rng: np.random.Generator) -> tuple[int, int]:
    """Two positions on different squares."""
    n_pos = sol.pairs.board.n_pos
    while True:
        a, b = (int(x) for x in rng.integers(0, n_pos, 2))
        if a // 8 != b // 8:
            return a, b


FIRED = [(False, False), (True, False), (False, True)]


def in_layer_order(ex: Solution, drawn: list[tuple[int, int, Any]]) -> list[tuple[int, int, Any]]:
    """(mover, n, ...) sorted by chain and turns left: the layers between two kept ones are
    recomputed once each, not at every sample (a few are kept in memory)."""
    limit = ex.options.turn_limit
    return sorted(drawn, key=lambda d: (chain_of(d[0], d[1], limit), d[1]))


def compare_values(
    ex: Solution, co: Solution, samples: int, rng: np.random.Generator
) -> dict[str, float]:
    top = 2 * ex.options.turn_limit
    ds = dp = 0.0
    drawn = [
        (int(rng.integers(0, 2)), int(rng.integers(1, top + 1)),
         (FIRED[int(rng.integers(0, 3))], random_pair(ex, rng)))
        for _ in range(samples)
    ]  # fmt: skip
    for mover, n, (fired, pos) in in_layer_order(ex, drawn):
        a = ex.turn_value(mover, pos, fired, n)
        b = co.turn_value(mover, pos, fired, n)
        ds = max(ds, abs(a[0] - b[0]))
        dp = max(dp, abs(a[1] - b[1]))
    return {"value_max_difference": ds, "kill_chance_max_difference": dp}


def compare_choices(
    ex: Solution, co: Solution, samples: int, rng: np.random.Generator
) -> dict[str, Any]:
    top = 2 * ex.options.turn_limit
    most_mp = max(m for s in ex.specs for m, _ in s.mp)
    same = differ = 0
    worst = 0.0
    drawn = []
    for _ in range(samples):
        mover, n = int(rng.integers(0, 2)), int(rng.integers(1, top + 1))
        key = EngagementKey(
            "move", mover, random_pair(ex, rng), FIRED[int(rng.integers(0, 3))], n,
            mp_left=int(rng.integers(1, most_mp + 1)),
            wing_over_used=bool(rng.integers(0, 2)), stepped=bool(rng.integers(0, 2)),
        )  # fmt: skip
        drawn.append((mover, n, key))
    for mover, _n, key in in_layer_order(ex, drawn):
        moves = ex.key_move_values(key)
        if len(moves) < 2:
            continue
        a, b = ex.key_best_move(key), co.key_best_move(key)
        if a == b:
            same += 1
            continue
        differ += 1
        assert a is not None and b is not None
        worst = max(worst, moves[a].for_role(mover) - moves[b].for_role(mover))
    return {
        "decisions_compared": same + differ,
        "same_choice": same,
        "other_choice": differ,
        "largest_loss_of_other_choice": worst,
    }


def compare_reviews(ex: Solution, co: Solution, games: int, seed: int) -> dict[str, Any]:
    from airwar.analysis.review import review_record

    m = ex.matchup
    game = EngagementGame({"active": m.active, "listed": m.listed,
                           "turn_limit": ex.options.turn_limit})  # fmt: skip
    decisions = marks = differ = 0
    worst = 0.0
    for g in range(games):
        expert_seat = g % 2
        bots = {expert_seat: make_bot("expert", seed + g),
                1 - expert_seat: make_bot("random", seed + g)}  # fmt: skip
        with solver_cache.use(solver_cache.SolutionCache(Path(tempfile.mkdtemp()))) as c:
            c.loaded[solver_cache.cache_key(m, ex.options)] = ex
            record = play_bots(game, bots, seed + g).record
        r_ex = review_record(record, source=lambda _m, _o: ex)
        r_co = review_record(record, source=lambda _m, _o: co)
        for e_ex, e_co in zip(r_ex.engagements, r_co.engagements, strict=True):
            for d_ex, d_co in zip(e_ex.decisions, e_co.decisions, strict=True):
                decisions += 1
                marks += d_ex.mark is not None
                differ += d_ex.mark != d_co.mark
                worst = max(worst, abs(d_ex.loss - d_co.loss))
    return {
        "games": games,
        "decisions_reviewed": decisions,
        "marked": marks,
        "marks_differing": differ,
        "loss_max_difference": worst,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", default=[], help="ACTIVE:LISTED (repeatable)")
    ap.add_argument("--samples", type=int, default=10_000)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--tolerance", type=float, default=1e-4, help="kills an expert's choice may lose"
    )
    args = ap.parse_args()
    pairs = [tuple(o.split(":")) for o in args.only] or [("F-86", "MiG-15"), ("MiG-15", "F-86")]
    bad = False
    for active, listed in pairs:
        matchup, options = Matchup(active, listed), SolverOptions()
        rng = np.random.default_rng(args.seed)
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            ex, ex_bytes = solved(matchup, options, EXACT, Path(tmp))
            co, co_bytes = solved(matchup, options, COMPACT, Path(tmp))
            out: dict[str, Any] = {
                "matchup": matchup.label(),
                "exact_bytes": ex_bytes,
                "compact_bytes": co_bytes,
                "start_value": [ex.start_value().value, co.start_value().value],
                **compare_values(ex, co, args.samples, rng),
                **compare_choices(ex, co, args.samples, rng),
                **compare_reviews(ex, co, args.games, args.seed),
                "seconds": round(time.perf_counter() - t0, 1),
            }
        bad |= out["marks_differing"] > 0
        bad |= out["largest_loss_of_other_choice"] > args.tolerance
        print(json.dumps(out), flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
