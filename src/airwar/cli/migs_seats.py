"""Who flies each side: a human at this terminal or a bot (``--communist``, ``--allied``).

A seat is written ``human`` or a bot's name (``random``, ``heuristic``, ...,
also ``ai:NAME``); the store keeps ``human`` or ``ai:NAME``, the play
session's seat kinds (:mod:`airwar.session.seats`). The bots are made by the
play session, afresh for every decision with the one seed scheme of every
interface (:func:`airwar.session.bot_seed`), so a game interrupted and
resumed, here or in the browser, continues exactly as it would have.
"""

from __future__ import annotations

from airwar.bots.registry import bots_for, make_bot
from airwar.core.bot import Bot
from airwar.games.migs_sabres import MigsGame
from airwar.session import AI_PREFIX, HUMAN, SeatError

SEAT_ORDER = ("Communist", "Allied")

__all__ = ["HUMAN", "SEAT_ORDER", "SeatError", "bot_names", "make_ai", "normalise_seat"]


def bot_names() -> list[str]:
    """The bots a side can be given: those of the registry (``airwar.bots.registry``)
    that play MiGs and Sabres, sorted by name."""
    return sorted(bots_for(MigsGame()))


def make_ai(name: str, seed: int | str) -> Bot:
    """The bot called ``name`` with its own seed (``airwar migs simulate``'s players)."""
    if name not in bot_names():
        raise SeatError(f"unknown bot {name!r} (bots: {', '.join(bot_names())})")
    return make_bot(name, seed)


def normalise_seat(text: str, side: str, option: str | None = None) -> str:
    """``"human"`` or ``"ai:NAME"`` for what was typed for ``side``; errors name
    the side's option, or ``option`` when the side was given in another."""
    low = text.strip().lower()
    if low in (HUMAN, "h", "me"):
        return HUMAN
    name = low.removeprefix(AI_PREFIX)
    known = bot_names()
    if name not in known:
        where = f"--{side.lower()}" if option is None else f"{option} ({side})"
        raise SeatError(
            f"{where} {text!r} is neither human nor a bot of MiGs and Sabres "
            f"(bots: {', '.join(known)})"
        )
    return f"{AI_PREFIX}{name}"
