"""How long a Gunslingers turn takes with the automatic player answering everything.

    python benchmarks/gunslingers_scale.py            # the large example, then 10..200 aircraft

For each size it plays the generated scenario (benchmarks/gunslingers_large.py)
for three turns on one core and reports the mean and the slowest turn in
seconds, with the decisions and rolls made. The first part times the committed
example src/airwar/games/gunslingers/examples/large-battle.toml.
"""

from __future__ import annotations

import platform
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from gunslingers_large import make_scenario

from airwar.core import Driver
from airwar.games.gunslingers import GunslingersGame
from airwar.games.gunslingers.autoplayer import GunslingersAuto
from airwar.games.gunslingers.model.scenario import read_scenario_data

ROOT = Path(__file__).resolve().parent.parent
LARGE = ROOT / "src/airwar/games/gunslingers/examples/large-battle.toml"


def time_turns(data: dict[str, Any], turns: int = 3, seed: int = 1) -> dict[str, Any]:
    """Play ``turns`` turns; the time of each turn, decisions and rolls."""
    game = GunslingersGame({"scenario_data": data, "turns": turns})
    bot = GunslingersAuto()
    bots = {seat: bot for seat in range(game.num_players)}
    start = time.perf_counter()
    driver = Driver(game, seed)
    per_turn: list[float] = []
    mark = start
    current = 1
    while not driver.state.is_terminal():
        driver.run_bots(bots, max_decisions=1)
        state_turn = driver.state.turn  # type: ignore[attr-defined]
        if state_turn != current or driver.state.is_terminal():
            now = time.perf_counter()
            per_turn.append(now - mark)
            mark, current = now, state_turn
    events = driver.events
    return {
        "aircraft": len(data.get("aircraft", [])),
        "turn_seconds": per_turn,
        "mean": sum(per_turn) / len(per_turn),
        "max": max(per_turn),
        "decisions": len(driver.record.actions),
        "rolls": sum(1 for e in events if e["type"] in ("roll", "die")),
    }


def main() -> None:
    machine = f"{platform.machine()} {platform.processor() or ''}".strip()
    print(f"machine: {machine}, python {platform.python_version()}")
    result = time_turns(read_scenario_data(LARGE))
    print(
        f"large-battle.toml ({result['aircraft']} aircraft, 30 SAM/AAA): turns "
        + ", ".join(f"{t:.3f}" for t in result["turn_seconds"])
        + f" s; max {result['max']:.3f} s; {result['decisions']} decisions, {result['rolls']} rolls"
    )
    print("aircraft  mean s/turn  max s/turn  decisions  rolls")
    for n in (10, 25, 50, 100, 150, 200):
        data = tomllib.loads(make_scenario(n, 30))
        r = time_turns(data)
        print(f"{n:8d}  {r['mean']:11.3f}  {r['max']:10.3f}  {r['decisions']:9d}  {r['rolls']:5d}")


if __name__ == "__main__":
    main()
