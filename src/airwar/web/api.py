"""The JSON API every page of the browser app (and the load test) talks to.

Bad input never changes anything: bodies and parameters are validated (422
naming the field and the reason), a refused move is a 409 saying why, a link
that plays no seat of the game is a 403, and an unknown game id is a 404.

Trust: a seat's secret link is the only way to act for that seat, and it is
claim-once: the first browser (known by an HttpOnly cookie) to use it holds
the seat, and the link refuses every other browser (403) on every route,
until its holder moves the seat with a move link of its own. The browser
that creates a game holds the seats it plays itself and is the only one
shown its invitations and allowed to resume it; everyone else is a
spectator and sees what the game shows spectators. No client ever receives
the seed of a running game: the game JSON carries a commitment to it, and
the record of a finished game reveals the seed and the salt that open it.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import JSONResponse

from airwar.core.options import type_refusal
from airwar.core.registry import game_class
from airwar.session import StaleDecision, hint_refusal, offers
from airwar.session.seats import (
    default_seats,
)
from airwar.web.errors import BUSY, ERRORS, TOO_MANY, field_error
from airwar.web.identity import browser_id
from airwar.web.limits import ACT, CREATE, charge
from airwar.web.listing import games_with_pages
from airwar.web.reading import (
    SeatQuery,
    Service,
    copy_cookies,
    game_out,
    holder,
    reader,
    reader_version,
    seat_url,
)
from airwar.web.schemas import (
    Created,
    GameId,
    GameOut,
    Move,
    MoveLink,
    NewGame,
    ReplayOut,
    SeatAt,
    SeatLink,
    SeatOnly,
)
from airwar.web.service import (
    Conflict,
    Forbidden,
    LiveGame,
)

router = APIRouter(prefix="/api", tags=["api"])


@router.post(
    "/games",
    response_model=Created,
    status_code=201,
    responses={422: {"description": "unknown game, option, seat or seed"}, **TOO_MANY, **BUSY},
)
def create_game(body: NewGame, request: Request, response: Response, svc: Service) -> Created:
    """Start a game; the answer (to its creator only) holds the secret link of every seat
    not played by a bot. A seed is taken only for a game with at most one person. The
    bots play in the background: the answer comes at once."""
    charge(request, CREATE)
    if body.game not in games_with_pages(request):
        raise field_error(("body", "game"), f"unknown game {body.game!r}")
    cls = game_class(body.game)
    wrong = type_refusal(cls.parameters, body.options)  # true or "5" is no whole number
    if wrong is not None:
        raise field_error(("body", "options", wrong[0]), wrong[1])
    kind = cls.game_type
    defaults = default_seats(tuple(cls.seat_names), kind.referee, kind.assistant)
    seats = {name: body.seats.get(name, defaults[name]) for name in cls.seat_names}
    why = hint_refusal({**seats, **body.seats}, body.hints)
    if why is not None:
        raise field_error(("body", "hints"), why)
    if body.resignation != "loses" and not kind.concede:
        raise field_error(("body", "resignation"), f"{cls.title} has no resignation")
    parts = request.app.state.parts.get(body.game)
    if parts is not None and parts.before_create is not None:
        parts.before_create(seats)  # the game's own refusal now (a queue full: 503)
    live = svc.create_for(
        browser_id(request, response),
        body.game,
        body.options,
        body.seats,
        seed=body.seed,
        title=body.title,
        public=body.public,
        hints=body.hints,
        resignation=body.resignation,
    )
    return created(request, live)


def created(request: Request, live: LiveGame) -> Created:
    links = [
        SeatLink(seat=name, kind=live.seats[name], url=seat_url(request, live.id, token))
        for name, token in live.tokens.items()
    ]
    return Created(id=live.id, links=links, commitment=live.fairness(reveal=False)["commitment"])


@router.get("/games/{game_id}", response_model=GameOut, responses=ERRORS)
def get_game(
    game_id: GameId,
    request: Request,
    svc: Service,
    response: Response,
    seat: SeatQuery = None,
    since: Annotated[int, Query(ge=0, le=10**7)] = 0,
) -> GameOut:
    """The game as the seat of this link (or a spectator) sees it, with the log from ``since``."""
    live = svc.get(game_id)
    with live.lock:
        return game_out(request, svc, live, seat, response, since)


@router.post("/games/{game_id}/actions", response_model=GameOut, responses=ERRORS | TOO_MANY)
def post_actions(
    game_id: GameId,
    body: Move,
    request: Request,
    response: Response,
    svc: Service,
    since: Annotated[int, Query(ge=0, le=10**7)] = 0,
) -> GameOut:
    """Make one decision or a whole path; all of it is applied or none (409 says why).
    The AI's replies follow in the background (``bots_thinking``), never inside this call."""
    charge(request, ACT)
    browser = holder(request, response, body.seat)
    live = svc.get(game_id)
    with live.lock:
        seat = svc.seat_index_of(live, body.seat, browser)
        at = session_version(live, seat, body.version)
        svc.act(live, seat, list(body.actions), at=at)
        return game_out(request, svc, live, body.seat, response, since)


def session_version(live: LiveGame, seat: int, sent: int | None) -> int | None:
    """The session's version of the game (:attr:`LiveGame.position_version`) if the
    ``version`` a seat's decision was made at is the one its game JSON shows now (so that
    the session applies it only there), else :class:`StaleDecision`; None if none sent."""
    if sent is None:
        return None
    name = live.game.seat_name(seat)
    now = reader_version(live, name, False)
    if sent != now:
        raise StaleDecision(sent, now)
    return live.position_version


