"""Every page the browser app serves, with the games that fill them, for the page checks.

The games are made through the API by the browser context that later opens the
pages, so the saved-games list shows them as this browser's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tests.web.conftest import Server, wait_until

if TYPE_CHECKING:
    from playwright.sync_api import APIRequestContext, BrowserContext, Page

FINISH_SECONDS = 120.0
"""How long a game between two AIs may take to finish in the background."""


@dataclass(frozen=True)
class Site:
    """The pages of one server: name -> path (with the query), and the games behind them."""

    server: Server
    pages: dict[str, str]
    finished_id: str
    running_id: str


def post(request: APIRequestContext, url: str, body: dict[str, Any]) -> dict[str, Any]:
    r = request.post(url, data=body)
    assert r.ok, f"{url}: {r.status} {r.text()}"
    data: dict[str, Any] = r.json()
    return data


def wait_finished(request: APIRequestContext, server: Server, game_id: str) -> None:
    """Wait until the AIs have played ``game_id`` to its end."""
    import time

    deadline = time.monotonic() + FINISH_SECONDS
    while time.monotonic() < deadline:
        data = request.get(f"{server.url}/api/games/{game_id}").json()
        if data["status"] == "finished" and not data["bots_thinking"]:
            return
        time.sleep(0.2)
    raise AssertionError(f"game {game_id} between two AIs did not finish")


def build_site(server: Server, context: BrowserContext) -> Site:
    """One game of each kind, a finished one, and every page that shows them."""
    request = context.request
    url = server.url
    engagement = post(
        request,
        url + "/api/games",
        {"game": "migs-engagement", "seats": {"Communist": "ai:heuristic", "Allied": "human"}},
    )
    whole = post(
        request,
        url + "/api/games",
        {"game": "migs-sabres", "seats": {"Communist": "ai:heuristic", "Allied": "human"}},
    )
    finished = post(
        request,
        url + "/api/games",
        {
            "game": "migs-engagement",
            "title": "Two AIs, played out",
            "seats": {"Communist": "ai:heuristic", "Allied": "ai:random"},
            "options": {"turn_limit": 4},
        },
    )
    examples = request.get(url + "/api/gunslingers/examples").json()
    example = next(x["name"] for x in examples if "dogfight" in x["name"])
    preview = post(request, url + "/api/gunslingers/preview", {"example": example})
    seats = {
        s: "ai:random" if s not in ("referee", preview["seats"][0]) else "human"
        for s in preview["seats"]
    }
    gunslingers = post(
        request, url + "/api/gunslingers/games", {"example": example, "seats": seats, "turns": 2}
    )
    wait_finished(request, server, finished["id"])
    pages = {
        "home": "/",
        "home-whole-game": "/?game=migs-sabres",
        "gunslingers-new": "/gunslingers",
        "gunslingers-editor": "/gunslingers/editor",
        "calculator": "/bia",
        "engagement": engagement["links"][0]["url"],
        "whole-game": whole["links"][0]["url"],
        "gunslingers-play": gunslingers["links"][0]["url"],
        "finished": f"/games/{finished['id']}",
        "spectator": f"/games/{engagement['id']}",
        "replay": f"/games/{finished['id']}/replay",
        "gunslingers-replay": f"/games/{gunslingers['id']}/replay",
        "not-found": "/games/no-such-game",  # an error page, in the app's style
    }
    return Site(server, pages, finished_id=finished["id"], running_id=engagement["id"])


READY = "document.body.dataset.ready === 'yes'"


def open_page(page: Page, site: Site, name: str) -> None:
    """Open one of the site's pages and wait until its script has drawn it."""
    page.goto(site.server.url + site.pages[name])
    wait_until(page, READY, timeout=30)
