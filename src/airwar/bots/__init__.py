"""Players that choose actions: random, heuristic, search, exact."""

from __future__ import annotations

from typing import Any

from airwar.bots.random_bot import RandomBot
from airwar.bots.registry import bot_names, bots_for, make_bot, refusal
from airwar.bots.specs import BotSpec

__all__ = [
    "BotSpec",
    "HeuristicBot",
    "RandomBot",
    "bot_names",
    "bots_for",
    "make_bot",
    "refusal",
]


def __getattr__(name: str) -> Any:
    # the heuristic bot loads the MiGs and Sabres rules: only when it is asked for
    if name == "HeuristicBot":
        from airwar.bots.heuristic import HeuristicBot

        return HeuristicBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
