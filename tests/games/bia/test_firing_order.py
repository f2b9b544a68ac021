"""Firing order of air units on Air Defence (BIA-5) and its roll-off."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from airwar.core.dice import Dice
from airwar.games.bia.airdefence import Manoeuvrability, Speed
from airwar.games.bia.firing_order import (
    firing_key,
    order_probability,
    roll_off_dice,
    split_by_rolls,
    tie_groups,
)

F, S, VS = Speed.FAST, Speed.SLOW, Speed.VERY_SLOW
G, M, P = Manoeuvrability.GOOD, Manoeuvrability.MEDIUM, Manoeuvrability.POOR


def order(units: dict[str, tuple[Speed, Manoeuvrability, int]]) -> list[list[str]]:
    return tie_groups(list(units), lambda n: firing_key(*units[n]))


@pytest.mark.parametrize(
    ("units", "expected"),
    [
        # manoeuvrability first, even against a better pilot and a faster aircraft
        (
            {"slow-good": (S, G, 1), "fast-medium-ace": (F, M, -2)},
            [["slow-good"], ["fast-medium-ace"]],
        ),
        # same manoeuvrability: the better pilot (lower modifier) fires first
        ({"vs-vet": (VS, M, -1), "fast-reg": (F, M, 0)}, [["vs-vet"], ["fast-reg"]]),
        # same manoeuvrability and pilot: the faster first
        (
            {"slow": (S, P, 0), "very-slow": (VS, P, 0), "fast": (F, P, 0)},
            [["fast"], ["slow"], ["very-slow"]],
        ),
        # all equal: one tied group, to roll off
        ({"a": (F, G, 0), "b": (F, G, 0), "c": (S, G, 0)}, [["a", "b"], ["c"]]),
    ],
)
def test_bia_5_order(units: dict[str, tuple[Speed, Manoeuvrability, int]], expected: list) -> None:
    assert order(units) == expected


def test_roll_off_die_is_data() -> None:
    assert roll_off_dice() == Dice.parse("1d6")


def test_split_by_rolls_highest_first_ties_stay_together() -> None:
    assert split_by_rolls(["a", "b", "c"], {"a": 2, "b": 5, "c": 2}) == [["b"], ["a", "c"]]
    assert split_by_rolls(["a", "b"], {"a": 6, "b": 1}) == [["a"], ["b"]]


def test_order_probability_of_tied_groups() -> None:
    groups = [["a", "b"], ["c"], ["d", "e", "f"]]
    total = Fraction(0)
    for first in itertools.permutations(["a", "b"]):
        for last in itertools.permutations(["d", "e", "f"]):
            p = order_probability(groups, [*first, "c", *last])
            assert p == Fraction(1, 12)
            total += p
    assert total == 1
    assert order_probability(groups, ["c", "a", "b", "d", "e", "f"]) == 0
    assert order_probability(groups, ["a", "b", "c"]) == 0


def test_one_roll_off_round_is_fair() -> None:
    """Two tied units rolling 1d6: each is first with 15/36 and the round ties with 1/6,
    so with re-rolls each fires first with exactly 1/2."""
    die = roll_off_dice()
    outcomes = die.outcomes()
    a_first = sum(
        (p * q for (x, p), (y, q) in itertools.product(outcomes, outcomes) if x > y), Fraction(0)
    )
    tie = sum(
        (p * q for (x, p), (y, q) in itertools.product(outcomes, outcomes) if x == y), Fraction(0)
    )
    assert (a_first, tie) == (Fraction(15, 36), Fraction(1, 6))
    assert a_first / (1 - tie) == Fraction(1, 2)
    assert order_probability([["a", "b"]], ["a", "b"]) == Fraction(1, 2)
