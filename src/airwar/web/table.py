"""The routes of the seat actions between players: resign, offer and answer a draw,
propose and answer a rematch (what a page is told of them is :mod:`airwar.web.seat_table`).

The rules of these live in :mod:`airwar.session.offers`; this module turns a seat link
into a seat (claim-once, as every route) and adds the browser's side: which browser
may start a rematch at once (the one that created the game), each seat's own link to a
rematch, and the presence of the other seats (:mod:`airwar.web.presence`).
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict

from airwar.session import offers
from airwar.web import errors, reading
from airwar.web.limits import ACT, CREATE, charge
from airwar.web.schemas import GameId, GameOut, Token
from airwar.web.service import GameService, LiveGame

ANSWERS = errors.ERRORS | errors.TOO_MANY

router = APIRouter(prefix="/api", tags=["api"])


class SeatAnswer(BaseModel):
    """A seat's word on an offer: make one, accept it or decline it."""

    model_config = ConfigDict(extra="forbid", strict=True)

    seat: Token
    answer: Literal["offer", "accept", "decline"]


class SeatResign(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    seat: Token


def _seat(
    request: Request, response: Response, svc: GameService, live: LiveGame, token: str
) -> tuple[str, bool]:
    browser = reading.holder(request, response, token)
    seat = svc.seat_index_of(live, token, browser)
    return live.game.seat_name(seat), svc.owns(live, browser)


@router.post("/games/{game_id}/resign", response_model=GameOut, responses=ANSWERS)
def post_resign(game_id: GameId, body: SeatResign, request: Request, response: Response) -> GameOut:
    """This seat gives the game up (409 when the game has no resignation or is over). The
    resignation is a decision of the record: its replay and ``airwar verify`` end the game
    the same way, and the game scores it (MiGs and Sabres: MS-35, MS-36)."""
    charge(request, ACT)
    svc = reading.service(request)
    live = svc.get(game_id)
    with live.lock:
        name, _owner = _seat(request, response, svc, live, body.seat)
        offers.resign(svc, live, name)
        return reading.game_out(request, svc, live, body.seat, response)


@router.post("/games/{game_id}/draw", response_model=GameOut, responses=ANSWERS)
def post_draw(game_id: GameId, body: SeatAnswer, request: Request, response: Response) -> GameOut:
    """Offer the other side a draw, or accept or decline its offer. An offer stands until
    it is answered or its seat decides; one at a time, a few per seat. An accepted draw is
    a decision of the record (MS-37)."""
    charge(request, ACT)
    svc = reading.service(request)
    live = svc.get(game_id)
    with live.lock:
        name, _owner = _seat(request, response, svc, live, body.seat)
        if body.answer == "offer":
            offers.offer_draw(svc, live, name)
        else:
            offers.answer_draw(svc, live, name, accept=body.answer == "accept")
        return reading.game_out(request, svc, live, body.seat, response)


def make_rematch(svc: GameService, live: LiveGame) -> LiveGame:
    """The rematch of ``live``: same options and owner, sides swapped, each player's browser
    holding the seat it takes."""
    return svc.create_rematch(live)


@router.post(
    "/games/{game_id}/rematch-offer",
    response_model=GameOut,
    responses=ANSWERS,
)
def post_rematch_offer(
    game_id: GameId, body: SeatAnswer, request: Request, response: Response
) -> GameOut:
    """For a player whose browser did not create the game: propose a rematch to the other
    side, or accept or decline its proposal. Accepting makes the new game (sides swapped):
    each player's page then shows its own new link (``table.rematch_url``), no other."""
    charge(request, CREATE if body.answer == "accept" else ACT)
    svc = reading.service(request)
    live = svc.get(game_id)
    with live.lock:
        name, _owner = _seat(request, response, svc, live, body.seat)
        if body.answer == "offer":
            offers.propose_rematch(svc, live, name)
        elif body.answer == "decline":
            offers.decline_rematch(svc, live, name)
        else:
            offers.accept_rematch(svc, live, name, lambda g: make_rematch(svc, g))
        return reading.game_out(request, svc, live, body.seat, response)
