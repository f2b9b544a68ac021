"""Load attacks from outside (issue 26): the games list, the live update streams.

Each test attacks through HTTP as any client could: an outsider looping on the
games list, a client opening stream after stream, streams left open with
nothing happening, a change made by another process.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event

from airwar.store import Store
from airwar.web.app import create_app
from airwar.web.limits import Limits, Rate
from tests.web.conftest import LOCAL, free_port
from tests.web.helpers import RELAXED, first_choice, tokens

ENGAGEMENT = "migs-engagement"


@contextmanager
def statements(store: Store) -> Iterator[list[str]]:
    """Every SQL statement the store's engine runs inside the block."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        seen.append(sql)

    event.listen(store.engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(store.engine, "before_cursor_execute", note)


def hot_seat_game(client: TestClient, moves: int = 0, public: bool = False) -> dict[str, str]:
    """A game this client plays at both seats, with ``moves`` decisions made."""
    seats = {"Communist": "human", "Allied": "human"}
    r = client.post("/api/games", json={"game": ENGAGEMENT, "seats": seats, "public": public})
    assert r.status_code == 201, r.text
    created = r.json()
    toks = tokens(created)
    for _ in range(moves):
        act(client, created["id"], toks)
    return {"id": created["id"], **toks}


def act(client: Any, gid: str, toks: dict[str, str]) -> None:
    """One decision by whichever seat is to act."""
    for tok in toks.values():
        data = client.get(f"/api/games/{gid}", params={"seat": tok}).json()
        if data["my_turn"]:
            r = client.post(
                f"/api/games/{gid}/actions",
                json={"seat": tok, "actions": [first_choice(data["view"])]},
            )
            assert r.status_code == 200, r.text
            return
    raise AssertionError("nobody is to act")


def test_the_games_list_reads_no_decision_and_comes_in_bounded_pages(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}", limits=RELAXED)
    with TestClient(app, base_url=LOCAL) as owner, TestClient(app, base_url=LOCAL) as outsider:
        made = [hot_seat_game(owner, moves=3) for _ in range(3)]
        hot_seat_game(owner, moves=1, public=True)
        store: Store = app.state.store
        with statements(store) as seen:
            r = outsider.get("/api/games")
        assert r.status_code == 200
        listed = r.json()
        assert [g["mine"] for g in listed] == [False]  # the public game only, without links
        assert not any("game_actions" in sql for sql in seen), seen
        with statements(store) as seen:
            first = owner.get("/api/games", params={"limit": 2})
        assert not any("game_actions" in sql for sql in seen), seen
        assert len(first.json()) == 2
        assert first.headers["X-Next-Offset"] == "2"
        rest = owner.get("/api/games", params={"limit": 2, "offset": 2})
        assert "X-Next-Offset" not in rest.headers or len(rest.json()) == 2
        ids = [g["id"] for g in first.json() + rest.json()]
        assert {m["id"] for m in made} <= set(ids)
        counts = {g["id"]: g["decisions"] for g in first.json() + rest.json()}
        assert all(counts[m["id"]] == 3 for m in made)
        for bad in ({"limit": 0}, {"limit": 101}, {"offset": -1}, {"offset": 10**6}):
            assert outsider.get("/api/games", params=bad).status_code == 422, bad
    app.state.store.close()


def test_an_outsider_looping_on_the_list_is_told_to_wait(tmp_path: Path) -> None:
    limits = Limits(read=Rate(per_second=0.5, burst=5))
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}", limits=limits)
    with TestClient(app, base_url=LOCAL) as outsider:
        codes = [outsider.get("/api/games").status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
        r = outsider.get("/api/games")
        assert r.status_code == 429
        assert int(r.headers["Retry-After"]) >= 1
        assert "reads" in r.json()["detail"]
        # the game pages themselves stay open to it
        assert outsider.get("/api/catalog").status_code == 200
    app.state.store.close()


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """The app served by uvicorn on a free loopback port, in a thread, stopped after."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


def open_stream(client: httpx.Client, url: str) -> tuple[Any, Iterator[str]]:
    """An open event stream (its context, to close) and its lines."""
    ctx = client.stream("GET", url, timeout=httpx.Timeout(10.0))
    response = ctx.__enter__()
    assert response.status_code == 200, response.read()
    return ctx, response.iter_lines()


def next_event(lines: Iterator[str], kind: str, within: float) -> str:
    """The next line that starts with ``kind`` (``event: update``, ``: keep-alive``)."""
    deadline = time.monotonic() + within
    for line in lines:
        if line.startswith(kind):
            return line
        assert time.monotonic() < deadline, f"no {kind!r} within {within} s"
    raise AssertionError("the stream ended")


def test_idle_streams_cost_no_reads_wake_on_change_keep_alive_and_are_capped(
    tmp_path: Path,
) -> None:
    db = tmp_path / "web.sqlite"
    limits = Limits(
        create=RELAXED.create, act=RELAXED.act, read=RELAXED.read, streams=10
    )  # ten at once per address
    app = create_app(f"sqlite:///{db}", limits=limits, keep_alive=0.5, stream_seconds=20)
    with serving(app) as base, httpx.Client(base_url=base) as client:
        game = hot_seat_game(client)  # type: ignore[arg-type]
        gid, toks = game["id"], {k: v for k, v in game.items() if k != "id"}
        url = f"/api/games/{gid}/stream?seat={toks['Communist']}"
        held = [open_stream(client, url) for _ in range(10)]
        try:
            for _, lines in held:
                next_event(lines, "event: update", 5)
            # the eleventh is refused: at most ten at once from one address
            refused = client.get(url)
            assert refused.status_code == 429
            assert refused.headers["Retry-After"]
            # ten idle streams for two seconds: the store is read by the one watcher of
            # the process, never by each stream (they used to read it once a second each);
            # its first look (on the first stream) may wake them once, for a game just made
            time.sleep(3.0)
            with statements(app.state.store) as seen:
                time.sleep(2.0)
            assert len(seen) <= 8, seen
            # and each sends keep-alive comments meanwhile
            for _, lines in held:
                next_event(lines, ": keep-alive", 3)
            # a decision here wakes them at once
            t0 = time.monotonic()
            act(client, gid, toks)
            for _, lines in held:
                next_event(lines, "event: update", 3)
            assert time.monotonic() - t0 < 3
            # a decision saved by another process (another store on the same file) too
            other = Store(f"sqlite:///{db}")
            try:
                from airwar.web.service import GameService

                svc = GameService(other)
                live = svc.get(gid)
                seat = live.state.current_actor()
                texts = [str(live.state.legal_actions()[0])]
                svc.act(live, seat, texts)
            finally:
                other.close()
            for _, lines in held[:3]:
                next_event(lines, "event: update", 5)
        finally:
            for ctx, _ in held:
                ctx.__exit__(None, None, None)
        # the streams closed, their places are free again
        deadline = time.monotonic() + 5
        while app.state.streams.held("127.0.0.1"):
            assert time.monotonic() < deadline, "closed streams still counted"
            time.sleep(0.1)
        ctx, lines = open_stream(client, url)
        ctx.__exit__(None, None, None)


@pytest.mark.parametrize("kind", ["postgresql"])
def test_a_change_through_another_process_wakes_streams_on_postgresql(
    kind: str, tmp_path: Path
) -> None:
    from tests.web.conftest import database

    with database(kind, tmp_path) as url:
        app = create_app(url, limits=RELAXED, keep_alive=5, stream_seconds=20)
        with serving(app) as base, httpx.Client(base_url=base) as client:
            game = hot_seat_game(client)  # type: ignore[arg-type]
            gid = game["id"]
            ctx, lines = open_stream(client, f"/api/games/{gid}/stream?seat={game['Allied']}")
            try:
                next_event(lines, "event: update", 5)
                time.sleep(1.0)  # the watcher starts listening (and wakes every stream once)
                with statements(app.state.store) as seen:
                    time.sleep(1.0)
                assert seen == []  # PostgreSQL tells: nothing is polled
                other = Store(url)
                try:
                    from airwar.web.service import GameService

                    svc = GameService(other)
                    live = svc.get(gid)
                    svc.act(live, live.state.current_actor(), [str(live.state.legal_actions()[0])])
                finally:
                    other.close()
                t0 = time.monotonic()
                next_event(lines, "event: update", 3)
                assert time.monotonic() - t0 < 3
            finally:
                ctx.__exit__(None, None, None)
        app.state.store.close()


def test_refused_streams_hold_no_place(tmp_path: Path) -> None:
    """Streams of unknown games, or with a link that plays no seat, are refused and leave
    the address's places free."""
    limits = Limits(read=RELAXED.read, streams=2)
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}", limits=limits)
    with TestClient(app, base_url=LOCAL) as outsider:
        game = hot_seat_game(outsider)
        for _ in range(5):
            assert outsider.get("/api/games/nosuchgame/stream").status_code == 404
            bad = outsider.get(f"/api/games/{game['id']}/stream", params={"seat": "A" * 22})
            assert bad.status_code == 403
        assert app.state.streams.held("testclient") == 0
    app.state.store.close()


