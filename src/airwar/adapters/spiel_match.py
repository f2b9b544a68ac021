"""Matches between airwar bots and OpenSpiel bots, played through the OpenSpiel adapter.

An airwar bot chooses on the wrapped kernel state (``state.inner``) and its
choice is mapped to the action id; an OpenSpiel bot (``pyspiel.Bot`` or
anything with ``step(state)``) chooses on the OpenSpiel state. Dice are rolled
from the chance outcomes' exact probabilities with the match's seeded
generator. Thinking time per decision is measured for each seat.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from airwar.adapters.openspiel import AirwarSpielGame, AirwarSpielState
from airwar.core.bot import Bot
from airwar.core.extras import MissingExtra
from airwar.core.rng import SeededRng

try:
    from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator
except ImportError as exc:
    raise MissingExtra("research", "airwar.adapters.spiel_match (OpenSpiel)") from exc

Chooser = Callable[[AirwarSpielState], int]


def airwar_chooser(bot: Bot) -> Chooser:
    """An airwar bot as a chooser of action ids on the adapter's states."""

    def choose(state: AirwarSpielState) -> int:
        seat = state.current_player()
        return state.spec.action_id(bot.choose(state.inner, seat))

    return choose


def spiel_chooser(bot: object) -> Chooser:
    """An OpenSpiel bot (``step(state) -> action``) as a chooser."""
    step = bot.step  # type: ignore[attr-defined]

    def choose(state: AirwarSpielState) -> int:
        return int(step(state))

    return choose


def mcts_bot(
    game: AirwarSpielGame, simulations: int, seed: int, *, uct_c: float = 2.0, rollouts: int = 1
) -> MCTSBot:
    """OpenSpiel's own MCTS with random rollouts, seeded."""
    rng = np.random.RandomState(seed % 2**32)
    evaluator = RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng)
    return MCTSBot(game, uct_c, simulations, evaluator, solve=True, random_state=rng)


class BudgetedMcts:
    """OpenSpiel MCTS held to a thinking time per decision, as a chooser.

    After each search the number of simulations is scaled by budget / time
    taken (at most halved or doubled at once), so the mean time per decision
    tracks ``seconds`` whatever the position. Its choices then depend on the
    machine's speed: matches against it are not reproducible move for move.
    """

    def __init__(self, game: AirwarSpielGame, seconds: float, seed: int, simulations: int) -> None:
        self.seconds = seconds
        self.bot = mcts_bot(game, max(2, simulations), seed)
        self.used: list[int] = []

    def __call__(self, state: AirwarSpielState) -> int:
        sims = int(self.bot.max_simulations)
        start = time.perf_counter()
        action = int(self.bot.step(state))
        taken = max(time.perf_counter() - start, 1e-6)
        self.used.append(sims)
        ratio = min(2.0, max(0.5, self.seconds / taken))
        self.bot.max_simulations = max(2, int(sims * ratio))
        return action


@dataclass
class MatchResult:
    """One game: the returns per seat, decisions and thinking seconds per seat."""

    returns: list[float]
    decisions: list[int] = field(default_factory=lambda: [0, 0])
    seconds: list[float] = field(default_factory=lambda: [0.0, 0.0])


def play_match(
    game: AirwarSpielGame, choosers: tuple[Chooser, Chooser], seed: int | str
) -> MatchResult:
    """Play one game; chance uses draw ``i`` of ``SeededRng(seed)`` for the i-th roll."""
    state = game.new_initial_state()
    rng = SeededRng(seed)
    draws = 0
    result = MatchResult([0.0, 0.0])
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.inner.chance_outcomes()
            index = rng.pick(draws, [(i, p) for i, (_, p) in enumerate(outcomes)])
            draws += 1
            state.apply_action(index)
            continue
        seat = state.current_player()
        start = time.perf_counter()
        action = choosers[seat](state)
        result.seconds[seat] += time.perf_counter() - start
        result.decisions[seat] += 1
        state.apply_action(action)
    result.returns = [float(r) for r in state.returns()]
    return result


def calibrate_simulations(
    game: AirwarSpielGame,
    seconds: float,
    seed: int,
    *,
    probe: int = 20,
    states: int = 6,
    spacing: int = 12,
) -> int:
    """MCTS simulations that take about ``seconds`` per decision on this machine.

    Times ``probe`` simulations on decision states spread over a game (state
    ``k`` after ``k * spacing`` seeded random decisions): a search early in
    an engagement rolls out longer games than one near its end.
    """
    spent = 0.0
    searched = 0
    for k in range(states):
        state = game.new_initial_state()
        rng = SeededRng(f"calibrate:{seed}:{k}")
        draws = 0
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.inner.chance_outcomes()
                state.apply_action(rng.pick(draws, [(i, p) for i, (_, p) in enumerate(outcomes)]))
                draws += 1
                continue
            if decisions >= k * spacing:
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.uniform_int(draws, len(legal))])
            draws += 1
            decisions += 1
        if state.is_terminal():
            continue
        bot = mcts_bot(game, probe, seed + k)
        start = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - start
        searched += probe
    if searched == 0 or spent <= 0:
        return probe
    return max(2, int(seconds * searched / spent))


__all__ = [
    "BudgetedMcts",
    "MatchResult",
    "airwar_chooser",
    "calibrate_simulations",
    "mcts_bot",
    "play_match",
    "spiel_chooser",
]
