"""The browser app in a real Chromium against the real ``airwar serve``.

Each test drives the pages as a player would (clicks, no reloads) and saves
a screenshot of the page it shows (into docs/screenshots/ with
AIRWAR_UPDATE_SCREENSHOTS=1, otherwise into a temporary folder).
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.examples import GUNSLINGERS_EXAMPLES
from tests.web.conftest import SCREENSHOTS, Server, wait_until
from tests.web.helpers import gunslingers_step, tokens

pytestmark = pytest.mark.browser

# a shared machine can be slow: give each expectation time to come true
expect.set_options(timeout=15_000)

READY = "document.body.dataset.ready === 'yes'"


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def decisions(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.decisions)"))


def wait_ready(page: Page) -> None:
    wait_until(page, READY)


def click_and_wait(page: Page, selector: str) -> None:
    """Click a control and wait until the page has drawn the game after it."""
    before = decisions(page)
    page.locator(selector).first.click()
    wait_until(
        page,
        f"{READY} && (Number(document.body.dataset.decisions) !== {before}"
        " || document.getElementById('error').textContent !== '')",
    )
    expect(page.locator("#error")).to_have_text("")


def play_my_turns(page: Page, limit: int = 400) -> None:
    """Click until the game ends: fire when the board offers it, else the first legal square."""
    for _ in range(limit):
        wait_ready(page)
        if page.evaluate("document.body.dataset.status") == "finished":
            return
        if page.locator("button.fire").count():
            click_and_wait(page, "button.fire")
        elif page.locator("#battle-board .step-target").count():
            click_and_wait(page, "#battle-board .step-target")
        elif page.locator("#controls button[data-action]").count():
            click_and_wait(page, "#controls button[data-action]")
        else:
            page.wait_for_timeout(100)
    raise AssertionError("the game did not end")


def test_a_whole_engagement_played_by_clicking(server: Server, page: Page) -> None:
    page.goto(server.url + "/?game=migs-engagement")
    page.select_option("#game-select", "migs-engagement")
    page.select_option("select[data-seat='Communist']", "ai:heuristic")
    page.select_option("select[data-seat='Allied']", "human")
    page.select_option("#opt-first", "active")
    page.fill("#opt-turn_limit", "3")
    page.fill("#seed", "2024")
    page.fill("#title", "Clicked engagement")
    shot(page, "new-game")
    page.click("#start")
    page.wait_for_url("**/games/*?seat=*")
    wait_ready(page)
    expect(page.locator("#status")).to_contain_text("Your turn")
    # the legal steps are on the board, with the MP left after each
    steps = page.locator("#battle-board .step-target")
    assert steps.count() >= 2
    click_and_wait(page, "#battle-board .step-target")
    shot(page, "migs-engagement")
    # undo against the AI takes the step back; the same position and rolls return
    squares = page.locator("#battle-board .plane").evaluate_all(
        "els => els.map(e => e.dataset.square)"
    )
    rolls = page.locator("#rolls li").count()
    expect(page.locator("#undo")).to_be_visible()
    click_and_wait(page, "#undo")
    assert decisions(page) == 0
    assert page.locator("#rolls li").count() == rolls
    click_and_wait(page, "#battle-board .step-target")
    again = page.locator("#battle-board .plane").evaluate_all(
        "els => els.map(e => e.dataset.square)"
    )
    assert again == squares
    play_my_turns(page)
    expect(page.locator("#status")).to_contain_text("Game over")
    assert page.locator("#rolls li").count() >= 3
    assert page.locator("#log li").count() > 10
    # the replay view steps back and forward through the finished game
    page.click("#replay-link")
    wait_until(page, READY)
    last = int(page.evaluate("Number(document.body.dataset.step)"))
    assert last == decisions_of(server, page)
    page.click("#back")
    wait_until(page, f"Number(document.body.dataset.step) === {last - 1}")
    page.click("#first")
    wait_until(page, "Number(document.body.dataset.step) === 0")
    expect(page.locator("#battle-board [data-role='active']")).to_have_attribute(
        "data-square", "a1"
    )
    page.click("#forward")
    wait_until(page, "Number(document.body.dataset.step) === 1")
    shot(page, "replay")


def browser_cookies(page: Page) -> dict[str, str]:
    """The cookies of a page's browser: its seat links play only for that browser."""
    return {c["name"]: c["value"] for c in page.context.cookies()}


