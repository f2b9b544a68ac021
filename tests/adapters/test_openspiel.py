"""The OpenSpiel adapter under OpenSpiel's own random simulation test."""

import numpy as np
import pyspiel

from airwar.adapters.openspiel import SearchLog, spiel_game
from tests.adapters.toy_spec import TOY_SPEC


def test_toy_game_passes_pyspiel_random_sim_test() -> None:
    game = spiel_game(TOY_SPEC)
    pyspiel.random_sim_test(game, num_sims=20, serialize=False, verbose=False)


def test_chance_nodes_carry_the_exact_die_probabilities() -> None:
    game = spiel_game(TOY_SPEC)
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1]
    assert state.action_to_string(0, 1) == "add2"
    state.apply_action(1)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [0, 1, 2, 3, 4, 5]
    assert all(p == 1 / 6 for _, p in outcomes)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "chance:roll4"


def test_clone_is_independent_and_observation_tensor_is_the_encoder() -> None:
    game = spiel_game(TOY_SPEC)
    state = game.new_initial_state()
    twin = state.clone()
    state.apply_action(1)
    assert twin.history() == [] and state.history() == [1]
    state.apply_action(5)  # a 6 on the bonus die: total 3, Blue to move
    assert np.allclose(state.observation_tensor(1), [0.3, 1.0])
    assert '"actor":1' in state.observation_string(1)
    assert state.information_state_string(0) == "1, 5"


def test_search_copies_number_events_without_keeping_them() -> None:
    game = spiel_game(TOY_SPEC)
    state = game.new_initial_state()
    state.apply_action(1)
    copy = state.clone()
    copy.apply_action(2)
    assert isinstance(copy.inner.log, SearchLog) and len(copy.inner.log) == 0
    assert len(state.inner.log) == 1  # the game itself keeps its whole log
    assert SearchLog().append({"type": "x"}) == {"type": "x", "seq": 0}
