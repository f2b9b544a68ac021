"""The game's JSON carries the solver's values when the matchup's solution is cached
(to a seat whose hints are on: ``tests/web/test_hints.py`` tests the setting).

A real solve of a reduced configuration (turn limit 1, a few seconds) goes
into a temporary cache folder; the app reads it from there.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import Server, free_port, wait_until
from tests.web.helpers import BROWSER_COOKIE, TEST_BROWSER, same_browser, tokens

if TYPE_CHECKING:
    from playwright.sync_api import Browser

OPTIONS = {"active": "Yak-9", "listed": "F-51", "turn_limit": 1, "first": "active"}


def my_turn(client: TestClient) -> dict[str, Any]:
    made = client.post(
        "/api/games",
        json={
            "game": "migs-engagement",
            "seats": {"Communist": "human", "Allied": "ai:random"},
            "seed": 11,
            "options": OPTIONS,
            "hints": {"Communist": "always"},
        },
    )
    assert made.status_code == 201, made.text
    tok = tokens(made.json())["Communist"]
    data: dict[str, Any] = client.get(
        f"/api/games/{made.json()['id']}", params={"seat": tok}
    ).json()
    assert data["my_turn"]
    return data


@pytest.mark.usefixtures("empty_cache")
def test_solver_is_null_without_a_cached_solution(client: TestClient) -> None:
    data = my_turn(client)
    assert "solver" in data
    assert data["solver"] is None


@pytest.mark.usefixtures("cached")
def test_solver_values_are_keyed_by_the_legal_steps(client: TestClient) -> None:
    data = my_turn(client)
    info = data["solver"]
    assert info is not None
    legal = {a["action"] for a in data["view"]["engagement"]["legal_actions"]}
    assert set(info["moves"]) == legal
    assert info["best"] in legal
    assert info["to_move"] == "active" and info["scoring"] == "kills"
    assert info["matchup"] == "Yak-9 vs F-51"
    # Worked by hand (MS-5, MS-7, MS-9, MS-11): with a turn limit of 1 each plane flies
    # one movement turn, the Yak-9 from a1 first, then the F-51 from k14, and the
    # engagement ends. The Yak-9 (at most 6 + 2 = 8 MP) cannot come within a square of
    # the F-51, 13 rows away, so it never fires. The F-51 (at most 6 + 4 = 10 MP,
    # facing S) can fire only at a plane in the square ahead of it after its move: each
    # file it crosses takes a diagonal step and the first turn costs 2 MP, so it cannot
    # reach the a- or b-file above row 5, nor the c-file below row 6, and whatever its
    # roll and first step the Yak-9 can still end its move out of reach (up the a-file
    # past row 5, or turning right onto the b- and c-files below row 4). So under optimal
    # play nobody is shot down: the value, both kill chances and every step's value are 0.
    assert info["value"] == 0.0
    assert info["p_kill_active"] == 0.0 and info["p_kill_listed"] == 0.0
    assert info["moves"] == dict.fromkeys(legal, 0.0)


@pytest.mark.browser
def test_the_play_page_shows_the_values(
    solved_folder: Path, browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engagement panel shows the value; each step's button and green square its value."""
    import httpx
    from playwright.sync_api import expect

    monkeypatch.setenv("XDG_CACHE_HOME", str(solved_folder.parent.parent))
    srv = Server(f"sqlite:///{tmp_path / 'games.sqlite'}", free_port())
    srv.start()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        made = httpx.post(
            srv.url + "/api/games",
            json={
                "game": "migs-engagement",
                "seats": {"Communist": "human", "Allied": "ai:random"},
                "seed": 11,
                "options": OPTIONS,
                "hints": {"Communist": "always"},
            },
            cookies={BROWSER_COOKIE: TEST_BROWSER},
        ).json()
        url = urlparse(next(x["url"] for x in made["links"] if x["seat"] == "Communist"))
        link = f"{url.path}?{url.query}"
        data = httpx.get(srv.url + "/api" + link, cookies={BROWSER_COOKIE: TEST_BROWSER}).json()
        info = data["solver"]
        assert info is not None
        same_browser(context, srv.url)  # the browser that made the game holds its seat
        page = context.new_page()
        page.goto(srv.url + link)
        wait_until(page, "document.body.dataset.ready === 'yes'")
        panel = page.locator("#solver-values")
        expect(panel).to_contain_text("optimal play by both planes")
        expect(panel).to_contain_text("From the Yak-9's (Communist) side")
        buttons = page.locator("#controls button[data-action] .solver-value")
        squares = page.locator("#board g.step-target text.solver-value")
        expect(buttons).to_have_count(len(info["moves"]))
        expect(squares).to_have_count(len(info["moves"]))
        best = page.locator("#controls button.solver-best")
        expect(best).to_have_attribute("data-action", info["best"])
        expect(best).to_contain_text("\u2605")
    finally:
        context.close()
        srv.stop()
