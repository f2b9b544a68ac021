"""Who flies each side: a human at this terminal or a bot (``--communist``, ``--allied``).

A seat is written ``human`` or a bot's name (``random``, ``heuristic``, ...,
also ``ai:NAME``); the store keeps ``human`` or ``ai:NAME``. A bot is made
afresh for every decision with a seed drawn from the game's seed, its seat
and the decision's number, so a game interrupted and resumed continues
exactly as it would have without the interruption.
"""

from __future__ import annotations

from airwar.bots.registry import bot_names as registered_bots
from airwar.bots.registry import make_bot
from airwar.core.bot import Bot
from airwar.core.errors import AirwarError

SEAT_ORDER = ("Communist", "Allied")
HUMAN = "human"


class SeatError(AirwarError):
    """A seat given as something that is neither ``human`` nor a known bot."""


def bot_names() -> list[str]:
    """The bots a side can be given (``airwar.bots.registry``)."""
    return registered_bots()


def make_ai(name: str, seed: int | str) -> Bot:
    """The bot called ``name`` with its own seed."""
    if name not in registered_bots():
        raise SeatError(f"unknown bot {name!r} (bots: {', '.join(bot_names())})")
    return make_bot(name, seed)


def normalise_seat(text: str, side: str) -> str:
    """``"human"`` or ``"ai:NAME"`` for what was typed for ``side``; errors name the side."""
    low = text.strip().lower()
    if low in (HUMAN, "h", "me"):
        return HUMAN
    name = low.removeprefix("ai:")
    known = bot_names()
    if name not in known:
        raise SeatError(
            f"--{side.lower()} {text!r} is neither human nor a bot (bots: {', '.join(known)})"
        )
    return f"ai:{name}"


def bot_seed(game_seed: int | str, seat: int, decision: int) -> str:
    """The seed of a bot's ``decision``-th decision of the game (resume-proof)."""
    return f"{game_seed}:{seat}:{decision}"
