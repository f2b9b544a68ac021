"""Players that choose actions: random, heuristic, search, exact."""

from __future__ import annotations

from typing import Any

from airwar.bots.random_bot import RandomBot
from airwar.bots.registry import BOTS, bot_names, make_bot

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "bot_names", "make_bot"]


def __getattr__(name: str) -> Any:
    # the heuristic bot loads the MiGs and Sabres rules: only when it is asked for
    if name == "HeuristicBot":
        from airwar.bots.heuristic import HeuristicBot

        return HeuristicBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
