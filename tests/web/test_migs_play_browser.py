"""Playing MiGs and Sabres in a real Chromium against ``airwar serve`` (as the README starts it).

Known seeds make the games the same every run: the AI seat is the random bot,
whose decisions come from the game's seed, and the person flies to the shot
squares the board marks and fires. The seeds were found by playing that plan
through the play session (the same rules and bot seeds as the server).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import SCREENSHOTS, Server, free_port, wait_until

pytestmark = pytest.mark.browser

expect.set_options(timeout=20_000)

READY = "document.body.dataset.ready === 'yes'"
WON_SEEDS = {1280: 10, 390: 3}
"""Seeds of engagements (the F-86 played here, the MiG-15 by the random bot) that the
plan of :func:`plan` wins with a shot."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``airwar serve`` on 127.0.0.1 with a fresh SQLite file; without the per-address
    rate limits, as these tests make more games a minute from one address than a person."""
    folder: Path = tmp_path_factory.mktemp("migs-play")
    srv = Server(f"sqlite:///{folder / 'games.sqlite'}", free_port(), ["--no-rate-limits"])
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def create(page: Page, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/games`` from the page, so the game belongs to this browser."""
    made: dict[str, Any] = page.evaluate(
        """async (body) => {
            const r = await fetch('/api/games', {method: 'POST',
              headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
            return {status: r.status, data: await r.json()};
        }""",
        body,
    )
    assert made["status"] == 201, made
    data: dict[str, Any] = made["data"]
    return data


def game_json(page: Page) -> dict[str, Any]:
    """The game JSON for this page's seat link, as the page itself would read it."""
    data: dict[str, Any] = page.evaluate(
        """async () => {
            const id = document.getElementById('game').dataset.gameId;
            const seat = new URLSearchParams(location.search).get('seat');
            const r = await fetch('/api/games/' + id + (seat ? '?seat=' + seat : ''));
            return await r.json();
        }"""
    )
    return data


def open_game(page: Page, server: Server, seed: int, width: int) -> dict[str, Any]:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server.url + "/")
    made = create(
        page,
        {
            "game": "migs-engagement",
            "seats": {"Communist": "ai:random", "Allied": "human"},
            "seed": seed,
        },
    )
    link = next(x["url"] for x in made["links"] if x["kind"] == "human")
    page.evaluate("localStorage.setItem('airwar.aiSpeed', 'instant')")
    page.goto(server.url + link)
    wait_until(page, READY, 30)
    return made


def plan(view: dict[str, Any]) -> tuple[str, Any]:
    """Fire when it can; else fly to the open shot with the best kill chance; else the
    first legal step."""
    e = view["engagement"]
    acts = e["legal_actions"]
    if any(a["action"] == "fire" for a in acts):
        return "fire", None
    shots = [s for s in e["shots"] if s["path"]]
    if shots:
        return "shot", max(shots, key=lambda s: Fraction(s["p_kill"]))
    return "step", acts[0]["action"]


def settled(page: Page) -> None:
    wait_until(page, READY + " && document.body.dataset.botsThinking === 'no'", 60)


