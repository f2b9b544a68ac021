"""Every page fits a phone (390 px wide) and a laptop (1280 px) without a sideways scroll;
a page opened without a seat link says so once and shows the spectator's view.

A wide board, map or table may scroll inside its own box, never the page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import SCREENSHOTS, Server, wait_until
from tests.web.helpers import tokens
from tests.web.site import READY, Site, build_site, open_page

expect.set_options(timeout=15_000)

PAGES = [
    "home",
    "home-whole-game",
    "gunslingers-new",
    "gunslingers-editor",
    "calculator",
    "engagement",
    "whole-game",
    "gunslingers-play",
    "finished",
    "spectator",
    "replay",
    "gunslingers-replay",
    "not-found",
]
WIDTHS = [390, 1280]
PHONE_SHOTS = {"engagement": "phone-engagement", "home": "phone-new-game"}
"""The pages pictured at 390 px for the README (the first screenful of each)."""

OVERFLOW = """(() => {
  const w = window.innerWidth;
  return Array.from(document.querySelectorAll('body *'))
    .filter(e => e.getBoundingClientRect().right > w + 0.5)
    .slice(0, 5)
    .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' ' +
      Math.round(e.getBoundingClientRect().right) + 'px');
})()"""


@pytest.fixture(scope="module")
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    ctx.set_default_timeout(30_000)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def site(server: Server, context: BrowserContext) -> Site:
    return build_site(server, context)


@pytest.fixture
def tab(context: BrowserContext) -> Iterator[Page]:
    pg = context.new_page()
    try:
        yield pg
    finally:
        pg.close()


def assert_fits(page: Page, what: str) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("window.innerWidth")
    assert scroll <= inner, (
        f"{what}: {scroll} px wide in a {inner} px window: {page.evaluate(OVERFLOW)}"
    )


@pytest.mark.browser
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", PAGES)
def test_every_page_fits_the_screen_without_a_sideways_scroll(
    site: Site, tab: Page, name: str, width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 844})
    open_page(tab, site, name)
    assert_fits(tab, f"{name} at {width} px")
    if width == 390 and name in PHONE_SHOTS:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        tab.screenshot(path=str(SCREENSHOTS / f"{PHONE_SHOTS[name]}.png"))


@pytest.mark.browser
@pytest.mark.parametrize("width", WIDTHS)
def test_the_calculators_results_fit_the_screen(site: Site, tab: Page, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 844})
    open_page(tab, site, "calculator")
    tab.click("#add-shot")
    tab.click("#calc")
    expect(tab.locator("#volley-result")).to_be_visible()
    assert_fits(tab, f"calculator with a volley's result at {width} px")


@pytest.mark.browser
def test_the_board_fills_a_phones_width(site: Site, tab: Page) -> None:
    """At 390 px the Battle Board takes the page's width: squares as large as it allows."""
    tab.set_viewport_size({"width": 390, "height": 844})
    open_page(tab, site, "engagement")
    box = tab.locator("#board svg").first.bounding_box()
    assert box is not None
    assert 340 <= box["width"] <= 390, box


@pytest.mark.browser
def test_a_page_without_a_seat_link_says_so_once_and_shows_the_game(site: Site, tab: Page) -> None:
    refused: list[str] = []
    tab.on("response", lambda r: refused.append(r.url) if r.status >= 400 else None)
    open_page(tab, site, "spectator")
    expect(tab.locator("#notice")).to_have_count(1)
    expect(tab.locator("#notice")).to_contain_text("no seat link")
    # this browser made the game: the notice offers its seat
    expect(tab.locator("#notice-link")).to_have_attribute(
        "href", f"/games/{site.running_id}/resume"
    )
    expect(tab.locator("#board svg").first).to_be_visible()
    expect(tab.locator("#error")).to_have_text("")
    assert refused == []


@pytest.mark.browser
def test_a_bad_seat_link_gives_one_notice_not_an_error_per_move(
    site: Site, browser: Browser
) -> None:
    """A link whose secret plays no seat: one notice, the spectator's view, no refusals,
    while the game goes on (each of its moves used to be refused once more)."""
    other = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = other.new_page()
        errors: list[str] = []
        page.on("response", lambda r: errors.append(r.url) if r.status >= 400 else None)
        page.goto(f"{site.server.url}/games/{site.finished_id}?seat=not-a-seat-of-this-game")
        wait_until(page, READY, timeout=30)
        assert page.url.endswith(f"/games/{site.finished_id}?link=refused")
        expect(page.locator("#notice")).to_have_count(1)
        expect(page.locator("#notice")).to_contain_text("does not play any seat of this game")
        expect(page.locator("#notice")).to_contain_text("open the link of your seat")
        expect(page.locator("#notice-link")).to_have_count(0)
        expect(page.locator("#error")).to_have_text("")
        expect(page.locator("#board svg").first).to_be_visible()
        assert errors == []
        # the replay page of a bad link too
        page.goto(f"{site.server.url}/games/{site.finished_id}/replay?seat=BAD_seat_link_00")
        wait_until(page, READY, timeout=30)
        expect(page.locator("#notice")).to_contain_text("does not play any seat")
        assert errors == []
    finally:
        other.close()


