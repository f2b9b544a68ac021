"""The test-only game installed as a package of its own plays everywhere airwar does.

The airwar wheel and the game's wheel (each built from a copy of its source) are
installed in one fresh virtual environment; the commands run from a folder of
their own, so only what the wheels installed is found. The game changes no line
of airwar: airwar finds it through the ``airwar.games`` entry point of its
``pyproject.toml``. The environment takes its third-party packages from the test
environment's (a path file), so that no index is needed and the whole takes
seconds; airwar and the game are the wheels' alone.

``airwar play`` (the one terminal loop for every game) and the browser app's
loading of every installed game package come from other parts of issue 24: their
tests are marked to fail until those parts are in.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import site
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from tests.web.conftest import Server, browser, free_port, wait_until

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["browser"]  # the Chromium fixture of the browser tests, used here

pytestmark = pytest.mark.slow  # two wheels built and a virtual environment made

ROOT = Path(__file__).resolve().parents[2]
GAME = Path(__file__).resolve().parent
SAVED = re.compile(r"saved as (?:game )?([A-Za-z0-9_-]+)")
"""How ``airwar play`` (like ``airwar migs play``) names the saved game."""


@dataclass(frozen=True)
class Installed:
    """The fresh environment: its interpreter and ``airwar``, a folder outside every
    source tree to run in, and the database its commands share."""

    python: Path
    airwar: Path
    elsewhere: Path
    database: str
    env: dict[str, str]

    def run(self, *args: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(a) for a in args],
            cwd=self.elsewhere,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )


def _wheel(source: Path, copy: Path, dist: Path, names: tuple[str, ...]) -> None:
    """Build the wheel of ``source`` from a copy of ``names`` in it (no build isolation:
    the test environment's setuptools, so no index is asked)."""
    copy.mkdir()
    for name in names:
        if (source / name).is_dir():
            shutil.copytree(
                source / name,
                copy / name,
                ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"),
            )
        else:
            shutil.copy(source / name, copy / name)
    pip = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation"]
    subprocess.run(
        [*pip, str(copy), "-w", str(dist)],
        check=True,
        capture_output=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    top = tmp_path_factory.mktemp("installed")
    dist = top / "dist"
    _wheel(ROOT, top / "airwar", dist, ("pyproject.toml", "README.md", "src"))
    _wheel(GAME, top / "duel", dist, ("pyproject.toml", "src"))
    venv = top / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    wheels = sorted(str(w) for w in dist.glob("*.whl"))
    assert len(wheels) == 2, wheels
    pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps"]
    subprocess.run(
        [*pip, "--no-compile", *wheels],
        check=True,
        capture_output=True,
        timeout=300,
    )
    # the third-party packages of the test environment, after the wheels' own
    (purelib,) = venv.glob("lib/python*/site-packages")
    (purelib / "test-environment.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    elsewhere = top / "elsewhere"
    elsewhere.mkdir()
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "AIRWAR_DATABASE_URL", "VIRTUAL_ENV")
    }
    env["AIRWAR_DATABASE_URL"] = f"sqlite:///{top / 'games.sqlite'}"
    found = Installed(python, venv / "bin" / "airwar", elsewhere, env["AIRWAR_DATABASE_URL"], env)
    where = found.run(python, "-c", "import airwar, airwar_duel; print(airwar.__file__)")
    assert where.stdout.startswith(str(venv)), where.stdout + where.stderr
    return found


def test_the_installed_game_is_found_and_passes_the_contract_checks(installed: Installed) -> None:
    said = installed.run(installed.python, "-m", "airwar.testing", "duel", "--seed", "4")
    assert said.returncode == 0, said.stdout + said.stderr
    lines = said.stdout.splitlines()
    assert lines[-1] == "passed: duel, 3 cases"
    assert all(line.startswith("ok ") for line in lines[:-1]) and len(lines) > 6
    # the checks need no test framework
    frameworks = "[m for m in ('pytest', 'hypothesis') if m in sys.modules]"
    loaded = installed.run(
        installed.python, "-c", f"import sys, airwar.testing; print({frameworks})"
    )
    assert loaded.stdout.strip() == "[]", loaded.stdout + loaded.stderr


SAVE_A_GAME = """
import sys
from airwar.bots.registry import make_bot
from airwar.core import load_game
from airwar.games import load_all
from airwar.session import Sessions
from airwar.store import Store

load_all()
with Store(sys.argv[1]) as store:
    sessions = Sessions(store, make_bot)
    live = sessions.create(
        load_game("duel", {"rounds": 4}), {"Red": "ai:random", "Blue": "ai:random"}, seed=11
    )
    while not live.finished:
        sessions.bot_step(live)
    print(live.id)
"""


def test_a_saved_game_of_it_is_exported_and_verified(installed: Installed) -> None:
    made = installed.run(installed.python, "-c", SAVE_A_GAME, installed.database)
    assert made.returncode == 0, made.stderr
    game_id = made.stdout.strip()
    record = installed.elsewhere / f"{game_id}.json"
    exported = installed.run(installed.airwar, "export", game_id, "-o", record)
    assert exported.returncode == 0, exported.stderr
    data = json.loads(record.read_text())
    assert data["game"] == "duel" and data["options"]["rounds"] == 4
    for what in (game_id, record.name):
        checked = installed.run(installed.airwar, "verify", what)
        assert checked.returncode == 0, checked.stdout + checked.stderr
        assert checked.stdout.splitlines()[0].endswith("a finished game of duel, seed 11")
        assert checked.stdout.splitlines()[-1].endswith(": verified")


def test_airwar_play_plays_it_to_the_end_and_the_record_verifies(installed: Installed) -> None:
    seats = ["--seat", "Red=ai:random", "--seat", "Blue=ai:random"]
    played = installed.run(installed.airwar, "play", "duel", *seats, "--seed", "7")
    assert played.returncode == 0, played.stdout + played.stderr
    found = SAVED.search(played.stdout)
    assert found, played.stdout
    game_id = found.group(1)
    assert "DU-" in played.stdout  # the game's own log lines, through its narrate
    assert installed.run(installed.airwar, "verify", game_id).returncode == 0
    exported = installed.run(installed.airwar, "export", game_id)
    assert exported.returncode == 0 and json.loads(exported.stdout)["game"] == "duel"
    # an unknown game is refused in one line that lists the games, this one among them
    unknown = installed.run(installed.airwar, "play", "no-such-game")
    assert unknown.returncode == 2
    assert len(unknown.stderr.strip().splitlines()) == 1 and "duel" in unknown.stderr


@pytest.fixture
def served(installed: Installed) -> Iterator[str]:
    """``airwar serve`` from the fresh environment, on its database; its base URL."""
    srv = Server(
        installed.database,
        free_port(),
        program=(str(installed.airwar),),
        cwd=installed.elsewhere,
        env=installed.env,
    )
    srv.start()
    try:
        yield srv.url
    finally:
        srv.stop()


READY = "document.body.dataset.ready === 'yes'"


def served_base(url: str) -> str:
    """The server's base URL of a page's URL."""
    return "/".join(url.split("/")[:3])


@pytest.mark.browser
def test_in_the_browser_it_is_made_played_and_replayed(served: str, browser: Browser) -> None:
    catalog = httpx.get(served + "/api/catalog", timeout=10).json()
    assert "duel" in [g["name"] for g in catalog["games"]]  # the game is listed
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(served + "/")
        page.select_option("#game-select", "duel")
        page.select_option("select[data-seat='Red']", "human")
        page.select_option("select[data-seat='Blue']", "ai:random")
        page.fill("#opt-start_range", "2")
        page.click("#start")
        page.wait_for_url("**/games/*?seat=*")
        wait_until(page, READY)
        # the game's own renderer, served from its package, drew the range
        assert page.locator("#duel-track").get_attribute("data-range") == "2"
        before = int(page.evaluate("Number(document.body.dataset.decisions)"))
        page.locator("#controls button[data-action]").first.click()
        wait_until(page, f"{READY} && Number(document.body.dataset.decisions) > {before}")
        assert "DU-" in page.locator("#log").inner_text()  # the game's narrated lines
        page.click("#replay-link")
        page.wait_for_url("**/games/*/replay*")
        wait_until(page, READY)
        assert int(page.evaluate("Number(document.body.dataset.step)")) >= 1
        assert page.locator("#duel-track li").count() == 6
        served = httpx.get(served_base(page.url) + "/static/games/duel/duel.js", timeout=10)
        assert served.status_code == 200 and "A.renderers.duel" in served.text
        assert errors == []
    finally:
        context.close()
