"""What every Gunslingers check shares: the d10 N- check, GS-2 countermeasures.

Conventions of the check functions (the ``rules`` package gathers them):

- Every check is one d10, "Die Roll N-": success when the roll plus all
  modifiers is N or less (GS-1). Modifiers are added to the roll, so a minus
  helps.
- Where the text makes the number itself a difference ("BJM - ECCM", the
  break-lock table, "10 - range") and it comes to 0 or less, there is no
  chance and no roll (GS-3): the function returns ``None``, never a check with
  p = 0. A check with a fixed number and modifiers is always returned, even
  when the modifiers leave it no chance.
- Inputs are plain ints, bools and the enums below, whose values are the
  scenario file's words (``Quality("veteran")``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from airwar.core.checks import Check, Comparison, Modifier
from airwar.core.dice import D10
from airwar.games.gunslingers.model.words import (
    CheckInputError,
)
from airwar.games.gunslingers.tables import Entry, ModifierSpec

__all__ = [
    "Countermeasure",
    "Ruling",
    "SamGuidance",
    "countermeasure_modifier",
    "countermeasure_value",
    "d10_check",
    "half_up",
    "p_any_succeeds",
    "unit_number",
]


class SamGuidance(StrEnum):
    """SAM guidance types of the SAM Unit Break Lock Table."""

    BR = "BR"
    CG = "CG"
    CW = "CW"
    TVM = "TVM"
    OG = "OG"
    LG = "LG"
    IR = "IR"

    @property
    def is_radar(self) -> bool:
        """Radar-guided (beam rider, command, continuous wave, track via missile)."""
        return self in (SamGuidance.BR, SamGuidance.CG, SamGuidance.CW, SamGuidance.TVM)


class Countermeasure(StrEnum):
    """Countermeasures of the break-lock tables, in the order they are rolled (GS-3)."""

    DJM = "djm"
    CHAFF = "chaff"
    MINI_JAMMER = "mini_jammer"
    FLARE = "flare"

    @property
    def label(self) -> str:
        return {"djm": "DJM", "chaff": "chaff", "mini_jammer": "mini-jammers", "flare": "flares"}[
            self.value
        ]


@dataclass(frozen=True)
class Ruling:
    """A yes/no ruling with the reason and the rule it comes from (what a rule allows;
    a player's choice is :class:`~airwar.games.gunslingers.model.actions.Decision`)."""

    value: bool
    reason: str
    rule: str

    def __bool__(self) -> bool:
        return self.value


def d10_check(name: str, step: Entry, modifiers: Iterable[Modifier] = ()) -> Check:
    """A "Die Roll N-" check on one d10 with the step's number and rule (GS-1)."""
    return Check(name, step.rule, D10, step.value, Comparison.AT_MOST, tuple(modifiers))


def unit_number(value: int, rule: str, what: str) -> Entry:
    """A base number from unit data (GS-6) as a table entry for ``d10_check``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise CheckInputError(f"{what} must be a whole number 0 or more, not {value!r} (GS-6)")
    return Entry(value, rule)


def half_up(number: int) -> int:
    """Half, rounded up: "1/2 PPL values are always rounded up" (GS-2)."""
    return -(-number // 2)


def countermeasure_value(number: int, eccm: int, halve: bool = False) -> int:
    """max(0, countermeasure - ECCM), halving (rounded up) first when asked (GS-2).

    >>> countermeasure_value(5, 1, halve=True), countermeasure_value(2, 3)
    (2, 0)
    """
    if number < 0 or eccm < 0:
        raise CheckInputError(f"countermeasure {number} and ECCM {eccm} cannot be negative (GS-2)")
    n = half_up(number) if halve else number
    return max(0, n - eccm)


def countermeasure_modifier(spec: ModifierSpec, number: int, eccm: int) -> Modifier | None:
    """The modifier of a countermeasure row, or ``None`` when the ECCM cancels it (GS-2)."""
    value = countermeasure_value(number, eccm, spec.halve)
    if value == 0:
        return None
    half = f"1/2 of {number} rounded up = {half_up(number)}" if spec.halve else str(number)
    return Modifier(f"{spec.reason}: {half} - {eccm}", value, spec.rule)


def p_any_succeeds(checks: Iterable[Check | None]) -> Fraction:
    """Exact chance that at least one of independent checks succeeds (``None`` = no roll)."""
    p_none = Fraction(1)
    for c in checks:
        if c is not None:
            p_none *= 1 - c.probability()
    return 1 - p_none
