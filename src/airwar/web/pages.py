"""The HTML pages of the browser app; everything they show comes from the JSON API."""

from __future__ import annotations

import secrets
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from airwar.session.seats import AI_PREFIX, HUMAN
from airwar.web.identity import browser_id
from airwar.web.parts import WebParts, static_name
from airwar.web.reading import copy_cookies
from airwar.web.schemas import GameId
from airwar.web.service import Forbidden, LiveGame, SeatTaken, owner_key
from airwar.web.templating import templates

router = APIRouter(include_in_schema=False)

GENERIC_SCRIPTS = ("js/svg.js", "js/games.js")
"""The scripts every play and replay page loads before its game's renderer: the drawing
helpers and the renderers' registry with the generic renderer (a game without parts)."""


def renderer_scripts(request: Request, game: str) -> list[str]:
    """The addresses of the scripts a play or replay page of ``game`` loads, in order: the
    generic ones, then the renderer scripts its browser parts declare (from the game's own
    static folder when it brings one)."""
    out = [str(request.url_for("static", path=s)) for s in GENERIC_SCRIPTS]
    parts: WebParts | None = request.app.state.parts.get(game)
    if parts is None:
        return out
    folder = "static" if parts.static is None else static_name(game)
    return out + [str(request.url_for(folder, path=s)) for s in parts.scripts]


@router.get("/", response_class=HTMLResponse)
def index_page(request: Request) -> HTMLResponse:
    """New game (every option, each seat human, AI or a second browser) and saved games."""
    return templates.TemplateResponse(request, "index.html", {"page": "index"})


SeatParam = Annotated[str | None, Query(max_length=200)]
"""A seat link's secret as a page receives it: checked here, so that a bad one is
named once on the page instead of refusing each of its requests."""

REFUSED = "refused"
"""The ``link`` query of a page whose seat link played no seat of its game."""


def seat_notice(
    request: Request,
    live: LiveGame,
    seat: str | None,
    link: str | None,
    page: str,
    browser: str | None,
) -> Response | dict[str, str] | None:
    """What a game's page says about its seat link: nothing for a link that plays a seat
    for this browser (the first browser to open a link holds its seat); a page saying the
    seat is taken, and nothing of it, for a seat another browser holds; a redirect to the
    spectator's page for a link that plays none (a mistyped or old link), which then says
    so once; otherwise that the reader is watching."""
    svc = request.app.state.service
    if seat is not None:
        try:
            if svc.seat_of(live, seat, browser) is not None:
                return None
        except SeatTaken as exc:
            return refused_page(request, live, "This seat is taken", str(exc))
        except Forbidden:
            pass
        url = request.url_for(page, game_id=live.id).path
        return RedirectResponse(f"{url}?link={REFUSED}", status_code=303)
    owner = svc.owns(live, browser)
    resume = request.url_for("resume_page", game_id=live.id).path
    if page == "replay_page":
        resume += "?to=replay"
    if link == REFUSED:
        text = (
            "That seat link does not play any seat of this game (mistyped, or from another "
            "game), so this page shows the game as a spectator sees it."
        )
    elif page == "play_page":
        text = "You are watching: this page has no seat link, so it only shows the game."
    else:
        return None
    notice = {"text": text}
    if owner:
        notice |= {"link": resume, "link_text": "Play your seat (this browser created the game)"}
    else:
        notice["after"] = "To play, open the link of your seat that the game's creator sent you."
    return notice


def refused_page(request: Request, live: LiveGame, heading: str, text: str) -> Response:
    """A page (403) that says why this browser is shown nothing of a seat."""
    context = {"page": "refused", "game_id": live.id, "heading": heading, "text": text}
    return templates.TemplateResponse(request, "seat_refused.html", context, status_code=403)


def moved_seat(request: Request, live: LiveGame, secret: str, browser: str) -> Response:
    """Open a seat's move link: this browser holds the seat from now on (once only), and
    goes to the seat's own page; a used or replaced move link is refused."""
    svc = request.app.state.service
    try:
        token = svc.take_move(live, secret, browser)
    except Forbidden as exc:
        return refused_page(request, live, "This move link has been used", str(exc))
    url = request.url_for("play_page", game_id=live.id).path
    return RedirectResponse(f"{url}?seat={token}", status_code=303)


