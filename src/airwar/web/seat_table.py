"""What a reader of a game is told of its table (``table`` in the game JSON, and the part
of each stream update that moves it): the offers that stand, what this seat may do now,
its own link to the rematch once made, and whether the other players have the game open.

Only a seat is told another seat's presence, and only here or gone (since when): no
link, no address. A rematch's link goes to its own seat only.
"""

from __future__ import annotations

from typing import Any

from fastapi import Request

from airwar.session import offers
from airwar.web.presence import Presence
from airwar.web.service import LiveGame


def seat_link(request: Request, game_id: str, token: str) -> str:
    return f"{request.url_for('play_page', game_id=game_id).path}?seat={token}"


def elsewhere(live: LiveGame, seat_name: str | None) -> list[str]:
    """The players this seat is told the presence of: the people at other browsers (not
    the bots, not the referee, not the seats played at its own browser)."""
    if seat_name is None:
        return []
    table = live.same_table(seat_name)
    return [n for n in offers.players(live) if live.seat_index(n) not in table]


def presence_of(request: Request) -> Presence | None:
    found = getattr(request.app.state, "presence", None)
    return found if isinstance(found, Presence) else None


def table_out(
    request: Request,
    live: LiveGame,
    seat_name: str | None,
    owner: bool,
    presence: Presence | None,
) -> dict[str, Any]:
    """What this reader is told of the table (see :func:`offers.table_for`): for a seat,
    also the other seats' presence, whether it may start the rematch at once, and its own
    link to the rematch once made."""
    out = offers.table_for(live, seat_name)
    out["rematch_direct"] = bool(seat_name and owner and live.finished)
    made = offers.rematch_for(live, seat_name)
    out["rematch_url"] = None if made is None else seat_link(request, made[0], made[1])
    others = elsewhere(live, seat_name)
    out["presence"] = (
        presence.of(live.id, others) if presence is not None and seat_name is not None else {}
    )
    return out


def stream_table(
    live: LiveGame, seat_name: str | None, presence: Presence | None
) -> dict[str, Any]:
    """The part of a stream update that moves the table: a change asks the page to reload."""
    with live.lock:
        out = offers.table_for(live, seat_name)
        out["rematch_made"] = offers.rematch_for(live, seat_name) is not None
    if presence is not None and seat_name is not None:
        others = elsewhere(live, seat_name)
        out["presence"] = {n: v["here"] for n, v in presence.of(live.id, others).items()}
    return out
