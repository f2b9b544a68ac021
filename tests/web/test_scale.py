"""The browser app scaled out: several server processes on one database, and behind a proxy.

Two ``airwar serve`` processes share a fresh PostgreSQL database: a game is
played across them (moves sent to one, the live update seen through the
other's stream), and the same decision is sent to both at once, round after
round: exactly one of the two is refused (409), never a server error.
``airwar serve --workers 2`` serves a game the same way from one port. The
pages work under a proxy's path prefix (``--root-path``).
"""

from __future__ import annotations

import contextlib
import json
import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from airwar.cli.main import app as cli_app
from airwar.web.app import UNLIMITED, app_from_environment, create_app
from tests.web.conftest import DATABASES, Server, database, free_port, fresh_postgres
from tests.web.helpers import BROWSER_COOKIE, TEST_BROWSER, tokens

TIMEOUT = httpx.Timeout(30.0)
ONE_BROWSER = {BROWSER_COOKIE: TEST_BROWSER}
"""The cookie of the one browser whose requests reach either server (or worker): a seat
link is claim-once, so the clients that stand for that browser share its identity."""


# -- talking to the servers ----------------------------------------------------------
def call(client: httpx.Client, method: str, url: str, **kw: Any) -> httpx.Response:
    """A request that must not be a server error, whatever else it is."""
    r = client.request(method, url, **kw)
    assert r.status_code < 500, f"{method} {url}: {r.status_code} {r.text[:300]}"
    return r


def new_duel(client: httpx.Client, first: str = "active") -> tuple[str, dict[str, str]]:
    """A MiGs and Sabres engagement between two people (Allied here, Communist remote)."""
    r = call(
        client,
        "POST",
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Allied": "human", "Communist": "remote"},
            "options": {"first": first},
        },
    )
    assert r.status_code == 201, r.text
    made = r.json()
    return made["id"], tokens(made)


def game(client: httpx.Client, game_id: str, token: str) -> dict[str, Any]:
    r = call(client, "GET", f"/api/games/{game_id}", params={"seat": token})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def act(client: httpx.Client, game_id: str, token: str, action: str) -> httpx.Response:
    return call(
        client, "POST", f"/api/games/{game_id}/actions", json={"seat": token, "actions": [action]}
    )