def decisions_of(server: Server, page: Page) -> int:
    url = page.url
    game_id = url.split("/games/")[1].split("/")[0].split("?")[0]
    seat = url.split("seat=")[1] if "seat=" in url else None
    params = {"seat": seat} if seat else {}
    data: dict[str, Any] = httpx.get(
        f"{server.url}/api/games/{game_id}", params=params, cookies=browser_cookies(page)
    ).json()
    return int(data["decisions"])


def test_a_saved_game_resumes_after_the_server_restarts(server: Server, page: Page) -> None:
    answer = httpx.post(
        server.url + "/api/games",
        json={
            "game": "migs-sabres",
            "seats": {"Communist": "human", "Allied": "ai:heuristic"},
            "seed": 77,
            "options": {"pilots": True, "sorties": 1},
            "title": "Campaign to resume",
        },
    )
    made = answer.json()
    # the browser that created the game (here through its API) is the one that may resume it
    owner = answer.cookies["airwar_browser"]
    page.context.add_cookies([{"name": "airwar_browser", "value": owner, "url": server.url}])
    page.goto(server.url + made["links"][0]["url"])
    wait_ready(page)
    for _ in range(3):
        wait_ready(page)
        if page.locator("#battle-board .step-target").count():
            click_and_wait(page, "#battle-board .step-target")
    wait_ready(page)
    before = decisions(page)
    squares = page.locator("#battle-board .plane").evaluate_all(
        "els => els.map(e => e.dataset.role + e.dataset.square + e.dataset.facing)"
    )
    server.restart()
    page.goto(server.url + "/")
    row = page.locator(f"tr[data-game-id='{made['id']}']")
    expect(row).to_contain_text("Campaign to resume")
    shot(page, "saved-games")
    row.locator("a.resume").click()
    page.wait_for_url("**/games/*?seat=*")
    wait_ready(page)
    assert decisions(page) == before
    again = page.locator("#battle-board .plane").evaluate_all(
        "els => els.map(e => e.dataset.role + e.dataset.square + e.dataset.facing)"
    )
    assert again == squares
    expect(page.locator("#sortie-chart")).to_be_visible()
    expect(page.locator("#campaign")).to_contain_text("Kills")
    shot(page, "migs-sabres")
    if page.locator("#battle-board .step-target").count():
        click_and_wait(page, "#battle-board .step-target")
        assert decisions(page) > before


def test_two_browsers_play_one_game_and_see_each_other(server: Server, browser: Browser) -> None:
    answer = httpx.post(
        server.url + "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Allied": "human", "Communist": "remote"},
            "options": {"first": "active"},
        },
    )
    made = answer.json()
    toks = tokens(made)
    urls = {link["seat"]: server.url + link["url"] for link in made["links"]}
    contexts = [browser.new_context(viewport={"width": 1024, "height": 768}) for _ in range(2)]
    # the first browser created the game: it alone is shown the invitation
    owner = answer.cookies["airwar_browser"]
    contexts[0].add_cookies([{"name": "airwar_browser", "value": owner, "url": server.url}])
    try:
        allied, communist = (c.new_page() for c in contexts)
        allied.goto(urls["Allied"])
        communist.goto(urls["Communist"])
        wait_ready(allied)
        wait_ready(communist)
        expect(allied.locator("#status")).to_contain_text("Your turn")
        # the other player has opened its link: the host's page says so instead of the link
        expect(allied.locator("#invites li[data-joined='Communist']")).to_have_text(
            "Communist: joined"
        )
        expect(allied.locator("#invites a[data-seat='Communist']")).to_have_count(0)
        expect(communist.locator("#invite-panel")).to_be_hidden()
        # the link now plays only in the Communist's browser: the host's is refused
        taken = allied.request.get(f"{server.url}/api/games/{made['id']}?seat={toks['Communist']}")
        assert taken.status == 403 and "seat is taken" in taken.text()
        expect(communist.locator("#controls")).to_contain_text("Waiting for Allied")
        # the Communist page has no clickable step while it is not its turn
        assert communist.locator("#battle-board .step-target").count() == 0
        # a move sent with the Communist link out of turn is refused and changes nothing
        r = httpx.post(
            f"{server.url}/api/games/{made['id']}/actions",
            json={"seat": toks["Communist"], "actions": ["F"]},
            cookies=browser_cookies(communist),
        )
        assert r.status_code == 409
        for _ in range(30):
            click_and_wait(allied, "#battle-board .step-target")
            if not allied.evaluate("document.querySelector('#status.mine') !== null"):
                break
        mine = decisions(allied)
        # the other page follows without a reload (server-sent events)
        wait_until(communist, f"Number(document.body.dataset.decisions) === {mine}")
        wait_until(communist, READY)
        expect(communist.locator("#status")).to_contain_text("Your turn")
        shot(communist, "two-browsers")
        click_and_wait(communist, "#battle-board .step-target")
        wait_until(allied, f"Number(document.body.dataset.decisions) === {mine + 1}")
    finally:
        for c in contexts:
            c.close()


