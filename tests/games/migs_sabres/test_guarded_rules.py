"""The ace movement bonus (IV.C, MS-14), guarded by two independent tests through the game.

"Add 1 point to an ace's movement and combat rolls": the movement roll is
1D6 + the Base Value (III.E: swept-wing jets 6, straight-wing 4, props 2), so an
ace's F-86 has 8 to 13 MP, each with chance 1/6, where a plain pilot's has 7 to 12.
The numbers below are worked out from that text, not from the tables.
"""

from __future__ import annotations

import copy
from collections import Counter
from fractions import Fraction

import pytest

from airwar.core import Driver
from airwar.games.migs_sabres import EngagementGame

BASE = {"F-86": 6, "F-84": 4, "Yak-9": 2}  # III.E by wing (MS-1)
ENEMY = {"F-86": "MiG-15", "F-84": "MiG-15", "Yak-9": "F-86"}  # the other side (MS-4)


def _first_mover_mp(plane: str, ace: bool, seed: int) -> tuple[int, int]:
    """The die and the MP of the first movement roll of an engagement with ``plane`` active
    and moving first."""
    game = EngagementGame(
        {"active": plane, "listed": ENEMY[plane], "first": "active", "active_ace": ace}
    )
    d = Driver(game, seed)
    d.resolve_chance()
    engagement = d.state.engagement  # type: ignore[attr-defined]
    (roll,) = [e for e in d.events if e["type"] == "roll" and e["rule"] == "MS-7"]
    assert roll["name"] == f"Movement points of the {plane}"
    return int(roll["roll"]), int(engagement.mp_left)


@pytest.mark.parametrize("plane", sorted(BASE))
@pytest.mark.parametrize("seed", range(6))
def test_an_ace_moves_one_point_more_on_the_same_die(plane: str, seed: int) -> None:
    die, mp = _first_mover_mp(plane, ace=False, seed=seed)
    assert 1 <= die <= 6 and mp == BASE[plane] + die
    ace_die, ace_mp = _first_mover_mp(plane, ace=True, seed=seed)
    assert ace_die == die  # the same seed rolls the same die
    assert ace_mp == BASE[plane] + die + 1


@pytest.mark.parametrize("ace", [False, True])
def test_the_movement_roll_s_exact_distribution(ace: bool) -> None:
    """Every face of the movement roll, applied to the game: the MP and its chance."""
    game = EngagementGame(
        {"active": "F-86", "listed": "MiG-15", "first": "active", "active_ace": ace}
    )
    d = Driver(game, 1, auto_chance=False)
    state = d.state
    while True:  # up to the first movement roll (after who moves first is settled)
        if state.is_chance_node() and getattr(state.engagement, "phase", "") == "mp":
            break
        d.roll()
    dist: Counter[int] = Counter()
    chances: dict[int, Fraction] = {}
    for outcome, p in state.chance_outcomes():
        after = copy.deepcopy(state)
        after.apply(outcome)
        mp = after.engagement.mp_left
        dist[mp] += 1
        chances[mp] = chances.get(mp, Fraction(0)) + p
    low = 6 + 1 + (1 if ace else 0)
    assert sorted(dist) == list(range(low, low + 6))
    assert set(chances.values()) == {Fraction(1, 6)}