def play_to_the_end(page: Page, limit: int = 60) -> int:
    """Play the plan with the keyboard and the shot squares; the number of my moves."""
    for n in range(limit):
        settled(page)
        data = game_json(page)
        if data["status"] == "finished":
            return n
        assert data["my_turn"], data["to_act"]
        before = data["decisions"]
        kind, what = plan(data["view"])
        if kind == "fire":
            page.keyboard.press("f")
        elif kind == "shot":
            target = page.locator(
                f"#battle-board g.shot-square[data-shot='{what['square']}']"
                f"[data-facing='{what['facing']}']"
            )
            expect(target).to_have_attribute("data-p-kill", what["p_kill"])
            target.click()
        else:
            # the keyboard alone: the arrow key reaches the first legal step, Enter takes it
            page.locator("body").click(position={"x": 2, "y": 2})
            page.keyboard.press("ArrowRight")
            focused = page.evaluate("document.activeElement.dataset.action")
            assert focused == what
            page.keyboard.press("Enter")
        wait_until(page, f"Number(document.body.dataset.decisions) > {before}", 30)
        expect(page.locator("#error")).to_have_text("")
    raise AssertionError("the engagement did not end")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_whole_engagement_won_with_a_shot(server: Server, page: Page, width: int) -> None:
    open_game(page, server, WON_SEEDS[width], width)
    # hints are off unless asked for: no solver numbers in the JSON or on the page
    first = game_json(page)
    assert first["hints"] == "off" and first["solver"] is None
    # the board scales: squares of at least 40 px where the screen allows
    square = page.locator("#battle-board rect.sq").first.bounding_box()
    assert square is not None
    if width >= 1000:
        assert square["width"] >= 40, square
    expect(page.locator("#help-panel")).to_be_attached()
    expect(page.locator("#board-legend")).to_contain_text("shot is open")
    # the roll for the first move needs 1+ (red) : shown as automatic, not as a check
    automatic = page.locator("#rolls li[data-automatic='success']").first
    expect(automatic).to_contain_text("automatic")
    expect(automatic).not_to_contain_text("1/1")
    moves = play_to_the_end(page)
    assert moves >= 1
    settled(page)
    # a clear result: who won, how, the score
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-title")).to_have_text("Allied wins")
    expect(page.locator("#result-detail")).to_contain_text("shot down the MiG-15")
    expect(page.locator("#result-detail")).to_contain_text("Allied 1, Communist 0")
    expect(page.locator("#result")).to_have_attribute("data-outcome", "won")
    expect(page.locator("#status")).to_have_text("Game over.")  # the result panel says who won
    # the downed plane is drawn shot down, where it fell
    expect(page.locator("#battle-board [data-role='listed'][data-shot-down='yes']")).to_be_visible()
    expect(page.locator("#battle-board g.shot-down")).to_have_count(1)
    # the engagement panel no longer says who is to move, and no solver numbers stay
    expect(page.locator("#situation")).not_to_contain_text("To move")
    expect(page.locator("#solver-values")).to_have_count(0)
    analyse = re.compile(rf"/games/{first['id']}/replay\?seat=.+#analyse$")
    expect(page.locator("#analyse")).to_have_attribute("href", analyse)
    expect(page.locator("#new-game")).to_be_visible()
    # the kill roll is in the move list
    expect(page.locator("#moves")).to_contain_text("shoots down the MiG-15")
    # nothing scrolls sideways
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"migs-won-{width}")


def test_the_end_of_a_game_offers_a_rematch_with_the_sides_swapped(
    server: Server, page: Page
) -> None:
    made = open_game(page, server, WON_SEEDS[1280], 1280)
    play_to_the_end(page)
    settled(page)
    expect(page.locator("#rematch")).to_be_visible()
    page.click("#rematch")
    page.wait_for_url(lambda url: made["id"] not in url and "seat=" in url)
    wait_until(page, READY, 30)
    again = game_json(page)
    assert again["id"] != made["id"]
    assert again["seats"] == {"Communist": "human", "Allied": "ai:random"}
    assert again["seat"] == "Communist"
    assert again["status"] == "running"
    assert again["hints"] == "off"


def test_undo_takes_back_a_whole_move_and_rolls_nothing_again(server: Server, page: Page) -> None:
    open_game(page, server, 1, 1280)
    settled(page)
    start = game_json(page)
    rolls = page.locator("#rolls li").all_text_contents()
    # a whole move of several steps, one click each, then the AI's reply
    clicks = 0
    for _ in range(30):
        before = game_json(page)["decisions"]
        page.locator("#battle-board g.step-target").first.click()
        wait_until(page, f"Number(document.body.dataset.decisions) > {before}", 30)
        clicks += 1
        if game_json(page)["decisions"] > before + 1:
            break  # the move passed to the AI, which has replied
    assert clicks >= 2
    settled(page)
    after = game_json(page)
    assert after["decisions"] > start["decisions"] + clicks  # the AI replied too
    expect(page.locator("#undo")).to_be_visible()
    expect(page.locator("#undo")).to_have_text("Undo my last move")
    page.keyboard.press("u")
    wait_until(page, f"Number(document.body.dataset.decisions) === {start['decisions']}", 30)
    settled(page)
    expect(page.locator("#undo-note")).to_contain_text("Took back your last move")
    back = game_json(page)
    assert back["decisions"] == start["decisions"]
    assert back["view"] == start["view"]
    # the same dice as before the move: nothing was rolled again
    assert page.locator("#rolls li").all_text_contents() == rolls


