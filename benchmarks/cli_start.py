"""How long the ``airwar`` command takes to start and answer, per command.

Runs each command ``--runs`` times as a person would, the installed
``airwar`` script in a fresh process each time (the operating system's file
cache warm after the first), and prints one JSON object: for each command the
median, fastest and slowest wall-clock seconds.

    python benchmarks/cli_start.py [--runs 7] [--airwar PATH]

The commands are ones that keep nothing and need no solver: what a referee
types at the table. Before the root loaded its commands on demand, each of
them imported every command's modules (the database layer, the solver's
compiler, every rule set) before it began.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import time

COMMANDS = [
    ["version"],
    ["--help"],
    [
        *("bia", "air-defence", "--system", "manpad", "--target-speed", "slow"),
        *("--target-manoeuvrability", "poor", "--firer", "surface", "--json"),
    ],
    ["gunslingers", "examples"],
    ["migs", "--help"],
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, choices=range(1, 101), metavar="1-100")
    parser.add_argument("--airwar", default=shutil.which("airwar") or "airwar")
    args = parser.parse_args()
    report: dict[str, dict[str, float]] = {}
    for command in COMMANDS:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([args.airwar, *command], check=True, capture_output=True, timeout=120)
            times.append(time.perf_counter() - start)
        report[" ".join(command[:2])] = {
            "median_s": round(statistics.median(times), 3),
            "min_s": round(min(times), 3),
            "max_s": round(max(times), 3),
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
