"""The FastAPI application factory of the browser app (``airwar serve``)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import StreamingResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send

from airwar import __version__
from airwar.store import Store
from airwar.web import api, errors, hardening, lifeline, listing, pages, reading, seat_table, table
from airwar.web.changes import Changes
from airwar.web.identity import browser_id
from airwar.web.limits import (
    DEFAULT_LIMITS,
    READ,
    STREAMS,
    Limits,
    Rate,
    RateLimiter,
    StreamCount,
    TooManyRequests,
    charge,
    client_of,
)
from airwar.web.parts import (
    AppSettings,
    WebParts,
    all_parts,
    home_cards,
    navigation,
    parts_by_game,
    static_name,
    upload_paths,
)
from airwar.web.presence import Presence
from airwar.web.schemas import GameId
from airwar.web.service import GameService
from airwar.web.workers import THREADS, BotWorkers

HERE = Path(__file__).parent

STREAM_SECONDS = 30.0
"""A live-update stream closes after this long; the page's EventSource reconnects."""

KEEP_ALIVE_SECONDS = 15.0
"""An idle live-update stream sends a comment this often, so that no client or proxy
between takes it for dead."""


class CountedStream(StreamingResponse):
    """A live-update stream that counts itself among its client's open streams until it
    ends, however it ends (the client gone, the server stopping)."""

    def __init__(self, counter: StreamCount, client: str, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.counter = counter
        self.client = client

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.counter.close(self.client)


HOSTS_VAR = "AIRWAR_ALLOWED_HOSTS"
"""Environment variable of :func:`app_from_environment`: the Host names allowed besides
the loopback ones, separated by commas (the database comes from ``AIRWAR_DATABASE_URL``)."""
PROCESSES_VAR = "AIRWAR_PROCESSES"
"""Environment variable of :func:`app_from_environment`: how many server processes share
the port (``airwar serve --workers N`` sets it), so each holds its share of the rate
limits and the whole server holds to them (:meth:`Limits.shared_by`)."""

LIMITS_VAR = "AIRWAR_RATE_LIMITS"
"""Environment variable of :func:`app_from_environment`: ``off`` lifts the per-address
rate limits (a load test from this computer, whose every client has one address)."""


def create_app(
    database_url: str | None = None,
    *,
    store: Store | None = None,
    games: Sequence[str] | None = None,
    stream_seconds: float = STREAM_SECONDS,
    keep_alive: float = KEEP_ALIVE_SECONDS,
    allowed_hosts: Sequence[str] | None = None,
    limits: Limits = DEFAULT_LIMITS,
    bot_threads: int = THREADS,
    warm_solver: bool = False,
    solver_slots: int | None = None,
    background_solve: bool = False,
) -> FastAPI:
    """The app on the store at ``database_url`` (default: the user's SQLite file).

    ``games`` limits the games offered (default: every game with a page);
    ``allowed_hosts`` adds Host names the app answers to besides the loopback ones;
    ``limits`` sets how often a client may create games and act (:mod:`airwar.web.limits`);
    ``bot_threads`` is the number of background workers playing the bots' turns;
    ``solver_slots``, ``warm_solver`` and ``background_solve`` go to the start hooks
    of the games' browser parts (:class:`airwar.web.parts.AppSettings`): how many
    solves every server process on the database holds together (default: the game's
    own), whether the server readies a compiled solver in the background as it starts
    (``airwar serve`` does, so that no player waits for its compilation), whether it
    solves the common positions in the background (``airwar serve`` does unless told
    not to).

    Every game's own routes, pages, navigation links, renderer scripts and hooks come
    from its :class:`~airwar.web.parts.WebParts`, found through the game registry.
    """
    settings = AppSettings(
        warm_solver=warm_solver, solver_slots=solver_slots, background_solve=background_solve
    )
    by_game = parts_by_game()
    parts = all_parts(by_game)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        for p in parts:  # each game's queues and background work
            if p.start is not None:
                p.start(app, settings)
        # games left with a bot to act when the server last stopped go on by themselves
        await asyncio.to_thread(app.state.bots.resume_waiting)
        yield
        app.state.closing = True
        app.state.changes.close()
        for p in parts:
            if p.stop is not None:
                p.stop(app)
        await asyncio.to_thread(app.state.bots.close)

    app = FastAPI(
        lifespan=lifespan,
        title="airwar",
        version=__version__,
        description="Play MiGs and Sabres and Gunslingers, and calculate Bounce Into Action fire.",
        responses={413: {"description": "the body is larger than the route takes"}},
    )
    app.state.store = store if store is not None else Store(database_url)
    app.state.service = GameService(app.state.store)
    app.state.bots = BotWorkers(app.state.service, bot_threads, store=app.state.store)
    app.state.service.scheduler = app.state.bots  # no request waits for a bot
    app.state.limits = RateLimiter(limits)
    app.state.streams = StreamCount(limits.streams)
    app.state.changes = Changes(app.state.store)
    app.state.presence = Presence()
    app.state.bots.changes = app.state.changes  # the AI at work wakes the game's streams
    app.state.closing = False
    app.state.games = tuple(games) if games is not None else None
    app.state.parts = by_game
    app.state.nav = navigation(parts)
    app.state.home = home_cards(parts)
    app.state.home_panels = [p.home_panel for p in parts if p.home_panel]
    app.state.home_scripts = [src for p in parts for src in p.home_scripts]
    errors.install(app)
    hardening.install(app, allowed_hosts, upload_paths(parts))
    app.include_router(listing.router)
    app.include_router(api.router)
    app.include_router(table.router)
    for p in parts:
        for router in p.routers:
            app.include_router(router)
    app.include_router(pages.router)
    mount_static(app, by_game)

    @app.get("/api/games/{game_id}/stream", include_in_schema=False)
    async def stream(
        game_id: GameId,
        request: Request,
        seat: Annotated[str | None, Query(max_length=64)] = None,
    ) -> StreamingResponse:
        """Server-sent events: one ``update`` each time what this reader may see changes
        (every decision, the bots' too, for a reader who sees everything), its bots start
        or stop thinking, or a player opens its seat link. A seat of a running double-blind
        game is told only of a change it may see, with its own counts: nothing of the
        enemy's secret decisions (GS-73). A seat link is claim-once here too: one whose
        seat another browser holds is refused (403).

        The stream waits on the process's notifier (:mod:`airwar.web.changes`) and reads
        the game only when woken; a comment every :data:`KEEP_ALIVE_SECONDS` keeps the
        connection (and a proxy) from timing out. Opening one is charged to the address's
        reading allowance, and an address holds at most ``Limits.streams`` at once."""
        charge(request, READ)
        counter: StreamCount = request.app.state.streams
        client = client_of(request)
        if not counter.open(client):  # refused before anything is read
            raise TooManyRequests(STREAMS, keep_alive)
        svc: GameService = request.app.state.service
        changes: Changes = request.app.state.changes
        try:
            first = await asyncio.to_thread(svc.get, game_id)
            browser = browser_id(request)
            seat_name = await asyncio.to_thread(svc.seat_of, first, seat, browser)
            owner = await asyncio.to_thread(svc.owns, first, browser)
        except BaseException:
            counter.close(client)  # no stream after all
            raise
        spectator = seat_name is None and not owner
        host = reading.hosts(first, seat_name, owner)  # told of the seats joined
        presence: Presence = request.app.state.presence

        @contextlib.contextmanager
        def present(game: str, name: str | None) -> Iterator[None]:
            """Count this seat here while its stream is open; the other seats' streams are
            woken when it comes, and again once its grace is over after it goes."""
            if name is None:
                yield
                return
            presence.enter(game, name)
            changes.touch(game)
            try:
                yield
            finally:
                presence.leave(game, name)
                with contextlib.suppress(RuntimeError):
                    asyncio.get_running_loop().call_later(presence.grace + 0.5, changes.touch, game)

        async def events() -> AsyncIterator[str]:
            live = first
            told: dict[str, object] | None = None
            loop = asyncio.get_running_loop()
            end = loop.time() + stream_seconds
            # the keep-alives keep their own beat, whatever wakes the stream: a change this
            # reader may not see (the enemy's secret decision) must not shift them (GS-73)
            beat = loop.time() + keep_alive
            yield "retry: 1000\n\n"
            with changes.watching(game_id) as changed, present(game_id, seat_name):
                fresh = True
                while not request.app.state.closing:
                    if fresh:
                        changed.clear()
                        update = await asyncio.to_thread(
                            reading.stream_update, svc, live, seat_name, spectator
                        )
                        if host:  # the host's page then says "Red: joined"
                            update["joined"] = len(await asyncio.to_thread(svc.joined, live))
                        if seat_name is not None:  # the offers and who has left: seats only
                            update["table"] = await asyncio.to_thread(
                                seat_table.stream_table, live, seat_name, presence
                            )
                        if update != told:
                            told = update
                            yield f"event: update\ndata: {json.dumps(update)}\n\n"
                    now = loop.time()
                    if now >= end:
                        break
                    if now >= beat:
                        beat += keep_alive * (1 + (now - beat) // keep_alive)
                        yield ": keep-alive\n\n"
                        fresh = False
                        continue
                    try:
                        await asyncio.wait_for(changed.wait(), min(end, beat) - now)
                    except TimeoutError:
                        fresh = False
                        continue
                    fresh = True
                    if request.app.state.closing:
                        break
                    # a change made here or by another process sharing the store
                    live = await asyncio.to_thread(svc.get, game_id)

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return CountedStream(
            counter, client, events(), media_type="text/event-stream", headers=headers
        )

    return app


def mount_static(app: FastAPI, by_game: dict[str, WebParts]) -> None:
    """The app's static files at ``/static``, and each game's own folder (a game installed
    apart brings its scripts in it) at ``/static/games/<game>/``, mounted first so that
    ``/static`` does not take its paths."""
    for game, p in by_game.items():
        if p.static is not None:
            package, directory = p.static
            app.mount(
                f"/static/games/{game}",
                StaticFiles(packages=[(package, directory)]),
                name=static_name(game),
            )
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")


def app_from_environment() -> FastAPI:
    """The app as an ASGI server's factory builds it in each worker process.

    Every setting comes from the environment, as ``airwar serve --workers N``
    sets it (or an operator does, for ``uvicorn --factory
    airwar.web.app:app_from_environment``): the database from
    ``AIRWAR_DATABASE_URL`` (default: the user's SQLite file), the allowed
    Host names from ``AIRWAR_ALLOWED_HOSTS`` (comma-separated) and
    ``AIRWAR_RATE_LIMITS=off`` to lift the rate limits, ``AIRWAR_PROCESSES`` the number of
    processes that share them, and each game's own settings as its browser parts read
    them (:attr:`airwar.web.parts.WebParts.environment`: ``AIRWAR_BACKGROUND_SOLVE=off``
    to solve no matchup in the background). Every worker opens its own
    connections; the store's locks and each request's check of the game against the store keep
    the workers' copies in step.
    """
    lifeline.guard()  # a worker of `airwar serve --workers N` dies with it
    names = [n for n in os.environ.get(HOSTS_VAR, "").split(",") if n.strip()]
    try:
        hosts = [hardening.host_pattern(n) for n in names]
    except ValueError as exc:
        raise ValueError(f"{HOSTS_VAR}: {exc}") from None
    setting = os.environ.get(LIMITS_VAR, "on").strip().lower()
    if setting not in ("on", "off"):
        raise ValueError(f"{LIMITS_VAR} is 'on' or 'off', not {setting!r}")
    raw = os.environ.get(PROCESSES_VAR, "1").strip()
    if not raw.isdigit() or not 1 <= int(raw) <= 1024:
        raise ValueError(
            f"{PROCESSES_VAR} is the number of server processes (1 to 1024), not {raw!r}"
        )
    limits = UNLIMITED if setting == "off" else DEFAULT_LIMITS.shared_by(int(raw))
    settings: dict[str, Any] = {"warm_solver": True}
    for p in all_parts():  # each game's own settings (a bad one: ValueError, one line)
        if p.environment is not None:
            settings |= p.environment(os.environ)
    return create_app(allowed_hosts=hosts, limits=limits, **settings)


UNLIMITED = Limits(
    create=Rate(per_second=1e9, burst=10**9),
    act=Rate(per_second=1e9, burst=10**9),
    read=Rate(per_second=1e9, burst=10**9),
    streams=10**9,
)
"""Rate limits no client reaches: ``airwar serve --no-rate-limits`` (load tests)."""
