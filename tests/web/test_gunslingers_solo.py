"""Gunslingers solo (issue 23): one click on the home page to play a side against the
strongest AI with the referee automatic, and the result panel and after-action report
of a finished game (GS-85 to GS-89). The API through a TestClient, then the pages in a
real Chromium against a real server."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Page, expect

from airwar.web.gunslingers import strongest_bot
from tests.web.conftest import SCREENSHOTS, Server, free_port, wait_until
from tests.web.helpers import BROWSER_COOKIE, TEST_BROWSER, same_browser, settle


def test_the_strongest_bot_is_the_tactical_one_where_it_is_registered() -> None:
    assert strongest_bot(["random", "gunslingers-auto", "tactical"]) == "tactical"
    assert strongest_bot(["random", "gunslingers-auto"]) == "gunslingers-auto"


def test_a_solo_game_has_one_link_the_players_own(client: TestClient) -> None:
    info = client.get("/api/gunslingers/solo").json()
    assert info["bot"] == "tactical"  # the tactical AI, registered (GS-92)
    assert "dogfight-2v2.toml" in [x["name"] for x in info["examples"]]
    r = client.post("/api/gunslingers/solo", json={"example": "dogfight-2v2", "side": "Red"})
    assert r.status_code == 201, r.text
    made = r.json()
    assert [(x["seat"], x["kind"]) for x in made["links"]] == [("Red", "human")]
    game = client.get(made["links"][0]["url"].replace("/games/", "/api/games/", 1)).json()
    assert game["seats"] == {
        "Blue": "ai:tactical",
        "Red": "human",
        "referee": "ai:gunslingers-auto",
    }
    assert game["view"]["victory"]["side"] == "Red"  # a side's own tally while it runs
    bad = client.post("/api/gunslingers/solo", json={"example": "dogfight-2v2", "side": "Green"})
    assert bad.status_code == 422 and "no side 'Green'" in bad.text


def test_a_finished_game_gives_every_reader_the_whole_result(client: TestClient) -> None:
    made = client.post(
        "/api/gunslingers/games",
        json={
            "example": "dogfight-2v2",
            "turns": 1,
            "seats": {"Blue": "ai:gunslingers-auto", "Red": "ai:gunslingers-auto"},
        },
    ).json()
    data = settle(client, made["id"])
    assert data["status"] == "finished"
    vic = data["view"]["victory"]
    assert vic["over"] is True and vic["turn"] == 1
    assert set(vic) >= {"points", "winner", "level", "scores", "kills", "missiles", "by_turn"}
    listed = client.get("/api/games").json()
    row = next(g for g in listed if g["id"] == made["id"])
    assert row["summary"]["points"] == vic["points"]


# -- in the browser --------------------------------------------------------------------

expect.set_options(timeout=20_000)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("gs-solo")
    srv = Server(f"sqlite:///{folder / 'games.sqlite'}", free_port(), ["--no-rate-limits"])
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    headers = {"Content-Type": "application/json", "Cookie": f"{BROWSER_COOKIE}={TEST_BROWSER}"}
    req = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(req, timeout=60) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


@pytest.mark.browser
def test_play_solo_from_the_home_page(server: Server, page: Page) -> None:
    page.goto(server.url + "/")
    wait_until(page, "document.getElementById('solo-form').dataset.ready === 'yes'")
    expect(page.locator("#solo-bot")).to_have_text("tactical")
    page.select_option("#solo-scenario", "dogfight-2v2.toml")
    expect(page.locator("#solo-side option")).to_have_count(2)
    page.select_option("#solo-side", "Red")
    page.click("#solo-play")
    page.wait_for_url("**/games/*?seat=*")
    wait_until(page, "document.body.dataset.ready === 'yes'", timeout=60)
    expect(page.locator("#game-title")).to_contain_text("Gunslingers solo: Dogfight 2 v 2 as Red")
    expect(page.locator("#after-action h2")).to_have_text("Points")
    expect(page.locator("#points-known")).to_contain_text("Points known to Red")
    # the link is this browser's alone: another browser opening it is refused the seat
    other = page.context.browser.new_context()  # type: ignore[union-attr]
    try:
        stranger = other.new_page()
        stranger.goto(page.url)
        expect(stranger.locator("body")).to_contain_text("taken")
    finally:
        other.close()


@pytest.mark.browser
def test_the_result_panel_and_after_action_report(server: Server, page: Page) -> None:
    made = _post(
        server.url + "/api/gunslingers/games",
        {
            "example": "dogfight-2v2",
            "turns": 3,
            "seats": {"Blue": "ai:gunslingers-auto", "Red": "ai:gunslingers-auto"},
        },
    )
    same_browser(page.context, server.url)
    page.goto(f"{server.url}/games/{made['id']}")
    wait_until(page, "document.body.dataset.status === 'finished'", timeout=90)
    panel = page.locator("#result")
    expect(panel).to_be_visible()
    title = page.locator("#result-title").text_content() or ""
    assert title == "A draw" or " wins: a " in title
    expect(page.locator("#result-detail")).to_contain_text("after turn 3")
    report = page.locator("#after-action")
    expect(report.locator("h2")).to_have_text("After-action report")
    for table in ("#points-table", "#kills-table", "#missiles-table"):
        expect(report.locator(table)).to_have_count(1)
    lines = page.locator("#points-chart polyline")
    expect(lines).to_have_count(2)
    assert lines.nth(0).get_attribute("data-side") == "Blue"
    assert page.locator("#missiles-table tbody tr").count() > 0
    shot = page.locator("#missiles-table tbody tr").first.text_content() or ""
    assert "launch " in shot and "rolled" in shot
    href = page.locator("#replay-this").get_attribute("href") or ""
    assert href.endswith(f"/games/{made['id']}/replay")
    from tests.web.test_accessibility import serious_violations

    assert serious_violations(page) == []
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    report.scroll_into_view_if_needed()
    report.screenshot(path=str(SCREENSHOTS / "gunslingers-after-action.png"))
