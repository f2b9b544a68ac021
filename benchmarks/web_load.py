"""Load test of the browser app on loopback: many games played at once through the HTTP API,
against ``airwar serve`` with each given number of worker processes, in one run.

For each ``--workers`` figure in turn (default ``2,1``), it starts ``airwar
serve --workers N --no-rate-limits`` on 127.0.0.1 (a free port) on a fresh
database: with ``--database-url postgresql...`` a new database made beside
the given one (its user needs CREATEDB) and dropped afterwards, else a new
SQLite file. It keeps ``--games`` MiGs and Sabres engagements going at once:
both seats of each game (a person and a second browser) are played by the
client through the API, one ``POST /api/games/{id}/actions`` per decision
(fire when a shot is offered, else a random legal step), each game on its own
connection; a game that ends (its turn limit, MS-11) is replaced by a new one.
After ``--warmup`` seconds, every decision made in the next ``--seconds``
seconds is timed. It prints, for each server, decisions per second,
p50/p95/p99 latency of the decisions, the errors (any refused request or
failed connection; the target is none) and the CPU seconds used by the
server's processes and by this client, then the ratio of decisions per
second of each server to the one with the fewest workers.

    python benchmarks/web_load.py --database-url postgresql+psycopg://user:pw@127.0.0.1/db \\
        --workers 2,1 --games 50 --seconds 60 --markdown

With ``--streams N`` or ``--listers N`` it measures instead what readers cost
everyone else: it makes ``--stream-games`` games, keeps N live update streams
open on them (idle: nobody moves; a stream that ends is opened again) and N
clients looping on ``GET /api/games`` (each its own browser, an outsider
with nothing of its own), and times ``GET /api/catalog`` from one more client
meanwhile; it prints the catalog's p50/p95/p99, the longest silence any
stream had (an idle stream should send a keep-alive comment well inside a
client's timeout), the games-list requests answered and the errors.

    python benchmarks/web_load.py --workers 1 --streams 1000 --seconds 30 --markdown
    python benchmarks/web_load.py --workers 1 --listers 10 --listed-games 60 --seconds 30

Bounded: 127.0.0.1 only; at most ``--games`` games and connections at once
(≤ 200), ``--seconds`` ≤ 600 of measuring, ``--workers`` 1..16, at most four
servers in a run, each stopped before the next starts; ``--streams`` ≤ 2000,
``--listers`` ≤ 50, ``--listed-games`` ≤ 500.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx

HOST = "127.0.0.1"
MAX_GAMES = 200
MAX_SECONDS = 600
MAX_WORKERS = 16
MAX_SERVERS = 4
MAX_STREAMS = 2000
MAX_LISTERS = 50
MAX_LISTED_GAMES = 500
START_SECONDS = 120.0


@dataclass
class Tally:
    """What one server did while measured."""

    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    games_started: int = 0
    games_finished: int = 0
    requests: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


@dataclass
class Window:
    """The measured part of a run: requests started and ended between ``start`` and ``end``."""

    start: float
    end: float

    def holds(self, t0: float, t1: float) -> bool:
        return self.start <= t0 and t1 <= self.end


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


# -- databases ------------------------------------------------------------------------
@contextlib.contextmanager
def fresh_database(base: str | None, tmp: Path, label: str) -> Iterator[str]:
    """A new empty database: beside ``base`` (PostgreSQL), or a SQLite file in ``tmp``."""
    if base is None or not base.startswith("postgresql"):
        yield base or f"sqlite:///{tmp / f'{label}.sqlite'}"
        return
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    url = make_url(base)
    admin = url.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"airwar_load_{label}_{secrets.token_hex(4)}"
    with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


# -- the server -----------------------------------------------------------------------
def start_server(
    port: int, database_url: str, workers: int, errors: Any
) -> subprocess.Popen[bytes]:
    """``airwar serve`` started and answering; its standard error goes to ``errors``."""
    cmd = [sys.executable, "-m", "airwar.cli.main", "serve", "--host", HOST, "--port", str(port)]
    cmd += ["--database-url", database_url, "--workers", str(workers), "--no-rate-limits"]
    env = {k: v for k, v in os.environ.items() if k != "AIRWAR_DATABASE_URL"}
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=errors, env=env, start_new_session=True
    )
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"airwar serve exited with {proc.returncode}: {tail(errors)}")
        try:
            if httpx.get(f"http://{HOST}:{port}/api/catalog", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    stop_server(proc)
    raise SystemExit(f"airwar serve did not start within {START_SECONDS:.0f} s: {tail(errors)}")


def tail(errors: Any) -> str:
    errors.seek(0)
    return str(errors.read()[-2000:].decode(errors="replace"))


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)  # a worker left behind


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process and its children still running (Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(c) for c in children.read_text().split()]
    for p in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


# -- the players ----------------------------------------------------------------------
def choose(view: dict[str, Any], rng: random.Random) -> str:
    """Fire when a shot is offered, else a random legal step."""
    acts = view["engagement"]["legal_actions"]
    for a in acts:
        if a["action"] == "fire":
            return "fire"
    return str(rng.choice(acts)["action"])


async def play_slot(base: str, tally: Tally, window: Window, seed: int, turn_limit: int) -> None:
    """Play games one after another until the window closes, each on a new connection."""
    rng = random.Random(seed)
    while time.monotonic() < window.end:
        async with httpx.AsyncClient(base_url=base, timeout=60) as client:
            await play_game(client, tally, window, rng, turn_limit)


async def play_game(
    client: httpx.AsyncClient, tally: Tally, window: Window, rng: random.Random, turn_limit: int
) -> None:
    body = {
        "game": "migs-engagement",
        "seats": {"Allied": "human", "Communist": "remote"},
        "options": {"turn_limit": turn_limit},
    }
    r = await timed(client, tally, window, "POST", "/api/games", json=body)
    if r is None:
        await asyncio.sleep(0.2)
        return
    made = r.json()
    game_id = made["id"]
    tokens = {
        link["seat"]: parse_qs(urlparse(link["url"]).query)["seat"][0] for link in made["links"]
    }
    if time.monotonic() >= window.start:
        tally.games_started += 1
    r = await timed(client, tally, window, "GET", f"/api/games/{game_id}")
    data = r.json() if r is not None else None
    since = 0
    while data is not None and time.monotonic() < window.end:
        if data["status"] == "finished":
            if time.monotonic() < window.end:
                tally.games_finished += 1
            return
        seat = data["to_act"]
        action = choose(data["view"], rng)
        since = data["log_length"]
        r = await timed(
            client,
            tally,
            window,
            "POST",
            f"/api/games/{game_id}/actions",
            params={"since": since},
            json={"seat": tokens[seat], "actions": [action]},
            decision=True,
        )
        data = r.json() if r is not None else None


async def timed(
    client: httpx.AsyncClient,
    tally: Tally,
    window: Window,
    method: str,
    url: str,
    *,
    decision: bool = False,
    **kw: Any,
) -> httpx.Response | None:
    """A request; a decision in the window is timed, an error in the window counted."""
    t0 = time.monotonic()
    try:
        r = await client.request(method, url, **kw)
    except httpx.HTTPError as exc:
        if window.holds(t0, time.monotonic()):
            tally.error(type(exc).__name__)
        return None
    t1 = time.monotonic()
    if window.holds(t0, t1):
        tally.requests += 1
        if r.status_code >= 400:
            tally.error(f"HTTP {r.status_code} on {method} {url.split('?')[0].rsplit('/', 1)[-1]}")
        elif decision:
            tally.latencies.append(t1 - t0)
    return r if r.status_code < 400 else None


async def drive(
    base: str, server: int, games: int, warmup: float, seconds: float, turn_limit: int
) -> tuple[Tally, float, float]:
    """Play; the tally of the window, and the CPU seconds the server's processes
    and this client used in it."""
    tally = Tally()
    start = time.monotonic() + warmup
    window = Window(start, start + seconds)
    cpu: list[tuple[float, float]] = []

    async def sample() -> None:
        for moment in (window.start, window.end):
            await asyncio.sleep(max(0.0, moment - time.monotonic()))
            cpu.append((cpu_seconds(server), time.process_time()))

    await asyncio.gather(
        sample(), *(play_slot(base, tally, window, seed, turn_limit) for seed in range(games))
    )
    (server0, client0), (server1, client1) = cpu
    return tally, server1 - server0, client1 - client0


# -- readers: streams and the games list, against the catalog -------------------------
@dataclass
class Readers:
    """What one server did while readers loaded it."""

    catalog: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    silences: list[float] = field(default_factory=list)
    lists: int = 0
    streams_opened: int = 0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def make_games(base: str, count: int, moves: int) -> list[tuple[str, str]]:
    """``count`` games (a person and a second browser), ``moves`` decisions made in each:
    (id, the first seat's token)."""
    made = []
    rng = random.Random(1)
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for _ in range(count):
            body = {
                "game": "migs-engagement",
                "seats": {"Allied": "human", "Communist": "remote"},
                "options": {"turn_limit": 30},
            }
            r = await client.post("/api/games", json=body)
            r.raise_for_status()
            data = r.json()
            tokens = {
                link["seat"]: parse_qs(urlparse(link["url"]).query)["seat"][0]
                for link in data["links"]
            }
            game = (await client.get(f"/api/games/{data['id']}")).json()
            for _ in range(moves):
                if game["status"] != "running":
                    break
                r = await client.post(
                    f"/api/games/{data['id']}/actions",
                    json={"seat": tokens[game["to_act"]], "actions": [choose(game["view"], rng)]},
                )
                if r.status_code != 200:
                    break
                game = r.json()
            made.append((data["id"], tokens["Allied"]))
    return made


async def hold_stream(client: httpx.AsyncClient, url: str, window: Window, found: Readers) -> None:
    """Keep a stream open until the window ends (opening it again when it ends), noting
    the longest time inside the window that nothing came."""
    last = time.monotonic()
    longest = 0.0

    def seen(now: float) -> None:
        nonlocal last, longest
        a, b = max(last, window.start), min(now, window.end)
        longest = max(longest, b - a)
        last = now

    async def hold() -> None:
        while True:
            try:
                async with client.stream("GET", url) as r:
                    if r.status_code != 200:
                        found.error(f"HTTP {r.status_code} on stream")
                        await asyncio.sleep(1.0)
                        continue
                    found.streams_opened += 1
                    async for _line in r.aiter_lines():
                        seen(time.monotonic())
            except httpx.HTTPError as exc:
                if window.start < time.monotonic() < window.end:
                    found.error(f"{type(exc).__name__} on stream")
                await asyncio.sleep(1.0)

    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(hold(), window.end - time.monotonic())
    seen(window.end)
    found.silences.append(longest)


async def list_loop(base: str, window: Window, found: Readers) -> None:
    """An outsider (a browser of its own, no game) asking for the games list again and again."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        while time.monotonic() < window.end:
            t0 = time.monotonic()
            try:
                r = await client.get("/api/games")
            except httpx.HTTPError as exc:
                found.error(f"{type(exc).__name__} on list")
                continue
            if window.holds(t0, time.monotonic()):
                if r.status_code != 200:
                    found.error(f"HTTP {r.status_code} on list")
                else:
                    found.lists += 1


def probe_catalog(base: str, window: Window, found: Readers) -> None:
    """One client in a thread of its own timing ``GET /api/catalog`` every 50 ms."""
    with httpx.Client(base_url=base, timeout=60) as client:
        while time.monotonic() < window.end:
            t0 = time.monotonic()
            try:
                r = client.get("/api/catalog")
            except httpx.HTTPError as exc:
                found.error(f"{type(exc).__name__} on catalog")
                continue
            t1 = time.monotonic()
            if window.holds(t0, t1):
                if r.status_code != 200:
                    found.error(f"HTTP {r.status_code} on catalog")
                else:
                    found.catalog.append(t1 - t0)
            time.sleep(0.05)


async def drive_readers(
    base: str,
    streams: int,
    listers: int,
    stream_games: int,
    listed_games: int,
    moves: int,
    warmup: float,
    seconds: float,
) -> Readers:
    found = Readers()
    games = await make_games(base, max(stream_games, listed_games), moves)
    start = time.monotonic() + warmup
    window = Window(start, start + seconds)
    prober = threading.Thread(target=probe_catalog, args=(base, window, found), daemon=True)
    prober.start()
    limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
    timeout = httpx.Timeout(60.0, read=None)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
        tasks = [
            hold_stream(
                client,
                f"/api/games/{gid}/stream",  # a spectator: a seat link is claim-once
                window,
                found,
            )
            for gid, _tok in (games[i % stream_games] for i in range(streams))
        ]
        tasks += [list_loop(base, window, found) for _ in range(listers)]
        await asyncio.gather(*tasks)
    await asyncio.to_thread(prober.join)
    return found


def report_readers(args: Any, workers: int, found: Readers, markdown: bool) -> None:
    rows = [
        ("catalog requests timed", f"{len(found.catalog)}"),
        ("catalog p50", f"{1000 * percentile(found.catalog, 50):.0f} ms"),
        ("catalog p95", f"{1000 * percentile(found.catalog, 95):.0f} ms"),
        ("catalog p99", f"{1000 * percentile(found.catalog, 99):.0f} ms"),
        ("streams held / opened", f"{args.streams} / {found.streams_opened}"),
        (
            "longest silence of a stream",
            f"{max(found.silences):.1f} s" if found.silences else "-",
        ),
        ("games lists answered", f"{found.lists}"),
        ("errors", f"{sum(found.errors.values())} {found.errors or ''}".strip()),
    ]
    head = f"{workers} worker{'s' if workers > 1 else ''}"
    if markdown:
        print(f"| measure | {head} |\n|---|---:|")
        for name, cell in rows:
            print(f"| {name} | {cell} |")
    else:
        for name, cell in rows:
            print(f"{name:>30}: {cell}")


# -- the report -----------------------------------------------------------------------
def percentile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


@dataclass
class Result:
    workers: int
    tally: Tally
    seconds: float
    server_cpu: float
    client_cpu: float

    @property
    def rate(self) -> float:
        return len(self.tally.latencies) / self.seconds


def report(results: list[Result], markdown: bool) -> None:
    rows: list[tuple[str, list[str]]] = []

    def row(name: str, cell: Any) -> None:
        rows.append((name, [cell(r) for r in results]))

    row("decisions per second", lambda r: f"{r.rate:.1f}")
    row("decisions", lambda r: f"{len(r.tally.latencies)}")
    row("latency p50", lambda r: f"{1000 * percentile(r.tally.latencies, 50):.0f} ms")
    row("latency p95", lambda r: f"{1000 * percentile(r.tally.latencies, 95):.0f} ms")
    row("latency p99", lambda r: f"{1000 * percentile(r.tally.latencies, 99):.0f} ms")
    row("requests (all kinds)", lambda r: f"{r.tally.requests}")
    row(
        "errors",
        lambda r: (
            f"{sum(r.tally.errors.values())}" + (f" {r.tally.errors}" if r.tally.errors else "")
        ),
    )
    row(
        "games started / ended in the window",
        lambda r: f"{r.tally.games_started} / {r.tally.games_finished}",
    )
    row("server CPU s (all processes)", lambda r: f"{r.server_cpu:.0f}")
    row("load generator CPU s", lambda r: f"{r.client_cpu:.0f}")
    heads = [f"{r.workers} worker{'s' if r.workers > 1 else ''}" for r in results]
    base = min(results, key=lambda r: r.workers)
    ratios = [
        f"{r.workers} / {base.workers} workers: {r.rate / base.rate:.2f}"
        for r in results
        if r is not base and base.rate > 0
    ]
    if markdown:
        print("| measure | " + " | ".join(heads) + " |")
        print("|---|" + "---:|" * len(heads))
        for name, cells in rows:
            print(f"| {name} | " + " | ".join(cells) + " |")
        for line in ratios:
            print(f"\nDecisions per second, {line}")
    else:
        print(f"{'':>30}  " + "  ".join(f"{h:>16}" for h in heads))
        for name, cells in rows:
            print(f"{name:>30}: " + "  ".join(f"{c:>16}" for c in cells))
        for line in ratios:
            print(f"decisions per second, {line}")


def bounded_workers(text: str) -> list[int]:
    try:
        figures = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise SystemExit(f"--workers: numbers separated by commas, not {text!r}") from None
    if not 1 <= len(figures) <= MAX_SERVERS or any(not 1 <= n <= MAX_WORKERS for n in figures):
        raise SystemExit(f"--workers: 1 to {MAX_SERVERS} figures, each 1..{MAX_WORKERS}")
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--workers", default="2,1", help="server processes, one run each (2,1)")
    ap.add_argument("--games", type=int, default=50, help="games played at once")
    ap.add_argument("--seconds", type=float, default=60.0, help="how long each is measured")
    ap.add_argument("--warmup", type=float, default=10.0, help="play before measuring (s)")
    ap.add_argument("--turn-limit", type=int, default=6, help="MS-11 turn limit of each game")
    ap.add_argument(
        "--database-url",
        default=None,
        help="PostgreSQL beside which to make fresh databases; default: fresh SQLite files",
    )
    ap.add_argument("--markdown", action="store_true", help="print a Markdown table")
    ap.add_argument("--streams", type=int, default=0, help="idle live update streams held")
    ap.add_argument("--listers", type=int, default=0, help="clients looping on the games list")
    ap.add_argument("--stream-games", type=int, default=10, help="games the streams watch")
    ap.add_argument("--listed-games", type=int, default=0, help="games made before (list)")
    ap.add_argument("--moves", type=int, default=0, help="decisions made in each game made")
    args = ap.parse_args()
    workers = bounded_workers(args.workers)
    if args.streams or args.listers:
        readers(args, workers)
        return
    if not 1 <= args.games <= MAX_GAMES:
        raise SystemExit(f"--games must be 1..{MAX_GAMES}")
    if not 1 <= args.seconds <= MAX_SECONDS:
        raise SystemExit(f"--seconds must be 1..{MAX_SECONDS}")
    if not 0 <= args.warmup <= 120:
        raise SystemExit("--warmup must be 0..120")
    if not 1 <= args.turn_limit <= 100:
        raise SystemExit("--turn-limit must be 1..100")
    results = []
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        for n in workers:
            with fresh_database(args.database_url, Path(tmp), f"w{n}") as url:
                port = free_port()
                errors = stack.enter_context(tempfile.TemporaryFile())
                proc = start_server(port, url, n, errors)
                try:
                    tally, cpu, client = asyncio.run(
                        drive(
                            f"http://{HOST}:{port}",
                            proc.pid,
                            args.games,
                            args.warmup,
                            args.seconds,
                            args.turn_limit,
                        )
                    )
                finally:
                    stop_server(proc)
            results.append(Result(n, tally, args.seconds, cpu, client))
            print(
                f"airwar serve --workers {n}: {results[-1].rate:.1f} decisions/s", file=sys.stderr
            )
    report(results, args.markdown)


def readers(args: Any, workers: list[int]) -> None:
    if not 0 <= args.streams <= MAX_STREAMS or not 0 <= args.listers <= MAX_LISTERS:
        raise SystemExit(f"--streams 0..{MAX_STREAMS}, --listers 0..{MAX_LISTERS}")
    if not 1 <= args.stream_games <= 100 or not 0 <= args.listed_games <= MAX_LISTED_GAMES:
        raise SystemExit(f"--stream-games 1..100, --listed-games 0..{MAX_LISTED_GAMES}")
    if not 0 <= args.moves <= 500 or not 1 <= args.seconds <= MAX_SECONDS:
        raise SystemExit(f"--moves 0..500, --seconds 1..{MAX_SECONDS}")
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        for n in workers:
            with fresh_database(args.database_url, Path(tmp), f"r{n}") as url:
                port = free_port()
                errors = stack.enter_context(tempfile.TemporaryFile())
                proc = start_server(port, url, n, errors)
                try:
                    found = asyncio.run(
                        drive_readers(
                            f"http://{HOST}:{port}",
                            args.streams,
                            args.listers,
                            args.stream_games,
                            args.listed_games,
                            args.moves,
                            args.warmup,
                            args.seconds,
                        )
                    )
                finally:
                    stop_server(proc)
            report_readers(args, n, found, args.markdown)


if __name__ == "__main__":
    main()
