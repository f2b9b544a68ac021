"""Saving a long game decision by decision: the last decisions must save as fast as the first.

A game of MiGs and Sabres between two bots (14 sorties a side by default,
the 20-turn limit of each engagement: 2,218 decisions with seed 1) is
played through the play session on a SQLite file, each decision saved as it
is made, as every interface does, up to ``--decisions`` (2,000). The
median time per decision is taken over its first and its last ``--window``
(100) decisions, of

- the digest the record is saved with (the hash chain, extended by the
  events since the last save),
- the store's write (one transaction),
- the two together (the save proper),
- the whole act (the bot's choice, the rules, the summary and the save),
- and, for comparison, the digest as it was made before the chain: a
  SHA-256 of the whole log, copied out of the state, at every save.

The machine may be busy with other work, and its load changes within
seconds: so the first decisions are not timed at the start but side by side
with the last ones. The game is played alone up to its last window; then
the same game (same seed, same bots) is started afresh in the same
database, and each of its first decisions is saved just before each of the
long game's last ones. Both wall-clock and CPU time of this process are
measured. The old digest is timed after the play (copying out the whole log
at every decision disturbs the rest), on the same logs.

It prints a table and exits with status 1 if the save of the last decisions
takes more than ``--threshold`` times (default 1.2) the CPU time of that of
the first.

    python benchmarks/save_speed.py
    python benchmarks/save_speed.py --sorties 14 --seed 1 --bots heuristic,heuristic
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from airwar.bots.registry import make_bot
from airwar.core.driver import Driver
from airwar.core.game import Game
from airwar.core.record import legacy_log_digest
from airwar.core.registry import load_game
from airwar.session import PlaySession, Sessions
from airwar.store import Store

GAME = "migs-sabres"

Clock = tuple[float, float]
"""(wall-clock, CPU) seconds."""


def clock() -> Clock:
    return time.perf_counter(), time.process_time()


def since(start: Clock) -> Clock:
    wall, cpu = clock()
    return wall - start[0], cpu - start[1]


class Timings:
    """Seconds (wall-clock, CPU) spent in each measured part of the decision being made."""

    def __init__(self) -> None:
        self.current: dict[str, Any] = {}

    def add(self, part: str, spent: Clock) -> None:
        wall, cpu = self.current.get(part, (0.0, 0.0))
        self.current[part] = (wall + spent[0], cpu + spent[1])

    def timed(self, part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            started = clock()
            try:
                return fn(*args, **kwargs)
            finally:
                self.add(part, since(started))

        return wrapper


class Bench:
    """Games played by bots through the sessions, each decision saved and timed."""

    def __init__(self, args: argparse.Namespace, folder: Path) -> None:
        self.args = args
        self.timings = Timings()
        self.store = Store(f"sqlite:///{folder / 'save-speed.sqlite'}")
        # every write of the store, timed where the session calls it
        self.store.append_actions = self.timings.timed("write", self.store.append_actions)  # type: ignore[method-assign]
        self.sessions = Sessions(self.store, make_bot)

    def new_game(self) -> PlaySession:
        args = self.args
        game: Game = load_game(GAME, {"sorties": args.sorties, "turn_limit": args.turn_limit})
        communist, allied = args.bots.split(",")
        seats = {game.seat_name(0): f"ai:{communist}", game.seat_name(1): f"ai:{allied}"}
        return self.sessions.create(game, seats, seed=args.seed, run_bots=False)

    def step(self, live: PlaySession) -> dict[str, Any]:
        """One decision of the bot to act, saved; the time of each part."""
        self.timings.current = {}
        started = clock()
        made = self.sessions.bot_step(live)
        spent = since(started)
        if made is None:
            raise SystemExit(
                f"the game ended after {live.decisions} decisions, fewer than "
                f"{self.args.decisions}: give more --sorties"
            )
        self.timings.add("act", spent)
        row = self.timings.current
        row["events"] = live.driver.decided_at
        return row


def play(args: argparse.Namespace, folder: Path) -> tuple[PlaySession, list[Any], list[Any]]:
    """The long game and the rows of its first and last ``window`` decisions."""
    bench = Bench(args, folder)
    window = args.window
    digest = Driver.log_digest
    assert isinstance(digest, property) and digest.fget is not None
    Driver.log_digest = property(bench.timings.timed("digest", digest.fget))
    try:
        long = bench.new_game()
        while long.decisions < args.decisions - window:
            bench.step(long)
        fresh = bench.new_game()
        first, last = [], []
        for _ in range(window):
            first.append(bench.step(fresh))
            last.append(bench.step(long))
    finally:
        Driver.log_digest = digest
    bench.store.close()
    assert long.decisions == args.decisions and fresh.decisions == window
    assert fresh.driver.record.actions == long.driver.record.actions[:window], "not the same game"
    return long, first, last


def time_old_digest(live: PlaySession, rows: list[dict[str, Any]]) -> None:
    """The old way, at each of these decisions: the whole log up to it copied out and hashed."""
    log = live.driver.state.log
    for row in rows:
        started = clock()
        legacy_log_digest([dict(log[i]) for i in range(int(row["events"]))])
        row["legacy"] = since(started)


ROWS = (
    ("digest (hash chain, the new events)", ("digest",)),
    ("store write (one transaction)", ("write",)),
    ("save: digest + write", ("digest", "write")),
    ("whole act: bot, rules, summary, save", ("act",)),
    ("old digest: SHA-256 of the whole log", ("legacy",)),
    ("old save: old digest + write", ("legacy", "write")),
)
GATE = "save: digest + write"


def median_ms(rows: list[dict[str, Any]], parts: tuple[str, ...], which: int) -> float:
    """The median over ``rows`` of the time of ``parts`` together (0: wall, 1: CPU), in ms."""
    return 1000 * statistics.median(sum(r[p][which] for p in parts if p in r) for r in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sorties", type=int, default=14, help="sorties a side")
    parser.add_argument("--turn-limit", type=int, default=20, help="movement turns (MS-11)")
    parser.add_argument("--bots", default="heuristic,heuristic", help="Communist,Allied")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=2000, help="decisions saved")
    parser.add_argument("--window", type=int, default=100, help="first and last decisions")
    parser.add_argument("--threshold", type=float, default=1.2, help="allowed last/first")
    args = parser.parse_args()
    if not 0 < args.window <= args.decisions // 2:
        parser.error("--window must be positive and at most half of --decisions")

    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        long, first, last = play(args, Path(folder))
    wall = time.perf_counter() - started
    time_old_digest(long, first + last)

    print(
        f"{GAME}, {args.sorties} sorties a side, turn limit {args.turn_limit}, "
        f"bots {args.bots}, seed {args.seed}: {long.decisions} decisions saved "
        f"({len(long.driver.state.log)} events), and the first {args.window} again; "
        f"{wall:.1f} s (Python {platform.python_version()}, a SQLite file)"
    )
    print()
    n = args.window
    print(
        f"| median ms per decision | wall, first {n} | wall, last {n} | last/first "
        f"| CPU, first {n} | CPU, last {n} | last/first |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    ratio = 0.0
    for label, parts in ROWS:
        cells = []
        for which in (0, 1):
            a, b = median_ms(first, parts, which), median_ms(last, parts, which)
            cells += [f"{a:.3f}", f"{b:.3f}", f"{b / a:.2f}"]
            if label == GATE and which == 1:
                ratio = b / a
        print(f"| {label} | {' | '.join(cells)} |")
    print()
    if ratio > args.threshold:
        print(f"FAIL: {GATE} takes {ratio:.2f} times the CPU time at the end (> {args.threshold})")
        return 1
    print(f"ok: {GATE} takes {ratio:.2f} times the CPU time at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
