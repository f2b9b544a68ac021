"""What players at one table say to each other: resign, offer a draw, propose a rematch.

A resignation and an accepted draw end the game by the players' word; they
are decisions of the record (``[seat, "resign"]``, ``[seat, "draw-agreed"]``,
:data:`~airwar.core.game.CONCESSIONS`), so a replay and ``airwar verify`` end
the game the same way, and the game scores them (a game's type declares
whether it has them, ``game_type.concede``). Offers are not decisions: a draw
offer and a rematch proposal are kept in the game's notes (``meta["table"]``)
until answered.

- A draw offer stands until the other seat accepts or declines it, or the
  offering seat makes a decision; one offer at a time, a seat makes at most
  :data:`MAX_DRAW_OFFERS` in a game and none again after a refusal until it
  has decided since.
- A rematch proposal, once the game is over, asks the other seat; its
  acceptance makes the new game (sides swapped) with each player's browser
  holding its new seat, and each seat is given its own new link only.

Nothing here knows a game by name.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from airwar.core.game import DRAW_AGREED, RESIGN, RESIGN_SCORED
from airwar.session.errors import Conflict
from airwar.session.readers import PlaySession
from airwar.session.seats import is_ai

if TYPE_CHECKING:
    from airwar.session.sessions import Sessions

MAX_DRAW_OFFERS = 5
"""The most draw offers one seat makes in one game (each needs an answer)."""
MAX_REMATCH_PROPOSALS = 3
"""The most rematch proposals one seat makes after one game."""

TABLE = "table"
"""The key of the game's notes that holds the offers."""
RESIGNATION = "resignation"
"""The key of the game's notes that says how a resignation scores, chosen when the game
is made: ``"loses"`` (the default: :data:`RESIGN`) or ``"score"`` (:data:`RESIGN_SCORED`:
the game stops and the score so far decides)."""


def resignation(live: PlaySession) -> str:
    """How a resignation scores in this game: ``"loses"`` or ``"score"``."""
    return "score" if live.meta.get(RESIGNATION) == "score" else "loses"


def table_notes(live: PlaySession) -> dict[str, Any]:
    kept = live.meta.get(TABLE)
    return dict(kept) if isinstance(kept, dict) else {}


def _count(notes: dict[str, Any], key: str, seat_name: str) -> int:
    counts = notes.get(key)
    value = counts.get(seat_name) if isinstance(counts, dict) else None
    return value if isinstance(value, int) else 0


def decided_since(live: PlaySession, seat_name: str, at: object) -> bool:
    """Whether ``seat_name`` has made a decision since the game's ``at``-th (a draw offer
    made at ``at`` lapses then). It reads only the decisions since, so a long game costs
    no more than a short one; an ``at`` that is no count of this game counts as decided."""
    actions = live.driver.record.actions
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(actions):
        return True
    mine = live.seat_index(seat_name)
    return any(seat == mine for seat, _ in actions[at:])


def players(live: PlaySession) -> list[str]:
    """The seats a person plays (not the referee's, not a bot's)."""
    return [n for n in live.seat_names() if n != live.referee and not is_ai(live.seats.get(n, ""))]


def opponents(live: PlaySession, seat_name: str) -> list[str]:
    return [n for n in live.seat_names() if n not in (seat_name, live.referee)]


# -- refusals --------------------------------------------------------------------
def concede_refusal(live: PlaySession, seat_name: str | None) -> str | None:
    """Why ``seat_name`` may not resign now (None: it may)."""
    if live.halted:
        return f"this game cannot continue: {live.halted}"
    if not live.game.game_type.concede:
        return f"{live.game.title} has no resignation or agreed draw"
    if seat_name is None:
        return "only a player, with its seat link, may resign or offer a draw"
    if seat_name == live.referee:
        return f"the {seat_name} takes no side: it neither resigns nor agrees a draw"
    if is_ai(live.seats.get(seat_name, "")):
        return f"{seat_name} is played by the AI"
    if live.finished:
        return "the game is over: nothing is left to resign or to draw"
    return None


def draw_offer(live: PlaySession) -> dict[str, Any] | None:
    """The draw offer that stands now (``by`` the seat that made it), else None: none was
    made, it was answered, the game is over, or its seat has decided since."""
    if live.finished:
        return None
    offer = table_notes(live).get("draw")
    if not isinstance(offer, dict) or not isinstance(offer.get("by"), str):
        return None
    by = offer["by"]
    if by not in live.seat_names() or decided_since(live, by, offer.get("at")):
        return None
    return {"by": by}


