"""The JSON API every page of the browser app (and the load test) talks to.

Bad input never changes anything: bodies and parameters are validated (422
naming the field and the reason), a refused move is a 409 saying why, a link
that plays no seat of the game is a 403, and an unknown game id is a 404.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse

from airwar.core.driver import Driver
from airwar.core.registry import game_class, game_names
from airwar.games.gunslingers.narrate import describe as describe_gunslingers
from airwar.web import bots as web_bots
from airwar.web.errors import field_error
from airwar.web.schemas import (
    GAMES_WITH_PAGES,
    Catalog,
    Created,
    GameId,
    GameInfo,
    GameListItem,
    GameOut,
    Move,
    NewGame,
    ParameterInfo,
    Problem,
    ReplayOut,
    SeatLink,
    SeatOnly,
    SolverValues,
    Token,
)
from airwar.session.seats import AI_PREFIX, HUMAN, REMOTE
from airwar.web.service import Forbidden, GameService, LiveGame, solver_values

ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem, "description": "the link does not play a seat of this game"},
    404: {"model": Problem, "description": "no game has this id"},
    409: {"model": Problem, "description": "the rules refuse this now; the detail says why"},
}

router = APIRouter(prefix="/api", tags=["api"])


def service(request: Request) -> GameService:
    svc: GameService = request.app.state.service
    return svc


Service = Annotated[GameService, Depends(service)]
SeatQuery = Annotated[Token | None, Query(description="the secret seat token from the link")]


PLAYABLE = GAMES_WITH_PAGES


def games_with_pages(request: Request) -> list[str]:
    """The registered games this app offers (``create_app(games=...)``)."""
    offered: tuple[str, ...] = request.app.state.games
    registered = set(game_names())
    return [name for name in offered if name in registered]


def seat_url(request: Request, game_id: str, token: str) -> str:
    return f"{request.url_for('play_page', game_id=game_id).path}?seat={token}"


def visible_view(live: LiveGame, driver: Driver, seat_name: str | None) -> dict[str, Any]:
    """What this page may see: its seat's view, or the referee's when nothing is secret.

    Without a seat link the referee's view is shown only when no seat is
    played from a second browser, or once the game is over.
    """
    if seat_name is not None:
        return driver.state.view(live.seat_index(seat_name))
    if live.has_remote() and live.status != "finished":
        raise Forbidden("this game has a player on another browser: open it with your seat link")
    return driver.state.view(None)


def hotseat_links(request: Request, live: LiveGame, seat_name: str | None) -> dict[str, str]:
    """For a seat played here, the links of the other seats played at the same browser."""
    if seat_name is None or live.seats.get(seat_name) != HUMAN:
        return {}
    return {
        name: seat_url(request, live.id, token)
        for name, token in live.tokens.items()
        if name != seat_name and live.seats.get(name) == HUMAN
    }


def invite_links(request: Request, live: LiveGame, seat_name: str | None) -> dict[str, str]:
    """For the host (a seat played here), the links of the seats played on other browsers."""
    if seat_name is None or live.seats.get(seat_name) != HUMAN:
        return {}
    return {
        name: seat_url(request, live.id, token)
        for name, token in live.tokens.items()
        if live.seats.get(name) == REMOTE
    }


def solver_out(game_name: str, view: dict[str, Any]) -> SolverValues | None:
    """The solver's values of the engagement in ``view`` (None when not cached)."""
    info = solver_values(game_name, view)
    return SolverValues.model_validate(info) if info is not None else None


