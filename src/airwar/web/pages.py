"""The HTML pages of the browser app; everything they show comes from the JSON API."""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from airwar.session.seats import HUMAN
from airwar.web import bia, gunslingers
from airwar.web.api import browser_id
from airwar.web.schemas import GameId
from airwar.web.service import Forbidden
from airwar.web.templating import templates

router = APIRouter(include_in_schema=False)


def extra_routers() -> list[APIRouter]:
    """Routers of the rule sets that have their own API beyond playing games."""
    return [bia.router, gunslingers.router]


@router.get("/", response_class=HTMLResponse)
def index_page(request: Request) -> HTMLResponse:
    """New game (every option, each seat human, AI or a second browser) and saved games."""
    return templates.TemplateResponse(request, "index.html", {"page": "index"})


@router.get("/games/{game_id}", response_class=HTMLResponse, name="play_page")
def play_page(request: Request, game_id: GameId) -> HTMLResponse:
    """The board, the controls for the seat of this link, the rolls and the log."""
    svc = request.app.state.service
    live = svc.get(game_id)
    context = {"page": "play", "game_id": live.id, "game": live.game.name, "title": live.title}
    return templates.TemplateResponse(request, "play.html", context)


@router.get("/games/{game_id}/replay", response_class=HTMLResponse, name="replay_page")
def replay_page(request: Request, game_id: GameId) -> HTMLResponse:
    """Step back and forward through any game, finished or running."""
    svc = request.app.state.service
    live = svc.get(game_id)
    context = {"page": "replay", "game_id": live.id, "game": live.game.name, "title": live.title}
    return templates.TemplateResponse(request, "replay.html", context)


@router.get("/games/{game_id}/resume", name="resume_page")
def resume_page(
    request: Request, game_id: GameId, to: Literal["play", "replay"] = "play"
) -> RedirectResponse:
    """Back into a saved game, for the browser that created it only: the page of its
    first seat played here. Anyone else is refused; seats played from a second
    browser keep their own secret links.
    """
    svc = request.app.state.service
    live = svc.get(game_id)
    if not svc.owns(live, browser_id(request)):
        raise Forbidden(
            "only the browser that created this game can resume it: open it with your seat link"
        )
    url = request.url_for("play_page" if to == "play" else "replay_page", game_id=live.id).path
    for name, kind in live.seats.items():
        token = live.tokens.get(name)
        if kind == HUMAN and token:
            return RedirectResponse(f"{url}?seat={token}", status_code=303)
    return RedirectResponse(url, status_code=303)
