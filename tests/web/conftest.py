"""Fixtures of the browser-app tests: an app on a fresh database, a real server, Chromium."""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest
from fastapi.testclient import TestClient

from airwar.web.app import create_app
from tests.needs import missing
from tests.web.helpers import RELAXED

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
DOC_SCREENSHOTS = ROOT / "docs" / "screenshots"
# The browser tests always take their screenshots; they replace the ones the
# README shows only when asked (AIRWAR_UPDATE_SCREENSHOTS=1), so that a test
# run leaves the working tree as it found it.
SCREENSHOTS = (
    DOC_SCREENSHOTS
    if os.environ.get("AIRWAR_UPDATE_SCREENSHOTS") == "1"
    else Path(tempfile.gettempdir()) / "airwar-screenshots"
)


POSTGRES_VAR = "AIRWAR_TEST_POSTGRES_URL"
"""A PostgreSQL database URL whose user may create databases: the browser and scale
tests run on a fresh database made beside it (and dropped after) when it is set."""

DATABASES = ["sqlite", "postgresql"]

ON_POSTGRES = frozenset(
    {
        "test_a_saved_game_resumes_after_the_server_restarts",
        "test_two_browsers_play_one_game_and_see_each_other",
    }
)
"""The tests on the real server that run on PostgreSQL as well as SQLite: a game saved,
the server restarted and the game resumed; two browsers following one game live.
The rest (the clicking, the calculator, the hardening) use the database as these
do or not at all, and run on SQLite only, to keep the browser suite's time."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the ``server`` tests on PostgreSQL that are not in :data:`ON_POSTGRES`."""
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("server") == "postgresql"
        name = getattr(item, "originalname", item.name)
        (left if on_postgres and name not in ON_POSTGRES else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


LOCAL = "http://127.0.0.1"
"""The address the test client calls the app by: a loopback name, as the app allows."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, called in-process, with rate limits no test
    reaches (``tests/web/test_background.py`` tries the real ones)."""
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}", limits=RELAXED)
    with TestClient(app, base_url=LOCAL) as c:
        yield c
    app.state.store.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def fresh_postgres(prefix: str = "airwar_web") -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped afterwards.

    Made beside the database of ``AIRWAR_TEST_POSTGRES_URL`` with a random name,
    so test runs (and the store tests, which empty that database) never see
    each other's games. Skips when the variable is not set (fails under
    ``CI=true``); fails when it is set and the server cannot make a database.
    """
    base = os.environ.get(POSTGRES_VAR, "").strip()
    if not base:
        missing("PostgreSQL", f"no PostgreSQL offered (set {POSTGRES_VAR})")
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    url = make_url(base)
    admin = url.set(drivername="postgresql").render_as_string(hide_password=False)
    name = f"{prefix}_{secrets.token_hex(6)}"
    try:
        with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    except psycopg.Error as exc:
        pytest.fail(f"PostgreSQL at {POSTGRES_VAR} cannot make a database: {exc}", pytrace=False)
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(admin, autocommit=True, connect_timeout=10) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


@contextmanager
def database(kind: str, tmp: Path) -> Iterator[str]:
    """A fresh database of ``kind`` ("sqlite": a file in ``tmp``; "postgresql")."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp / 'games.sqlite'}"
    else:
        with fresh_postgres() as url:
            yield url


@dataclass
class Server:
    """``airwar serve`` running in a child process on 127.0.0.1 (``args``: more options).

    It runs in its own process group, so that its worker processes (``--workers``)
    go with it even when it has to be killed.
    """

    database_url: str
    port: int
    args: list[str] = field(default_factory=list)
    process: subprocess.Popen[bytes] | None = None
    start_seconds: float = 90.0
    errors: Any = None
    program: tuple[str, ...] = ()
    """The ``airwar`` to run (an installed one's path); by default this checkout's, run
    by this interpreter."""
    cwd: Path | None = None
    """Where it runs (by default the checkout)."""
    env: dict[str, str] | None = None
    """Its environment (by default this process's)."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [
            *(self.program or (sys.executable, "-m", "airwar.cli.main")),
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            *self.args,
        ]
        env = dict(os.environ if self.env is None else self.env)
        env.pop("AIRWAR_DATABASE_URL", None)
        # a file, not a pipe: nobody reads it while the server runs, and a full pipe
        # would stop every process writing to it
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed by stop)
        self.process = subprocess.Popen(
            cmd,
            cwd=self.cwd or ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.errors,
            start_new_session=True,
        )
        deadline = time.monotonic() + self.start_seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"airwar serve exited: {self.error_text()}")
            try:
                if httpx.get(self.url + "/api/catalog", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        err = self.error_text()
        self.stop()
        raise RuntimeError(f"airwar serve did not answer within {self.start_seconds:.0f} s: {err}")

    def error_text(self) -> str:
        """The tail of what the server wrote to its standard error."""
        if self.errors is None:
            return ""
        self.errors.seek(0)
        return str(self.errors.read()[-4000:].decode(errors="replace"))

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        with contextlib.suppress(ProcessLookupError):
            # any worker left behind by a server that had to be killed
            os.killpg(self.process.pid, signal.SIGKILL)
        if self.errors is not None:
            self.errors.close()
            self.errors = None
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module", params=DATABASES)
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """``airwar serve`` on a fresh database: a SQLite file, and a new PostgreSQL
    database when ``AIRWAR_TEST_POSTGRES_URL`` is set (skipped otherwise)."""
    with database(request.param, tmp_path_factory.mktemp("serve")) as url:
        srv = Server(url, free_port())
        srv.start()
        try:
            yield srv
        finally:
            srv.stop()


def wait_until(page: Page, expression: str, timeout: float = 15.0) -> None:
    """Wait until a JavaScript expression is true in the page.

    Playwright's ``wait_for_function`` builds its predicate with ``eval``, which
    the app's Content-Security-Policy refuses (no 'unsafe-eval'); ``evaluate``
    goes through the browser's debugging protocol, which the policy leaves alone.
    """
    from playwright.sync_api import Error

    # false, not an error, while the page is still being built
    probe = f"(() => {{ try {{ return Boolean({expression}); }} catch (e) {{ return false; }} }})()"
    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(probe):
                return
        except Error:
            pass  # the page navigated while it was asked: ask the new one
        if time.monotonic() > deadline:
            raise AssertionError(f"not true within {timeout:.0f} s: {expression}")
        page.wait_for_timeout(50)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless; Playwright gives it a fresh temporary user-data dir.

    Skipped without Chromium, and failed without it under ``CI=true``."""
    if not Path(CHROMIUM).exists():
        missing("Chromium", f"Chromium is not installed at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    """One desktop-sized browser context (1280 x 900) a module's pages share; a module
    that needs another size (a phone's) defines its own."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.set_default_timeout(30_000)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page in a fresh browser context (its own cookies and storage)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()
