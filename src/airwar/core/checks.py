"""Checks: one roll of some dice against a number, as a value.

A check knows its dice, base target, modifiers (each with reason, value and
rule id), how roll and target compare, and so its exact probability. It is
built and shown *before* the roll; resolving it gives the event that records
the roll.

>>> from airwar.core.checks import Check, Comparison, Modifier
>>> from airwar.core.dice import D6
>>> kill = Check("Kill roll", "MS-10", D6, 3, Comparison.AT_LEAST,
...              (Modifier("ace", 1, "MS-14"),))
>>> kill.probability()
Fraction(5, 6)
>>> kill.succeeds(2), kill.succeeds(1)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from airwar.core.dice import Dice


class Comparison(str, Enum):
    """How the modified roll is compared with the target."""

    AT_MOST = "at_most"  # "Die Roll N-": roll (+ mods) <= N
    AT_LEAST = "at_least"  # "N+": roll (+ mods) >= N

    @property
    def symbol(self) -> str:
        return "-" if self is Comparison.AT_MOST else "+"


class ModifierTarget(str, Enum):
    """Whether modifiers are added to the roll or to the target number."""

    ROLL = "roll"
    TARGET = "target"


@dataclass(frozen=True)
class Modifier:
    """A named modifier with the rule it comes from."""

    reason: str
    value: int
    rule: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "value": self.value, "rule": self.rule}

    def __str__(self) -> str:
        sign = "+" if self.value >= 0 else ""
        cite = f" ({self.rule})" if self.rule else ""
        return f"{self.reason} {sign}{self.value}{cite}"


def fraction_text(p: Fraction) -> str:
    """Exact probability as ``"a/b"`` (``"0/1"`` and ``"1/1"`` at the ends)."""
    return f"{p.numerator}/{p.denominator}"


@dataclass(frozen=True)
class Check:
    """One roll against a number.

    ``natural_success`` and ``natural_failure`` list unmodified rolls that
    succeed or fail whatever the modifiers say (e.g. Heavy SAM "always hits
    on a 1", BIA-4).
    """

    name: str
    rule: str
    dice: Dice
    target: int
    comparison: Comparison = Comparison.AT_MOST
    modifiers: tuple[Modifier, ...] = ()
    applies_to: ModifierTarget = ModifierTarget.ROLL
    natural_success: frozenset[int] = field(default_factory=frozenset)
    natural_failure: frozenset[int] = field(default_factory=frozenset)

    @property
    def modifier_total(self) -> int:
        return sum(m.value for m in self.modifiers)

    @property
    def effective_target(self) -> int:
        """The number the *natural* roll is compared with."""
        total = self.modifier_total
        if self.applies_to is ModifierTarget.TARGET:
            return self.target + total
        # roll + mods <= N  <=>  roll <= N - mods ;  roll + mods >= N  <=>  roll >= N - mods
        return self.target - total

    def succeeds(self, roll: int) -> bool:
        """Whether the natural ``roll`` succeeds."""
        if roll in self.natural_success:
            return True
        if roll in self.natural_failure:
            return False
        t = self.effective_target
        return roll <= t if self.comparison is Comparison.AT_MOST else roll >= t

    def probability(self) -> Fraction:
        """Exact chance of success."""
        return sum((p for v, p in self.dice.outcomes() if self.succeeds(v)), Fraction(0))

    def needed_rolls(self) -> list[int]:
        return [v for v, _ in self.dice.outcomes() if self.succeeds(v)]

    def describe_need(self) -> str:
        """What the natural roll must be, in words ("3 or more on 1d6")."""
        rolls = self.needed_rolls()
        if not rolls:
            return f"no roll of {self.dice} can succeed"
        if len(rolls) == len(self.dice.outcomes()):
            return f"any roll of {self.dice} succeeds"
        lo, hi = rolls[0], rolls[-1]
        contiguous = rolls == list(range(lo, hi + 1))
        if contiguous and lo == self.dice.minimum:
            return f"{hi} or less on {self.dice}"
        if contiguous and hi == self.dice.maximum:
            return f"{lo} or more on {self.dice}"
        if contiguous:
            return f"{lo} to {hi} on {self.dice}"
        return f"{', '.join(map(str, rolls))} on {self.dice}"

    def explain(self) -> str:
        """One line: name, rule, what is needed, the modifiers, the exact odds."""
        p = self.probability()
        mods = "; ".join(str(m) for m in self.modifiers)
        mods_text = f" [{mods}]" if mods else ""
        base = f"{self.target}{self.comparison.symbol}"
        return (
            f"{self.name} ({self.rule}): {base}{mods_text} -> needs {self.describe_need()}, "
            f"p = {fraction_text(p)} ({float(p):.1%})"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready description: the fields every roll event carries (dice, need, odds)."""
        return {
            "name": self.name,
            "rule": self.rule,
            "dice": str(self.dice),
            "target": self.target,
            "comparison": self.comparison.value,
            "applies_to": self.applies_to.value,
            "modifiers": [m.to_dict() for m in self.modifiers],
            "effective_target": self.effective_target,
            "p_success": fraction_text(self.probability()),
        }

    def resolve(self, roll: int) -> dict[str, Any]:
        """The roll event for a natural ``roll`` of this check."""
        valid = {v for v, _ in self.dice.outcomes()}
        if roll not in valid:
            raise ValueError(f"{roll} is not a possible roll of {self.dice}")
        event = {"type": "roll", **self.to_dict(), "roll": roll, "success": self.succeeds(roll)}
        return event
