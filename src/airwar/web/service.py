"""The browser app's game service: the play session, addressed by game id and seat link.

All the rules of play (creating, resuming, applying a path atomically,
undo, bots, summaries, optimistic concurrency, what each seat may see) live
in :mod:`airwar.session`; this module only turns a request's game id and
secret seat token into a session and a seat, and adds the browser's own
identity: the browser that creates a game owns it (:func:`owner_key`), and
each seat link is claim-once (:meth:`GameService.seat_of`): the first browser
to use it holds the seat, and only that browser may use it afterwards, until
its holder moves the seat to another browser with a move link of its own.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from airwar.analysis.move_review import review_last_move, span_from_log
from airwar.bots.registry import make_bot
from airwar.core.errors import AirwarError
from airwar.core.game import Game, GameState
from airwar.core.record import GameRecord
from airwar.session import Conflict, Forbidden, PlaySession, Sessions
from airwar.session.offers import RESIGNATION
from airwar.session.seats import HUMAN, is_away
from airwar.store import Store
from airwar.web.parts import parts_for

__all__ = [
    "Conflict",
    "Forbidden",
    "GameService",
    "LiveGame",
    "SeatTaken",
    "owner_key",
    "solver_values",
]

LiveGame = PlaySession
"""A game as the app holds it (the play session)."""


def owner_key(browser: str | None) -> str | None:
    """What a game keeps of the browser that created it: a hash of its secret cookie."""
    if not browser:
        return None
    return hashlib.sha256(f"airwar-browser:{browser}".encode()).hexdigest()


def move_key(secret: str) -> str:
    """What a game keeps of a seat's move link: a hash of its secret."""
    return hashlib.sha256(f"airwar-move:{secret}".encode()).hexdigest()


SEAT_TAKEN = (
    "this seat is taken: another browser opened its link first and holds it, so this "
    "browser is shown nothing of it. Its player can move it to another device from "
    "their own page; anyone else needs a link of their own from the game's host"
)
MOVE_USED = (
    "this move link has been used (a move link works once) or replaced by a newer one: "
    "ask the seat's player for a new one"
)


class SeatTaken(Forbidden):
    """A seat link used by a browser other than the one that holds the seat."""


def owned_by(meta: Mapping[str, Any], browser: str | None) -> bool:
    key = owner_key(browser)
    return key is not None and meta.get("owner") == key


