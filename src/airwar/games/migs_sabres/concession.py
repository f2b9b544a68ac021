"""Resignation and agreed draws in MiGs and Sabres (MS-35 to MS-37).

The text has neither: a game ends when the last sortie is flown (III.L) and an
engagement when a plane is shot down or disengages (MS-11). airwar rules:

- MS-35 ``resign``: the resigning side loses, whatever the score; the kills
  already scored stand in the summary, and the sorties not flown are not.
  ``resign-scored`` (the option of MS-35) stops the game where it stands and
  the score so far decides, as if the last sortie had been flown.
- MS-36 in a campaign (IV.B) a resignation ends the whole campaign, not the
  sortie: the remaining sorties are not flown.
- MS-37 ``draw-agreed``: the game is drawn, whatever the score.
"""

from __future__ import annotations

from typing import TypedDict

from airwar.core.errors import IllegalAction
from airwar.core.events import EventLog
from airwar.core.game import CONCESSIONS, DRAW_AGREED, RESIGN, RESIGN_SCORED
from airwar.games.migs_sabres.planes import Side


class Conceded(TypedDict):
    """A concession as the state keeps it and the log records it."""

    kind: str
    """One of :data:`~airwar.core.game.CONCESSIONS`."""
    side: str
    """The side that made it (``"communist"`` or ``"allied"``)."""
    result: str
    """The side that won, or ``"draw"``."""


RULES = {RESIGN: "MS-35, MS-36", RESIGN_SCORED: "MS-35, MS-36", DRAW_AGREED: "MS-37"}


def side_of_seat(seat: int) -> Side:
    if seat not in (0, 1):
        raise IllegalAction(f"seat {seat} is not a side of MiGs and Sabres")
    return Side.COMMUNIST if seat == 0 else Side.ALLIED


def concession(kind: str, seat: int, scores: dict[Side, int] | None = None) -> Conceded:
    """What ``seat``'s concession of ``kind`` decides: its kind, the side that made it and
    the result (``"communist"``, ``"allied"`` or ``"draw"``). ``scores``: the score so
    far, which decides a ``resign-scored`` (none: an engagement, in which no plane was
    shot down, so a draw)."""
    if kind not in CONCESSIONS:
        raise IllegalAction(f"{kind!r} is not one of {', '.join(CONCESSIONS)}")
    side = side_of_seat(seat)
    if kind == RESIGN:
        result = side.other.value
    elif kind == DRAW_AGREED:
        result = "draw"
    else:
        c = (scores or {}).get(Side.COMMUNIST, 0)
        a = (scores or {}).get(Side.ALLIED, 0)
        result = "draw" if c == a else (Side.COMMUNIST if c > a else Side.ALLIED).value
    return {"kind": kind, "side": side.value, "result": result}


def returns_of(conceded: Conceded) -> list[float]:
    """Each seat's return after a concession: +1 the winner, -1 the loser, 0 a draw."""
    result = conceded["result"]
    if result == "draw":
        return [0.0, 0.0]
    return [1.0, -1.0] if result == Side.COMMUNIST.value else [-1.0, 1.0]


def log_concession(log: EventLog, conceded: Conceded) -> None:
    """The concession as an event of the log (so the record's digest covers it)."""
    log.emit("concession", **conceded, rule=RULES[conceded["kind"]])


def words(conceded: Conceded | None) -> str | None:
    """The concession in words: "Allied resigned", "drawn by agreement"."""
    if not conceded:
        return None
    side = str(conceded["side"]).title()
    if conceded["kind"] == DRAW_AGREED:
        return "drawn by agreement"
    if conceded["kind"] == RESIGN_SCORED:
        return f"{side} stopped the game; the score decides"
    return f"{side} resigned"
