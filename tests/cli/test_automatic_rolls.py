"""A roll that cannot fail or cannot succeed is told as automatic, not as a check with a
100 % or 0 % chance; the event it is told from (the record) is unchanged."""

from __future__ import annotations

from fractions import Fraction

import pytest

from airwar.core.checks import Check, Comparison, Modifier
from airwar.core.dice import D6
from airwar.core.roll_words import automatic, describe_event, explain_after, explain_before


@pytest.mark.parametrize(
    ("target", "comparison", "p", "verdict"),
    [
        (1, Comparison.AT_LEAST, Fraction(1), "automatic success"),
        (7, Comparison.AT_LEAST, Fraction(0), "automatic failure"),
        (6, Comparison.AT_MOST, Fraction(1), "automatic success"),
        (0, Comparison.AT_MOST, Fraction(0), "automatic failure"),
    ],
)
def test_a_roll_that_cannot_change_the_result_is_automatic(
    target: int, comparison: Comparison, p: Fraction, verdict: str
) -> None:
    check = Check("Blue beats red", "MS-5", D6, target, comparison)
    assert check.probability() == p
    assert automatic(check)
    line = explain_before(check)
    assert verdict in line
    assert "chance" not in line and "%" not in line
    event = check.resolve(4)
    told = describe_event(event)
    assert verdict in told[0]
    assert told[1].startswith("  rolled 4: " + verdict)
    # the event keeps every field of the check: the record is the same as before
    assert event["p_success"] == ("1/1" if p == 1 else "0/1")
    assert event["target"] == target


@pytest.mark.parametrize(("target", "p"), [(2, Fraction(5, 6)), (6, Fraction(1, 6))])
def test_a_roll_that_can_go_either_way_is_a_check_with_its_exact_chance(
    target: int, p: Fraction
) -> None:
    check = Check("Kill roll from the rear", "MS-10", D6, target, Comparison.AT_LEAST)
    assert check.probability() == p
    assert not automatic(check)
    line = explain_before(check)
    assert "automatic" not in line
    assert f"chance {p.numerator}/{p.denominator}" in line
    assert "automatic" not in explain_after(check.resolve(6))


def test_a_modifier_that_makes_a_roll_certain_names_the_modifier() -> None:
    ace = Check("Kill roll", "MS-10", D6, 2, Comparison.AT_LEAST, (Modifier("ace", 1, "MS-14"),))
    assert ace.probability() == 1
    line = explain_before(ace)
    assert "automatic success" in line and "ace" in line
