"""A bot that picks uniformly among the legal actions, with its own seed."""

from __future__ import annotations

import random

from airwar.core.bot import BaseBot
from airwar.core.game import Action, GameState


class RandomBot(BaseBot):
    """Uniform over ``legal_actions()``; reproducible from its seed."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._rng = random.Random(str(seed))

    def choose(self, state: GameState, seat: int) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError("random bot asked to choose with no legal action")
        return actions[self._rng.randrange(len(actions))]

    def restart(self) -> None:
        self._rng = random.Random(str(self.seed))