class GameService(Sessions):
    """Creates, loads, plays, undoes and replays games for the web routes."""

    def __init__(self, store: Store) -> None:
        super().__init__(store, make_bot)

    def create_for(
        self,
        browser: str | None,
        game: Game | str,
        options: Mapping[str, Any],
        seats: Mapping[str, str],
        *,
        seed: int | str | None = None,
        title: str | None = None,
        public: bool = False,
        trusted_seed: bool = False,
        hints: Mapping[str, str] | None = None,
        holders: Mapping[str, str] | None = None,
        resignation: str = "loses",
    ) -> LiveGame:
        """A new game owned by ``browser`` (its seat links are shown only to it), which
        holds the seats it plays itself; ``holders`` (seat name -> holder key) gives
        other seats to the browsers that held them before (a rematch)."""
        meta: dict[str, Any] = {"public": bool(public)}
        if resignation != "loses":
            meta[RESIGNATION] = resignation  # how a resignation scores (MS-35's option)
        key = owner_key(browser)
        if key is not None:
            meta["owner"] = key
        live = super().create(
            game,
            seats,
            options=options,
            seed=seed,
            title=title,
            meta=meta,
            trusted_seed=trusted_seed,
            hints=hints,
        )
        # the creator holds the seats played here; a seat of another browser is held by
        # the first browser that opens its link (or by its holder in the last game)
        held = {n: key for n, kind in live.seats.items() if kind == HUMAN and key is not None}
        held.update({n: h for n, h in (holders or {}).items() if n in live.tokens})
        if held:
            self.store.hold_seats(live.id, held)
        return live

    def owns(self, live: LiveGame, browser: str | None) -> bool:
        return owned_by(live.meta, browser)

    # -- claim-once seat links ---------------------------------------------------
    def holders(self, live: LiveGame) -> dict[str, str]:
        """Seat name -> the key of the browser holding it (read from the store, which
        every process serving the game shares)."""
        return self.store.seat_holders(live.id)

    def seat_of(self, live: LiveGame, token: str | None, browser: str | None) -> str | None:
        """The seat this link plays for this browser (None without a link).

        A link that plays no seat is :class:`Forbidden`. The first browser to use a
        seat's link holds the seat; any other browser using it afterwards is refused
        (:class:`SeatTaken`), whatever it asks. A request without a browser's cookie
        holds nothing: it may use a link that nobody holds yet, and no other.
        """
        if token is None:
            return None
        name = live.seat_for(token)
        if name is None:
            raise Forbidden("this link does not play any seat of this game")
        key = owner_key(browser)
        held = self.holders(live).get(name)
        if held is None:
            if key is None:
                return name
            held = self.store.claim_seat(live.id, name, key)
        if key is None or not secrets.compare_digest(held, key):
            raise SeatTaken(SEAT_TAKEN)
        return name

    def seat_index_of(self, live: LiveGame, token: str | None, browser: str | None) -> int:
        """The seat number of this link for this browser; :class:`Forbidden` without one."""
        name = self.seat_of(live, token, browser)
        if name is None:
            raise Forbidden("this link does not play any seat of this game")
        return live.seat_index(name)

    def joined(self, live: LiveGame) -> list[str]:
        """The seats played on other browsers whose link a browser has opened."""
        held = self.holders(live)
        return [n for n in live.tokens if is_away(live.seats.get(n, HUMAN)) and n in held]

    def offer_move(self, live: LiveGame, token: str | None, browser: str | None) -> str:
        """A new move link's secret for the seat this browser holds (replacing an earlier
        one): the first browser to open it holds the seat from then on."""
        name = self.seat_of(live, token, browser)
        key = owner_key(browser)
        if name is None or key is None:
            raise Forbidden("only the browser holding a seat can move it: open your seat link")
        secret = secrets.token_urlsafe(16)
        if not self.store.offer_seat_move(live.id, name, key, move_key(secret)):
            raise SeatTaken(SEAT_TAKEN)
        return secret

    def take_move(self, live: LiveGame, secret: str, browser: str) -> str:
        """Move the seat of this move link to ``browser``, once; returns the seat's token."""
        key = owner_key(browser)
        name = None if key is None else self.store.take_seat_move(live.id, move_key(secret), key)
        if name is None or name not in live.tokens:
            raise Forbidden(MOVE_USED)
        return live.tokens[name]

    def rematch_holders(self, live: LiveGame) -> dict[str, str]:
        """The holders of a rematch's seats: each player's browser goes with the player to
        the seat it takes (the sides swapped as in the rematch's seats); a referee stays."""
        held = self.holders(live)
        names = [n for n in live.seat_names() if n != live.referee]
        out = {names[(i + 1) % len(names)]: held[n] for i, n in enumerate(names) if n in held}
        if live.referee is not None and live.referee in held:
            out[live.referee] = held[live.referee]
        return out

    def create_rematch(self, live: LiveGame) -> LiveGame:
        """The rematch of a finished game, however it was asked for: the same options and
        owner, the sides swapped, each player's browser holding the seat it takes."""
        meta: dict[str, Any] = {"public": live.meta.get("public") is True}
        if live.meta.get(RESIGNATION) is not None:
            meta[RESIGNATION] = live.meta[RESIGNATION]
        owner = live.meta.get("owner")
        if isinstance(owner, str):
            meta["owner"] = owner
        new = self.create(
            live.game.name,
            live.rematch_seats(),
            options=dict(live.game.options),
            meta=meta,
            hints=live.rematch_hints(),
        )
        holders = self.rematch_holders(live)
        if holders:
            self.store.hold_seats(new.id, holders)
        return new


REVIEWS_KEPT = 256
"""The move ratings kept (each replays the game to its move): one per game, seat and move."""

_reviews: OrderedDict[tuple[str, int, tuple[int, int], str], dict[str, Any] | None] = OrderedDict()
_reviews_lock = threading.Lock()


def last_move_review(live: LiveGame, seat_name: str) -> dict[str, Any] | None:
    """How good ``seat_name``'s last finished move was (``analysis.move_review``), or None.

    The move is found in the game's log (no replay); its rating, which replays the game
    to the move, is kept per game, seat and move, so it is made once a move and reading
    the game again, or after the other side's decisions, costs a scan of the log."""
    if live.game.advisor() is None:
        return None
    with live.lock:
        record = live.record
        actions = list(record.actions)
        seat = live.seat_index(seat_name)
        actor = live.state.current_actor()
        types = [str(e.get("type")) for e in live.state.log]
        copy = GameRecord(record.game, dict(record.options), record.seed, actions)
    to_act = actor if actor >= 0 else None
    try:
        span = span_from_log(types, actions, seat, to_act)
    except ValueError:
        span = None  # a log that does not tell the moves apart: nothing is rated
    if span is None:
        return None
    digest = hashlib.sha256(json.dumps(actions[: span[1]]).encode()).hexdigest()
    key = (live.id, seat, span, digest)
    with _reviews_lock:
        if key in _reviews:
            _reviews.move_to_end(key)
            return _reviews[key]
    try:
        found = review_last_move(copy, seat, to_act=to_act, span=span)
    except AirwarError:
        found = None
    out = found.to_dict() if found is not None else None
    with _reviews_lock:
        _reviews[key] = out
        while len(_reviews) > REVIEWS_KEPT:
            _reviews.popitem(last=False)
    return out


def solver_values(game: Game, state: GameState, whole: bool = True) -> dict[str, Any] | None:
    """The advisor's numbers for ``state`` as the game's browser parts give them
    (:attr:`airwar.web.parts.WebParts.advice`; ``whole`` False: only what a seat with
    hints after its move may be sent), or None: none known now, or a game without an
    advisor. Never computes at length (a page is not slowed)."""
    parts = parts_for(game)
    if parts is None or parts.advice is None:
        return None
    return parts.advice(game, state, whole)