def legal(data: dict[str, Any]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = data["view"]["engagement"]["legal_actions"]
    return steps


def last_step(data: dict[str, Any]) -> str | None:
    """A step that spends the plane's last movement point, if one is legal now.

    Once made, it cannot be made again by the same seat (no point is left for
    it), so of two copies of it sent at once exactly one can be applied.
    """
    for step in legal(data):
        if step.get("mp_left") == 0:
            return str(step["action"])
    return None


def cheapest_step(data: dict[str, Any]) -> str:
    """The step that leaves the most movement points (the run lasts longest)."""
    steps = legal(data)
    best = max(steps, key=lambda s: s.get("mp_left", -1))
    return str(best["action"])


class Stream:
    """A reader of a game's server-sent events in a thread (reconnecting as a page does).

    ``events`` receives ``(connection number, event name, data)``.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self.cookies = ONE_BROWSER  # the browser of the test's clients: it holds the seats
        self.events: queue.Queue[tuple[int, str, dict[str, Any]]] = queue.Queue()
        self.statuses: list[int] = []
        self.stopping = threading.Event()
        self.response: httpx.Response | None = None
        self.thread = threading.Thread(target=self.run, daemon=True)

    def __enter__(self) -> Stream:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        # the reader may wait up to 30 s for the server's next line: closing the
        # connection under it ends the wait (a reader that still outlives this is
        # a daemon, and stops at its next line or when the server stops)
        self.stopping.set()
        response = self.response
        if response is not None:
            with contextlib.suppress(Exception):
                response.close()
        self.thread.join(timeout=5)

    def run(self) -> None:
        connection = 0
        # the server closes a stream after 30 s; a longer read timeout never cuts it short
        timeout = httpx.Timeout(10.0, read=40.0)
        while not self.stopping.is_set():
            connection += 1
            try:
                with httpx.stream("GET", self.url, timeout=timeout, cookies=self.cookies) as r:
                    self.response = r
                    self.statuses.append(r.status_code)
                    name, data = "", ""
                    for line in r.iter_lines():
                        if self.stopping.is_set():
                            return
                        if line.startswith("event:"):
                            name = line[6:].strip()
                        elif line.startswith("data:"):
                            data = line[5:].strip()
                        elif line == "" and name:
                            self.events.put((connection, name, json.loads(data)))
                            name, data = "", ""
            except httpx.HTTPError:
                time.sleep(0.2)

    def wait_for(
        self, test: Callable[[int, str, dict[str, Any]], bool], timeout: float = 30.0
    ) -> tuple[int, str, dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such event from {self.url} within {timeout:.0f} s")
            try:
                event = self.events.get(timeout=left)
            except queue.Empty:
                continue
            if test(*event):
                return event


def update_with(decisions: int) -> Callable[[int, str, dict[str, Any]], bool]:
    """An ``update`` event saying the game holds ``decisions`` decisions."""
    return lambda _c, name, data: name == "update" and data["decisions"] == decisions


def race(clients: list[httpx.Client], game_id: str, token: str, action: str) -> list[int]:
    """Send the same decision through every client at the same moment; their status codes."""
    barrier = threading.Barrier(len(clients))
    answers: list[httpx.Response | BaseException] = [RuntimeError("no answer")] * len(clients)

    def send(i: int) -> None:
        try:
            barrier.wait(timeout=30)
            answers[i] = clients[i].post(
                f"/api/games/{game_id}/actions", json={"seat": token, "actions": [action]}
            )
        except BaseException as exc:  # reported below, in the test's thread
            answers[i] = exc

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(clients))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    codes = []
    for answer in answers:
        if isinstance(answer, BaseException):
            raise AssertionError(f"a racing request failed: {answer!r}")
        assert answer.status_code < 500, f"{answer.status_code} {answer.text[:300]}"
        codes.append(answer.status_code)
    return codes


def race_rounds(
    clients: list[httpx.Client], game_id: str, toks: dict[str, str], rounds: int
) -> list[list[int]]:
    """Play on (through the first client) and, whenever the seat to act has a last
    step, send that step through every client at once: the status codes of each round.

    After each round every client's server shows the decision exactly once.
    """
    results: list[list[int]] = []
    for _ in range(400):
        if len(results) == rounds:
            return results
        whole = game(clients[0], game_id, toks["Allied"])
        assert whole["status"] == "running", f"the game ended after {len(results)} rounds"
        seat = whole["to_act"]
        data = game(clients[0], game_id, toks[seat])
        before = data["decisions"]
        step = last_step(data)
        if step is None:
            r = act(clients[0], game_id, toks[seat], cheapest_step(data))
            assert r.status_code == 200, r.text
            continue
        for c in clients[1:]:
            assert game(c, game_id, toks[seat])["decisions"] == before
        codes = race(clients, game_id, toks[seat], step)
        results.append(sorted(codes))
        for c in clients:
            assert game(c, game_id, toks[seat])["decisions"] == before + 1
    raise AssertionError(f"only {len(results)} rounds of a race in 400 decisions")


@pytest.fixture(scope="module")
def two_servers() -> Iterator[tuple[Server, Server]]:
    """Two ``airwar serve`` processes on one fresh PostgreSQL database (each test
    plays its own game on them)."""
    with fresh_postgres("airwar_scale") as url:
        # the tests play as fast as they can from one address: no rate limits
        first = Server(url, free_port(), args=["--no-rate-limits"])
        second = Server(url, free_port(), args=["--no-rate-limits"])
        try:
            first.start()  # migrates the new database; the second finds it ready
            second.start()
            yield first, second
        finally:
            first.stop()
            second.stop()


@pytest.mark.slow
def test_a_game_played_across_two_servers_on_one_database(
    two_servers: tuple[Server, Server],
) -> None:
    one, other = two_servers
    with (
        httpx.Client(base_url=one.url, timeout=TIMEOUT, cookies=ONE_BROWSER) as a,
        httpx.Client(base_url=other.url, timeout=TIMEOUT, cookies=ONE_BROWSER) as b,
    ):
        game_id, toks = new_duel(a)
        # the other server finds the game the first one made
        assert game(b, game_id, toks["Communist"])["decisions"] == 0
        with Stream(f"{other.url}/api/games/{game_id}/stream?seat={toks['Communist']}") as stream:
            connection, _, first = stream.wait_for(lambda c, name, d: name == "update")
            assert first["decisions"] == 0
            step = cheapest_step(game(a, game_id, toks["Allied"]))
            r = act(a, game_id, toks["Allied"], step)
            assert r.status_code == 200, r.text
            assert r.json()["decisions"] == 1
            # the live update comes through the other server, on the stream already open
            stream.wait_for(
                lambda c, name, d: c == connection and name == "update" and d["decisions"] == 1
            )
            assert stream.statuses and set(stream.statuses) == {200}
        # and its game JSON shows the move, exactly as the first server tells it
        seen = game(b, game_id, toks["Communist"])
        told = game(a, game_id, toks["Communist"])
        assert seen["decisions"] == 1
        assert seen["view"] == told["view"]
        assert seen["log"] == told["log"]
        # a move sent to the other server is seen by the first one
        r = act(b, game_id, toks["Allied"], cheapest_step(game(b, game_id, toks["Allied"])))
        assert r.status_code == 200, r.text
        assert game(a, game_id, toks["Allied"])["decisions"] == 2
        # the same decision sent to both at once: one is applied, the other refused
        rounds = race_rounds([a, b], game_id, toks, rounds=4)
        assert rounds == [[200, 409]] * 4
        assert game(a, game_id, toks["Allied"])["view"] == game(b, game_id, toks["Allied"])["view"]


def test_undo_through_one_server_is_seen_by_the_other(two_servers: tuple[Server, Server]) -> None:
    one, other = two_servers
    with (
        httpx.Client(base_url=one.url, timeout=TIMEOUT, cookies=ONE_BROWSER) as a,
        httpx.Client(base_url=other.url, timeout=TIMEOUT, cookies=ONE_BROWSER) as b,
    ):
        r = call(
            a,
            "POST",
            "/api/games",
            json={
                "game": "migs-engagement",
                "seats": {"Allied": "human", "Communist": "ai:random"},
                "options": {"first": "active"},
            },
        )
        assert r.status_code == 201, r.text
        made = r.json()
        game_id, tok = made["id"], tokens(made)["Allied"]
        start = game(b, game_id, tok)
        for _ in range(2):
            assert act(b, game_id, tok, cheapest_step(game(b, game_id, tok))).status_code == 200
        assert game(a, game_id, tok)["decisions"] == 2
        r = call(a, "POST", f"/api/games/{game_id}/undo", json={"seat": tok})
        assert r.status_code == 200, r.text
        back = game(b, game_id, tok)
        assert back["decisions"] == 0
        assert back["view"] == start["view"]


# -- one server, several worker processes -------------------------------------------
def workers_of(pid: int) -> int:
    """How many worker processes the server ``pid`` runs (its spawned children)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if not children.exists():
        pytest.skip("this system does not list a process's children in /proc")
    count = 0
    for child in children.read_text().split():
        cmdline = Path(f"/proc/{child}/cmdline")
        if cmdline.exists() and b"spawn_main" in cmdline.read_bytes():
            count += 1
    return count


@pytest.mark.slow
@pytest.mark.parametrize("kind", DATABASES)
def test_two_workers_serve_one_game(kind: str, tmp_path: Path) -> None:
    """``--workers 2``: two processes behind one port, on PostgreSQL or a SQLite file."""
    with database(kind, tmp_path) as url:
        srv = Server(url, free_port(), args=["--workers", "2", "--no-rate-limits"])
        srv.start()
        try:
            assert srv.process is not None
            assert workers_of(srv.process.pid) == 2
            with (
                httpx.Client(base_url=srv.url, timeout=TIMEOUT, cookies=ONE_BROWSER) as a,
                httpx.Client(base_url=srv.url, timeout=TIMEOUT, cookies=ONE_BROWSER) as b,
            ):
                game_id, toks = new_duel(a)
                url_ = f"{srv.url}/api/games/{game_id}/stream?seat={toks['Communist']}"
                with Stream(url_) as stream:
                    stream.wait_for(lambda c, name, d: name == "update")
                    for n in range(1, 4):
                        step = cheapest_step(game(b, game_id, toks["Allied"]))
                        assert act(b, game_id, toks["Allied"], step).status_code == 200
                        stream.wait_for(update_with(n))
                rounds = race_rounds([a, b], game_id, toks, rounds=3)
                assert rounds == [[200, 409]] * 3
                pages = [call(a, "GET", "/").status_code for _ in range(6)]
                assert pages == [200] * 6
        finally:
            srv.stop()


def test_the_factory_takes_its_settings_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What each worker process builds: the database, the allowed hosts, the limits."""
    monkeypatch.setenv("AIRWAR_DATABASE_URL", f"sqlite:///{tmp_path / 'factory.sqlite'}")
    monkeypatch.setenv("AIRWAR_ALLOWED_HOSTS", "games.example.org, *.example.net")
    monkeypatch.setenv("AIRWAR_RATE_LIMITS", "off")
    app = app_from_environment()
    try:
        assert app.state.store.url.endswith("factory.sqlite")
        assert app.state.limits.limits == UNLIMITED
        for host, status in (
            ("games.example.org", 200),
            ("a.example.net", 200),
            ("127.0.0.1", 200),
            ("elsewhere.example.com", 400),
        ):
            with TestClient(app, base_url=f"http://{host}") as c:
                assert c.get("/api/catalog").status_code == status, host
    finally:
        app.state.store.close()
    monkeypatch.setenv("AIRWAR_RATE_LIMITS", "sometimes")
    with pytest.raises(ValueError, match="AIRWAR_RATE_LIMITS"):
        app_from_environment()
    monkeypatch.setenv("AIRWAR_RATE_LIMITS", "on")
    monkeypatch.setenv("AIRWAR_ALLOWED_HOSTS", "games.example.org:443")
    with pytest.raises(ValueError, match="AIRWAR_ALLOWED_HOSTS"):
        app_from_environment()


@pytest.mark.parametrize(
    ("processes", "create", "act", "read", "streams"),
    [
        (1, (10 / 60, 10), (5.0, 30), (10.0, 60), 24),
        (2, (5 / 60, 5), (2.5, 15), (5.0, 30), 12),
        (4, (2.5 / 60, 2), (1.25, 7), (2.5, 15), 6),
        (16, (10 / 60 / 16, 1), (5.0 / 16, 1), (10.0 / 16, 3), 1),
    ],
)
def test_each_process_holds_its_share_of_the_limits(
    processes: int,
    create: tuple[float, int],
    act: tuple[float, int],
    read: tuple[float, int],
    streams: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--workers N``: each process refills at 1/N and holds 1/N of each burst and of the
    stream cap (at least one), so together they hold to the whole server's limits."""
    monkeypatch.setenv("AIRWAR_DATABASE_URL", f"sqlite:///{tmp_path / 'share.sqlite'}")
    monkeypatch.setenv("AIRWAR_PROCESSES", str(processes))
    app = app_from_environment()
    try:
        held = app.state.limits.limits
    finally:
        app.state.store.close()
    assert (held.create.per_second, held.create.burst) == pytest.approx(create)
    assert (held.act.per_second, held.act.burst) == pytest.approx(act)
    assert (held.read.per_second, held.read.burst) == pytest.approx(read)
    assert held.streams == streams


@pytest.mark.parametrize("bad", ["0", "two", "-1", "1025", ""])
def test_a_bad_number_of_processes_is_named(
    bad: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AIRWAR_DATABASE_URL", f"sqlite:///{tmp_path / 'bad.sqlite'}")
    monkeypatch.setenv("AIRWAR_PROCESSES", bad)
    with pytest.raises(ValueError, match="AIRWAR_PROCESSES"):
        app_from_environment()


@pytest.mark.slow
def test_an_address_spreading_its_requests_over_the_workers_meets_the_servers_limit(
    tmp_path: Path,
) -> None:
    """An attacker opens a new connection for each new game, so that both processes of
    ``--workers 2`` answer it: together they create no more games than the server's
    burst of 10 (each process held the whole burst before, 20 in all)."""
    srv = Server(f"sqlite:///{tmp_path / 'spread.sqlite'}", free_port(), args=["--workers", "2"])
    srv.start()
    try:
        codes = []
        for _ in range(30):  # within a few seconds: the refill adds at most one game
            with httpx.Client(base_url=srv.url, timeout=TIMEOUT, cookies=ONE_BROWSER) as c:
                r = c.post(
                    "/api/games",
                    json={
                        "game": "migs-engagement",
                        "seats": {"Allied": "human", "Communist": "remote"},
                    },
                )
                codes.append(r.status_code)
        assert set(codes) <= {201, 429}, codes
        assert codes.count(201) <= 10 + 1, codes
        assert codes.count(429) >= 19 - 1, codes
    finally:
        srv.stop()


def test_more_workers_than_one_need_a_shared_database() -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--workers", "2", "--database-url", "sqlite://"])
    assert result.exit_code == 2
    assert "in-memory database lives in one process" in result.output


def test_workers_are_bounded() -> None:
    for n in ("0", "17"):
        result = CliRunner().invoke(cli_app, ["serve", "--workers", n])
        assert result.exit_code == 2, n


# -- behind a proxy that mounts the app under a path ----------------------------------
PREFIX = "/airwar"
LINKS = re.compile(r'(?:href|src|action)="([^"]*)"')


def test_pages_and_links_carry_the_proxy_prefix(tmp_path: Path) -> None:
    """With a root path, every link a page or the API gives out starts with it."""
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}")
    with TestClient(app, base_url="http://127.0.0.1", root_path=PREFIX) as c:
        made = c.post(
            PREFIX + "/api/games",
            json={
                "game": "migs-engagement",
                "seats": {"Allied": "human", "Communist": "remote"},
            },
        )
        assert made.status_code == 201
        assert made.cookies  # the browser cookie is for the prefix only
        assert f"Path={PREFIX}" in made.headers["set-cookie"]
        links = [link["url"] for link in made.json()["links"]]
        assert all(u.startswith(PREFIX + "/games/") for u in links)
        game_id = made.json()["id"]
        for path in ("/", "/gunslingers", "/bia", f"/games/{game_id}", f"/games/{game_id}/replay"):
            page = c.get(PREFIX + path)
            assert page.status_code == 200, path
            assert f'data-root="{PREFIX}"' in page.text
            for link in LINKS.findall(page.text):
                if link.startswith(("data:", "#")):
                    continue  # inline data and a place on the same page need no prefix
                local = re.sub(r"^http://127\.0\.0\.1", "", link)
                assert local.startswith(PREFIX + "/"), (path, link)
                if "/static/" in local:
                    assert c.get(local).status_code == 200, local
        resumed = c.get(f"{PREFIX}/games/{game_id}/resume", follow_redirects=False)
        assert resumed.status_code == 303
        assert resumed.headers["location"].startswith(f"{PREFIX}/games/{game_id}?seat=")


class PrefixProxy:
    """A reverse proxy on 127.0.0.1 that serves ``upstream`` under ``prefix``.

    It passes ``/airwar/x`` on as ``/x`` with the browser's Host header, as a
    proxy in front of ``airwar serve --root-path /airwar`` does, streaming each
    answer back as it comes (the live updates). A request outside the prefix is
    answered 404 and recorded in ``outside``.
    """

    def __init__(self, upstream: str, prefix: str) -> None:
        import uvicorn

        self.upstream = upstream
        self.prefix = prefix
        self.port = free_port()
        self.outside: list[str] = []
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="off",
            interface="asgi3",
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> PrefixProxy:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the proxy did not start"
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path: str = scope["path"]
        if scope["type"] != "http" or not (
            path == self.prefix or path.startswith(self.prefix + "/")
        ):
            self.outside.append(path)
            await send({"type": "http.response.start", "status": 404, "headers": []})
            await send({"type": "http.response.body", "body": b""})
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        target = self.upstream + (path[len(self.prefix) :] or "/")
        if scope["query_string"]:
            target += "?" + scope["query_string"].decode()
        headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"connection"]
        async with httpx.AsyncClient(timeout=httpx.Timeout(60.0)) as client:
            request = client.build_request(scope["method"], target, headers=headers, content=body)
            answer = await client.send(request, stream=True)
            try:
                passed = [
                    (k, v)
                    for k, v in answer.headers.raw
                    if k.lower() not in (b"connection", b"transfer-encoding", b"keep-alive")
                ]
                await send(
                    {"type": "http.response.start", "status": answer.status_code, "headers": passed}
                )
                async for chunk in answer.aiter_raw():
                    await send({"type": "http.response.body", "body": chunk, "more_body": True})
                await send({"type": "http.response.body", "body": b""})
            finally:
                await answer.aclose()


