"""The replay page's Analyse button in Chromium, against ``airwar serve`` on 127.0.0.1.

A game between two AIs is played to its end through the API; the replay page
is opened, Analyse pressed, and the page shows the summary per seat, the
kill-chance chart (inline SVG), the move list with its values and the rolls'
luck; a decision in the list steps the replay to it. The server finds the
matchup's solution (MiG-15 v F-86, turn limit 1) in its cache folder.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import httpx
import pytest

from tests.analysis.test_review import review_cache_home
from tests.web.conftest import SCREENSHOTS, Server, free_port, wait_until
from tests.web.test_accessibility import serious_violations

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

OPTIONS = {"active": "MiG-15", "listed": "F-86", "turn_limit": 1}


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Server]:
    home = review_cache_home(tmp_path_factory)
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(home))
    db = tmp_path_factory.mktemp("analysis-serve") / "games.sqlite"
    srv = Server(f"sqlite:///{db}", free_port(), ["--no-rate-limits"])
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()
        mp.undo()


def finished_game(srv: Server, seed: int) -> tuple[str, dict[str, object]]:
    made = httpx.post(
        srv.url + "/api/games",
        json={
            "game": "migs-engagement",
            "options": OPTIONS,
            "seats": {"Communist": "ai:random", "Allied": "ai:heuristic"},
        },
        timeout=10,
    )
    assert made.status_code == 201, made.text
    gid = str(made.json()["id"])
    deadline = time.monotonic() + 60
    while True:
        data = httpx.get(f"{srv.url}/api/games/{gid}", timeout=10).json()
        if data["status"] == "finished" and not data["bots_thinking"]:
            return gid, data
        assert time.monotonic() < deadline, data
        time.sleep(0.1)


def test_analyse_shows_the_summary_the_chart_and_the_moves(
    server: Server, browser: Browser
) -> None:
    from playwright.sync_api import expect

    gid, data = finished_game(server, 7)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/games/{gid}/replay")
        wait_until(page, "document.body.dataset.ready === 'yes'")
        page.get_by_role("button", name="Analyse").click()
        wait_until(page, "document.body.dataset.analysis === 'done'", timeout=60)
        summary = page.locator("#analysis-summary")
        expect(summary).to_contain_text("Summary per seat")
        expect(summary.locator("tbody tr")).to_have_count(2)
        expect(summary).to_contain_text("Communist")
        expect(summary).to_contain_text("Allied")
        chart = page.locator("svg#kill-chart")
        expect(chart).to_be_visible()
        expect(chart.locator("polyline.kill-line")).to_have_count(2)
        expect(chart).to_contain_text("Communist plane's kill chance")
        moves = page.locator("#analysis-moves table.moves")
        expect(moves).to_contain_text("Engagement 1: MiG-15 vs F-86")
        decisions = moves.locator("tr.decision")
        expect(decisions).to_have_count(int(str(data["decisions"])))
        expect(moves.locator("tr.roll td.luck").first).to_contain_text("/")
        expect(page.locator("#analysis-marks")).to_contain_text("blunder (??)")
        page.locator("#analysis-panel").screenshot(path=str(SCREENSHOTS / "replay-analysis.png"))
        # axe-core 4.14: the analysis's wide tables scroll in boxes the keyboard reaches
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            assert serious_violations(page) == [], width
        for box in page.locator("#analysis .table-scroll").all():
            expect(box).to_have_attribute("tabindex", "0")
            expect(box).to_have_attribute("role", "region")
        page.set_viewport_size({"width": 1280, "height": 900})
        # a decision in the move list steps the replay to the game after it
        decisions.nth(2).click()
        wait_until(page, "document.body.dataset.step === '3'")
        expect(page.locator("#step-label")).to_contain_text("decision 3 of")
    finally:
        context.close()


def test_a_link_ending_in_analyse_starts_it_and_a_running_game_says_why_not(
    server: Server, browser: Browser
) -> None:
    from playwright.sync_api import expect

    gid, _ = finished_game(server, 8)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/games/{gid}/replay#analyse")
        wait_until(page, "document.body.dataset.analysis === 'done'", timeout=60)
        expect(page.locator("svg#kill-chart")).to_be_visible()
        made = httpx.post(
            server.url + "/api/games",
            json={
                "game": "migs-engagement",
                "options": OPTIONS,
                "seats": {"Communist": "human", "Allied": "ai:random"},
            },
            timeout=10,
        ).json()
        page.goto(f"{server.url}/games/{made['id']}/replay")
        wait_until(page, "document.body.dataset.analysis === 'refused'")
        expect(page.locator("#analysis-phase")).to_contain_text("opens when the game is over")
        expect(page.get_by_role("button", name="Analyse")).to_be_disabled()
    finally:
        context.close()
