"""How long the Gunslingers tactical AI takes: a 60-aircraft turn with it on both sides.

    python benchmarks/gunslingers_tactical.py [TURNS] [SEED]

Plays the committed large example (src/airwar/games/gunslingers/examples/large-battle.toml,
60 aircraft and 30 SAM and AAA units) with the tactical AI on both sides and the
automatic player as referee, on one core. It reports each turn's wall-clock and CPU
seconds, the number of tactical decisions, and their time: the median, the 95th
percentile and the slowest (CPU seconds, so the load of a shared machine weighs less).
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from pathlib import Path

from airwar.bots import make_bot
from airwar.core import Driver
from airwar.core.bot import Bot
from airwar.core.game import Action, GameState
from airwar.games.gunslingers import GunslingersGame, options_for_file

ROOT = Path(__file__).resolve().parent.parent
LARGE = ROOT / "src/airwar/games/gunslingers/examples/large-battle.toml"


class Timed:
    """A bot whose every decision is timed (CPU seconds)."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times = bot, times

    def choose(self, state: GameState, seat: int) -> Action:
        start = time.process_time()
        action = self.bot.choose(state, seat)
        self.times.append(time.process_time() - start)
        return action

    def inform(self, state: GameState, actor: int, action: Action) -> None:
        return None

    def restart(self) -> None:
        return None


def main(turns: int = 3, seed: int = 1) -> None:
    game = GunslingersGame(options_for_file(LARGE, turns))
    times: list[float] = []
    tactical = Timed(make_bot("tactical"), times)
    bots: dict[int, Bot] = {0: tactical, 1: tactical, 2: make_bot("gunslingers-auto")}
    driver = Driver(game, seed)
    print(f"python {platform.python_version()} on {platform.machine()}, {LARGE.name}")
    for turn in range(1, turns + 1):
        wall, cpu, before = time.perf_counter(), time.process_time(), len(times)
        while not driver.state.is_terminal():
            state = driver.state
            if getattr(state, "turn", turn) > turn:
                break
            if driver.run_bots(bots, max_decisions=1) == 0:
                break
        made = len(times) - before
        print(
            f"turn {turn}: {time.perf_counter() - wall:.2f} s wall, "
            f"{time.process_time() - cpu:.2f} s CPU, {made} tactical decisions"
        )
    ordered = sorted(times)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    print(
        f"{len(times)} tactical decisions: median {statistics.median(times) * 1000:.1f} ms, "
        f"p95 {p95 * 1000:.1f} ms, slowest {ordered[-1] * 1000:.1f} ms (CPU)"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