@router.post("/games/{game_id}/undo", response_model=GameOut, responses=ERRORS | TOO_MANY)
def post_undo(
    game_id: GameId, body: SeatAt, request: Request, response: Response, svc: Service
) -> GameOut:
    """Take back this seat's last move in a game against the AI; or, with the referee's
    link in a game that has a referee, the last decision a person made, whoever's it was,
    if no roll has been made since (409 says why not: a roll since, nothing to take back).
    Every seat is told (``notices``), in words it may read."""
    charge(request, ACT)
    browser = holder(request, response, body.seat)
    live = svc.get(game_id)
    with live.lock:
        seat = svc.seat_index_of(live, body.seat, browser)
        svc.undo(live, seat, at=session_version(live, seat, body.version))
        return game_out(request, svc, live, body.seat, response, 0)


@router.post(
    "/games/{game_id}/rematch",
    response_model=Created,
    status_code=201,
    responses=ERRORS | TOO_MANY,
)
def post_rematch(
    game_id: GameId, body: SeatOnly, request: Request, response: Response, svc: Service
) -> Created:
    """A new game of the same options and players with the sides swapped, once this one is
    over; asked with a seat's link by the browser that created the game (its answer holds
    the new seat links). Each player's browser holds the seat it takes in the rematch, as
    it held its seat in this game. The dice come from a new secret seed."""
    charge(request, CREATE)
    live = svc.get(game_id)
    browser = holder(request, response, body.seat)
    with live.lock:
        svc.seat_index_of(live, body.seat, browser)
        if not svc.owns(live, browser):
            raise Forbidden(
                "only the browser that created this game can start its rematch: "
                "ask its host for the new link"
            )
        if not live.finished:
            raise Conflict("this game is still being played: a rematch starts once it is over")
        options = dict(live.game.options)
        seats = live.rematch_seats()
        hints = live.rematch_hints()
        holders = svc.rematch_holders(live)
        public = live.meta.get("public") is True
        name = live.game.name
        resignation = offers.resignation(live)
    new = svc.create_for(
        browser,
        name,
        options,
        seats,
        public=public,
        hints=hints,
        holders=holders,
        resignation=resignation,
    )
    offers.note_rematch(svc, live, new)  # the other players' pages offer their own new link
    return created(request, new)


@router.post("/games/{game_id}/move", response_model=MoveLink, responses=ERRORS | TOO_MANY)
def post_move(
    game_id: GameId, body: SeatOnly, request: Request, response: Response, svc: Service
) -> MoveLink:
    """A link that moves the seat of this link to another browser (a phone, a second
    computer), for the browser holding the seat only. The first browser to open it holds
    the seat from then on, and this one loses it; the link works once, and a new one
    replaces it."""
    charge(request, ACT)
    live = svc.get(game_id)
    with live.lock:
        secret = svc.offer_move(live, body.seat, holder(request, response, body.seat))
        name = live.seat_for(body.seat)
    url = f"{request.url_for('play_page', game_id=live.id).path}?move={secret}"
    return MoveLink(seat=str(name), url=url)


@router.get("/games/{game_id}/replay", response_model=ReplayOut, responses=ERRORS)
def get_replay(
    game_id: GameId,
    request: Request,
    svc: Service,
    response: Response,
    step: Annotated[int, Query(ge=0, le=100_000)] = 0,
    seat: SeatQuery = None,
) -> ReplayOut:
    """The game as it stood after the first ``step`` decisions this reader may read, as it
    may see it: every decision for a reader who sees everything; in a running double-blind
    game a seat steps through its own decisions only, a spectator through none (GS-74)."""
    live = svc.get(game_id)
    seat_name, _owner, spectator = reader(request, svc, live, seat, response)
    with live.lock:
        steps = live.readable(seat_name, spectator=spectator)
    if step > len(steps):
        raise Conflict(f"step {step} is past the end of this game ({len(steps)} decisions)")
    upto = steps[step - 1] + 1 if step > 0 else 0
    driver = svc.replay_at(live, upto)
    view = live.view_of(driver.state, seat_name, spectator=spectator)
    decision: list[Any] | None = None
    if step > 0:
        actor = live.record.actions[upto - 1][0]
        decision = [actor, live.decision_text(upto - 1, seat_name, spectator=spectator)]
    return ReplayOut(
        id=live.id,
        game=live.game.name,
        step=step,
        steps=len(steps),
        decision=decision,
        decision_by=None if decision is None else live.game.seat_name(decision[0]),
        view=view,
        log=live.visible_events(seat_name, 0, spectator=spectator, state=driver.state),
    )


@router.get("/games/{game_id}/record", responses=ERRORS)
def get_record(
    game_id: GameId, request: Request, svc: Service, seat: SeatQuery = None
) -> JSONResponse:
    """The record: in full (seed and the salt that opens its commitment) once the game is
    over; for a running game only the asking seat's, without the seed and with the
    decisions it may not read hidden; nothing for a spectator of a running game."""
    live = svc.get(game_id)
    cookies = Response()
    with live.lock:
        seat_name, _owner, spectator = reader(request, svc, live, seat, cookies)
        data = live.record_for(seat_name, spectator=spectator)
    return copy_cookies(cookies, JSONResponse(data, headers={"Cache-Control": "no-store"}))
