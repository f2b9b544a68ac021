"""Games between people in two real Chromium browsers against a real server on 127.0.0.1,
on SQLite and PostgreSQL: the host copies the invitation link with its Copy button; a draw
offer reaches the other page live and is declined; a player closing its page is shown to
the other as gone ("Allied has left (disconnected 6 s ago)") and back again; a resignation
ends the game on both pages in words; the guest, whose browser did not create the game, is
offered "Propose a rematch" instead of a Rematch that would fail; the host accepts, and each
page opens its own new seat, sides swapped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import DATABASES, Server, database, free_port, wait_until
from tests.web.helpers import token_of, tokens
from tests.web.test_accessibility import serious_violations

pytestmark = pytest.mark.browser

expect.set_options(timeout=20_000)

READY = "document.body.dataset.ready === 'yes'"


@pytest.fixture(scope="module", params=DATABASES)
def table_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """``airwar serve`` on a fresh SQLite file and a fresh PostgreSQL database: the offers
    and the rematch are kept in the store, so both are tried."""
    tmp: Path = tmp_path_factory.mktemp("table")
    with database(request.param, tmp) as url:
        srv = Server(url, free_port())
        srv.start()
        try:
            yield srv
        finally:
            srv.stop()


@pytest.fixture
def two(browser: Browser) -> Iterator[list[BrowserContext]]:
    made = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        yield made
    finally:
        for c in made:
            c.close()


def open_seat(page: Page, url: str) -> None:
    page.goto(url)
    wait_until(page, READY, 30)


def test_two_players_offer_leave_resign_and_rematch(
    table_server: Server, two: list[BrowserContext]
) -> None:
    server = table_server
    answer = httpx.post(
        server.url + "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Communist": "human", "Allied": "remote"},
            "options": {"first": "active", "turn_limit": 12},
        },
    )
    assert answer.status_code == 201, answer.text
    made = answer.json()
    game_id, tok = made["id"], tokens(made)
    host_ctx, guest_ctx = two
    host_ctx.add_cookies(
        [{"name": "airwar_browser", "value": answer.cookies["airwar_browser"], "url": server.url}]
    )
    host_ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    host = host_ctx.new_page()
    open_seat(host, f"{server.url}/games/{game_id}?seat={tok['Communist']}")

    # the invitation's Copy button, by its accessible name, puts the whole link on the clipboard
    copy = host.get_by_role("button", name="Copy Allied's link")
    expect(copy).to_be_visible()
    copy.click()
    expect(copy).to_have_text("Copied")
    copied = host.evaluate("navigator.clipboard.readText()")
    assert copied == f"{server.url}/games/{game_id}?seat={tok['Allied']}"

    guest = guest_ctx.new_page()
    open_seat(guest, copied)
    expect(host.locator("#invites li[data-joined='Allied']")).to_have_count(1)
    # the guest offers a draw; the host's page is told live and declines it
    expect(guest.locator("#offer-draw")).to_be_visible()
    guest.click("#offer-draw")
    expect(guest.locator("#offer-line")).to_have_text("You offered a draw: waiting for the answer.")
    expect(host.locator("#offer-line")).to_have_text("Allied offers a draw.")
    expect(host.locator("#accept-draw")).to_be_visible()
    assert serious_violations(host) == []  # the panel with its offer and its buttons
    host.click("#decline-draw")
    expect(guest.locator("#offer-line")).to_be_hidden()
    expect(guest.locator("#offer-draw")).to_have_count(0)  # declined: not before it decides

    # the guest closes its page: the host is told it has left, then that it is back
    guest.close()
    gone = host.locator("#presence li[data-presence='gone'][data-seat='Allied']")
    expect(gone).to_contain_text("Allied has left (disconnected", timeout=20_000)
    assert tok["Allied"] not in host.locator("#table-panel").inner_text()
    guest = guest_ctx.new_page()
    open_seat(guest, copied)
    expect(host.locator("#presence li[data-presence='back']")).to_have_text(
        "Allied is back", timeout=20_000
    )

    # the host resigns (asked once more first); both pages end the game in words
    host.click("#resign")
    expect(host.locator("#table-buttons")).to_contain_text(
        "Resign this game? Communist loses it, whatever the score."
    )
    host.click("#really-resign")
    for page, outcome in ((host, "lost"), (guest, "won")):
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#result-title")).to_have_text("Allied wins")
        expect(page.locator("#result-detail")).to_have_text("Communist resigned.")
        expect(page.locator("#result")).to_have_attribute("data-outcome", outcome)
    # the guest's browser did not create the game: no Rematch that would fail, a proposal
    expect(guest.locator("#rematch")).to_be_hidden()
    expect(host.locator("#rematch")).to_be_visible()
    guest.click("#propose-rematch")
    expect(host.locator("#offer-line")).to_have_text("Allied proposes a rematch (sides swapped).")
    host.click("#accept-rematch")
    for page in (host, guest):
        expect(page.locator("#rematch-link")).to_be_visible()
    host_link = host.locator("#rematch-link").get_attribute("href") or ""
    guest_link = guest.locator("#rematch-link").get_attribute("href") or ""
    assert host_link != guest_link
    # each page holds its own new link only
    assert token_of(host_link) not in guest.content()
    assert token_of(guest_link) not in host.content()
    guest.click("#rematch-link")
    wait_until(guest, READY, 30)
    host.click("#rematch-link")
    wait_until(host, READY, 30)
    for page, seat in ((host, "Allied"), (guest, "Communist")):
        new_id = page.url.split("/games/")[1].split("?")[0]
        assert new_id != game_id
        answer = page.request.get(f"{server.url}/api/games/{new_id}?seat={token_of(page.url)}")
        assert answer.status == 200 and answer.json()["seat"] == seat


def test_copy_selects_the_link_where_the_page_has_no_clipboard(
    table_server: Server, browser: Browser
) -> None:
    server = table_server
    answer = httpx.post(
        server.url + "/api/games",
        json={"game": "migs-engagement", "seats": {"Communist": "human", "Allied": "remote"}},
    )
    made = answer.json()
    context = browser.new_context()
    try:
        context.add_cookies(
            [
                {
                    "name": "airwar_browser",
                    "value": answer.cookies["airwar_browser"],
                    "url": server.url,
                }
            ]
        )
        # a page without the clipboard (an insecure origin, an old browser)
        context.add_init_script(
            "Object.defineProperty(navigator, 'clipboard', {value: undefined});"
        )
        page = context.new_page()
        open_seat(page, f"{server.url}/games/{made['id']}?seat={tokens(made)['Communist']}")
        copy = page.get_by_role("button", name="Copy Allied's link")
        copy.click()
        expect(copy).to_have_text("Selected: press Ctrl-C")
        selected = page.evaluate("window.getSelection().toString()")
        assert selected == f"{server.url}/games/{made['id']}?seat={tokens(made)['Allied']}"
        # on a phone the panel's buttons fit: no sideways scroll
        page.set_viewport_size({"width": 390, "height": 844})
        expect(page.locator("#resign")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
