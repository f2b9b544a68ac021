"""Pages and errors as a new user meets them: an error page in the app's style for a
browser (the API keeps its JSON), the games list of every game this browser may know
(started at the terminal, joined from a link), the home page's words, the replay asking
for an analysis only where the game offers one, and the calculator's and the editor's
messages in words.

The in-process checks run on a real SQLite file; the browser checks run a real server
on 127.0.0.1 on SQLite and on PostgreSQL, with Chromium.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from airwar.cli.main import app as cli_app
from airwar.web.app import create_app
from tests.web.conftest import DATABASES, LOCAL, Server, database, free_port, wait_until
from tests.web.helpers import RELAXED, tokens

PAGE = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8", "Sec-Fetch-Mode": "navigate"}
"""What a browser sends when it opens a page."""
FETCH = {"Accept": "application/json"}
"""What the pages' own scripts (and an API client) send."""


def made_game(client: TestClient, seats: dict[str, str] | None = None) -> dict[str, Any]:
    r = client.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": seats or {"Communist": "ai:heuristic", "Allied": "human"},
        },
    )
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


# -- error pages: content negotiation ---------------------------------------------------

ERRORS = [
    # (address, status, the heading of the page, a phrase of its text)
    ("/games/no-such-game", 404, "No such game", "No saved game has the id"),
    ("/games/no-such-game/replay", 404, "No such game", "No saved game has the id"),
    ("/games/no-such-game/resume", 404, "No such game", "No saved game has the id"),
    ("/games/bad%20id", 422, "mistake", "letters, digits, - and _ only"),
    ("/games/x/resume?to=nowhere", 422, "mistake", "'to' setting"),
    ("/no/such/page", 404, "nothing at this address", "mistyped"),
]


@pytest.mark.parametrize(("url", "status", "heading", "phrase"), ERRORS)
def test_a_browser_gets_a_page_and_an_api_client_json_with_the_same_status(
    client: TestClient, url: str, status: int, heading: str, phrase: str
) -> None:
    page = client.get(url, headers=PAGE, follow_redirects=False)
    assert page.status_code == status
    assert page.headers["content-type"].startswith("text/html")
    body = page.text
    assert heading in re.search(r"<h1>(.*?)</h1>", body, re.S)[1]  # type: ignore[index]
    assert phrase in body.replace("&#39;", "'")
    assert 'id="home-link"' in body and 'id="games-link"' in body
    assert '{"detail"' not in body
    # the same address fetched by a script, and by a navigation that is not a page load
    for headers in (FETCH, {"Accept": "text/html", "Sec-Fetch-Mode": "cors"}):
        r = client.get(url, headers=headers, follow_redirects=False)
        assert r.status_code == status
        assert r.headers["content-type"].startswith("application/json"), r.text
        assert "detail" in r.json()


@pytest.mark.parametrize("url", ["/api/games/no-such-game", "/api/nowhere", "/static/none.js"])
def test_the_api_and_the_files_keep_json_whatever_the_client_accepts(
    client: TestClient, url: str
) -> None:
    r = client.get(url, headers=PAGE)
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("application/json")


def test_a_refused_resume_is_a_page_saying_why_and_the_api_still_refuses_in_json(
    client: TestClient, tmp_path: Path
) -> None:
    made = made_game(client)
    with TestClient(client.app, base_url=LOCAL) as stranger:
        r = stranger.get(f"/games/{made['id']}/resume", headers=PAGE, follow_redirects=False)
        assert r.status_code == 403
        assert "not yours" in r.text and "seat link" in r.text
        r = stranger.get(f"/games/{made['id']}/resume", headers=FETCH, follow_redirects=False)
        assert r.status_code == 403 and "seat link" in r.json()["detail"]


def test_a_failure_of_the_server_is_its_own_page_never_a_traceback(tmp_path: Path) -> None:
    """Anything else than bad input (here a route that fails) is a 500 page for a
    browser, plain text for a script, and tells nothing of the code."""
    app = create_app(f"sqlite:///{tmp_path / 'x.sqlite'}", limits=RELAXED)

    @app.get("/games-that-fail")
    def fails() -> None:
        raise RuntimeError("a secret detail of the code")

    with TestClient(app, base_url=LOCAL, raise_server_exceptions=False) as c:
        page = c.get("/games-that-fail", headers=PAGE)
        assert page.status_code == 500
        assert "Something went wrong on the server" in page.text
        assert "secret detail" not in page.text and "Traceback" not in page.text
        plain = c.get("/games-that-fail", headers=FETCH)
        assert plain.status_code == 500 and "secret" not in plain.text
    app.state.store.close()


