"""The bots a seat can be given in the browser app, from the bot registry.

The registry says which bots play each game (each bot answers for a game with its
default options); the app offers those, sorted by name.
"""

from __future__ import annotations

from functools import lru_cache

from airwar.bots.registry import bot_names, bots_for, make_bot
from airwar.core.bot import Bot
from airwar.core.registry import load_game
from airwar.session.seats import SeatError


def names(game: str | None = None) -> list[str]:
    """The bot names a seat of ``game`` may be given (``ai:<name>``); all when None."""
    if game is None:
        return bot_names()
    return list(_playing(game))


@lru_cache(maxsize=64)
def _playing(game: str) -> tuple[str, ...]:
    """The bots that play ``game`` with its default options (a game's type never changes
    while the app runs: asked once)."""
    return tuple(sorted(bots_for(load_game(game))))


def make(name: str, seed: int | str) -> Bot:
    try:
        return make_bot(name, seed)
    except ValueError as exc:
        raise SeatError(str(exc)) from None
