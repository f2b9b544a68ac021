"""The expert's answers on a new server: the very first one, and every one once the server has
solved the common matchups in the background (issue 25).

Starts ``airwar serve`` on 127.0.0.1 with an empty solver cache and a fresh
database.

Default (the first answer): makes a MiGs and Sabres engagement in which the
expert AI moves first (a person on the other seat) and polls the game and the
solver's job queue as the play page does until the expert has moved. Prints
one JSON object: the seconds from the new game to the expert's first
decision, the progress the job queue reported on the way (what the page's
progress bar shows), the solve's own figures and the load average before and
after. The server solves in the background as ``airwar serve`` does (its
first matchup is MiG-15 v F-86, the default here, so the game's request
joins that job); ``--no-background`` turns that off.

    python benchmarks/expert_first_move.py [--active MiG-15] [--listed F-86]

``--all``: waits until the server's background solver has solved the 14
common matchups (``GET /api/solver/background``), then plays one engagement
of each, the expert on both seats, and times every answer (the time between
two decisions, polled every 20 ms): the largest answer of each matchup and
of all, the time the background solves took and the size of the cache.

    python benchmarks/expert_first_move.py --all

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
    ap.add_argument(
        "--no-background", action="store_true", help="airwar serve --no-background-solve"
    )
    ap.add_argument("--all", action="store_true", help="every answer once the 14 are solved")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_CACHE_HOME=str(Path(tmp) / "cache"))
        env["AIRWAR_BACKGROUND_SOLVE"] = "off" if args.no_background else "on"
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
            found = every_answer(url, args, Path(tmp) / "cache") if args.all else measure(url, args)
            print(json.dumps(found, indent=1))
        finally:
            server.terminate()
            server.wait(timeout=30)


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def wait_for_server(http: httpx.Client) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            http.get("/api/catalog").raise_for_status()
            return
        except httpx.HTTPError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def every_answer(url: str, args: argparse.Namespace, cache: Path) -> dict[str, Any]:
    """The 14 common matchups solved in the background, then every answer of one game each."""
    from airwar.games.migs_sabres.solver.background import common_matchups

    load_before = load()
    with httpx.Client(base_url=url, timeout=30) as http:
        wait_for_server(http)
        t0 = time.perf_counter()
        while True:
            bg = http.get("/api/solver/background").json()
            if bg["state"] not in ("starting", "solving"):
                break
            if time.perf_counter() - t0 > args.timeout:
                raise SystemExit(f"the background solves did not end within {args.timeout} s")
            time.sleep(1.0)
        background_seconds = time.perf_counter() - t0
        load_solved = load()
        rows = []
        for m, _o in common_matchups():
            body = {
                "game": "migs-engagement",
                "seats": {"Communist": "ai:expert", "Allied": "ai:expert"},
                "options": {"active": m.active, "listed": m.listed, "active_ace": m.active_ace},
            }
            made = http.post("/api/games", json=body)
            made.raise_for_status()
            game = made.json()  # no seat link: both seats are the AI's, read as a spectator
            gaps: list[float] = []
            last, seen, start = time.perf_counter(), 0, time.perf_counter()
            while True:
                now = time.perf_counter()
                got = http.get(f"/api/games/{game['id']}").json()
                if got["decisions"] != seen:
                    gaps.append(now - last)
                    last, seen = now, got["decisions"]
                if got.get("status") not in (None, "running") or now - start > args.timeout:
                    break
                time.sleep(0.02)
            rows.append({
                "matchup": m.label(), "answers": len(gaps),
                "first_answer_seconds": round(gaps[0], 3) if gaps else None,
                "max_answer_seconds": round(max(gaps), 3) if gaps else None,
            })  # fmt: skip
    size = sum(f.stat().st_size for f in cache.rglob("*") if f.is_file())
    return {
        "background": {k: bg[k] for k in ("state", "total", "solved", "error")},
        "background_seconds": round(background_seconds, 1),
        "cache_bytes": size,
        "max_answer_seconds": max(r["max_answer_seconds"] or 0.0 for r in rows),
        "matchups": rows,
        "load_average": {"before": load_before, "solved": load_solved, "after": load()},
        "machine": f"{os.uname().machine}, {os.cpu_count()} cores, Python {sys.version.split()[0]}",
    }


def measure(url: str, args: argparse.Namespace) -> dict[str, Any]:
    load_before = load()
    with httpx.Client(base_url=url, timeout=30) as http:
        wait_for_server(http)
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
            jobs = [
                j for j in http.get("/api/solver/jobs").json()["jobs"]
                if (j["matchup"]["active"], j["matchup"]["listed"]) == (args.active, args.listed)
                and not j["matchup"]["active_ace"]
            ]  # fmt: skip
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
        "background_solve": not args.no_background,
        "load_average": {"before": load_before, "after": load()},
        "machine": f"{os.uname().machine}, {os.cpu_count()} cores, Python {sys.version.split()[0]}",
    }


if __name__ == "__main__":
    main()
