"""Matches through the OpenSpiel adapter: seeded, timed, with OpenSpiel's own MCTS."""

from airwar.adapters.openspiel import spiel_game
from airwar.adapters.spiel_match import (
    BudgetedMcts,
    airwar_chooser,
    calibrate_simulations,
    mcts_bot,
    play_match,
    spiel_chooser,
)
from airwar.bots.random_bot import RandomBot
from tests.adapters.toy_spec import TOY_SPEC


def test_match_is_reproducible_and_timed() -> None:
    game = spiel_game(TOY_SPEC)

    def once() -> list[float]:
        bots = (airwar_chooser(RandomBot(1)), spiel_chooser(mcts_bot(game, 10, seed=2)))
        result = play_match(game, bots, seed=3)
        assert sum(result.decisions) >= 1
        assert all(s >= 0.0 for s in result.seconds)
        return result.returns

    first = once()
    assert sorted(first) == [-1.0, 1.0]
    assert once() == first


def test_calibration_gives_a_positive_budget() -> None:
    game = spiel_game(TOY_SPEC)
    assert calibrate_simulations(game, 0.002, seed=1, probe=5, states=2) >= 1


def test_budgeted_mcts_scales_its_simulations_towards_the_budget() -> None:
    game = spiel_game(TOY_SPEC)
    slow = BudgetedMcts(game, seconds=1e-9, seed=1, simulations=40)
    fast = BudgetedMcts(game, seconds=60.0, seed=1, simulations=40)
    state = game.new_initial_state()
    assert slow(state) in state.legal_actions()
    fast(state)
    assert slow.used == [40] and slow.bot.max_simulations == 20  # at most halved
    assert fast.bot.max_simulations == 80  # at most doubled
