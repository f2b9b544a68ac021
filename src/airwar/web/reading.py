"""The game JSON as its reader may see it: who asks (a seat's link, the browser that made
the game, a spectator), the game's view, choices, links, notices and hints for that
reader, and the numbers (``version``) that move only when what it may see moves (GS-73).

Every route that answers a game (:mod:`airwar.web.api`, the live stream of
:mod:`airwar.web.app`, a game's own routes) builds it here."""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Query, Request, Response

from airwar.session.seats import (
    HUMAN,
    human_seats,
    is_away,
)
from airwar.web import seat_table
from airwar.web.identity import browser_id
from airwar.web.schemas import (
    GameOut,
    MoveReviewOut,
    SolverValues,
    Token,
)
from airwar.web.service import (
    GameService,
    LiveGame,
    last_move_review,
    solver_values,
)


def service(request: Request) -> GameService:
    svc: GameService = request.app.state.service
    return svc


Service = Annotated[GameService, Depends(service)]

SeatQuery = Annotated[Token | None, Query(description="the secret seat token from the link")]


def seat_url(request: Request, game_id: str, token: str) -> str:
    return f"{request.url_for('play_page', game_id=game_id).path}?seat={token}"


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
    actor = live.record.actions[target][0]
    return f"Take back {live.game.seat_name(actor)}'s last decision"


def solver_out(live: LiveGame, view: dict[str, Any], seat_name: str | None) -> SolverValues | None:
    """The advisor's values of the position as this reader may have them: None when its
    hints are off now (a spectator, a game between people, a finished game, the seat's
    own setting) or none are known; only what a seat with hints after its move may be
    sent when that is its setting (the game's parts say what that leaves out)."""
    scope = live.hints_now(seat_name)
    if scope is None:
        return None
    info = solver_values(live.game, live.state, whole=scope == "all")
    return None if info is None else SolverValues.model_validate(info)


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
    live: LiveGame, seat_name: str | None, spectator: bool, view: dict[str, Any] | None = None
) -> int:
    """The ``version`` this reader is shown: the game's count of changes for a reader who
    sees everything (the referee too); else a number made from what the reader sees (its
    view, whose turn, its counts and notices), so that it moves only when that does, never
    with a decision made in secret (GS-73). ``view``: the reader's view if it is built
    already (else it is built only for a reader who does not see everything)."""
    if live.sees_everything(seat_name, spectator=spectator):
        return live.position_version
    seen = [
        live.view(seat_name, spectator=spectator) if view is None else view,
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
