"""The bots a seat can be given in the browser app, from the bot registry.

Each game's type names the bots that can play it (``GameType.bots``); the
app offers those that the bot registry holds.
"""

from __future__ import annotations

from airwar.bots.registry import bot_names, make_bot
from airwar.core.bot import Bot
from airwar.core.registry import game_class
from airwar.session.seats import SeatError


def names(game: str | None = None) -> list[str]:
    """The bot names a seat of ``game`` may be given (``ai:<name>``); all when None."""
    known = bot_names()
    if game is None:
        return known
    wanted = set(game_class(game).game_type.bots)
    return [b for b in known if b in wanted]


def make(name: str, seed: int | str) -> Bot:
    try:
        return make_bot(name, seed)
    except ValueError as exc:
        raise SeatError(str(exc)) from None
