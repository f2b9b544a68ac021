"""The bots a seat can be given in the browser app."""

from __future__ import annotations

from airwar.bots import RandomBot
from airwar.core.bot import Bot
from airwar.web.seats import SeatError

_BOTS = ("random",)


def names() -> list[str]:
    """The bot names a seat may be given (``ai:<name>``)."""
    return list(_BOTS)


def make(name: str, seed: int | str) -> Bot:
    if name == "random":
        return RandomBot(seed)
    raise SeatError(f"unknown bot {name!r} (bots: {', '.join(_BOTS)})")
