"""How long a Gunslingers turn takes with the automatic player answering everything.

    python benchmarks/gunslingers_scale.py            # the large example, then 10..200 aircraft
    python benchmarks/gunslingers_scale.py 200        # only the sizes given

For each size it plays the generated scenario (benchmarks/gunslingers_large.py)
for three turns on one core and reports the mean and the slowest turn in
seconds (wall clock, and CPU time of the process, which a shared machine's load
disturbs less), with the decisions and rolls made and the digest of the log (the
same game gives the same digest). The first part times the committed
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
    cpu_start = time.process_time()
    driver = Driver(game, seed)
    per_turn: list[float] = []
    cpu_turn: list[float] = []
    mark, cpu_mark = start, cpu_start
    current = 1
    while not driver.state.is_terminal():
        driver.run_bots(bots, max_decisions=1)
        state_turn = driver.state.turn  # type: ignore[attr-defined]
        if state_turn != current or driver.state.is_terminal():
            now, cpu_now = time.perf_counter(), time.process_time()
            per_turn.append(now - mark)
            cpu_turn.append(cpu_now - cpu_mark)
            mark, cpu_mark, current = now, cpu_now, state_turn
    events = driver.events
    return {
        "aircraft": len(data.get("aircraft", [])),
        "turn_seconds": per_turn,
        "mean": sum(per_turn) / len(per_turn),
        "max": max(per_turn),
        "cpu_mean": sum(cpu_turn) / len(cpu_turn),
        "cpu_max": max(cpu_turn),
        "digest": driver.log_digest,
        "decisions": len(driver.record.actions),
        "rolls": sum(1 for e in events if e["type"] in ("roll", "die")),
    }


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [10, 25, 50, 100, 150, 200]
    machine = f"{platform.machine()} {platform.processor() or ''}".strip()
    print(f"machine: {machine}, python {platform.python_version()}")
    if not sys.argv[1:]:
        result = time_turns(read_scenario_data(LARGE))
        print(
            f"large-battle.toml ({result['aircraft']} aircraft, 30 SAM/AAA): turns "
            + ", ".join(f"{t:.3f}" for t in result["turn_seconds"])
            + f" s; max {result['max']:.3f} s; {result['decisions']} decisions, "
            f"{result['rolls']} rolls"
        )
    # wall-clock seconds, and CPU seconds of this process (steadier on a shared machine)
    print("aircraft  mean s/turn  max s/turn  cpu mean  cpu max  decisions  rolls  log digest")
    for n in sizes:
        data = tomllib.loads(make_scenario(n, 30))
        r = time_turns(data)
        print(
            f"{n:8d}  {r['mean']:11.3f}  {r['max']:10.3f}  {r['cpu_mean']:8.3f}  "
            f"{r['cpu_max']:7.3f}  {r['decisions']:9d}  {r['rolls']:5d}  {r['digest']}"
        )


if __name__ == "__main__":
    main()
