"""Load test of the browser app on loopback: many concurrent games played through the HTTP API.

Starts ``airwar serve`` on 127.0.0.1 (a free port, a fresh SQLite file in a
temporary folder unless ``--database-url`` is given), then keeps ``--games``
MiGs and Sabres engagements going at once for ``--seconds``: in each, a
client-side bot flies the Allied seat through the API (it fires when the view
offers a shot, else takes a random legal step), and the server's heuristic
bot flies the Communist seat. Every request is timed. When a game ends its
slot starts a new one. Prints requests per second, p50/p95/p99 latency and
the errors (the target is none), as a Markdown table with ``--markdown``.

    python benchmarks/web_load.py --games 50 --seconds 120 --markdown

Bounded: 127.0.0.1 only, at most ``--games`` games at once (≤ 200), at most
``--seconds`` seconds (≤ 600).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx

HOST = "127.0.0.1"
MAX_GAMES = 200
MAX_SECONDS = 600


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games_started: int = 0
    games_finished: int = 0
    decisions: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, database_url: str) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "airwar.cli.main", "serve", "--host", HOST, "--port", str(port)]
    cmd += ["--database-url", database_url]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://{HOST}:{port}/api/catalog", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("airwar serve did not start within 30 s")


async def timed(
    client: httpx.AsyncClient, tally: Tally, method: str, url: str, **kw: Any
) -> httpx.Response | None:
    t0 = time.perf_counter()
    try:
        r = await client.request(method, url, **kw)
    except httpx.HTTPError as exc:
        tally.error(type(exc).__name__)
        return None
    tally.latencies.append(time.perf_counter() - t0)
    if r.status_code >= 400:
        tally.error(f"HTTP {r.status_code} on {method} {url.split('?')[0].rsplit('/', 1)[-1]}")
        return None
    return r


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """The client bot: fire when a shot is offered, else a random legal step (or hold)."""
    acts = view["engagement"]["legal_actions"]
    for a in acts:
        if a["action"] == "fire":
            return "fire"
    return str(rng.choice(acts)["action"])


async def play_slot(
    client: httpx.AsyncClient, tally: Tally, stop_at: float, seed: int, turn_limit: int
) -> None:
    rng = random.Random(seed)
    while time.monotonic() < stop_at:
        body = {
            "game": "migs-engagement",
            "seats": {"Allied": "human", "Communist": "ai:heuristic"},
            "seed": rng.randrange(2**40),
            "options": {"turn_limit": turn_limit},
        }
        r = await timed(client, tally, "POST", "/api/games", json=body)
        if r is None:
            await asyncio.sleep(0.1)
            continue
        made = r.json()
        game_id = made["id"]
        token = parse_qs(urlparse(made["links"][0]["url"]).query)["seat"][0]
        tally.games_started += 1
        r = await timed(client, tally, "GET", f"/api/games/{game_id}", params={"seat": token})
        data = r.json() if r is not None else None
        while data is not None and time.monotonic() < stop_at:
            if data["status"] == "finished":
                tally.games_finished += 1
                break
            action = choose(data["view"], rng)
            r = await timed(
                client,
                tally,
                "POST",
                f"/api/games/{game_id}/actions",
                params={"since": data["log_length"]},
                json={"seat": token, "actions": [action]},
            )
            if r is None:
                break
            tally.decisions += 1
            data = r.json()


async def run(base: str, games: int, seconds: float, turn_limit: int) -> Tally:
    tally = Tally()
    limits = httpx.Limits(max_connections=games + 10, max_keepalive_connections=games + 10)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        stop_at = time.monotonic() + seconds
        await asyncio.gather(
            *(play_slot(client, tally, stop_at, seed, turn_limit) for seed in range(games))
        )
    return tally


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50, help="games played at once")
    ap.add_argument("--seconds", type=float, default=120.0, help="how long to play")
    ap.add_argument("--turn-limit", type=int, default=6, help="MS-11 turn limit of each game")
    ap.add_argument("--database-url", default=None, help="default: a fresh SQLite file")
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = ap.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        raise SystemExit(f"--games must be 1..{MAX_GAMES}")
    if not 1 <= args.seconds <= MAX_SECONDS:
        raise SystemExit(f"--seconds must be 1..{MAX_SECONDS}")
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'load.sqlite'}"
        port = free_port()
        os.environ.pop("AIRWAR_DATABASE_URL", None)
        proc = start_server(port, url)
        try:
            t0 = time.monotonic()
            tally = asyncio.run(
                run(f"http://{HOST}:{port}", args.games, args.seconds, args.turn_limit)
            )
            elapsed = time.monotonic() - t0
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    lat_ms = [x * 1000 for x in tally.latencies]
    n_errors = sum(tally.errors.values())
    rows = [
        ("concurrent games", f"{args.games}"),
        ("duration", f"{elapsed:.0f} s"),
        ("requests", f"{len(lat_ms) + n_errors}"),
        ("requests per second", f"{(len(lat_ms) + n_errors) / elapsed:.1f}"),
        ("latency p50", f"{percentile(lat_ms, 50):.1f} ms"),
        ("latency p95", f"{percentile(lat_ms, 95):.1f} ms"),
        ("latency p99", f"{percentile(lat_ms, 99):.1f} ms"),
        ("errors", f"{n_errors}" + (f" ({tally.errors})" if n_errors else "")),
        ("games started / finished", f"{tally.games_started} / {tally.games_finished}"),
        ("player decisions", f"{tally.decisions}"),
    ]
    if args.markdown:
        print("| measure | value |\n|---|---|")
        for k, v in rows:
            print(f"| {k} | {v} |")
    else:
        for k, v in rows:
            print(f"{k:>26}: {v}")


if __name__ == "__main__":
    main()