def test_the_ai_move_can_be_skipped(server: Server, page: Page) -> None:
    open_game(page, server, 1, 1280)
    page.evaluate("localStorage.setItem('airwar.aiSpeed', 'slow')")
    page.reload()
    wait_until(page, READY, 30)
    expect(page.locator("#speed")).to_have_value("slow")
    settled(page)
    # a whole move, one step at a time, until the AI has moved (it plays at once)
    for _ in range(20):
        before = game_json(page)["decisions"]
        page.locator("#battle-board g.step-target").first.click()
        wait_until(page, f"Number(document.body.dataset.decisions) > {before}", 30)
        if game_json(page)["decisions"] > before + 1:
            break
    # the AI's move is shown step by step, slowly: skip it
    expect(page.locator("#skip")).to_be_visible(timeout=30_000)
    expect(page.locator("#thinking")).to_be_visible()
    page.click("#skip")
    settled(page)
    final = game_json(page)
    wait_until(page, f"Number(document.body.dataset.decisions) === {final['decisions']}", 10)
    expect(page.locator("#skip")).to_be_hidden()


def test_a_move_list_entry_shows_the_board_then_while_the_game_goes_on(
    server: Server, page: Page
) -> None:
    open_game(page, server, 1, 1280)
    settled(page)
    first = page.locator("#moves button.move-entry").first
    step = int(first.get_attribute("data-step") or "0")
    first.click()
    expect(page.locator("#viewing")).to_be_visible()
    wait_until(page, f"document.body.dataset.viewing === '{step}'")
    # read only: no legal steps to click while an earlier position is shown
    expect(page.locator("#battle-board g.step-target")).to_have_count(0)
    page.click("#back-to-game")
    expect(page.locator("#viewing")).to_be_hidden()
    expect(page.locator("#battle-board g.step-target").first).to_be_visible()


