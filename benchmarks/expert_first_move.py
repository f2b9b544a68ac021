"""The expert's first move on a matchup nobody has solved, as a browser meets it.

Starts ``airwar serve`` on 127.0.0.1 with an empty solver cache and a fresh
database, makes a MiGs and Sabres engagement in which the expert AI moves
first (a person on the other seat), and polls the game and the solver's job
queue as the play page does until the expert has moved. Prints one JSON
object: the seconds from the new game to the expert's first decision, the
progress the job queue reported on the way (what the page's progress bar
shows), and the solve's own figures.

    python benchmarks/expert_first_move.py [--active MiG-15] [--listed F-86]

The compiled kernel comes from Numba's cache when it is there (any earlier
solve on this machine); ``--cold-numba`` points Numba at an empty cache, so
that the kernel is compiled too, as on the very first run after installing.
The server readies the kernel in the background as it starts; ``--after S``
makes the game S seconds after the server answers, as a person opening the
page and filling the form would.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--active", default="MiG-15")
    ap.add_argument("--listed", default="F-86")
    ap.add_argument("--cold-numba", action="store_true", help="compile the kernel too")
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument(
        "--after", type=float, default=0.0,
        help="seconds between the server's start and the new game (a person opening the page)",
    )  # fmt: skip
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_CACHE_HOME=str(Path(tmp) / "cache"))
        if args.cold_numba:
            env["NUMBA_CACHE_DIR"] = str(Path(tmp) / "numba")
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [sys.executable, "-m", "airwar.cli.main", "serve", "--port", str(port),
             "--database-url", f"sqlite:///{Path(tmp) / 'games.sqlite'}", "--no-rate-limits"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            print(json.dumps(measure(url, args), indent=1))
        finally:
            server.terminate()
            server.wait(timeout=30)


def measure(url: str, args: argparse.Namespace) -> dict[str, Any]:
    with httpx.Client(base_url=url, timeout=30) as http:
        deadline = time.monotonic() + 60
        while True:
            try:
                http.get("/api/catalog").raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        time.sleep(args.after)
        body = {
            "game": "migs-engagement",
            "seats": {"Communist": "human", "Allied": "ai:expert"},
            "options": {"active": args.active, "listed": args.listed, "first": "listed"},
        }
        t0 = time.perf_counter()
        made = http.post("/api/games", json=body)
        made.raise_for_status()
        game = made.json()
        token = game["links"][0]["url"].split("seat=")[1]
        progress: list[tuple[float, float]] = []
        job: dict[str, Any] = {}
        while True:
            now = time.perf_counter() - t0
            jobs = http.get("/api/solver/jobs").json()["jobs"]
            if jobs:
                job = jobs[-1]
                moved = not progress or progress[-1][1] != job["progress"]
                if job["state"] == "running" and moved:
                    progress.append((round(now, 2), round(job["progress"], 3)))
            seen = http.get(f"/api/games/{game['id']}", params={"seat": token}).json()
            if seen["decisions"] >= 1:
                break
            if now > args.timeout:
                raise SystemExit(f"no move from the expert after {args.timeout} s")
            time.sleep(0.1)
        first_move = time.perf_counter() - t0
    solve = None
    if job.get("started") and job.get("finished"):
        solve = round(job["finished"] - job["started"], 2)
    return {
        "matchup": f"{args.active} vs {args.listed}",
        "numba_cache": "empty" if args.cold_numba else "as found",
        "game_made_after_start_seconds": args.after,
        "first_move_seconds": round(first_move, 2),
        "solve_seconds": solve,
        "job": {k: job.get(k) for k in ("label", "state", "phase")},
        "progress_seen": progress,
        "progress_updates": len(progress),
        "machine": f"{os.uname().machine}, {os.cpu_count()} cores, Python {sys.version.split()[0]}",
    }


if __name__ == "__main__":
    main()
