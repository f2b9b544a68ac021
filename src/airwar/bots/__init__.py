"""Players that choose actions: random, heuristic, search, exact."""

from airwar.bots.heuristic import HeuristicBot
from airwar.bots.random_bot import RandomBot
from airwar.bots.registry import BOTS, bot_names, make_bot

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "bot_names", "make_bot"]
