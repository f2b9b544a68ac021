"""The three-way resolution value object (BIA-4)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from airwar.core.dice import Dice
from airwar.games.bia.outcome import Effect, Resolution


def test_from_rolls_sums_each_roll_into_its_effect() -> None:
    def effect(roll: int) -> Effect:
        return Effect.SHOT_DOWN if roll == 1 else Effect.DAMAGED if roll <= 4 else Effect.MISS

    r = Resolution.from_rolls(Dice.parse("1d6").outcomes(), effect)
    assert r == Resolution(Fraction(1, 3), Fraction(1, 2), Fraction(1, 6))
    assert r.hit == Fraction(2, 3)
    assert r.p(Effect.DAMAGED) == Fraction(1, 2)
    assert r.items() == [
        (Effect.MISS, Fraction(1, 3)),
        (Effect.DAMAGED, Fraction(1, 2)),
        (Effect.SHOT_DOWN, Fraction(1, 6)),
    ]
    assert r.to_dict() == {"p_miss": "1/3", "p_damaged": "1/2", "p_shot_down": "1/6"}


def test_certain() -> None:
    assert Resolution.certain(Effect.SHOT_DOWN) == Resolution(Fraction(0), Fraction(0), Fraction(1))


@pytest.mark.parametrize(
    "args",
    [
        (Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)),
        (Fraction(-1, 2), Fraction(1), Fraction(1, 2)),
    ],
)
def test_must_be_a_distribution(args: tuple[Fraction, Fraction, Fraction]) -> None:
    with pytest.raises(ValueError):
        Resolution(*args)


def test_labels() -> None:
    assert [e.label for e in Effect] == ["untouched", "damaged", "shot down"]