# -- the games list ---------------------------------------------------------------------


def test_a_joined_seat_is_listed_to_its_browser_and_resumes_there_and_nobody_elses(
    client: TestClient,
) -> None:
    made = made_game(client, {"Communist": "remote", "Allied": "human"})
    link = next(x["url"] for x in made["links"] if x["seat"] == "Communist")
    app = client.app
    with TestClient(app, base_url=LOCAL) as guest, TestClient(app, base_url=LOCAL) as other:
        assert guest.get(link, headers=PAGE).status_code == 200  # the guest holds the seat
        other.get("/", headers=PAGE)  # a third browser, with its own cookie
        listed = {g["id"]: g for g in guest.get("/api/games").json()}
        assert made["id"] in listed
        assert listed[made["id"]]["joined"] and not listed[made["id"]]["mine"]
        assert made["id"] not in {g["id"] for g in other.get("/api/games").json()}
        # the host's list says it is the host's own, not joined
        host = {g["id"]: g for g in client.get("/api/games").json()}[made["id"]]
        assert host["mine"] and not host["joined"]
        # resume takes the guest to its own seat, and nobody else's
        r = guest.get(f"/games/{made['id']}/resume", follow_redirects=False)
        assert r.status_code == 303
        assert r.headers["location"].endswith("seat=" + tokens(made)["Communist"])
        r = other.get(f"/games/{made['id']}/resume", follow_redirects=False)
        assert r.status_code == 403


TERMINAL_SEEN = [
    # (the caller's address, the Host it asks for, more headers, whether it is shown)
    ("127.0.0.1", LOCAL, {}, True),
    ("::1", "http://localhost", {}, True),
    ("203.0.113.9", LOCAL, {}, False),  # from another computer, Host forged
    ("127.0.0.1", "http://games.example.org", {}, False),  # a proxy's public name
    ("127.0.0.1", LOCAL, {"X-Forwarded-For": "203.0.113.9"}, False),  # through a proxy
    ("127.0.0.1", LOCAL, {"Forwarded": "for=203.0.113.9"}, False),
    ("testclient", LOCAL, {}, False),
]


@pytest.mark.parametrize(("address", "base", "headers", "shown"), TERMINAL_SEEN)
def test_games_started_at_the_terminal_are_listed_on_this_computer_only(
    tmp_path: Path, address: str, base: str, headers: dict[str, str], shown: bool
) -> None:
    url = f"sqlite:///{tmp_path / 'both.sqlite'}"
    out = CliRunner().invoke(
        cli_app,
        ["migs", "play", "--engagement", "--database-url", url, "--title", "At the terminal"],
        input="quit\n",
    )
    assert out.exit_code == 0, out.output
    app = create_app(url, limits=RELAXED, allowed_hosts=["games.example.org"])
    with TestClient(app, base_url=base, client=(address, 5000), headers=headers) as c:
        listed = c.get("/api/games").json()
        assert [g["title"] for g in listed] == (["At the terminal"] if shown else [])
        assert all(g["terminal"] and not g["mine"] for g in listed)
    app.state.store.close()


# -- the real server, SQLite and PostgreSQL ---------------------------------------------


@pytest.fixture(scope="module", params=DATABASES)
def real_server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    with database(request.param, tmp_path_factory.mktemp("pages")) as url:
        srv = Server(url, free_port())
        srv.start()
        try:
            yield srv
        finally:
            srv.stop()


def ready(page: Any) -> None:
    wait_until(page, "document.body.dataset.ready === 'yes'", timeout=30)


