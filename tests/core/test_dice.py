from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.dice import Dice
from airwar.core.errors import InvalidNotation


@pytest.mark.parametrize(
    ("text", "total", "p"),
    [
        ("1d6", 3, Fraction(1, 6)),
        ("2d6", 7, Fraction(6, 36)),
        ("2d6", 2, Fraction(1, 36)),
        ("2d10", 11, Fraction(10, 100)),
        ("1d100", 57, Fraction(1, 100)),
        ("d10", 10, Fraction(1, 10)),
    ],
)
def test_exact_distribution(text: str, total: int, p: Fraction) -> None:
    assert Dice.parse(text).distribution()[total] == p


@given(st.integers(1, 4), st.integers(2, 20))
def test_distribution_sums_to_one(count: int, sides: int) -> None:
    d = Dice(count, sides)
    dist = d.distribution()
    assert sum(dist.values()) == 1
    assert min(dist) == d.minimum == count
    assert max(dist) == d.maximum == count * sides


def test_tail_probabilities() -> None:
    d = Dice.parse("2d6")
    assert d.p_at_most(4) == Fraction(6, 36)
    assert d.p_at_least(11) == Fraction(3, 36)


@pytest.mark.parametrize("bad", ["", "6", "d1", "0d6", "2x6", "d"])
def test_bad_notation(bad: str) -> None:
    with pytest.raises(InvalidNotation):
        Dice.parse(bad)
