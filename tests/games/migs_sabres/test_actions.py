"""Action notation: steps, fire, hold, paths."""

from __future__ import annotations

import pytest

from airwar.core.dice import Roll
from airwar.core.errors import InvalidNotation
from airwar.games.migs_sabres import Fire, HoldFire, Step, StepKind, parse_action, parse_path
from airwar.games.migs_sabres.actions import ChartDraw


@pytest.mark.parametrize("text", ["F", "L", "R", "WL", "WR", "fire", "hold"])
def test_round_trip(text: str) -> None:
    assert str(parse_action(text)) == text


def test_case_and_spaces() -> None:
    assert parse_action(" wl ") == Step(StepKind.WL)
    assert parse_action("FIRE") == Fire()
    assert parse_action("Hold") == HoldFire()


@pytest.mark.parametrize("text", ["X", "fire!", "W", "", "FF"])
def test_unknown_notation(text: str) -> None:
    with pytest.raises(InvalidNotation, match="not a MiGs and Sabres action"):
        parse_action(text)


def test_paths() -> None:
    assert parse_path("F, F L fire") == [
        Step(StepKind.F),
        Step(StepKind.F),
        Step(StepKind.L),
        Fire(),
    ]
    with pytest.raises(InvalidNotation, match="empty path"):
        parse_path("  ")


def test_chance_outcome_text() -> None:
    assert str(Roll(4)) == "roll 4"
    assert str(ChartDraw("")) == "chart -" and str(ChartDraw("F-86")) == "chart F-86"