def draw_refusal(live: PlaySession, seat_name: str | None) -> str | None:
    """Why ``seat_name`` may not offer a draw now (None: it may)."""
    why = concede_refusal(live, seat_name)
    if why is not None:
        return why
    assert seat_name is not None
    others = opponents(live, seat_name)
    if any(is_ai(live.seats.get(n, "")) for n in others):
        return "the AI takes no draw offers: play on, or resign"
    standing = draw_offer(live)
    if standing is not None:
        if standing["by"] == seat_name:
            return "your draw offer stands: wait for the answer"
        return f"{standing['by']} offers a draw: accept or decline it"
    notes = table_notes(live)
    if _count(notes, "draw_offers", seat_name) >= MAX_DRAW_OFFERS:
        return f"{seat_name} has made its {MAX_DRAW_OFFERS} draw offers of this game"
    declined = notes.get("declined")
    at = declined.get(seat_name) if isinstance(declined, dict) else None
    if at is not None and not decided_since(live, seat_name, at):
        return "your last draw offer was declined: make a decision before you offer again"
    return None


def answer_refusal(live: PlaySession, seat_name: str | None) -> str | None:
    """Why ``seat_name`` may not answer a draw offer now (None: it may)."""
    why = concede_refusal(live, seat_name)
    if why is not None:
        return why
    standing = draw_offer(live)
    if standing is None:
        return "no draw offer stands (it was answered, or its seat has moved since)"
    if standing["by"] == seat_name:
        return "this is your own draw offer: only the other side can accept or decline it"
    return None


def rematch_notes(live: PlaySession) -> dict[str, Any]:
    kept = table_notes(live).get("rematch")
    return dict(kept) if isinstance(kept, dict) else {}


def rematch_refusal(live: PlaySession, seat_name: str | None, *, answer: bool) -> str | None:
    """Why ``seat_name`` may not propose (``answer`` False) or accept a rematch now."""
    if seat_name is None:
        return "only a player, with its seat link, may propose or accept a rematch"
    if not live.finished:
        return "this game is still being played: a rematch starts once it is over"
    if seat_name == live.referee or seat_name not in players(live):
        return f"{seat_name} is not a player of this game"
    if len(players(live)) < 2:
        return "a rematch against the AI is started by the browser that created the game"
    notes = rematch_notes(live)
    if notes.get("game"):
        return "the rematch has been made: open it from this page"
    by = notes.get("by")
    if answer:
        if by is None:
            return "nobody has proposed a rematch"
        if by == seat_name:
            return "this is your own proposal: only the other side can accept it"
        return None
    if by == seat_name:
        return "your rematch proposal stands: wait for the answer"
    if by is not None:
        return f"{by} proposes a rematch: accept it"
    if _count(table_notes(live), "rematch_proposals", seat_name) >= MAX_REMATCH_PROPOSALS:
        return f"{seat_name} has proposed its {MAX_REMATCH_PROPOSALS} rematches of this game"
    return None


# -- acting ------------------------------------------------------------------------
def _save_notes(sessions: Sessions, live: PlaySession, notes: dict[str, Any]) -> None:
    """Keep the table's notes, expecting the stored game to be where this copy is."""
    meta = {**live.meta, TABLE: notes}
    try:
        sessions.store.update(
            live.id,
            meta=meta,
            expected_index=live.decisions,
            expected_digest=live.driver.log_digest,
        )
    except Exception:
        sessions.forget(live.id)
        raise
    live.meta = meta
    live.version += 1
    live.checked = time.monotonic()


def _fresh_notes(sessions: Sessions, live: PlaySession) -> None:
    """Read the game's notes again (another process may have answered an offer)."""
    stored = sessions.store.load(live.id)
    live.meta = {**live.meta, TABLE: dict(stored.meta or {}).get(TABLE, {})}


def _conclude(sessions: Sessions, live: PlaySession, seat_name: str, kind: str) -> None:
    sessions.concede(live, live.seat_index(seat_name), kind)


def resign(sessions: Sessions, live: PlaySession, seat_name: str | None) -> None:
    """``seat_name`` gives up the game: a decision of the record, scored by the game."""
    with live.lock:
        why = concede_refusal(live, seat_name)
        if why is not None:
            raise Conflict(why)
        assert seat_name is not None
        kind = RESIGN_SCORED if resignation(live) == "score" else RESIGN
        _conclude(sessions, live, seat_name, kind)


def offer_draw(sessions: Sessions, live: PlaySession, seat_name: str | None) -> None:
    """``seat_name`` offers the other side a draw (kept in the notes until answered)."""
    with live.lock:
        _fresh_notes(sessions, live)
        why = draw_refusal(live, seat_name)
        if why is not None:
            raise Conflict(why)
        assert seat_name is not None
        notes = table_notes(live)
        counts = dict(notes.get("draw_offers") or {})
        counts[seat_name] = _count(notes, "draw_offers", seat_name) + 1
        notes["draw_offers"] = counts
        notes["draw"] = {"by": seat_name, "at": live.decisions}
        _save_notes(sessions, live, notes)