@pytest.mark.browser
def test_a_game_in_the_browser_under_a_proxy_prefix(tmp_path: Path) -> None:
    """The pages, their scripts, the API calls and the live stream all under ``/airwar``,
    through a proxy that takes the prefix off (the server runs with ``--root-path``);
    the browser never asks for anything outside the prefix."""
    playwright = pytest.importorskip("playwright.sync_api")
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, wait_until

    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium")
    srv = Server(
        f"sqlite:///{tmp_path / 'games.sqlite'}", free_port(), args=["--root-path", PREFIX]
    )
    srv.start()
    try:
        with PrefixProxy(srv.url, PREFIX) as proxy, playwright.sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            try:
                context = browser.new_context()
                context.set_default_timeout(15_000)
                page = context.new_page()
                page.goto(proxy.url + PREFIX + "/?game=migs-engagement")
                wait_until(page, "document.querySelector(\"select[data-seat='Allied']\") !== null")
                page.select_option("select[data-seat='Allied']", "human")
                page.select_option("select[data-seat='Communist']", "remote")
                page.select_option("#opt-first", "listed")
                page.click("#start")
                wait_until(page, "!document.getElementById('links').hidden")
                # the saved games list knows this browser (its cookie is for the prefix)
                wait_until(page, "document.querySelector('#saved-table a.resume') !== null")
                resume = page.locator("#saved-table a.resume").first.get_attribute("href")
                assert resume and resume.startswith(PREFIX + "/games/")
                allied = page.locator("#link-list a[data-seat='Allied']").get_attribute("href")
                link = page.locator("#link-list a[data-seat='Communist']").get_attribute("href")
                assert allied and link and allied.startswith(PREFIX + "/games/")
                game_id = link.split("/games/")[1].split("?")[0]
                them = link.split("seat=")[1]
                page.goto(proxy.url + allied)
                wait_until(page, "document.body.dataset.ready === 'yes'")
                replay = page.locator("#replay-link").get_attribute("href") or ""
                assert replay.removeprefix(proxy.url).startswith(f"{PREFIX}/games/{game_id}/replay")
                # the other player moves: this page follows through its stream
                with httpx.Client(base_url=proxy.url + PREFIX, timeout=TIMEOUT) as other:
                    step = cheapest_step(game(other, game_id, them))
                    assert act(other, game_id, them, step).status_code == 200
                wait_until(page, "Number(document.body.dataset.decisions) === 1", timeout=20)
                page.click("#replay-link")
                page.wait_for_url(f"**{PREFIX}/games/{game_id}/replay*")
                wait_until(page, "document.body.dataset.ready === 'yes'")
                back = page.locator("#play-link").get_attribute("href") or ""
                assert back.removeprefix(proxy.url).startswith(f"{PREFIX}/games/{game_id}")
                context.close()
            finally:
                browser.close()
            assert proxy.outside == []
    finally:
        srv.stop()
