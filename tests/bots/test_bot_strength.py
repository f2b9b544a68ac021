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
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from airwar.bots import HeuristicBot, RandomBot
from airwar.bots.expert import ExpertBot
from airwar.core import Bot, play_bots
from airwar.games.migs_sabres import EngagementGame
from airwar.games.migs_sabres.solver import Matchup, SolverOptions, solve
from airwar.games.migs_sabres.solver import cache as solver_cache

PAIRINGS = [("MiG-15", "F-80"), ("F-86", "MiG-15"), ("F-84", "Yak-9"), ("MiG-15", "F-86")]


def hoeffding_lower(scores: list[int], confidence: float = 0.95) -> float:
    """The lower end of a one-sided confidence interval of the mean of scores in [-1, 1]."""
    n = len(scores)
    width = 2.0  # the scores' range
    return sum(scores) / n - width * math.sqrt(math.log(1 / (1 - confidence)) / (2 * n))


def scores_against_random(
    make: Callable[[int], Bot],
    games: int,
    pairings: list[tuple[str, str]] = PAIRINGS,
    **options: object,
) -> list[int]:
    """The bot's score in each game against random play, seats and pairings in turn."""
    scores = []
    for i in range(games):
        active, listed = pairings[i % len(pairings)]
        game = EngagementGame({"active": active, "listed": listed, **options})
        seat = (i // len(pairings)) % 2
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


@pytest.fixture(scope="module")
def solved(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Yak-9 against F-51 with a turn limit of 4, solved once into a folder of its own."""
    with solver_cache.use(Path(tmp_path_factory.mktemp("solver-cache"))):
        solve(Matchup("Yak-9", "F-51"), SolverOptions(turn_limit=4))
        yield


def test_the_expert_beats_random_by_a_tenth_of_a_kill_a_game(solved: None) -> None:
    """The solver's best moves against random ones, in either seat (Yak-9 v F-51, 4 turns):
    random against random makes no kill there in these 40 games."""
    pairing = [("Yak-9", "F-51")]
    baseline = scores_against_random(lambda i: RandomBot(i), 40, pairing, turn_limit=4)
    assert hoeffding_lower(baseline) < 0.0
    scores = scores_against_random(lambda i: ExpertBot(i), 40, pairing, turn_limit=4)
    assert hoeffding_lower(scores) > 0.1, scores
    assert -1 not in scores  # the expert is never shot down by random play here
