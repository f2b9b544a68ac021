"""Dice with exact distributions.

>>> from airwar.core.dice import Dice
>>> d = Dice.parse("2d6")
>>> d.distribution()[7]
Fraction(1, 6)
>>> str(d), d.minimum, d.maximum
('2d6', 2, 12)

A chance outcome of every game is a :class:`Roll`, written ``roll N``:

>>> [str(r) for r, _ in d.rolls()][:2]
['roll 2', 'roll 3']
>>> Roll.parse("roll 7"), Roll.parse("ROLL7")
(Roll(value=7), Roll(value=7))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import icepool

from airwar.core.errors import InvalidNotation

_DICE_RE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*$")
_ROLL_RE = re.compile(r"^\s*roll\s*(\d+)\s*$", re.IGNORECASE)


@cache
def _distribution(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    die = icepool.d(sides)
    pool = die if count == 1 else count @ die
    total = pool.denominator()
    return tuple((int(outcome), Fraction(int(q), int(total))) for outcome, q in pool.items())


@dataclass(frozen=True, order=True)
class Dice:
    """``count`` dice of ``sides`` sides, summed (``1d6``, ``2d10``, ``1d100``)."""

    count: int
    sides: int

    def __post_init__(self) -> None:
        if self.count < 1 or self.sides < 2:
            raise InvalidNotation(f"dice must be at least 1d2, not {self.count}d{self.sides}")

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Parse ``"d6"``, ``"1d6"``, ``"2d10"`` (case-insensitive)."""
        m = _DICE_RE.match(text)
        if not m:
            raise InvalidNotation(f"{text!r} is not dice notation like 1d6 or 2d10")
        return cls(int(m.group(1) or 1), int(m.group(2)))

    def __str__(self) -> str:
        return f"{self.count}d{self.sides}"

    @property
    def minimum(self) -> int:
        return self.count

    @property
    def maximum(self) -> int:
        return self.count * self.sides

    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each total, in increasing order of total."""
        return dict(_distribution(self.count, self.sides))

    def outcomes(self) -> list[tuple[int, Fraction]]:
        """(total, probability) pairs in increasing order of total."""
        return list(_distribution(self.count, self.sides))

    def rolls(self) -> list[tuple[Roll, Fraction]]:
        """The chance outcomes of one throw: (:class:`Roll`, probability) by total."""
        return [(Roll(v), p) for v, p in _distribution(self.count, self.sides)]

    def p_at_most(self, n: int) -> Fraction:
        return sum((p for v, p in _distribution(self.count, self.sides) if v <= n), Fraction(0))

    def p_at_least(self, n: int) -> Fraction:
        return sum((p for v, p in _distribution(self.count, self.sides) if v >= n), Fraction(0))


@dataclass(frozen=True)
class Roll:
    """A chance outcome of every game: the natural total rolled, written ``roll N``.

    :meth:`parse` also reads ``rollN`` without the space, which Bounce Into
    Action wrote before the notations were made one."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"

    @classmethod
    def parse(cls, text: str) -> Roll:
        """Read ``roll 7`` (or ``roll7``, case-insensitive)."""
        m = _ROLL_RE.match(text)
        if not m:
            raise InvalidNotation(f"{text!r} is not a roll like 'roll 7'")
        return cls(int(m.group(1)))


D6 = Dice(1, 6)
D10 = Dice(1, 10)
