"""Interval math: Wilson intervals for proportions, normal intervals for means."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.analysis.stats import (
    Z95,
    Estimate,
    difference_interval,
    mean_interval,
    proportion_interval,
    proportion_of,
)

# (successes, n, low, high): Wilson 95% intervals computed by hand from the formula
WILSON = [
    (0, 10, 0.0, 0.27754),
    (10, 10, 0.72246, 1.0),
    (5, 10, 0.23659, 0.76341),
    (50, 100, 0.40383, 0.59617),
    (1, 4, 0.04559, 0.69936),
]


@pytest.mark.parametrize(("k", "n", "low", "high"), WILSON)
def test_wilson_interval_matches_table(k: int, n: int, low: float, high: float) -> None:
    e = proportion_interval(k, n)
    assert e.mean == k / n
    assert e.low == pytest.approx(low, abs=1e-5)
    assert e.high == pytest.approx(high, abs=1e-5)
    assert e.n == n


def test_mean_interval_of_known_sample() -> None:
    e = mean_interval([1.0, -1.0, 1.0, 1.0])
    s = math.sqrt(1.0)  # sample variance of (1, -1, 1, 1) is 1
    assert e.mean == 0.5
    assert e.high - e.mean == pytest.approx(Z95 * s / 2)
    assert e.contains(0.5) and not e.contains(2.0)


def test_degenerate_samples() -> None:
    assert mean_interval([3.0]).low == -math.inf
    assert mean_interval([2.0, 2.0, 2.0]) == Estimate(2.0, 2.0, 2.0, 3)
    with pytest.raises(ValueError, match="at least one sample"):
        mean_interval([])
    with pytest.raises(ValueError, match="impossible"):
        proportion_interval(5, 4)
    with pytest.raises(ValueError, match="at least one trial"):
        proportion_interval(0, 0)


def test_difference_adds_half_widths_in_quadrature() -> None:
    a = Estimate(0.6, 0.5, 0.7, 100)
    b = Estimate(0.4, 0.37, 0.43, 50)
    d = difference_interval(a, b)
    assert d.mean == pytest.approx(0.2)
    assert d.half_width == pytest.approx(math.hypot(0.1, 0.03))
    assert d.n == 50


def test_text_forms() -> None:
    e = Estimate(0.25, 0.2, 0.3, 10)
    assert e.text() == "+0.250 [+0.200, +0.300]"
    assert e.text(percent=True) == "25.0% [20.0%, 30.0%]"
    assert e.text(digits=2, signed=False) == "0.25 [0.20, 0.30]"
    assert e.to_dict() == {"mean": 0.25, "low": 0.2, "high": 0.3, "n": 10}
    assert proportion_of([True, False, False, False]).mean == 0.25


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_is_inside_unit_and_holds_the_share(kn: tuple[int, int]) -> None:
    k, n = kn
    e = proportion_interval(k, n)
    assert 0.0 <= e.low <= e.mean <= e.high <= 1.0


@given(st.lists(st.floats(-10, 10), min_size=2, max_size=50))
def test_mean_interval_is_symmetric_around_the_mean(xs: list[float]) -> None:
    e = mean_interval(xs)
    assert e.low <= e.mean <= e.high
    assert e.mean - e.low == pytest.approx(e.high - e.mean, abs=1e-9)
