"""Bots by name: ``make_bot("heuristic", seed)``.

A plain dict of factories; other parts of airwar add their bots to it. A bot's
module is imported when the first bot of its kind is made, so that naming the
bots (a command's ``--help``, a check of a seat kind) does not load the
solver's compiler or every rule set.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from airwar.bots.random_bot import RandomBot
from airwar.core.bot import Bot

BotFactory = Callable[[int | str], Bot]


def _load(module: str, attr: str) -> Any:
    return getattr(importlib.import_module(module), attr)


def _lazy(module: str, attr: str, *, seeded: bool = True) -> BotFactory:
    """A factory that imports ``module`` when it makes its first bot.

    ``seeded=False``: a player with no dice of its own, made without a seed.
    """

    def make(seed: int | str) -> Bot:
        maker = _load(module, attr)
        bot: Bot = maker(seed) if seeded else maker()
        return bot

    make.__qualname__ = make.__name__ = f"lazy {module}.{attr}"
    return make


LAZY_BOTS: dict[str, tuple[str, str]] = {
    "heuristic": ("airwar.bots.heuristic", "HeuristicBot"),
    "expert": ("airwar.bots.expert", "ExpertBot"),
    "mcts": ("airwar.bots.migs_rewards", "migs_mcts"),
    # a rule set's own automatic player (it decides from its seat's view; no dice of its own)
    "gunslingers-auto": ("airwar.games.gunslingers.autoplayer", "GunslingersAuto"),
    # the Gunslingers tactical AI at its three levels (GS-92)
    "tactical": ("airwar.bots.gunslingers_tactical", "GunslingersTactical"),
    "tactical:easy": ("airwar.bots.gunslingers_tactical", "GunslingersTacticalEasy"),
    "tactical:hard": ("airwar.bots.gunslingers_tactical", "GunslingersTacticalHard"),
}
"""The bots made by a module of their own: name -> (module, factory)."""

_UNSEEDED = {"gunslingers-auto", "tactical", "tactical:easy", "tactical:hard"}

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    **{
        name: _lazy(module, attr, seeded=name not in _UNSEEDED)
        for name, (module, attr) in LAZY_BOTS.items()
    },
}


def bot_names() -> list[str]:
    return sorted(BOTS)


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot called ``name`` with its own ``seed``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})") from None
    return factory(seed)


def _expert_refusal(options: Mapping[str, Any]) -> str | None:
    check: Callable[[Mapping[str, Any]], str | None] = _load("airwar.bots.expert", "refusal")
    return check(options)


REFUSALS: dict[str, Callable[[Mapping[str, Any]], str | None]] = {"expert": _expert_refusal}
"""Bots that cannot play every option of the games they play, and why."""


def refusal(name: str, options: Mapping[str, Any]) -> str | None:
    """Why bot ``name`` cannot play a game with these options (one line), or None."""
    check = REFUSALS.get(name)
    return check(options) if check is not None else None
