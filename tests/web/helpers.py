"""Small helpers shared by the browser-app tests."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from airwar.web.limits import Limits, Rate

AXE = Path(__file__).with_name("axe") / "axe.min.js"
"""axe-core 4.14.1 as published (Mozilla Public License 2.0: ``axe/LICENSE``), newer than
the copy axe-playwright-python bundles: ``Axe.from_file(AXE)``."""

RELAXED = Limits(
    create=Rate(per_second=1000.0, burst=1000),
    act=Rate(per_second=1000.0, burst=1000),
    read=Rate(per_second=1000.0, burst=1000),
    streams=1000,
)
"""Rate limits that no test reaches, for the tests of everything else."""


def token_of(url: str) -> str:
    """The secret seat token in a seat link."""
    return parse_qs(urlparse(url).query)["seat"][0]


def tokens(created: dict[str, Any]) -> dict[str, str]:
    """Seat name -> token, from the answer to ``POST /api/games``."""
    return {link["seat"]: token_of(link["url"]) for link in created["links"]}


def first_choice(view: dict[str, Any]) -> str:
    """A legal decision from a MiGs and Sabres view: fire when it can, else the first step."""
    acts = view["engagement"]["legal_actions"]
    for a in acts:
        if a["action"] == "fire":
            return "fire"
    return str(acts[0]["action"])


BROWSER_COOKIE = "airwar_browser"

TEST_BROWSER = "test-browser-" + "b" * 24
"""A browser identity a test's plain HTTP calls and its Chromium pages share: a seat link
plays only on the browser that first used it (claim-once), so a test that makes a game
through the API and then opens its links in a page gives both this one cookie."""


def same_browser(context: Any, url: str, browser: str = TEST_BROWSER) -> None:
    """Give a Playwright browser context the identity cookie ``browser`` on ``url``."""
    context.add_cookies([{"name": BROWSER_COOKIE, "value": browser, "url": url}])


def seeded_game(
    client: Any, game: str, seats: dict[str, str], seed: int | str, **options: Any
) -> dict[str, Any]:
    """A game with a chosen seed, made on the server's side as a test fixture.

    No client may choose the dice of a game between two people, so a test that
    needs known dice makes its game through the service (as the server's owner
    could), then plays it through HTTP as the browser that owns it.
    """
    browser = client.cookies.get(BROWSER_COOKIE) or "test-browser-" + "x" * 20
    client.cookies.set(BROWSER_COOKIE, browser)
    svc = client.app.state.service
    live = svc.create_for(browser, game, options, seats, seed=seed, trusted_seed=True)
    root = "/games/" + live.id + "?seat="
    return {
        "id": live.id,
        "links": [
            {"seat": name, "kind": live.seats[name], "url": root + token}
            for name, token in live.tokens.items()
        ],
        "commitment": live.fairness(reveal=False)["commitment"],
    }


SETTLE_SECONDS = 60.0
"""How long a test waits for the AI's decisions, made in the background, to be over."""


def server_busy(client: Any, game_id: str) -> bool:
    """Whether the app behind a TestClient still has the game's bots at work (False for a
    client of a server in another process, which answers only through HTTP)."""
    app = getattr(client, "app", None)
    svc = getattr(getattr(app, "state", None), "service", None)
    if svc is None:
        return False
    live = svc.get(game_id)
    return bool(svc.bots_thinking(game_id) or (live.bot_to_act() and not live.finished))


def settle(
    client: Any, game_id: str, seat: str | None = None, timeout: float = SETTLE_SECONDS
) -> dict[str, Any]:
    """The game JSON once its bots have stopped thinking (they play in the background).

    Polls ``GET /api/games/{id}`` until ``bots_thinking`` is false; fails the
    test after ``timeout`` seconds. ``client`` is a TestClient or an httpx client.
    A side of a running double-blind game is never shown that the AI is at work
    (GS-73): with a TestClient the server's own service says when it is done.
    """
    params = {"seat": seat} if seat else {}
    deadline = time.monotonic() + timeout
    while True:
        busy = server_busy(client, game_id)
        r = client.get(f"/api/games/{game_id}", params=params)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        if not data["bots_thinking"] and not busy:
            return data
        if time.monotonic() > deadline:
            raise AssertionError(
                f"the bots of game {game_id} still think after {timeout:.0f} s "
                f"({data['decisions']} decisions)"
            )
        time.sleep(0.05)


def first_declaration(choices: dict[str, Any]) -> str:
    """The first legal decision in a game JSON's ``choices`` tree (any game), word by word."""
    words = []
    node = choices
    while any(k != "$" for k in node):
        word = next(k for k in node if k != "$")
        words.append(word)
        node = node[word]
    return " ".join(words)


def gunslingers_step(page: Any, idle_ms: int = 100) -> None:
    """One step of the Gunslingers decision asked of a page's seat, with the page's own
    controls: Declare, else the first offered choice, else Choose from the list (never a
    hex of the map), else a move's path as preselected (straight ahead, GS-82); with none of
    them, wait ``idle_ms`` for the page to move on."""
    if page.locator("#declare").count():
        page.click("#declare")
    elif page.locator("#controls [data-choice]").count():
        page.locator("#controls [data-choice]").first.click()
    elif page.locator("#choose").count():
        page.click("#choose")
    elif page.locator("#path-fly:not([disabled])").count():
        page.click("#path-fly")
    else:
        page.wait_for_timeout(idle_ms)
