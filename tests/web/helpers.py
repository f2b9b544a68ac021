"""Small helpers shared by the browser-app tests."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse


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