def answer_draw(
    sessions: Sessions, live: PlaySession, seat_name: str | None, *, accept: bool
) -> None:
    """``seat_name`` accepts (the game ends drawn: a decision of the record) or declines the
    other side's draw offer."""
    with live.lock:
        _fresh_notes(sessions, live)
        why = answer_refusal(live, seat_name)
        if why is not None:
            raise Conflict(why)
        assert seat_name is not None
        notes = table_notes(live)
        offer = notes.pop("draw", None)
        if accept:
            _conclude(sessions, live, seat_name, DRAW_AGREED)
            return
        by = offer["by"] if isinstance(offer, dict) else None
        if isinstance(by, str):
            declined = dict(notes.get("declined") or {})
            declined[by] = live.decisions
            notes["declined"] = declined
        _save_notes(sessions, live, notes)


def propose_rematch(sessions: Sessions, live: PlaySession, seat_name: str | None) -> None:
    """``seat_name`` asks the other side for a rematch of this finished game."""
    with live.lock:
        _fresh_notes(sessions, live)
        why = rematch_refusal(live, seat_name, answer=False)
        if why is not None:
            raise Conflict(why)
        assert seat_name is not None
        notes = table_notes(live)
        counts = dict(notes.get("rematch_proposals") or {})
        counts[seat_name] = _count(notes, "rematch_proposals", seat_name) + 1
        notes["rematch_proposals"] = counts
        notes["rematch"] = {"by": seat_name}
        _save_notes(sessions, live, notes)


def decline_rematch(sessions: Sessions, live: PlaySession, seat_name: str | None) -> None:
    """``seat_name`` declines the other side's rematch proposal."""
    with live.lock:
        _fresh_notes(sessions, live)
        why = rematch_refusal(live, seat_name, answer=True)
        if why is not None:
            raise Conflict(why)
        notes = table_notes(live)
        notes.pop("rematch", None)
        _save_notes(sessions, live, notes)


def accept_rematch(
    sessions: Sessions,
    live: PlaySession,
    seat_name: str | None,
    make: Callable[[PlaySession], PlaySession],
) -> PlaySession:
    """``seat_name`` accepts the other side's proposal: ``make`` creates the rematch (the
    interface's, so that each browser holds its new seat), which is noted with each seat's
    new link (:func:`note_rematch`)."""
    with live.lock:
        _fresh_notes(sessions, live)
        why = rematch_refusal(live, seat_name, answer=True)
        if why is not None:
            raise Conflict(why)
        new = make(live)
        note_rematch(sessions, live, new)
        return new


def rematch_seat_of(live: PlaySession, seat_name: str) -> str:
    """The seat ``seat_name``'s player takes in the rematch (:meth:`rematch_seats`)."""
    names = [n for n in live.seat_names() if n != live.referee]
    if seat_name not in names:
        return seat_name
    return names[(names.index(seat_name) + 1) % len(names)]


def note_rematch(sessions: Sessions, live: PlaySession, new: PlaySession) -> None:
    """Keep in this game's notes the rematch made of it and each seat's token there, so
    that each player is shown its own new link (and no other)."""
    with live.lock:
        notes = table_notes(live)
        rematch = dict(rematch_notes(live))
        rematch["game"] = new.id
        rematch["tokens"] = {
            n: new.tokens[rematch_seat_of(live, n)]
            for n in players(live)
            if rematch_seat_of(live, n) in new.tokens
        }
        notes["rematch"] = rematch
        _save_notes(sessions, live, notes)


def rematch_for(live: PlaySession, seat_name: str | None) -> tuple[str, str] | None:
    """The rematch made of this game and this seat's token in it, else None."""
    if seat_name is None:
        return None
    notes = rematch_notes(live)
    tokens = notes.get("tokens")
    token = tokens.get(seat_name) if isinstance(tokens, dict) else None
    game = notes.get("game")
    if not isinstance(game, str) or not isinstance(token, str):
        return None
    return game, token


def table_for(live: PlaySession, seat_name: str | None) -> dict[str, Any]:
    """What this reader is told of the table: who offers a draw or proposes a rematch, and
    which of those it may do now. No secret: the rematch's link is the interface's to add,
    for this seat only (:func:`rematch_for`)."""
    standing = draw_offer(live)
    rematch = rematch_notes(live)
    return {
        "concede": live.game.game_type.concede,
        "can_resign": concede_refusal(live, seat_name) is None,
        "resignation": resignation(live),
        "can_offer_draw": draw_refusal(live, seat_name) is None,
        "draw_offer": standing["by"] if standing else None,
        "can_answer_draw": answer_refusal(live, seat_name) is None,
        "rematch_by": rematch.get("by") if isinstance(rematch.get("by"), str) else None,
        "rematch_made": isinstance(rematch.get("game"), str),
        "can_propose_rematch": rematch_refusal(live, seat_name, answer=False) is None,
        "can_accept_rematch": rematch_refusal(live, seat_name, answer=True) is None,
    }


__all__ = [
    "MAX_DRAW_OFFERS",
    "MAX_REMATCH_PROPOSALS",
    "accept_rematch",
    "answer_draw",
    "concede_refusal",
    "decline_rematch",
    "draw_offer",
    "note_rematch",
    "offer_draw",
    "propose_rematch",
    "rematch_for",
    "resign",
    "table_for",
]