def game_out(
    request: Request, svc: GameService, live: LiveGame, token: str | None, since: int = 0
) -> GameOut:
    seat_name = live.seat_for(token)
    if token is not None and seat_name is None:
        raise Forbidden("this link does not play any seat of this game")
    driver = live.driver
    view = visible_view(live, driver, seat_name)
    log = driver.state.log
    to_act = live.to_act()
    return GameOut(
        id=live.id,
        game=live.game.name,
        title=live.title,
        status=live.status,
        seat=seat_name,
        seats=live.seats,
        to_act=to_act,
        my_turn=seat_name is not None and seat_name == to_act,
        can_undo=svc.can_undo(live, seat_name),
        decisions=len(driver.record.actions),
        version=live.version,
        view=view,
        choices=live.choices(seat_name),
        hotseat=hotseat_links(request, live, seat_name),
        invites=invite_links(request, live, seat_name),
        log=with_lines(live.game.name, visible_events(live, seat_name, view, log.since(since))),
        log_length=len(log),
        solver=solver_out(live.game.name, view),
    )


LOG_LINES: dict[str, Callable[[dict[str, Any]], str]] = {"gunslingers": describe_gunslingers}
"""Games whose package writes each event as a line of the explained log."""


def with_lines(game: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events, each with its ``line`` in the game's own words when the game has them."""
    describe = LOG_LINES.get(game)
    if describe is None:
        return events
    return [{**e, "line": describe(e).strip()} for e in events]


HIDDEN_INFORMATION = ("gunslingers",)
"""Games played double-blind: a side does not see the other side's declarations."""


def decision_visible(live: LiveGame, seat_name: str | None, actor: int) -> bool:
    """Whether this page may read the text of a decision made by ``actor``."""
    if live.game.name not in HIDDEN_INFORMATION or live.status == "finished":
        return True
    if seat_name is None:
        return not live.has_remote()
    if live.seat_index(seat_name) == actor:
        return True
    # seats played at the same browser share what they know
    return live.seats.get(seat_name) == HUMAN == live.seats.get(live.game.seat_name(actor))


UNIT_KEYS = ("aircraft", "unit", "against", "target")
UNIT_LISTS = ("aircraft", "own_ground", "enemy_ground", "weapons")


def visible_events(
    live: LiveGame, seat_name: str | None, view: dict[str, Any], events: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The log as this page may read it.

    In a double-blind game a side's page keeps only the events about units
    its view shows now, and only its own declarations (and those of seats
    played at the same browser); the referee and finished games see all.
    """
    if live.game.name not in HIDDEN_INFORMATION or live.status == "finished":
        return events
    if seat_name is None or view.get("seat") == "referee":
        return events
    known = {u.get("id") for key in UNIT_LISTS for u in view.get(key, []) or []}
    mine = {
        n
        for n, k in live.seats.items()
        if n == seat_name or (k == HUMAN and live.seats.get(seat_name) == HUMAN)
    }
    out = []
    for e in events:
        if e.get("type") == "decision" and e.get("seat") not in mine:
            continue
        named = [e[k] for k in UNIT_KEYS if isinstance(e.get(k), str)]
        named += [x for x in e.get("order", []) if isinstance(x, str)]
        if any(n not in known for n in named):
            continue
        out.append(e)
    return out


@router.get("/catalog", response_model=Catalog)
def catalog(request: Request) -> Catalog:
    """The games, their options (name, default, bounds, rule) and the bots."""
    games = []
    for name in games_with_pages(request):
        cls = game_class(name)
        params = [
            ParameterInfo(
                name=p.name,
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
        games.append(
            GameInfo(
                name=name,
                title=cls.title,
                seats=list(cls.seat_names),
                parameters=params,
                seat_kinds=kinds,
            )
        )
    kinds = [HUMAN, REMOTE, *(AI_PREFIX + b for b in web_bots.names())]
    return Catalog(games=games, bots=web_bots.names(), seat_kinds=kinds)


@router.get("/games", response_model=list[GameListItem])
def list_games(
    svc: Service,
    game: Annotated[str | None, Query(max_length=40)] = None,
) -> list[GameListItem]:
    """Saved games, newest first (optionally of one game)."""
    out = []
    for g in svc.games(game):
        decisions = len(g.record.actions)
        out.append(
            GameListItem(
                id=g.id,
                game=g.game,
                title=g.title,
                status=g.status,
                seats=dict(g.seats),
                decisions=decisions,
                updated_at=str(g.updated_at),
            )
        )
    return out


@router.post(
    "/games",
    response_model=Created,
    status_code=201,
    responses={422: {"description": "unknown game, option or seat"}},
)
def create_game(body: NewGame, request: Request, svc: Service) -> Created:
    """Start a game; the answer holds the secret link of every seat not played by a bot."""
    if body.game not in games_with_pages(request):
        raise field_error(("body", "game"), f"unknown game {body.game!r}")
    live = svc.create(
        body.game, body.options, body.seats, seed=body.seed, title=body.title, meta=None
    )
    return created(request, live)


def created(request: Request, live: LiveGame) -> Created:
    links = [
        SeatLink(seat=name, kind=live.seats[name], url=seat_url(request, live.id, token))
        for name, token in live.tokens.items()
    ]
    return Created(id=live.id, links=links)


@router.get("/games/{game_id}", response_model=GameOut, responses=ERRORS)
def get_game(
    game_id: GameId,
    request: Request,
    svc: Service,
    seat: SeatQuery = None,
    since: Annotated[int, Query(ge=0, le=10**7)] = 0,
) -> GameOut:
    """The game as the seat of this link sees it, with the log from event ``since``."""
    live = svc.get(game_id)
    with live.lock:
        return game_out(request, svc, live, seat, since)


@router.post("/games/{game_id}/actions", response_model=GameOut, responses=ERRORS)
def post_actions(
    game_id: GameId,
    body: Move,
    request: Request,
    svc: Service,
    since: Annotated[int, Query(ge=0, le=10**7)] = 0,
) -> GameOut:
    """Make one decision or a whole path; all of it is applied or none (409 says why)."""
    live = svc.act(game_id, body.seat, list(body.actions))
    with live.lock:
        return game_out(request, svc, live, body.seat, since)


@router.post("/games/{game_id}/undo", response_model=GameOut, responses=ERRORS)
def post_undo(game_id: GameId, body: SeatOnly, request: Request, svc: Service) -> GameOut:
    """Take back this seat's last decision in a game against the AI."""
    live = svc.undo(game_id, body.seat)
    with live.lock:
        return game_out(request, svc, live, body.seat, 0)


@router.get("/games/{game_id}/replay", response_model=ReplayOut, responses=ERRORS)
def get_replay(
    game_id: GameId,
    svc: Service,
    step: Annotated[int, Query(ge=0, le=100_000)] = 0,
    seat: SeatQuery = None,
) -> ReplayOut:
    """The game as it stood after its first ``step`` decisions, with the log up to then."""
    live, driver = svc.replay_at(game_id, step)
    seat_name = live.seat_for(seat)
    if seat is not None and seat_name is None:
        raise Forbidden("this link does not play any seat of this game")
    view = visible_view(live, driver, seat_name)
    actions = live.driver.record.actions
    decision: list[Any] | None = None
    if step > 0:
        actor, text = actions[step - 1]
        if not decision_visible(live, seat_name, actor):
            text = "(a hidden declaration)"
        decision = [actor, text]
    return ReplayOut(
        id=live.id,
        game=live.game.name,
        step=step,
        steps=len(actions),
        decision=decision,
        decision_by=None if decision is None else live.game.seat_name(decision[0]),
        view=view,
        log=with_lines(live.game.name, visible_events(live, seat_name, view, driver.events)),
    )


@router.get("/games/{game_id}/record", responses=ERRORS)
def get_record(game_id: GameId, svc: Service) -> JSONResponse:
    """The game record (seed, options, decisions) that replays this game exactly."""
    live = svc.get(game_id)
    with live.lock:
        rec = live.driver.finished_record()
    return JSONResponse(rec.to_dict())
