"""The MiGs and Sabres play page as players expect it (issue 25), in a real Chromium against
``airwar serve``: the hints "after my move" rate the move once it is made; a reviewed
position reads as that position; the move list keeps the entry shown in sight and steps
with the arrow keys; the keyboard keeps its place on the board; no AI words in a game
without an AI; the log never says "null"; the result is said once.

The server reads the reduced matchup (Yak-9 against F-51, turn limit 1) from the solver
cache the ``solved_folder`` fixture fills, as ``tests/web/test_solver_values.py`` does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.web.conftest import Server, free_port, wait_until
from tests.web.test_accessibility import serious_violations
from tests.web.test_migs_play_browser import READY, create, game_json, settled

pytestmark = pytest.mark.browser

expect.set_options(timeout=20_000)

HINTED = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, solved_folder: Path) -> Iterator[Server]:
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(solved_folder.parent.parent))
    folder = tmp_path_factory.mktemp("migs-page")
    srv = Server(f"sqlite:///{folder / 'games.sqlite'}", free_port(), ["--no-rate-limits"])
    try:
        srv.start()
        yield srv
    finally:
        srv.stop()
        mp.undo()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Page]:
    pg = context.new_page()
    try:
        yield pg
    finally:
        pg.close()


def start(page: Page, server: Server, body: dict[str, Any], seat: str | None) -> dict[str, Any]:
    page.goto(server.url + "/")
    made = create(page, body)
    link = f"/games/{made['id']}"
    if seat is not None:
        link = next(x["url"] for x in made["links"] if x["seat"] == seat)
    page.goto(server.url + link)
    wait_until(page, READY, 30)
    return made


def finished_campaign(page: Page, server: Server) -> dict[str, Any]:
    """A whole game (one sortie a side) between two AIs, watched to its end."""
    body = {
        "game": "migs-sabres",
        "seats": {"Communist": "ai:random", "Allied": "ai:random"},
        "options": {"sorties": 1, "turn_limit": 3},
        "seed": 4,
    }
    made = start(page, server, body, None)
    wait_until(page, "document.body.dataset.status === 'finished'", 90)
    settled(page)
    return made


def test_after_my_move_the_page_says_how_good_it_was(server: Server, page: Page) -> None:
    body = {
        "game": "migs-engagement",
        "seats": {"Communist": "human", "Allied": "ai:random"},
        "seed": 11,
        "options": HINTED,
        "hints": {"Communist": "after"},
    }
    start(page, server, body, "Communist")
    page.evaluate("localStorage.setItem('airwar.aiSpeed', 'slow')")
    page.reload()
    wait_until(page, READY, 30)
    review = page.locator("#move-review")
    expect(review).to_have_count(0)  # no move made yet: nothing to rate, no advice
    steps = 0
    while game_json(page)["my_turn"]:
        before = game_json(page)["decisions"]
        page.locator("#battle-board g.step-target").first.click()
        wait_until(page, f"Number(document.body.dataset.decisions) > {before}", 30)
        steps += 1
        if game_json(page)["my_turn"]:
            # the move is still being flown: nothing is said about it
            expect(review).to_have_count(0)
    # the move is made: the AI answers (slowly shown), and the rating is up meanwhile
    expect(review).to_be_visible()
    expect(review.locator("h2")).to_have_text("Your last move (Yak-9, turn 1): a best move")
    expect(review.locator("[data-review='before']")).to_have_text("0.000 expected kills")
    expect(review.locator("[data-review='after']")).to_have_text("0.000 (nothing lost)")
    expect(review.locator("[data-review='best']")).not_to_be_empty()
    path = review.locator("[data-review='path']").inner_text().split()
    assert len(path) == steps
    assert review.get_attribute("data-mark") == "best"
    settled(page)


def test_a_reviewed_position_of_a_finished_game_reads_as_that_position(
    server: Server, page: Page
) -> None:
    finished_campaign(page, server)
    expect(page.locator("#status")).to_have_text("Game over.")
    title = page.locator("#result-title").inner_text()
    entry = page.locator("#moves button.move-entry").nth(1)
    step = entry.get_attribute("data-step")
    entry.click()
    wait_until(page, f"document.body.dataset.viewing === '{step}'")
    status = page.locator("#status")
    expect(status).to_contain_text(f"After decision {step} of ")
    expect(status).not_to_contain_text("Game over")
    expect(status).to_contain_text(re.compile(r"to (move|return fire)"))
    # the game's own result stays as it is, and the banner does not say the game goes on
    expect(page.locator("#result-title")).to_have_text(title)
    expect(page.locator("#viewing-text")).to_contain_text("The game is over")
    expect(page.locator("#viewing-text")).not_to_contain_text("goes on")
    expect(page.locator("#controls #read-only")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#status")).to_have_text("Game over.")


def test_the_move_list_keeps_its_place_and_the_arrows_step_through_it(
    server: Server, page: Page
) -> None:
    finished_campaign(page, server)
    entries = page.locator("#moves button.move-entry")
    count = entries.count()
    assert count > 12, count
    moves = page.locator("#moves")
    assert moves.evaluate("m => m.scrollHeight > m.clientHeight")  # the list scrolls
    # an entry near the top: the list stays there, the entry in sight and focused
    entries.nth(2).click()
    step2 = entries.nth(2).get_attribute("data-step")
    wait_until(page, f"document.body.dataset.viewing === '{step2}'")
    in_sight = """() => { const m = document.getElementById('moves');
        const s = m.querySelector('li.selected .move-entry');
        if (!s) return false;
        const a = m.getBoundingClientRect(), b = s.getBoundingClientRect();
        return b.top >= a.top - 1 && b.bottom <= a.bottom + 1; }"""
    assert page.evaluate(in_sight)
    assert page.evaluate("document.activeElement.dataset.step") == step2
    # the right arrow shows the next entry, the left one the one before, the focus follows
    page.keyboard.press("ArrowRight")
    step3 = entries.nth(3).get_attribute("data-step")
    wait_until(page, f"document.body.dataset.viewing === '{step3}'")
    assert page.evaluate("document.activeElement.dataset.step") == step3
    page.keyboard.press("ArrowLeft")
    wait_until(page, f"document.body.dataset.viewing === '{step2}'")
    # Enter on the focused entry keeps the focus there (not on the page's body)
    page.keyboard.press("Enter")
    wait_until(page, "document.activeElement.classList.contains('move-entry')")
    # stepping far down keeps the shown entry in sight
    for _ in range(count):  # past the end: it stays on the last
        page.keyboard.press("ArrowRight")
    last = entries.nth(count - 1).get_attribute("data-step")
    wait_until(page, f"document.body.dataset.viewing === '{last}'", 30)
    assert page.evaluate(in_sight)


def test_enter_on_a_step_keeps_the_keyboard_on_the_board(server: Server, page: Page) -> None:
    body = {
        "game": "migs-engagement",
        "seats": {"Communist": "human", "Allied": "ai:random"},
        "seed": 11,
        "options": HINTED,
    }
    start(page, server, body, "Communist")
    page.locator("body").click(position={"x": 2, "y": 2})
    page.keyboard.press("ArrowRight")
    for _ in range(2):  # the Yak-9 has MP for more than two steps
        before = game_json(page)["decisions"]
        page.keyboard.press("Enter")
        wait_until(page, f"Number(document.body.dataset.decisions) > {before}", 30)
        wait_until(page, "document.activeElement.classList.contains('step-target')")
    # the next arrow goes on from the step in focus, not from the page's start
    focused = page.evaluate("document.activeElement.dataset.square")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.classList.contains('step-target')")
    assert focused is not None


def test_a_game_between_people_says_nothing_of_an_ai(server: Server, page: Page) -> None:
    body = {
        "game": "migs-engagement",
        "seats": {"Communist": "human", "Allied": "human"},
        "options": HINTED,
    }
    start(page, server, body, "Communist")
    expect(page.locator("#speed-label")).to_be_hidden()
    expect(page.locator("#thinking")).to_be_hidden()
    # against the AI the speed is offered
    body["seats"] = {"Communist": "human", "Allied": "ai:random"}
    start(page, server, body, "Communist")
    expect(page.locator("#speed-label")).to_be_visible()


def test_the_end_of_a_whole_game_is_said_once_and_the_log_never_says_null(
    server: Server, page: Page
) -> None:
    finished_campaign(page, server)
    data = game_json(page)
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(page.locator("#result-detail")).to_contain_text("Final score")
    # the status line does not repeat it, nor a score panel beside the board's table
    expect(page.locator("#status")).to_have_text("Game over.")
    expect(page.locator("#extra")).not_to_contain_text("Score (")
    expect(page.locator("#extra")).not_to_contain_text("Result")
    expect(page.locator("#summary-table")).to_be_visible()
    # a marker that passed the last square (MS-3) is said in words
    past = [e for e in data["log"] if e["type"] == "marker_move" and e["to"] is None]
    assert past, "the seed's game has no marker past the last square"
    log = page.locator("#log").inner_text()
    assert "null" not in log and "undefined" not in log
    assert "past the last square (22): the sortie is over (MS-3)" in log
    # every line is the server's, the game's own words (the terminal's): an engagement's
    # moves name the plane's type, each row of a line read on a row of its own
    told = [e for e in data["log"] if e.get("line")]
    assert len(told) == len(data["log"]), "an event the game did not narrate"
    rows = {r.strip() for r in log.splitlines()}
    for e in told:
        for row in e["line"].split("\n"):
            assert row.strip() in rows, row


@pytest.mark.parametrize("mode", ["always", "after"])
def test_the_page_with_hints_has_no_serious_accessibility_violation(
    server: Server, page: Page, mode: str
) -> None:
    """axe-core 4.14: each step square's name holds the text it shows (its value too, with
    the hints always on), and the rating of a move reads as a section of its own."""
    body = {
        "game": "migs-engagement",
        "seats": {"Communist": "human", "Allied": "ai:random"},
        "seed": 11,
        "options": HINTED,
        "hints": {"Communist": mode},
    }
    start(page, server, body, "Communist")
    squares = page.locator("#battle-board g.step-target")
    expect(squares.first).to_be_visible()
    first = squares.first
    shown = first.evaluate(
        "g => Array.from(g.querySelectorAll('text'), t => t.textContent).join(' ')"
    )
    name = first.get_attribute("aria-label") or ""
    for word in shown.split():
        assert word in name, (shown, name)
    assert serious_violations(page) == []
    page.evaluate("localStorage.setItem('airwar.aiSpeed', 'slow')")
    while game_json(page)["my_turn"]:
        before = game_json(page)["decisions"]
        page.locator("#battle-board g.step-target").first.click()
        wait_until(page, f"Number(document.body.dataset.decisions) > {before}", 30)
    expect(page.locator("#move-review")).to_be_visible()
    assert serious_violations(page) == []
    settled(page)
