"""The bots are stronger than random play, by a margin, with a confidence bound.

Each test plays a fixed set of seeds (so it cannot flake), alternating the seats
and the aircraft, and scores each game from the bot's side: +1 if it made the
kill, -1 if the random player did, 0 if nobody did. It then asks for more than
"it won more often": the lower end of a 95% confidence interval of the mean
score (Hoeffding's bound, which holds for any scores in [-1, 1] without
assuming a distribution) must be above the margin. Random play against random
play scores 0 on average, so a bot whose bound clears the margin is better than
random by at least that much, with 95% confidence.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from airwar.bots import HeuristicBot, RandomBot
from airwar.core import Bot, play_bots
from airwar.games.migs_sabres import EngagementGame

PAIRINGS = [("MiG-15", "F-80"), ("F-86", "MiG-15"), ("F-84", "Yak-9"), ("MiG-15", "F-86")]


def hoeffding_lower(scores: list[int], confidence: float = 0.95) -> float:
    """The lower end of a one-sided confidence interval of the mean of scores in [-1, 1]."""
    n = len(scores)
    width = 2.0  # the scores' range
    return sum(scores) / n - width * math.sqrt(math.log(1 / (1 - confidence)) / (2 * n))


def scores_against_random(make: Callable[[int], Bot], games: int, **options: object) -> list[int]:
    scores = []
    for i in range(games):
        active, listed = PAIRINGS[i % len(PAIRINGS)]
        game = EngagementGame({"active": active, "listed": listed, **options})
        seat = (i // len(PAIRINGS)) % 2
        d = play_bots(game, {seat: make(i), 1 - seat: RandomBot(1000 + i)}, seed=i)
        killer = d.state.engagement.killer_side  # type: ignore[attr-defined]
        scores.append(0 if killer is None else (1 if killer.seat == seat else -1))
    return scores


def test_the_bound_is_hoeffding_s() -> None:
    # 40 games all won: mean 1, less 2 * sqrt(ln 20 / 80) = 0.387...
    assert hoeffding_lower([1] * 40) == pytest.approx(1 - 2 * math.sqrt(math.log(20) / 80))
    assert hoeffding_lower([1, -1] * 20) < 0


def test_random_against_random_has_no_margin() -> None:
    """The baseline: the bound of random against random does not clear 0."""
    scores = scores_against_random(lambda i: RandomBot(i), 40)
    assert hoeffding_lower(scores) < 0.0


def test_the_heuristic_beats_random_by_half_a_kill_a_game() -> None:
    scores = scores_against_random(lambda i: HeuristicBot(i), 40)
    assert hoeffding_lower(scores) > 0.5, scores