@pytest.mark.browser
def test_the_games_list_shows_terminal_games_and_joined_games_in_the_browser(
    real_server: Server, browser: Any
) -> None:
    out = CliRunner().invoke(
        cli_app,
        [
            "migs",
            "play",
            "--engagement",
            "--database-url",
            real_server.database_url,
            "--title",
            "Flown at the terminal",
        ],
        input="quit\n",
    )
    assert out.exit_code == 0, out.output
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    try:
        made = host_ctx.request.post(
            real_server.url + "/api/games",
            data={
                "game": "migs-engagement",
                "title": "Host and guest",
                "seats": {"Communist": "remote", "Allied": "human"},
            },
        ).json()
        link = next(x["url"] for x in made["links"] if x["seat"] == "Communist")
        guest = guest_ctx.new_page()
        guest.goto(real_server.url + link)
        ready(guest)
        guest.goto(real_server.url + "/")
        ready(guest)
        row = guest.locator(f"#saved-table tr[data-game-id='{made['id']}']")
        row.wait_for()
        assert row.get_attribute("data-origin") == "joined"
        assert "joined from a link" in row.inner_text()
        terminal = guest.locator("#saved-table tr[data-origin='terminal']")
        assert "Flown at the terminal" in terminal.inner_text()
        assert "started at the terminal" in terminal.inner_text()
        # the guest's Resume opens its own seat
        row.locator("a.resume").click()
        guest.wait_for_url(re.compile(r"seat=" + re.escape(tokens(made)["Communist"])))
        # the host sees its game as its own, and the terminal's too (the same computer)
        host = host_ctx.new_page()
        host.goto(real_server.url + "/")
        ready(host)
        mine = host.locator(f"#saved-table tr[data-game-id='{made['id']}']")
        mine.wait_for()
        assert mine.get_attribute("data-origin") == "mine"
        assert host.locator("#saved-table tr[data-origin='terminal']").count() == 1
    finally:
        host_ctx.close()
        guest_ctx.close()


@pytest.mark.browser
def test_an_unknown_game_is_a_page_with_a_way_back_and_the_api_json(
    real_server: Server, browser: Any
) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        answer = page.goto(real_server.url + "/games/not-a-game")
        assert answer is not None and answer.status == 404
        assert page.locator("h1").inner_text() == "No such game"
        assert "not-a-game" in page.locator("#error-text").inner_text()
        assert "detail" not in page.content()
        page.click("#games-link")
        ready(page)
        assert page.url.endswith("/#saved")
        api = httpx.get(real_server.url + "/api/games/not-a-game", headers=dict(PAGE))
        assert api.status_code == 404 and "detail" in api.json()
    finally:
        ctx.close()


@pytest.mark.browser
def test_the_home_page_says_what_each_game_is_and_offers_the_whole_game(
    real_server: Server, browser: Any
) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(real_server.url + "/")
        ready(page)
        wait_until(page, "document.getElementById('opt-sorties') !== null")
        for card, words in (
            ("#about-migs", ("Korean War", "three", "Solo")),
            ("#about-gunslingers", ("hex map", "turns", "Solo")),
            ("#about-bia", ("exact odds", "calculator")),
        ):
            text = page.locator(card).inner_text()
            for word in words:
                assert word in text, (card, word)
        # the whole game of three sorties by default, not one engagement (docs/migs-sabres.md)
        assert page.locator("#game-select").input_value() == "migs-sabres"
        assert page.locator("#opt-sorties").input_value() == "3"
        # no label carries a rule id; they are folded under one disclosure, and on hover
        labels = page.locator("#options .opt label").all_inner_texts()
        assert labels and not any(re.search(r"\b(MS|IV|III)[-.]", t) for t in labels)
        rules = page.locator("#option-rules")
        assert not rules.evaluate("d => d.open")
        rules.locator("summary").click()
        assert "MS-13" in rules.inner_text()
        assert page.locator("#opt-sorties").evaluate("i => i.labels[0].title") != ""
    finally:
        ctx.close()