@pytest.mark.browser
def test_a_seat_link_shows_no_notice(site: Site, tab: Page) -> None:
    open_page(tab, site, "engagement")
    expect(tab.locator("#notice")).to_have_count(0)


# -- the seat link, checked by the page itself (no browser) --------------------------------


def made_game(client: TestClient) -> dict[str, Any]:
    made = client.post(
        "/api/games",
        json={"game": "migs-engagement", "seats": {"Communist": "human", "Allied": "remote"}},
    )
    assert made.status_code == 201, made.text
    data: dict[str, Any] = made.json()
    return data


def test_a_seat_link_opens_its_page_without_a_notice(client: TestClient) -> None:
    made = made_game(client)
    for token in tokens(made).values():
        for path in (f"/games/{made['id']}", f"/games/{made['id']}/replay"):
            r = client.get(path, params={"seat": token})
            assert r.status_code == 200
            assert 'id="notice"' not in r.text


def test_a_page_without_a_link_says_once_that_it_is_watching(client: TestClient) -> None:
    made = made_game(client)
    mine = client.get(f"/games/{made['id']}")
    assert mine.text.count('id="notice"') == 1
    assert "no seat link" in mine.text
    assert f'href="/games/{made["id"]}/resume"' in mine.text  # this browser made it
    stranger = TestClient(client.app, base_url=str(client.base_url))
    theirs = stranger.get(f"/games/{made['id']}")
    assert theirs.text.count('id="notice"') == 1
    assert "/resume" not in theirs.text
    assert "open the link of your seat" in theirs.text
    # a replay needs no seat: it says nothing
    assert 'id="notice"' not in client.get(f"/games/{made['id']}/replay").text


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.text(alphabet=st.characters(codec="ascii", exclude_categories=["Cc"]), max_size=200))
def test_any_link_that_plays_no_seat_goes_to_the_spectators_page(
    client: TestClient, seat: str
) -> None:
    """Whatever the link holds (up to 200 characters), a secret that plays no seat
    is sent to the spectator's page, which names the problem once."""
    made = made_game(client)
    if seat in tokens(made).values():
        return
    for page in ("", "/replay"):
        r = client.get(f"/games/{made['id']}{page}", params={"seat": seat}, follow_redirects=False)
        assert r.status_code == 303, (seat, r.status_code)
        assert r.headers["location"] == f"/games/{made['id']}{page}?link=refused"
        shown = client.get(r.headers["location"])
        assert shown.text.count('id="notice"') == 1
        assert "does not play any seat of this game" in shown.text


def test_an_over_long_link_is_refused_with_its_field(client: TestClient) -> None:
    made = made_game(client)
    r = client.get(f"/games/{made['id']}", params={"seat": "x" * 201})
    assert r.status_code == 422
    assert r.json()["detail"][0]["loc"] == ["query", "seat"]


def test_a_default_title_names_the_players_in_words(client: TestClient) -> None:
    made = client.post(
        "/api/games",
        json={"game": "migs-engagement", "seats": {"Communist": "ai:heuristic", "Allied": "human"}},
    ).json()
    for page in ("", "/replay"):
        text = client.get(f"/games/{made['id']}{page}").text
        assert "Communist (AI heuristic) vs Allied (person)" in text
        assert "ai:heuristic" not in text.split("<main")[1]
    titled = client.post(
        "/api/games", json={"game": "migs-engagement", "title": "Friday night: ai:x"}
    ).json()
    assert "Friday night: ai:x" in client.get(f"/games/{titled['id']}").text


def test_behind_a_path_prefix_the_notice_and_its_redirect_keep_the_prefix(tmp_path: Path) -> None:
    from airwar.web.app import create_app

    prefix = "/airwar"
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}")
    with TestClient(app, base_url="http://127.0.0.1", root_path=prefix) as c:
        made = c.post(prefix + "/api/games", json={"game": "migs-engagement"}).json()
        page_url = f"{prefix}/games/{made['id']}"
        r = c.get(page_url, params={"seat": "nobody-here"}, follow_redirects=False)
        assert r.status_code == 303
        assert r.headers["location"] == f"{prefix}/games/{made['id']}?link=refused"
        page = c.get(f"{prefix}/games/{made['id']}").text
        assert f'href="{prefix}/games/{made["id"]}/resume"' in page
    app.state.store.close()
