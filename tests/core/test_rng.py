from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.rng import SeededRng


@given(st.integers(0, 2**40), st.integers(0, 10_000))
def test_draw_is_pure_function_of_seed_and_index(seed: int, index: int) -> None:
    outs = [(v, Fraction(1, 6)) for v in range(1, 7)]
    assert SeededRng(seed).pick(index, outs) == SeededRng(seed).pick(index, outs)


def test_pick_follows_exact_weights() -> None:
    rng = SeededRng("weights")
    outs = [("a", Fraction(1, 4)), ("b", Fraction(3, 4))]
    counts = Counter(rng.pick(i, outs) for i in range(20_000))
    # 4 sigma band around 5000
    assert abs(counts["a"] - 5000) < 4 * (20_000 * 0.25 * 0.75) ** 0.5


def test_zero_probability_never_picked() -> None:
    rng = SeededRng(1)
    outs = [("never", Fraction(0)), ("always", Fraction(1))]
    assert {rng.pick(i, outs) for i in range(500)} == {"always"}


def test_bad_outcomes_rejected() -> None:
    with pytest.raises(ValueError):
        SeededRng(1).pick(0, [("a", Fraction(1, 2))])
    with pytest.raises(ValueError):
        SeededRng(1).pick(0, [])
