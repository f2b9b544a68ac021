"""The PettingZoo adapter under PettingZoo's own API and seed tests."""

import numpy as np
from pettingzoo.test import api_test, seed_test

from airwar.adapters.pettingzoo import env
from tests.adapters.toy_spec import TOY_SPEC


def test_toy_env_passes_api_test() -> None:
    api_test(env(TOY_SPEC), num_cycles=50)


def test_toy_env_replays_from_its_seed() -> None:
    seed_test(lambda: env(TOY_SPEC), num_cycles=50)


def test_action_mask_only_for_the_agent_to_act_and_rewards_at_the_end() -> None:
    e = env(TOY_SPEC, render_mode="ansi")
    e.reset(seed=4)
    assert e.agent_selection == "player_0"
    assert list(e.observe("player_0")["action_mask"]) == [1, 1]
    assert list(e.observe("player_1")["action_mask"]) == [0, 0]
    steps = 0
    final: dict[str, float] = {}
    while e.agents:
        _, _, term, _, _ = e.last()
        if term and not final:
            final = dict(e.rewards)
        e.step(None if term else 1)
        steps += 1
    assert steps <= 2 * TOY_SPEC.max_game_length
    assert sorted(final.values()) == [-1.0, 1.0]
    assert isinstance(e.render(), str)
    assert np.all(e.observe("player_0")["observation"] <= 1.0)
