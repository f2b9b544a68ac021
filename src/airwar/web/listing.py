"""``GET /api/catalog`` and ``GET /api/games``: the games a new game can be made of, with
their options and bots, and the saved games this browser may list (its own, those it
joined, the terminal's on this computer, the public ones), read from the saved summaries."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from airwar.core.errors import UnknownGame
from airwar.core.registry import game_class, game_names
from airwar.session.seats import (
    AI_PREFIX,
    ASSIST_PREFIX,
    HUMAN,
    REMOTE,
)
from airwar.store import GameListing
from airwar.web import bots as web_bots
from airwar.web.errors import TOO_MANY
from airwar.web.identity import browser_id
from airwar.web.limits import READ, charge
from airwar.web.reading import Service
from airwar.web.schemas import (
    Catalog,
    GameInfo,
    GameListItem,
    ParameterInfo,
)
from airwar.web.service import (
    owned_by,
    owner_key,
)

router = APIRouter(prefix="/api", tags=["api"])


def playable_games() -> tuple[str, ...]:
    """Every registered game a new game can be made of from its options alone."""
    return tuple(n for n in game_names() if game_class(n).game_type.setup == "options")


def games_with_pages(request: Request) -> list[str]:
    """The registered games this app offers (``create_app(games=...)``)."""
    offered: tuple[str, ...] | None = request.app.state.games
    registered = set(game_names())
    if offered is None:
        return list(playable_games())
    return [name for name in offered if name in registered]


@router.get("/catalog", response_model=Catalog)
def catalog(request: Request) -> Catalog:
    """The games, their options (name, default, bounds, rule) and the bots."""
    games = []
    # the whole games first (the new-game form's default), each part after
    offered = sorted(games_with_pages(request), key=lambda n: game_class(n).part_of is not None)
    for name in offered:
        cls = game_class(name)
        params = [
            ParameterInfo(
                name=p.name,
                label=p.shown_label,
                default=p.default,
                help=p.help,
                rule=p.rule,
                kind=type(p.default).__name__,
                minimum=p.minimum,
                maximum=p.maximum,
                choices=list(p.choices) if p.choices is not None else None,
            )
            for p in cls.parameters
        ]
        kinds = [HUMAN, REMOTE, *(AI_PREFIX + b for b in web_bots.names(name))]
        if cls.game_type.referee is not None:
            kinds += [ASSIST_PREFIX + b for b in web_bots.names(name)]
        games.append(
            GameInfo(
                name=name,
                title=cls.title,
                seats=list(cls.seat_names),
                parameters=params,
                seat_kinds=kinds,
                analysis=cls.advisor() is not None,
                part_of=cls.part_of,
            )
        )
    kinds = [HUMAN, REMOTE, *(AI_PREFIX + b for b in web_bots.names())]
    return Catalog(games=games, bots=web_bots.names(), seat_kinds=kinds)


PAGE_DEFAULT = 50
"""Games in one page of ``GET /api/games`` unless ``limit`` says fewer or more."""

PAGE_MAX = 100
"""The most games one page of ``GET /api/games`` holds."""

OFFSET_MAX = 100_000
"""The furthest a page of ``GET /api/games`` may start."""

NEXT_PAGE = "X-Next-Offset"
"""The header of a full page of ``GET /api/games``: the ``offset`` of the next page."""


@router.get("/games", response_model=list[GameListItem], responses=TOO_MANY)
def list_games(
    request: Request,
    response: Response,
    svc: Service,
    game: Annotated[str | None, Query(max_length=40)] = None,
    limit: Annotated[int, Query(ge=1, le=PAGE_MAX)] = PAGE_DEFAULT,
    offset: Annotated[int, Query(ge=0, le=OFFSET_MAX)] = 0,
) -> list[GameListItem]:
    """This browser's games (those it created and those whose seat it holds, joined
    from a link), the games started at the terminal when the browser is on the
    server's own computer (:func:`from_this_computer`), and other games only if their
    creator made them public (without any link), newest first, one page at a time:
    ``limit`` games from ``offset``; a full page names the next one's ``offset`` in
    ``X-Next-Offset``. Read from the saved summaries (no decision is read), and charged
    to the address's reading allowance."""
    charge(request, READ)
    browser = browser_id(request)
    wanted: dict[str, str | bool] = {"public": True}
    local = from_this_computer(request)
    if local:
        wanted["interface"] = TERMINAL
    key = owner_key(browser)
    if key is not None:
        wanted["owner"] = key
    listed = svc.store.list_summaries(game, limit, offset=offset, any_meta=wanted, holder=key)
    if len(listed) == limit:
        response.headers[NEXT_PAGE] = str(offset + limit)
    response.headers["Cache-Control"] = "no-store"
    out = []
    for g in listed:
        mine = owned_by(g.meta, browser)
        terminal = g.meta.get("interface") == TERMINAL
        # the database's choice is checked again on the notes read back
        joined = not mine and key is not None and key in g.holders
        if not (mine or joined or (local and terminal) or g.meta.get("public") is True):
            continue
        out.append(
            GameListItem(
                id=g.id,
                game=g.game,
                title=g.title,
                status=g.status,
                seats=dict(g.seats),
                decisions=listed_decisions(g),
                updated_at=str(g.updated_at),
                mine=mine,
                joined=joined,
                terminal=terminal,
                created_at=str(g.created_at),
                summary=listed_summary(g),
            )
        )
    return out


TERMINAL = "terminal"
"""The ``interface`` note of a game started at the terminal."""

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")

FORWARDED = ("forwarded", "x-forwarded-for", "x-real-ip")


def from_this_computer(request: Request) -> bool:
    """Whether the request comes from the server's own computer, straight: a loopback
    address, a loopback Host, and no proxy's forwarding header. Games started at the
    terminal keep no browser's key; they are listed to this computer only (the one
    whose terminal saved them), never to a browser reaching the server from outside."""
    client = request.client.host if request.client is not None else ""
    host = (request.url.hostname or "").lower()
    if client not in LOOPBACK_NAMES and not client.startswith("127."):
        return False
    if host not in LOOPBACK_NAMES:
        return False
    return not any(h in request.headers for h in FORWARDED)


def open_information(g: GameListing) -> bool:
    """Whether the stored game is of a game every seat sees whole (False: unknown game)."""
    try:
        return game_class(g.game).game_type.information == "perfect"
    except UnknownGame:
        return False


def listed_decisions(g: GameListing) -> int | None:
    """The decision count a list may show: None while a double-blind game runs, whose
    count would tell how much each side has done in secret (GS-74)."""
    if g.status == "finished" or open_information(g):
        return g.decisions
    return None


def listed_summary(g: GameListing) -> dict[str, Any] | None:
    """The saved score summary a list may show: always once the game is over, while it
    runs only for a game of open information (a double-blind game's kills are hidden)."""
    if g.status == "finished":
        return g.summary
    return g.summary if open_information(g) else None
