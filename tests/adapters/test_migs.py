"""The MiGs and Sabres engagement under OpenSpiel's and PettingZoo's own checkers."""

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, seed_test

from airwar.adapters.migs import (
    ACTIONS,
    MAX_MP,
    OBSERVATION_PIECES,
    OBSERVATION_SIZE,
    migs_engagement_spec,
)
from airwar.adapters.openspiel import register_migs_engagement
from airwar.adapters.pettingzoo import migs_engagement_env
from airwar.core.errors import OptionError

# Small configurations keep the checkers fast; one runs the default options.
CONFIGS = [
    {"active": "MiG-15", "listed": "F-51", "turn_limit": 4},
    {"active": "F-86", "listed": "Yak-9", "active_ace": True, "first": "listed", "turn_limit": 3},
    {},
]


def test_action_space_is_the_notation() -> None:
    assert ACTIONS == ("F", "L", "R", "WL", "WR", "fire", "hold")
    assert MAX_MP == 13  # swept wing 6 + a 6 on the die + 1 for an ace (III.E, MS-14)
    assert OBSERVATION_SIZE == sum(n for _, n in OBSERVATION_PIECES) == 360


@pytest.mark.parametrize("options", CONFIGS)
def test_openspiel_random_sim_test(options: dict[str, object]) -> None:
    game = pyspiel.load_game(register_migs_engagement(), options)
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_openspiel_game_declares_dice_and_bounds() -> None:
    game = pyspiel.load_game(register_migs_engagement(), {"turn_limit": 20})
    assert game.num_distinct_actions() == 7
    assert game.max_chance_outcomes() == 6
    assert game.max_game_length() == 2 * 20 * (MAX_MP + 2)
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    state = game.new_initial_state()
    assert state.is_chance_node()  # the red die for who moves first (MS-5)
    assert state.chance_outcomes() == [(i, pytest.approx(1 / 6)) for i in range(6)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "chance:roll 3"


def test_observation_tensor_marks_both_planes() -> None:
    game = pyspiel.load_game(register_migs_engagement(), {"first": "active"})
    state = game.new_initial_state()
    tensor = np.array(state.observation_tensor(1))
    assert tensor.shape == (OBSERVATION_SIZE,)
    assert tensor.min() >= 0.0 and tensor.max() <= 1.0
    # my_role (the Allied seat flies the active F-86), the two squares, two facings,
    # two types, whose move, the step (the active plane's movement roll is pending),
    # and the active plane's first movement turn out of the limit of 20.
    assert tensor[:2].tolist() == [1.0, 0.0]
    assert tensor.sum() == pytest.approx(1 + 2 + 2 + 2 + 1 + 1 + 1 / 20)


def test_adapters_need_a_turn_limit() -> None:
    with pytest.raises(OptionError, match="turn limit"):
        migs_engagement_spec({"turn_limit": 0})
    with pytest.raises(OptionError, match="side"):
        migs_engagement_spec({"active": "F-86", "listed": "F-51"})


@pytest.mark.parametrize("options", CONFIGS[:2])
def test_pettingzoo_api_test(options: dict[str, object]) -> None:
    api_test(migs_engagement_env(options), num_cycles=1000)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: migs_engagement_env({"turn_limit": 3}), num_cycles=200)


def test_pettingzoo_episode_ends_with_zero_sum_rewards() -> None:
    env = migs_engagement_env({"turn_limit": 3, "first": "active"})
    env.reset(seed=9)
    rng = np.random.default_rng(9)
    final: dict[str, float] = {}
    while env.agents:
        obs, _, term, trunc, _ = env.last()
        if term and not final:
            final = dict(env.rewards)
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    assert sum(final.values()) == 0.0
    assert set(final) == {"player_0", "player_1"}


def test_the_state_text_leaves_out_the_trails_a_search_copy_cannot_know() -> None:
    """The page draws each plane's trail from the log; a search copy keeps no log, so the
    adapters' text of a state (OpenSpiel's ToString) leaves the trails out, and a state and
    its copy read the same after the planes have moved."""
    game = pyspiel.load_game(register_migs_engagement(), CONFIGS[0])
    state = game.new_initial_state()
    rng = np.random.default_rng(7)
    steps = 0
    while not state.is_terminal() and steps < 12:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1
    assert "trails" in state.inner.view(0)
    assert state.inner.view(0)["trails"]["active"]["path"]
    assert '"trails"' not in str(state)
    assert str(state.clone()) == str(state)
