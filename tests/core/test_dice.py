from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.dice import Dice, Roll
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


@given(st.integers(1, 4), st.integers(2, 12))
def test_every_roll_reads_back_from_its_one_notation(count: int, sides: int) -> None:
    d = Dice(count, sides)
    rolls = d.rolls()
    assert [(r.value, p) for r, p in rolls] == d.outcomes()
    for roll, _ in rolls:
        assert str(roll) == f"roll {roll.value}"
        assert Roll.parse(str(roll)) == roll


@pytest.mark.parametrize(("text", "value"), [("roll 7", 7), ("ROLL 12", 12), ("roll7", 7)])
def test_a_roll_reads_with_or_without_the_space(text: str, value: int) -> None:
    """``roll7`` is what Bounce Into Action's records held before the notations were one."""
    assert Roll.parse(text) == Roll(value)


@pytest.mark.parametrize("bad", ["", "roll", "roll x", "7", "roll -1", "rolls 7"])
def test_a_bad_roll_is_refused_by_name(bad: str) -> None:
    with pytest.raises(InvalidNotation, match="is not a roll like 'roll 7'"):
        Roll.parse(bad)
