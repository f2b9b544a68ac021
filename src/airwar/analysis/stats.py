"""Estimates with 95% intervals: means of samples and proportions of successes.

Monte Carlo answers are estimates, never bare numbers: a mean with its normal
(z) interval, a proportion with its Wilson score interval (which stays inside
[0, 1] and behaves at 0 and at n successes).

>>> e = mean_interval([1.0, -1.0, 1.0, 1.0])
>>> e.mean, e.n
(0.5, 4)
>>> p = proportion_interval(0, 10)
>>> p.low, round(p.high, 3)
(0.0, 0.278)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True)
class Estimate:
    """A point estimate with its 95% interval ``[low, high]`` from ``n`` samples."""

    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high

    def to_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "low": self.low, "high": self.high, "n": self.n}

    def text(self, digits: int = 3, percent: bool = False, signed: bool = True) -> str:
        """``"+0.412 [+0.380, +0.444]"`` (or in percent, or without the plus signs)."""
        if percent:
            return (
                f"{self.mean:.{max(digits - 2, 0)}%} "
                f"[{self.low:.{max(digits - 2, 0)}%}, {self.high:.{max(digits - 2, 0)}%}]"
            )
        f = f"{'+' if signed else ''}.{digits}f"
        return f"{self.mean:{f}} [{self.low:{f}}, {self.high:{f}}]"

    def __str__(self) -> str:
        return self.text()


def mean_interval(samples: Iterable[float], z: float = Z95) -> Estimate:
    """Sample mean with the normal interval ``mean +/- z * s / sqrt(n)``.

    ``s`` is the sample standard deviation (n - 1 in the denominator). With one
    sample the interval is unbounded; with none the estimate is undefined.
    """
    xs = [float(x) for x in samples]
    n = len(xs)
    if n == 0:
        raise ValueError("an estimate needs at least one sample")
    mean = math.fsum(xs) / n
    if n == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


def proportion_interval(successes: int, n: int, z: float = Z95) -> Estimate:
    """Share of successes with the Wilson score interval.

    centre = (p + z^2/2n) / (1 + z^2/n),
    half = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2).
    """
    if n <= 0:
        raise ValueError("a proportion needs at least one trial")
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n} trials is impossible")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


def difference_interval(a: Estimate, b: Estimate) -> Estimate:
    """``a - b`` for independent estimates (normal approximation, half-widths in quadrature)."""
    half = math.hypot(a.half_width, b.half_width)
    diff = a.mean - b.mean
    return Estimate(diff, diff - half, diff + half, min(a.n, b.n))


def proportion_of(flags: Sequence[bool]) -> Estimate:
    """Wilson estimate of the share of true values."""
    return proportion_interval(sum(1 for f in flags if f), len(flags))
