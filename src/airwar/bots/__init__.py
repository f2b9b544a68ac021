"""Players that choose actions: random, heuristic, search, exact."""

from airwar.bots.random_bot import RandomBot

__all__ = ["RandomBot"]
