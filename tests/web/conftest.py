"""Fixtures of the browser-app tests: an app on a fresh database, a real server, Chromium."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest
from fastapi.testclient import TestClient

from airwar.web.app import create_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

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


LOCAL = "http://127.0.0.1"
"""The address the test client calls the app by: a loopback name, as the app allows."""


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, called in-process."""
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}")
    with TestClient(app, base_url=LOCAL) as c:
        yield c
    app.state.store.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """``airwar serve`` running in a child process on 127.0.0.1."""

    database_url: str
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [
            sys.executable,
            "-m",
            "airwar.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
        ]
        env = dict(os.environ)
        env.pop("AIRWAR_DATABASE_URL", None)
        self.process = subprocess.Popen(
            cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"airwar serve exited: {err}")
            try:
                if httpx.get(self.url + "/api/catalog", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("airwar serve did not answer within 30 s")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        if self.process.stderr:
            self.process.stderr.close()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("serve") / "games.sqlite"
    srv = Server(f"sqlite:///{db}", free_port())
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
    """Debian's Chromium, headless; Playwright gives it a fresh temporary user-data dir."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


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
