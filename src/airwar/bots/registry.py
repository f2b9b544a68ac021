"""Bots by name: ``make_bot("heuristic", seed)``.

A plain dict of factories; other parts of airwar add their bots to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from airwar.bots.expert import ExpertBot
from airwar.bots.expert import refusal as expert_refusal
from airwar.bots.heuristic import HeuristicBot
from airwar.bots.migs_rewards import migs_mcts
from airwar.bots.random_bot import RandomBot
from airwar.core.bot import Bot
from airwar.games.gunslingers.autoplayer import GunslingersAuto

BotFactory = Callable[[int | str], Bot]

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "expert": ExpertBot,
    "mcts": migs_mcts,
    # a rule set's own automatic player (it decides from its seat's view; no dice of its own)
    GunslingersAuto.name: lambda _seed: GunslingersAuto(),
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


REFUSALS: dict[str, Callable[[Mapping[str, Any]], str | None]] = {"expert": expert_refusal}
"""Bots that cannot play every option of the games they play, and why."""


def refusal(name: str, options: Mapping[str, Any]) -> str | None:
    """Why bot ``name`` cannot play a game with these options (one line), or None."""
    check = REFUSALS.get(name)
    return check(options) if check is not None else None
