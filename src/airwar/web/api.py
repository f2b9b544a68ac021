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

import hashlib
import json
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Cookie, Depends, Query, Request, Response
from fastapi.responses import JSONResponse

from airwar.core.errors import UnknownGame
from airwar.core.options import type_refusal
from airwar.core.registry import game_class, game_names
from airwar.session import StaleDecision, hint_refusal, offers
from airwar.session.seats import (
    AI_PREFIX,
    ASSIST_PREFIX,
    HUMAN,
    REMOTE,
    default_seats,
    human_seats,
    is_away,
)
from airwar.store import GameListing
from airwar.web import bots as web_bots
from airwar.web import seat_table
from airwar.web.errors import field_error
from airwar.web.identity import BROWSER_COOKIE, browser_id
from airwar.web.limits import ACT, CREATE, READ, charge
from airwar.web.schemas import (
    Catalog,
    Created,
    GameId,
    GameInfo,
    GameListItem,
    GameOut,
    Move,
    MoveLink,
    MoveReviewOut,
    NewGame,
    ParameterInfo,
    Problem,
    ReplayOut,
    SeatAt,
    SeatLink,
    SeatOnly,
    SolverValues,
    Token,
)
from airwar.web.service import (
    Conflict,
    Forbidden,
    GameService,
    LiveGame,
    last_move_review,
    owned_by,
    owner_key,
    solver_values,
)

ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": Problem, "description": "the link does not play a seat of this game"},
    404: {"model": Problem, "description": "no game has this id"},
    409: {"model": Problem, "description": "the rules refuse this now; the detail says why"},
}
BUSY: dict[int | str, dict[str, Any]] = {
    503: {
        "model": Problem,
        "description": "the expert's solve queue is full; Retry-After says when to retry",
    },
}
TOO_MANY: dict[int | str, dict[str, Any]] = {
    429: {
        "model": Problem,
        "description": "too many such requests from this address; Retry-After says when to retry",
    },
}

router = APIRouter(prefix="/api", tags=["api"])


def service(request: Request) -> GameService:
    svc: GameService = request.app.state.service
    return svc


Service = Annotated[GameService, Depends(service)]
SeatQuery = Annotated[Token | None, Query(description="the secret seat token from the link")]


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


def seat_url(request: Request, game_id: str, token: str) -> str:
    return f"{request.url_for('play_page', game_id=game_id).path}?seat={token}"


BrowserCookie = Annotated[str | None, Cookie(alias=BROWSER_COOKIE, max_length=64)]


ResponseT = TypeVar("ResponseT", bound=Response)


def copy_cookies(source: Response, target: ResponseT) -> ResponseT:
    """``target`` with the cookies ``source`` sets (a fresh browser identity)."""
    for name, value in source.headers.items():
        if name == "set-cookie":
            target.headers.append(name, value)
    return target


def holder(request: Request, response: Response, token: str | None) -> str | None:
    """The browser that uses this seat link: a browser without an identity is given one
    (in ``response``), so that the first use of a link holds its seat for it."""
    return browser_id(request, response if token is not None else None)


def hotseat_links(
    request: Request, live: LiveGame, seat_name: str | None, owner: bool
) -> dict[str, str]:
    """For the owner's seat, the links of the other seats played at the same browser."""
    if not owner or seat_name is None or live.seats.get(seat_name) != HUMAN:
        return {}
    return {
        name: seat_url(request, live.id, token)
        for name, token in live.tokens.items()
        if name != seat_name and live.seats.get(name) == HUMAN
    }


def invite_links(
    request: Request, live: LiveGame, seat_name: str | None, owner: bool, joined: list[str]
) -> dict[str, str]:
    """For the browser that created the game only: the links to send to the other browsers
    (the players on other browsers, a person refereeing among them) that no browser has
    opened yet; a link opened plays only on the browser that opened it."""
    if not owner or seat_name is None or live.seats.get(seat_name) != HUMAN:
        return {}
    return {
        name: seat_url(request, live.id, token)
        for name, token in live.tokens.items()
        if is_away(live.seats.get(name, HUMAN)) and name not in joined
    }


def takeback_label(svc: GameService, live: LiveGame, seat_name: str | None) -> str | None:
    """The referee's take-back button in words ("Take back Red's last decision"), when the
    referee reads the game and may take back now; else None."""
    if seat_name is None or seat_name != live.referee or svc.undo_refusal(live, seat_name):
        return None
    target = svc.takeback_target(live)
    if target is None:
        return None
    actor = live.driver.record.actions[target][0]
    return f"Take back {live.game.seat_name(actor)}'s last decision"


def solver_out(live: LiveGame, view: dict[str, Any], seat_name: str | None) -> SolverValues | None:
    """The solver's values of the engagement in ``view`` as this reader may have them:
    None when its hints are off now (a spectator, a game between people, a finished
    game, the seat's own setting) or the matchup is not cached; without each
    decision's value and the best move when the seat has hints only after its move."""
    scope = live.hints_now(seat_name)
    if scope is None:
        return None
    info = solver_values(live.game, live.state)
    if info is None:
        return None
    if scope != "all":
        info = {**info, "moves": {}, "move_details": {}, "best": None}
    return SolverValues.model_validate(info)


def rates_moves(live: LiveGame, seat_name: str | None) -> bool:
    """Whether this seat's last move is rated (MS-33): its hints are on now (after its move,
    or always), or they were when the game ended, where the rating of its last move stays
    beside the result (the whole review is open then, MS-32)."""
    if seat_name is None:
        return False
    if live.hints_for(seat_name) != "off":
        return True
    settings = live.meta.get("hints")
    chosen = settings.get(seat_name) if isinstance(settings, dict) else None
    alone = len(human_seats(live.seats)) == 1  # hints are only for a person against the AI
    return live.finished and alone and chosen in ("after", "always")