@pytest.mark.browser
def test_a_replay_asks_for_an_analysis_only_where_one_is_offered_and_logs_no_error(
    real_server: Server, browser: Any
) -> None:
    ctx = browser.new_context()
    try:
        req = ctx.request
        url = real_server.url
        example = next(
            x["name"]
            for x in req.get(url + "/api/gunslingers/examples").json()
            if "dogfight" in x["name"]
        )
        preview = req.post(url + "/api/gunslingers/preview", data={"example": example}).json()
        seats = {
            s: "ai:random" if s not in ("referee", preview["seats"][0]) else "human"
            for s in preview["seats"]
        }
        made = req.post(
            url + "/api/gunslingers/games", data={"example": example, "seats": seats, "turns": 2}
        ).json()
        page = ctx.new_page()
        messages: list[str] = []
        asked: list[str] = []
        page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
        page.on("request", lambda r: asked.append(r.url))
        page.goto(f"{url}/games/{made['id']}/replay")
        ready(page)
        page.wait_for_timeout(500)
        assert [m for m in messages if m.startswith("error")] == []
        assert not [a for a in asked if a.endswith("/analysis")], asked
        assert page.locator("#analysis-panel").count() == 0
        assert page.locator("#replay").get_attribute("data-analysis") == "none"
        # a MiGs and Sabres replay still offers its analysis
        mig = req.post(
            url + "/api/games",
            data={
                "game": "migs-engagement",
                "seats": {"Communist": "human", "Allied": "ai:random"},
            },
        ).json()
        messages.clear()
        asked.clear()
        page.goto(f"{url}/games/{mig['id']}/replay")
        ready(page)
        assert page.locator("#analysis-panel").count() == 1
        # while it runs, the page says why there is none yet, and asks nothing
        assert "opens when the game is over" in page.locator("#analysis-phase").inner_text()
        assert page.locator("#analyse-button").is_disabled()
        page.wait_for_timeout(300)
        assert not [a for a in asked if a.endswith("/analysis")], asked
        assert [m for m in messages if m.startswith("error")] == []
    finally:
        ctx.close()


@pytest.mark.browser
def test_the_calculator_speaks_in_names_and_words(real_server: Server, browser: Any) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(real_server.url + "/bia")
        ready(page)
        page.select_option(".shot-system", "heavy-sam")
        page.select_option("#t-speed", "slow")
        page.select_option("#t-man", "poor")
        page.click("#calc")
        result = page.locator("#result-body .shot-result")
        result.wait_for()
        text = result.inner_text()
        assert "Heavy SAM (1d6)" in text and "heavy-sam" not in text
        assert "On 1d6: 1 shoots it down; 2 to 6 damage it." in text
        # a system that can only damage: its kill odds are words, never "0/1 (0.0%)"
        page.select_option(".shot-system", "multi-cannon")
        page.click("#calc")
        wait_until(page, "document.querySelector('.shot-result h3').textContent.includes('Multi')")
        odds = page.locator(".p-shot-down").inner_text()
        assert odds == "never (cannot happen)"
        assert "0/1" not in page.locator("#result-body").inner_text()
        # a bad range, on the second shot: said once, in words, without the API's path
        page.click("#add-shot")
        page.locator(".shot-range").nth(1).fill("999")
        page.click("#calc")
        wait_until(page, "document.getElementById('bia-error').textContent !== ''")
        error = page.locator("#bia-error").inner_text()
        assert error.startswith("Shot 2: "), error
        assert "shots." not in error and "body" not in error
        assert error.count("Shot 2") == 1
    finally:
        ctx.close()


@pytest.mark.browser
def test_the_editors_refusal_names_the_unit_once_in_words(
    real_server: Server, browser: Any
) -> None:
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        page.goto(real_server.url + "/gunslingers/editor")
        ready(page)
        message = page.evaluate(
            """async () => {
              const ex = (await Airwar.api("GET", "/api/gunslingers/examples"))[0].name;
              const loaded = await Airwar.api("POST", "/api/gunslingers/scenario/load",
                { example: ex });
              const data = loaded.scenario;
              data.aircraft[0].altitude = 999;
              try {
                await Airwar.api("POST", "/api/gunslingers/scenario/toml", { scenario: data });
                return "saved";
              } catch (e) {
                return (data.aircraft[0].name || data.aircraft[0].id) + "|" + e.message;
              }
            }"""
        )
        name, text = message.split("|", 1)
        first = text.split("; ")[0]
        assert first.startswith(f"{name}, altitude: 999 is more than"), first
        assert "aircraft[0]" not in text and "scenario." not in text
    finally:
        ctx.close()
