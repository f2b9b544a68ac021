"""Firing order of several air units on Air Defence (BIA-5).

Better manoeuvrability fires first, then the better pilot (the lower pilot
modifier, BIA-3), then the faster aircraft; units equal on all three roll
off, highest roll first, re-rolling ties among those still equal. The
roll-off is an explicit chance node of the engagement; by symmetry every
order of a tied group is equally likely.

>>> from airwar.games.bia.airdefence import Manoeuvrability, Speed
>>> units = {"a": (Speed.SLOW, Manoeuvrability.GOOD, 0),
...          "b": (Speed.FAST, Manoeuvrability.MEDIUM, -2),
...          "c": (Speed.FAST, Manoeuvrability.GOOD, 0)}
>>> tie_groups(sorted(units), lambda n: firing_key(*units[n]))
[['c'], ['a'], ['b']]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from math import factorial
from typing import TypeVar

from airwar.core.dice import Dice
from airwar.games.bia.airdefence import Manoeuvrability, Speed
from airwar.games.bia.tables import air_defence_table

U = TypeVar("U", bound=Hashable)


def firing_key(speed: Speed, manoeuvrability: Manoeuvrability, pilot_modifier: int) -> tuple:
    """Sort key: lower fires earlier (BIA-5)."""
    return (manoeuvrability.rank, pilot_modifier, speed.rank)


def roll_off_dice() -> Dice:
    """The die of the BIA-5 roll-off (data: ``firing_order.roll_off_dice``)."""
    return Dice.parse(air_defence_table()["firing_order"]["roll_off_dice"])


def tie_groups(units: Sequence[U], key: Callable[[U], tuple]) -> list[list[U]]:
    """Units in firing order, grouped where every BIA-5 factor is equal.

    Within a group the original order is kept; a group of more than one
    must roll off.
    """
    groups: list[list[U]] = []
    last: tuple | None = None
    for unit in sorted(units, key=key):
        k = key(unit)
        if groups and k == last:
            groups[-1].append(unit)
        else:
            groups.append([unit])
        last = k
    return groups


def split_by_rolls(group: Sequence[U], rolls: Mapping[U, int]) -> list[list[U]]:
    """Highest roll first; units with equal rolls stay together (to roll again)."""
    return tie_groups(list(group), lambda u: (-rolls[u],))


def order_probability(groups: Sequence[Sequence[U]], order: Sequence[U]) -> Fraction:
    """Exact chance that the roll-offs produce ``order`` (1/k! per tied group of k)."""
    flat = [u for g in groups for u in g]
    if sorted(map(repr, flat)) != sorted(map(repr, order)) or len(flat) != len(order):
        return Fraction(0)
    p = Fraction(1)
    pos = 0
    for g in groups:
        if set(order[pos : pos + len(g)]) != set(g):
            return Fraction(0)
        p /= factorial(len(g))
        pos += len(g)
    return p
