"""Speed of the AI adapters on a MiGs and Sabres engagement (F-86 v MiG-15, defaults).

Measures decisions per second of uniform random play on the kernel state
itself, through the OpenSpiel adapter and through the PettingZoo environment;
OpenSpiel MCTS simulations per second (random rollouts); and the time of
``pyspiel.random_sim_test`` for 10 games.

    python benchmarks/openspiel_adapter.py --games 50
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import pyspiel

from airwar.adapters.openspiel import register_migs_engagement
from airwar.adapters.pettingzoo import migs_engagement_env
from airwar.adapters.spiel_match import mcts_bot
from airwar.core.rng import SeededRng
from airwar.games.migs_sabres import EngagementGame

OPTIONS = {"active": "F-86", "listed": "MiG-15"}


def kernel_random(games: int) -> tuple[int, float]:
    game = EngagementGame(OPTIONS)
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        state = game.new_initial_state()
        dice = SeededRng(g)
        draws = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(dice.pick(draws, state.chance_outcomes()))
                draws += 1
            else:
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])
                decisions += 1
    return decisions, time.perf_counter() - start


def spiel_random(games: int) -> tuple[int, float]:
    game = pyspiel.load_game(register_migs_engagement(), OPTIONS)
    rng = np.random.RandomState(1)
    decisions = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
                decisions += 1
    return decisions, time.perf_counter() - start


def pettingzoo_random(games: int) -> tuple[int, float]:
    env = migs_engagement_env(OPTIONS)
    rng = np.random.default_rng(1)
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        env.reset(seed=g)
        while env.agents:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            decisions += 1
    return decisions, time.perf_counter() - start


def mcts_rate(simulations: int, searches: int) -> float:
    game = pyspiel.load_game(register_migs_engagement(), OPTIONS)
    state = game.new_initial_state()
    state.apply_action(3)  # red rolls a 4
    state.apply_action(1)  # blue rolls a 2: the Communist MiG-15 moves first (MS-5)
    state.apply_action(5)  # and rolls a 6 for its MP
    start = time.perf_counter()
    for i in range(searches):
        mcts_bot(game, simulations, seed=i).step(state)
    return simulations * searches / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    args = parser.parse_args()
    for name, fn in (
        ("kernel state", kernel_random),
        ("OpenSpiel adapter", spiel_random),
        ("PettingZoo env", pettingzoo_random),
    ):
        n, s = fn(args.games)
        print(f"{name:18s} {n / s:10.0f} random decisions/s ({n} decisions, {s:.2f} s)")
    print(f"OpenSpiel MCTS     {mcts_rate(100, 5):10.0f} simulations/s (random rollouts)")
    start = time.perf_counter()
    pyspiel.random_sim_test(
        pyspiel.load_game(register_migs_engagement(), OPTIONS),
        num_sims=10,
        serialize=False,
        verbose=False,
    )
    print(f"random_sim_test    {time.perf_counter() - start:10.2f} s for 10 games")


if __name__ == "__main__":
    main()
