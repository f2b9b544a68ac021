"""MS-24 from both sides: the solver (and so the expert) takes a turn limit of 30, not 31."""

from __future__ import annotations

import pytest

from airwar.bots import expert
from airwar.games.migs_sabres.solver import (
    MAX_TURN_LIMIT,
    TurnLimitTooLong,
    check_turn_limit,
    turn_limit_refusal,
)


def test_the_bound_is_the_ruling_s() -> None:
    assert MAX_TURN_LIMIT == 30  # MS-24 in docs/rules-notes.md


@pytest.mark.parametrize("limit", [1, MAX_TURN_LIMIT - 1, MAX_TURN_LIMIT])
def test_up_to_the_bound_is_taken(limit: int) -> None:
    assert turn_limit_refusal(limit) is None
    check_turn_limit(limit)
    assert expert.refusal({"turn_limit": limit}) is None


@pytest.mark.parametrize("limit", [MAX_TURN_LIMIT + 1, 10**6])
def test_one_past_the_bound_is_refused_with_the_ruling(limit: int) -> None:
    why = turn_limit_refusal(limit)
    assert why is not None and f"turn_limit {limit}" in why and "MS-24" in why
    with pytest.raises(TurnLimitTooLong, match="at most 30"):
        check_turn_limit(limit)
    assert expert.refusal({"turn_limit": limit}) == why


def test_no_turn_limit_is_played_by_the_expert() -> None:
    assert expert.refusal({"turn_limit": 0}) is None
    assert expert.refusal({}) is None
