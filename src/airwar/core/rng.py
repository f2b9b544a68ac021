"""The seeded random generator that drives chance nodes.

Rules code never draws randomness: a state at a chance node lists its
outcomes with exact probabilities, and the driver asks this generator to pick
one. Draw number ``i`` of seed ``s`` is a pure function of ``(s, i)``, so a
game replays from its seed and its decisions alone, a resumed game continues
exactly where it stopped, and undoing a decision never re-rolls a roll that
was already made (the same draw number gives the same uniform number).

>>> from fractions import Fraction
>>> rng = SeededRng(42)
>>> outcomes = [("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))]
>>> rng.pick(0, outcomes) == SeededRng(42).pick(0, outcomes)
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from fractions import Fraction
from math import lcm
from typing import TypeVar

T = TypeVar("T")

_RESOLUTION_BITS = 64


def new_seed() -> int:
    """A fresh seed for a new game (the only place airwar asks the OS for entropy)."""
    return secrets.randbits(48)


class SeededRng:
    """Deterministic, stateless-per-draw generator: draw ``i`` depends on seed and ``i`` only."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed

    def uniform_int(self, index: int, n: int) -> int:
        """A uniform integer in ``[0, n)`` for draw ``index`` (rejection sampling, exact)."""
        if n <= 0:
            raise ValueError("n must be positive")
        counter = 0
        bits = max(_RESOLUTION_BITS, n.bit_length() + 8)
        nbytes = (bits + 7) // 8
        limit = (1 << (nbytes * 8)) // n * n
        while True:
            h = hashlib.blake2b(
                f"{self.seed}:{index}:{counter}".encode(), digest_size=nbytes
            ).digest()
            x = int.from_bytes(h, "big")
            if x < limit:
                return x % n
            counter += 1

    def pick(self, index: int, outcomes: Sequence[tuple[T, Fraction]]) -> T:
        """Pick one of ``outcomes`` (exact probabilities summing to 1) for draw ``index``."""
        if not outcomes:
            raise ValueError("a chance node must list at least one outcome")
        total = sum((p for _, p in outcomes), Fraction(0))
        if total != 1:
            raise ValueError(f"chance outcomes sum to {total}, not 1")
        denom = lcm(*(p.denominator for _, p in outcomes))
        x = self.uniform_int(index, denom)
        acc = 0
        for outcome, p in outcomes:
            acc += p.numerator * (denom // p.denominator)
            if x < acc:
                return outcome
        return outcomes[-1][0]  # unreachable: the weights sum to denom