def test_hints_off_in_a_game_between_two_people(server: Server, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        made = create(
            page,
            {"game": "migs-engagement", "seats": {"Communist": "human", "Allied": "remote"}},
        )
        for link in made["links"]:
            page.goto(server.url + link["url"])
            wait_until(page, READY, 30)
            data = game_json(page)
            assert data["hints"] == "off"
            assert data["solver"] is None
            expect(page.locator("#solver-values")).to_have_count(0)
            assert page.evaluate("document.body.dataset.hints") == "off"
        refused = page.evaluate(
            """async () => {
                const r = await fetch('/api/games', {method: 'POST',
                  headers: {'Content-Type': 'application/json'},
                  body: JSON.stringify({game: 'migs-engagement',
                    seats: {Communist: 'human', Allied: 'remote'}, hints: {Communist: 'always'}})});
                return {status: r.status, data: await r.json()};
            }"""
        )
        assert refused["status"] == 422
        assert refused["data"]["detail"][0]["loc"] == ["body", "hints"]
        assert "between people" in refused["data"]["detail"][0]["msg"]
    finally:
        context.close()


def test_a_whole_game_ends_on_a_summary_table(server: Server, page: Page) -> None:
    page.goto(server.url + "/")
    made = create(
        page,
        {
            "game": "migs-sabres",
            "seats": {"Communist": "ai:random", "Allied": "ai:random"},
            "options": {"sorties": 1, "turn_limit": 3},
            "seed": 4,
        },
    )
    page.goto(server.url + "/games/" + made["id"])
    wait_until(page, "document.body.dataset.status === 'finished'", 90)
    settled(page)
    data = game_json(page)
    scores = data["view"]["scores"]
    expect(page.locator("#summary-table")).to_be_visible()
    for side, points in scores.items():
        row = page.locator(f"#summary-table tr[data-side='{side}']")
        expect(row).to_contain_text(str(points))
    expect(page.locator("#engagements-table tbody tr").first).to_be_visible()
    expect(page.locator("#battle-board")).to_have_count(0)
    expect(page.locator("#result-title")).to_have_text(
        "A draw"
        if data["view"]["result"] in (None, "draw")
        else data["view"]["result"].title() + " wins"
    )
    # never raw JSON: no braces anywhere in what the page says
    assert "{" not in page.locator("#main").inner_text()


def test_the_new_game_form_asks_for_hints_against_the_ai_and_starts_once(
    server: Server, page: Page
) -> None:
    page.goto(server.url + "/?game=migs-engagement")
    page.select_option("#game-select", "migs-engagement")
    page.select_option("select[data-seat='Communist']", "ai:random")
    page.select_option("select[data-seat='Allied']", "human")
    expect(page.locator("#hints-choice")).to_be_visible()
    # between people there is no such choice
    page.select_option("select[data-seat='Communist']", "remote")
    expect(page.locator("#hints-choice")).to_be_hidden()
    page.select_option("select[data-seat='Communist']", "ai:random")
    page.select_option("#hints", "always")
    # Start is disabled from the click until the game is made
    assert page.evaluate(
        "(() => { const b = document.getElementById('start'); b.click(); return b.disabled; })()"
    )
    page.wait_for_url("**/games/*?seat=*")
    wait_until(page, READY, 30)
    data = game_json(page)
    assert data["hints"] == "always"
    assert data["seats"] == {"Communist": "ai:random", "Allied": "human"}


def test_the_experts_solve_shows_its_progress_on_the_first_move(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With nothing in the solver's cache, the expert solves the matchup when it first moves:
    the page says so with a progress bar from the moment the game is made, then the AI moves."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache-home"))
    srv = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", free_port(), ["--no-rate-limits"])
    srv.start()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(srv.url + "/")
        made = create(
            page,
            {
                "game": "migs-engagement",
                "seats": {"Communist": "human", "Allied": "ai:expert"},
                "options": {
                    "active": "Yak-9",
                    "listed": "F-51",
                    "turn_limit": 1,
                    "first": "listed",
                },
            },
        )
        page.goto(srv.url + made["links"][0]["url"])
        wait_until(page, "document.body.dataset.solving === 'yes'", 60)
        expect(page.locator("#solver-job")).to_be_visible()
        expect(page.locator("#solver-job-text")).to_contain_text("solv")
        bar = page.locator("#solver-job-bar")
        expect(bar).to_have_attribute("max", "100")
        wait_until(page, "document.body.dataset.solving === 'no'", 300)
        wait_until(page, READY + " && document.body.dataset.botsThinking === 'no'", 120)
        expect(page.locator("#solver-job")).to_be_hidden()
        assert game_json(page)["decisions"] >= 1  # the expert has moved
    finally:
        context.close()
        srv.stop()


def test_the_keyboard_alone_chooses_and_takes_a_step(server: Server, page: Page) -> None:
    open_game(page, server, 1, 1280)
    settled(page)
    data = game_json(page)
    assert data["my_turn"]
    steps = [a["action"] for a in data["view"]["engagement"]["legal_actions"] if "square" in a]
    assert len(steps) >= 2
    page.locator("body").click(position={"x": 2, "y": 2})
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.action") == steps[0]
    page.keyboard.press("ArrowLeft")  # wraps round to the last step
    assert page.evaluate("document.activeElement.dataset.action") == steps[-1]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.action") == steps[1]
    page.keyboard.press("Enter")
    wait_until(page, f"Number(document.body.dataset.decisions) === {data['decisions'] + 1}", 30)
    settled(page)
    after = game_json(page)
    mover = after["view"]["engagement"]["planes"]["active"]
    chosen = next(a for a in data["view"]["engagement"]["legal_actions"] if a["action"] == steps[1])
    assert (mover["square"], mover["facing"]) == (chosen["square"], chosen["facing"])
