"""Attack aspect and kill numbers (rule III.F, MS-10), read from ``data/combat.toml``.

The aspect is the attacker's bearing from the target, measured against the
target's facing: in the target's front square it attacks "from the front"
(6 kills), from directly behind it needs 3 or more.

>>> from airwar.games.migs_sabres.board import Facing, Square
>>> kill_on(Square.parse("c3"), Facing.N, Square.parse("c4"), Facing.N)
('rear', 3)
>>> kill_check("rear", ace=True).probability()
Fraction(5, 6)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from airwar.core.checks import Check, Comparison, Modifier
from airwar.core.dice import D6
from airwar.games.migs_sabres.board import Facing, Square, direction
from airwar.games.migs_sabres.data import table
from airwar.games.migs_sabres.geometry import aspect_offset


@dataclass(frozen=True)
class Aspect:
    name: str
    kill_on: int
    rule: str


def _load() -> tuple[dict[str, Aspect], dict[int, Aspect], int]:
    data = table("combat")
    by_name: dict[str, Aspect] = {}
    by_offset: dict[int, Aspect] = {}
    for row in data["aspect"]:
        a = Aspect(row["name"], int(row["kill_on"]), row["rule"])
        by_name[a.name] = a
        for off in row["offsets"]:
            by_offset[int(off)] = a
    if sorted(by_offset) != list(range(8)):
        raise ValueError("data/combat.toml must give an aspect for every offset 0..7")
    return by_name, by_offset, int(data["ace_bonus"])


ASPECTS, ASPECT_BY_OFFSET, ACE_BONUS = _load()


def aspect_of(attacker_square: Square, target_square: Square, target_facing: Facing) -> Aspect:
    """The attack aspect of an attacker in ``attacker_square`` (MS-10)."""
    bearing = direction(target_square, attacker_square)
    if bearing is None:
        raise ValueError(f"attacker and target are both in {target_square}")
    return ASPECT_BY_OFFSET[aspect_offset(bearing, target_facing)]


def kill_on(
    attacker_square: Square,
    attacker_facing: Facing | None,
    target_square: Square,
    target_facing: Facing,
) -> tuple[str, int]:
    """(aspect name, natural d6 needed) for an attack (MS-10).

    ``attacker_facing`` does not change the aspect (only the attacker's
    position does); it is accepted so that calls read like the board.
    """
    a = aspect_of(attacker_square, target_square, target_facing)
    return a.name, a.kill_on


@cache
def kill_check(aspect: str, ace: bool = False) -> Check:
    """The kill roll from ``aspect``: 1d6 at least its number, +1 to the roll for an ace."""
    a = ASPECTS[aspect]
    mods = (Modifier("ace", ACE_BONUS, "MS-14"),) if ace else ()
    return Check(f"Kill roll from the {a.name}", "MS-10", D6, a.kill_on, Comparison.AT_LEAST, mods)


_P_KILL: dict[tuple[str, bool], Fraction] = {
    (name, ace): kill_check(name, ace).probability() for name in ASPECTS for ace in (False, True)
}


def p_kill(aspect: str, ace: bool = False) -> Fraction:
    """Exact chance that an attack from ``aspect`` destroys the target."""
    return _P_KILL[(aspect, ace)]
