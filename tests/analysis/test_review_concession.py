"""The review of a game ended by a resignation or an agreed draw (MS-35 to MS-37): the
planes' decisions before it are valued as in any game, the concession is no move and is
not valued, and the review does not refuse the record."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import airwar.games.migs_sabres  # noqa: F401  (registers the games)
from airwar.analysis.review import DecisionReview, review_record
from airwar.core.driver import Driver
from airwar.core.game import CONCESSIONS
from airwar.core.registry import load_game
from airwar.games.migs_sabres.solver import cache as solver_cache
from tests.analysis.test_review import ENGAGEMENT_OPTIONS, review_cache_home


@pytest.fixture
def solved(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    home: Path = review_cache_home(tmp_path_factory)
    with solver_cache.use(home / "airwar" / "solver"):
        yield


@pytest.mark.parametrize("kind", CONCESSIONS)
def test_a_conceded_game_is_reviewed_up_to_its_concession(solved: None, kind: str) -> None:
    driver = Driver(load_game("migs-engagement", ENGAGEMENT_OPTIONS), 11)
    pick = random.Random(11)
    for _ in range(4):
        driver.act(pick.choice(driver.state.legal_actions()), driver.state.current_actor())
    driver.act(kind, 1)
    review = review_record(driver.finished_record())
    assert review.decisions == 5
    steps = [s for e in review.engagements for s in e.steps if isinstance(s, DecisionReview)]
    assert [s.index for s in steps] == [1, 2, 3, 4]
    assert all(s.action not in CONCESSIONS for s in steps)
