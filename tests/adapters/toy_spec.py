"""The kernel's toy game as an adapter spec, to test the adapters without a real rule set."""

import numpy as np

import tests.core.toy_game as toy_game
from airwar.adapters.spec import AdapterSpec
from airwar.core.game import GameState


class ToyEncoder:
    """Total so far (scaled to [0, 1]) and whose turn it is."""

    shape: tuple[int, ...] = (2,)

    def encode(self, state: GameState, seat: int) -> np.ndarray:
        assert isinstance(state, toy_game.ToyState)
        return np.array([min(state.total, 10) / 10, state.to_move], np.float32)


TOY_SPEC = AdapterSpec(
    game="toy",
    short_name="airwar_toy",
    long_name="airwar toy race",
    actions=("add1", "add2"),
    max_chance_outcomes=6,
    max_game_length=20,
    min_utility=-1.0,
    max_utility=1.0,
    encoder=ToyEncoder(),
)