def player_words(kind: str) -> str:
    """Who plays a seat, in words: a person (here or on another browser) or an AI."""
    if kind.startswith(AI_PREFIX):
        return "AI " + kind[len(AI_PREFIX) :]
    return "person"


def shown_title(live: LiveGame) -> str:
    """The game's title for its pages: one given at creation as it is; the default one,
    which names each seat by its kind ("Communist ai:heuristic"), in words."""
    default = f"{live.game.title} ({', '.join(f'{s} {k}' for s, k in live.seats.items())})"
    if live.title != default:
        return live.title
    shown = [
        f"{seat} ({player_words(kind)})"
        for seat, kind in live.seats.items()
        if not (seat == "referee" and kind == HUMAN)
    ]
    return f"{live.game.title} — {' vs '.join(shown)}" if shown else live.game.title


@router.get("/games/{game_id}", response_class=HTMLResponse, name="play_page")
def play_page(
    request: Request,
    game_id: GameId,
    seat: SeatParam = None,
    link: Annotated[str | None, Query(max_length=20)] = None,
    move: SeatParam = None,
) -> Response:
    """The board, the controls for the seat of this link, the rolls and the log; without
    a seat link (or with one that plays no seat), the spectator's view and one notice.
    A seat's move link (``move``) gives the seat to this browser, once."""
    svc = request.app.state.service
    live = svc.get(game_id)
    cookies = Response()
    browser = browser_id(request, cookies if seat is not None or move is not None else None)
    if move is not None and browser is not None:
        return copy_cookies(cookies, moved_seat(request, live, move, browser))
    notice = seat_notice(request, live, seat, link, "play_page", browser)
    if isinstance(notice, Response):
        return copy_cookies(cookies, notice)
    context = {
        "page": "play",
        "game_id": live.id,
        "game": live.game.name,
        "title": shown_title(live),
        "notice": notice,
        "scripts": renderer_scripts(request, live.game.name),
    }
    return copy_cookies(cookies, templates.TemplateResponse(request, "play.html", context))


@router.get("/games/{game_id}/replay", response_class=HTMLResponse, name="replay_page")
def replay_page(
    request: Request,
    game_id: GameId,
    seat: SeatParam = None,
    link: Annotated[str | None, Query(max_length=20)] = None,
) -> Response:
    """Step back and forward through any game, finished or running."""
    svc = request.app.state.service
    live = svc.get(game_id)
    cookies = Response()
    browser = browser_id(request, cookies if seat is not None else None)
    notice = seat_notice(request, live, seat, link, "replay_page", browser)
    if isinstance(notice, Response):
        return copy_cookies(cookies, notice)
    context = {
        "page": "replay",
        "game_id": live.id,
        "game": live.game.name,
        "scripts": renderer_scripts(request, live.game.name),
        "title": shown_title(live),
        "notice": notice,
    }
    # what the game's parts offer besides (an analysis, once the game is over)
    parts: WebParts | None = request.app.state.parts.get(live.game.name)
    if parts is not None and parts.replay_context is not None:
        with live.lock:
            context |= parts.replay_context(live)
    else:
        context |= {"analysis": False, "body_analysis": "none"}
    return copy_cookies(cookies, templates.TemplateResponse(request, "replay.html", context))


@router.get("/games/{game_id}/resume", name="resume_page")
def resume_page(
    request: Request, game_id: GameId, to: Literal["play", "replay"] = "play"
) -> RedirectResponse:
    """Back into a saved game, for the browser that created it (the page of its first
    seat played here) or a browser holding one of its seats, joined from its link (that
    seat's page). Anyone else is refused.
    """
    svc = request.app.state.service
    live = svc.get(game_id)
    browser = browser_id(request)
    url = request.url_for("play_page" if to == "play" else "replay_page", game_id=live.id).path
    if not svc.owns(live, browser):
        # a browser that joined from a seat's link goes back to the seat it holds
        key = owner_key(browser)
        for name, holder in svc.holders(live).items():
            token = live.tokens.get(name)
            if key is not None and token and secrets.compare_digest(holder, key):
                return RedirectResponse(f"{url}?seat={token}", status_code=303)
        raise Forbidden(
            "only the browser that created this game, or that holds one of its seats, can "
            "resume it: open it with your seat link"
        )
    for name, kind in live.seats.items():
        token = live.tokens.get(name)
        if kind == HUMAN and token:
            return RedirectResponse(f"{url}?seat={token}", status_code=303)
    return RedirectResponse(url, status_code=303)
