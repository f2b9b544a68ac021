"""MiGs and Sabres engagements between bots: kill ratios and engagements per second.

For every pairing of the rules (the active MiG-15 against each Allied type,
the active F-86 against each Communist type; MS-4) and every bot matchup
(heuristic vs random with each bot on each side, random vs random, heuristic
vs heuristic), plays N whole engagements (``migs-engagement``, default
options: rolled first move, 20-turn limit) with seeded dice, and reports
kills by each plane, the kill ratio and the speed.

    python benchmarks/migs_engagements.py --engagements 2000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

from airwar.bots import make_bot
from airwar.core import play_bots
from airwar.games.migs_sabres import EngagementGame, plane_type
from airwar.games.migs_sabres.planes import Side, active_type, types_of

MATCHUPS = (
    ("heuristic", "random"),
    ("random", "heuristic"),
    ("random", "random"),
    ("heuristic", "heuristic"),
)


def pairings() -> list[tuple[str, str]]:
    out = []
    for side in (Side.COMMUNIST, Side.ALLIED):
        for t in types_of(side.other):
            out.append((active_type(side).name, t.name))
    return out


def play(
    active: str, listed: str, active_bot: str, listed_bot: str, n: int, seed: int
) -> dict[str, Any]:
    game = EngagementGame({"active": active, "listed": listed})
    a_seat = plane_type(active).side.seat
    counts = {"active_kills": 0, "listed_kills": 0, "both_fired": 0, "turn_limit": 0}
    turns = 0
    start = time.perf_counter()
    for i in range(n):
        s = f"{seed}:{active}:{listed}:{active_bot}:{listed_bot}:{i}"
        bots = {a_seat: make_bot(active_bot, s + ":a"), 1 - a_seat: make_bot(listed_bot, s + ":l")}
        d = play_bots(game, bots, s)
        e = d.state.engagement  # type: ignore[attr-defined]
        turns += e.planes[0].turns + e.planes[1].turns
        if e.shot_down == 1:
            counts["active_kills"] += 1
        elif e.shot_down == 0:
            counts["listed_kills"] += 1
        elif e.end_reason == "both fired":
            counts["both_fired"] += 1
        else:
            counts["turn_limit"] += 1
    secs = time.perf_counter() - start
    ratio = counts["active_kills"] / counts["listed_kills"] if counts["listed_kills"] else None
    return {
        "active": active,
        "listed": listed,
        "active_bot": active_bot,
        "listed_bot": listed_bot,
        "engagements": n,
        **counts,
        "kill_ratio": ratio,
        "mean_movement_turns": turns / n,
        "seconds": secs,
        "per_second": n / secs,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engagements", type=int, default=2000, help="engagements per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print JSON lines instead of a table")
    ap.add_argument(
        "--pairing", action="append", default=[], help="only ACTIVE:LISTED (repeatable)"
    )
    ap.add_argument(
        "--matchup", action="append", default=[], help="only ACTIVEBOT:LISTEDBOT (repeatable)"
    )
    args = ap.parse_args()
    chosen_pairings = [tuple(p.split(":")) for p in args.pairing] or pairings()
    chosen_matchups = [tuple(m.split(":")) for m in args.matchup] or list(MATCHUPS)
    if not args.json:
        print(f"python {platform.python_version()}; {args.engagements} engagements per row")
        print(
            "| active | listed | active bot | listed bot | active kills | listed kills "
            "| both fired, no kill | turn limit | kill ratio | mean turns | engagements/s |"
        )
        print("|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for active, listed in chosen_pairings:
        for ab, lb in chosen_matchups:
            r = play(active, listed, ab, lb, args.engagements, args.seed)
            if args.json:
                print(json.dumps(r), flush=True)
                continue
            ratio = "inf" if r["kill_ratio"] is None else f"{r['kill_ratio']:.2f}"
            print(
                f"| {active} | {listed} | {ab} | {lb} | {r['active_kills']} | "
                f"{r['listed_kills']} | {r['both_fired']} | {r['turn_limit']} | {ratio} | "
                f"{r['mean_movement_turns']:.1f} | {r['per_second']:.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