def test_the_air_defence_calculator(server: Server, page: Page) -> None:
    page.goto(server.url + "/bia")
    wait_ready(page)
    page.select_option("#t-speed", "slow")
    page.select_option("#t-man", "poor")
    page.select_option(".shot-system", "vehicle-sam")
    page.click("#calc")
    expect(page.locator(".hit-number")).to_have_text("6")
    expect(page.locator(".p-miss")).to_contain_text("2/5")
    expect(page.locator(".p-shot-down")).to_contain_text("1/10")
    page.click("#add-shot")
    page.locator(".shot-system").nth(1).select_option("vehicle-sam")
    page.click("#calc")
    expect(page.locator("#volley-result .p-miss")).to_contain_text("4/25")
    shot(page, "bia-calculator")
    # a shot out of range is refused with the reason, and nothing is shown as a result
    page.locator(".shot-range").nth(1).fill("25")
    page.click("#calc")
    expect(page.locator("#bia-error")).to_contain_text("out of range")
    # a Slow target making passes, on its first pass, with the option's -2 (BIA-19)
    page.locator(".shot-range").nth(1).fill("")
    page.locator("#shots .shot").nth(1).locator("button").click()
    page.check("#t-passes")
    page.check("#t-first")
    page.click("#calc")
    expect(page.locator(".hit-number")).to_have_text("6")
    expect(page.locator(".mods")).to_contain_text("Slow aircraft making passes, first pass")
    page.check("#o-all-speeds")
    page.click("#calc")
    expect(page.locator(".hit-number")).to_have_text("4")
    expect(page.locator(".p-miss")).to_contain_text("3/5")


def test_a_gunslingers_turn_stepped_through(server: Server, page: Page) -> None:
    page.goto(server.url + "/gunslingers")
    wait_until(page, "document.body.dataset.ready === 'yes'")
    # an uploaded scenario is checked and its sides offered as seats
    page.set_input_files("#gs-file", str(GUNSLINGERS_EXAMPLES / "dogfight-2v2.toml"))
    expect(page.locator("#gs-preview")).to_contain_text("Dogfight 2 v 2")
    wait_until(page, "document.querySelector(\"select[data-seat='Red']\") !== null")
    page.select_option("select[data-seat='Blue']", "human")
    page.select_option("select[data-seat='Red']", "ai:random")
    page.select_option("select[data-seat='referee']", "human")
    page.fill("#gs-turns", "2")
    page.click("#gs-start")
    page.wait_for_url("**/games/*?seat=*")
    wait_ready(page)
    expect(page.locator("#stepper")).to_contain_text("Turn 1")
    expect(page.locator("#roster")).to_contain_text("Ford-1")
    pictured = False
    for _ in range(300):
        wait_ready(page)
        if "Turn 2" in (page.locator("#status").text_content() or ""):
            break
        # each declaration offers only its legal choices: a hex on the map, or a word
        if page.locator("#hex-map .hex.legal").count():
            if not pictured:
                page.wait_for_timeout(300)
                wait_ready(page)
                shot(page, "gunslingers")
                pictured = True
            # a move: the path preselected, straight ahead (GS-82); the map stays where the
            # player left it, so a hex offered may lie out of view
            page.click("#path-fly")
        else:
            gunslingers_step(page)
        expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#status")).to_contain_text("Turn 2")
    expect(page.locator("#stepper .current-step")).to_have_count(1)
    assert page.locator("#log li").count() > 20
    if not pictured:
        shot(page, "gunslingers")
