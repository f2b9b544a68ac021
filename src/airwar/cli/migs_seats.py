"""Who flies each side: a human at this terminal or a bot (``--communist``, ``--allied``).

A seat is written ``human`` or a bot's name (``random``, ``heuristic``, ...,
also ``ai:NAME``); the store keeps ``human`` or ``ai:NAME``, the play
session's seat kinds (:mod:`airwar.session.seats`). The bots are made by the
play session, afresh for every decision with the one seed scheme of every
interface (:func:`airwar.session.bot_seed`), so a game interrupted and
resumed, here or in the browser, continues exactly as it would have.
"""

from __future__ import annotations

from airwar.bots.registry import bot_names as registered_bots
from airwar.bots.registry import make_bot
from airwar.core.bot import Bot
from airwar.session import AI_PREFIX, HUMAN, SeatError

SEAT_ORDER = ("Communist", "Allied")

__all__ = ["HUMAN", "SEAT_ORDER", "SeatError", "bot_names", "make_ai", "normalise_seat"]


def bot_names() -> list[str]:
    """The bots a side can be given (``airwar.bots.registry``)."""
    return registered_bots()


def make_ai(name: str, seed: int | str) -> Bot:
    """The bot called ``name`` with its own seed (``airwar migs simulate``'s players)."""
    if name not in registered_bots():
        raise SeatError(f"unknown bot {name!r} (bots: {', '.join(bot_names())})")
    return make_bot(name, seed)


def normalise_seat(text: str, side: str) -> str:
    """``"human"`` or ``"ai:NAME"`` for what was typed for ``side``; errors name the side."""
    low = text.strip().lower()
    if low in (HUMAN, "h", "me"):
        return HUMAN
    name = low.removeprefix(AI_PREFIX)
    known = bot_names()
    if name not in known:
        raise SeatError(
            f"--{side.lower()} {text!r} is neither human nor a bot (bots: {', '.join(known)})"
        )
    return f"{AI_PREFIX}{name}"
