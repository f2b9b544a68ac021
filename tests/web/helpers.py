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