def test_changes_a_reader_may_not_see_do_not_move_its_keep_alives(tmp_path: Path) -> None:
    """A stream woken by a change it may not see (the enemy's secret decision, GS-73) sends
    nothing, and its keep-alives keep their beat: their timing tells nothing either."""
    app = create_app(
        f"sqlite:///{tmp_path / 'web.sqlite'}", limits=RELAXED, keep_alive=1.0, stream_seconds=8
    )
    with serving(app) as base, httpx.Client(base_url=base) as client:
        game = hot_seat_game(client)  # type: ignore[arg-type]
        ctx, lines = open_stream(client, f"/api/games/{game['id']}/stream")
        stop = threading.Event()

        def wake() -> None:  # as if the game changed where this reader cannot see
            while not stop.wait(0.3):
                app.state.changes.touch(game["id"])

        waker = threading.Thread(target=wake, daemon=True)
        try:
            next_event(lines, "event: update", 5)
            waker.start()
            beats = []
            for _ in range(4):
                next_event(lines, ": keep-alive", 3)
                beats.append(time.monotonic())
            gaps = [b - a for a, b in itertools.pairwise(beats)]
            assert all(0.5 < g < 1.6 for g in gaps), gaps
        finally:
            stop.set()
            ctx.__exit__(None, None, None)
