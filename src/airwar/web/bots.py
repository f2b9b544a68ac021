"""The bots a seat can be given in the browser app, from the bot registry.

The random bot plays any game. The other bots of the registry (heuristic,
and the search bots the solver adds) are written for MiGs and Sabres, so the
app offers them for the MiGs and Sabres games only.
"""

from __future__ import annotations

from airwar.bots.registry import bot_names, make_bot
from airwar.core.bot import Bot
from airwar.session.seats import SeatError

ANY_GAME = ("random",)
MIGS_GAMES = ("migs-sabres", "migs-engagement")


def names(game: str | None = None) -> list[str]:
    """The bot names a seat of ``game`` may be given (``ai:<name>``); all when None."""
    known = bot_names()
    if game is None or game in MIGS_GAMES:
        return known
    return [b for b in known if b in ANY_GAME]


def make(name: str, seed: int | str) -> Bot:
    try:
        return make_bot(name, seed)
    except ValueError as exc:
        raise SeatError(str(exc)) from None