def move_review_out(live: LiveGame, seat_name: str | None) -> MoveReviewOut | None:
    """How good this seat's last finished move was, when it rates moves (:func:`rates_moves`);
    None otherwise, or when it has finished no move in a cached matchup."""
    if seat_name is None or not rates_moves(live, seat_name):
        return None
    found = last_move_review(live, seat_name)
    return MoveReviewOut.model_validate(found) if found is not None else None


def reader(
    request: Request, svc: GameService, live: LiveGame, token: str | None, response: Response
) -> tuple[str | None, bool, bool]:
    """Who asks: (the seat of the link, whether this browser owns the game, spectator).
    A link that plays no seat, or whose seat another browser holds, is refused (403)."""
    browser = holder(request, response, token)
    seat_name = svc.seat_of(live, token, browser)
    owner = svc.owns(live, browser)
    return seat_name, owner, seat_name is None and not owner


def reader_version(
    live: LiveGame, seat_name: str | None, spectator: bool, view: dict[str, Any]
) -> int:
    """The ``version`` this reader is shown: the game's count of changes for a reader who
    sees everything (the referee too); else a number made from what the reader sees (its
    view, whose turn, its counts and notices), so that it moves only when that does, never
    with a decision made in secret (GS-73)."""
    if live.sees_everything(seat_name, spectator=spectator):
        return live.position_version
    seen = [
        view,
        live.to_act_for(seat_name, spectator=spectator),
        live.status,
        live.decisions_for(seat_name, spectator=spectator),
        live.log_length(seat_name, spectator=spectator),
        live.notices(seat_name, spectator=spectator),
    ]
    text = json.dumps(seen, sort_keys=True, default=str)
    return int(hashlib.sha256(text.encode()).hexdigest()[:13], 16)


def reader_thinking(
    svc: GameService, live: LiveGame, seat_name: str | None, spectator: bool
) -> bool:
    """Whether to show this reader that the AI is at work: only to a reader who sees
    everything (the referee too), since whose business it works on would tell a side what
    the enemy does."""
    return live.sees_everything(seat_name, spectator=spectator) and svc.bots_thinking(live.id)


def stream_update(
    svc: GameService, live: LiveGame, seat_name: str | None, spectator: bool
) -> dict[str, Any]:
    """What one update of the event stream tells this reader (as its game JSON would)."""
    with live.lock:
        view = live.view(seat_name, spectator=spectator)
        return {
            "version": reader_version(live, seat_name, spectator, view),
            "decisions": live.decisions_for(seat_name, spectator=spectator),
            "bots_thinking": reader_thinking(svc, live, seat_name, spectator),
        }


def hosts(live: LiveGame, seat_name: str | None, owner: bool) -> bool:
    """Whether this reader is the host of the game at its own seat: the one told which seat
    links have been opened ("Red: joined"). Nobody else is: when a player joins tells the
    other side nothing it needs, and a change to it would move a waiting side's answers
    while the enemy decides (GS-73)."""
    return owner and seat_name is not None and live.seats.get(seat_name) == HUMAN


def game_out(
    request: Request,
    svc: GameService,
    live: LiveGame,
    token: str | None,
    response: Response,
    since: int = 0,
) -> GameOut:
    seat_name, owner, spectator = reader(request, svc, live, token, response)
    joined = svc.joined(live) if hosts(live, seat_name, owner) else []
    view = live.view(seat_name, spectator=spectator)
    to_act = live.to_act()
    # a person helped by a bot (assist:) leaves its routine decisions to the bot
    mine = seat_name is not None and seat_name == to_act and not live.bot_to_act()
    return GameOut(
        id=live.id,
        game=live.game.name,
        title=live.title,
        status=live.status,
        seat=seat_name,
        seats=live.seats,
        to_act=live.to_act_for(seat_name, spectator=spectator),
        my_turn=mine,
        can_undo=svc.can_undo(live, seat_name),
        undo_label=takeback_label(svc, live, seat_name),
        notices=live.notices(seat_name, spectator=spectator),
        decisions=live.decisions_for(seat_name, spectator=spectator),
        version=reader_version(live, seat_name, spectator, view),
        view=view,
        choices=choices(live, seat_name) if mine else {},
        hotseat=hotseat_links(request, live, seat_name, owner),
        invites=invite_links(request, live, seat_name, owner, joined),
        joined=joined,
        log=live.visible_events(seat_name, since, spectator=spectator),
        log_length=live.log_length(seat_name, spectator=spectator),
        solver=solver_out(live, view, seat_name),
        move_review=move_review_out(live, seat_name),
        hints=live.hints_for(seat_name),
        commitment=live.fairness(reveal=False).get("commitment"),
        bots_thinking=reader_thinking(svc, live, seat_name, spectator),
        table=seat_table.table_out(
            request, live, seat_name, owner, seat_table.presence_of(request)
        ),
    )


def choices(live: LiveGame, seat_name: str | None) -> dict[str, Any]:
    """The legal decisions of ``seat_name`` as a tree of their words (empty if not its turn).

    A page asks for one word at a time, offering only words that lead to a
    legal decision; the key ``"$"`` marks where a decision is complete.
    """
    if seat_name is None or live.to_act() != seat_name:
        return {}
    tree: dict[str, Any] = {}
    for action in live.state.legal_actions():
        node = tree
        for word in str(action).split(" "):
            node = node.setdefault(word, {})
        node["$"] = True
    return tree


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
                analysis=cls.game_type.advisor,
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
    now = reader_version(live, name, False, live.view(name))
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
        actor = live.driver.record.actions[upto - 1][0]
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
