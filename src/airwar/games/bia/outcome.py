"""The three-way result of air-defence fire: miss, damaged or shot down (BIA-4).

:class:`Resolution` holds the exact chance of each, built on the dice
distribution of the shot, and is also the result of a volley (where "miss"
means the aircraft came through untouched).

>>> from fractions import Fraction
>>> r = Resolution(Fraction(1, 2), Fraction(1, 3), Fraction(1, 6))
>>> r.hit
Fraction(1, 2)
>>> r.to_dict()["p_shot_down"]
'1/6'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from airwar.core.checks import fraction_text


class Effect(StrEnum):
    """What one shot (or a whole volley) did to the aircraft."""

    MISS = "miss"
    DAMAGED = "damaged"
    SHOT_DOWN = "shot down"

    @property
    def label(self) -> str:
        return {"miss": "untouched", "damaged": "damaged", "shot down": "shot down"}[self.value]


@dataclass(frozen=True)
class Resolution:
    """Exact probabilities of miss, damaged and shot down; they sum to 1."""

    miss: Fraction
    damaged: Fraction
    shot_down: Fraction

    def __post_init__(self) -> None:
        for name in ("miss", "damaged", "shot_down"):
            value = getattr(self, name)
            if not isinstance(value, Fraction) or value < 0:
                raise ValueError(f"{name} must be a non-negative Fraction, not {value!r}")
        if self.miss + self.damaged + self.shot_down != 1:
            raise ValueError("miss, damaged and shot down must add up to 1")

    @classmethod
    def certain(cls, effect: Effect) -> Resolution:
        """The resolution in which ``effect`` happens for sure."""
        return cls.from_weights({effect: Fraction(1)})

    @classmethod
    def from_weights(cls, weights: dict[Effect, Fraction]) -> Resolution:
        return cls(
            weights.get(Effect.MISS, Fraction(0)),
            weights.get(Effect.DAMAGED, Fraction(0)),
            weights.get(Effect.SHOT_DOWN, Fraction(0)),
        )

    @classmethod
    def from_rolls(
        cls, outcomes: Iterable[tuple[int, Fraction]], effect_of: Callable[[int], Effect]
    ) -> Resolution:
        """Sum the chance of every roll into the effect that roll has."""
        weights = dict.fromkeys(Effect, Fraction(0))
        for roll, p in outcomes:
            weights[effect_of(roll)] += p
        return cls.from_weights(weights)

    @property
    def hit(self) -> Fraction:
        """Chance of any effect (damaged or shot down)."""
        return self.damaged + self.shot_down

    def p(self, effect: Effect) -> Fraction:
        return {Effect.MISS: self.miss, Effect.DAMAGED: self.damaged}.get(effect, self.shot_down)

    def items(self) -> list[tuple[Effect, Fraction]]:
        return [(e, self.p(e)) for e in Effect]

    def to_dict(self) -> dict[str, Any]:
        return {
            "p_miss": fraction_text(self.miss),
            "p_damaged": fraction_text(self.damaged),
            "p_shot_down": fraction_text(self.shot_down),
        }
