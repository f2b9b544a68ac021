"""Claim-once seat links in real Chromium browsers against a real server: the new
Gunslingers game's form leaves the referee automatic and says that a referee sees both
sides; the host's page says "Red: joined" once the guest opens its link, and the link
then shows the host nothing; the guest moves its seat to another device with a link
that works once."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import Server, wait_until

pytestmark = pytest.mark.browser

expect.set_options(timeout=20_000)

READY = "document.body.dataset.ready === 'yes'"


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Three browsers, each with its own cookies: the host, the guest, the guest's tablet."""
    made = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    try:
        yield made
    finally:
        for c in made:
            c.close()


def new_gunslingers_game(host: Page, server: Server) -> dict[str, str]:
    """A game from the new-game page with its default seats; the links it shows, by seat."""
    host.goto(server.url + "/gunslingers")
    wait_until(host, "document.querySelector(\"select[data-seat='referee']\") !== null")
    referee = host.locator("select[data-seat='referee']")
    expect(referee).to_have_value("ai:gunslingers-auto")
    expect(referee.locator("option:checked")).to_contain_text("no link")
    expect(host.locator("#gs-referee-hint")).to_contain_text("The referee sees both sides")
    # a person as referee is offered, and said to see both sides
    expect(referee.locator("option[value='remote']")).to_contain_text("sees both sides")
    host.fill("#gs-turns", "1")
    host.click("#gs-start")
    expect(host.locator("#gs-links")).to_be_visible()
    links = host.locator("#gs-link-list a[data-seat]")
    seats = links.evaluate_all("els => els.map(a => [a.dataset.seat, a.getAttribute('href')])")
    return dict(seats)


def test_the_host_sees_joined_and_the_guest_moves_its_seat_once(
    server: Server, contexts: list[BrowserContext]
) -> None:
    host, guest, tablet = (c.new_page() for c in contexts)
    links = new_gunslingers_game(host, server)
    assert set(links) == {"Blue", "Red"}  # no referee link exists
    host.goto(server.url + links["Blue"])
    wait_until(host, READY, 30)
    expect(host.locator("#invites a[data-seat='Red']")).to_have_count(1)
    # the guest opens Red's link: the host's page says so by itself, without the link
    guest.goto(server.url + links["Red"])
    wait_until(guest, READY, 30)
    expect(host.locator("#invites li[data-joined='Red']")).to_have_text("Red: joined")
    expect(host.locator("#invites a[data-seat='Red']")).to_have_count(0)
    # the host opening the link it sent sees only that the seat is taken
    refused = host.context.new_page()
    answer = refused.goto(server.url + links["Red"])
    assert answer is not None and answer.status == 403
    expect(refused.locator("#refusal")).to_contain_text("this seat is taken")
    expect(refused.locator("#game")).to_have_count(0)
    refused.close()
    # the guest moves its seat to its tablet: a link that works once
    expect(guest.locator("#move-panel")).to_be_visible()
    guest.click("#move-seat")
    expect(guest.locator("#move-link-line")).to_be_visible()
    move = guest.locator("#move-link").get_attribute("href")
    assert move is not None and "move=" in move
    tablet.goto(server.url + move)
    wait_until(tablet, READY, 30)
    assert "seat=" in tablet.url
    expect(tablet.locator("#status")).not_to_be_empty()
    again = guest.goto(server.url + links["Red"])
    assert again is not None and again.status == 403
    used = guest.goto(server.url + move)
    assert used is not None and used.status == 403
    expect(guest.locator("#refusal")).to_contain_text("move link has been used")
