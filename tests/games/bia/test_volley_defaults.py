"""BIA-7 as written is the default: a second damage leaves an aircraft damaged, not shot down."""

from __future__ import annotations

from fractions import Fraction

from airwar.games.bia.outcome import Effect
from airwar.games.bia.volley import accumulate, volley_odds
from tests.games.bia.test_volley import shot


def test_twice_damaged_is_damaged_unless_the_option_says_otherwise() -> None:
    assert accumulate(Effect.DAMAGED, Effect.DAMAGED) is Effect.DAMAGED
    assert accumulate(Effect.DAMAGED, Effect.DAMAGED, damaged_twice_shot_down=True) is (
        Effect.SHOT_DOWN
    )


def test_two_sure_hits_by_default_and_with_the_option() -> None:
    """Two heavy SAMs that cannot miss (hit number 6 on 1d6): each damages on 1-5 and kills
    on a 6. By default only a 6 shoots the aircraft down: 1 - (5/6)^2 = 11/36, and it is
    damaged otherwise (25/36). With the option the second hit kills whatever it rolls."""
    volley = [shot("heavy-sam", 6), shot("heavy-sam", 6)]
    plain = volley_odds(volley)
    assert (plain.miss, plain.damaged, plain.shot_down) == (0, Fraction(25, 36), Fraction(11, 36))
    twice = volley_odds(volley, damaged_twice_shot_down=True)
    assert (twice.miss, twice.damaged, twice.shot_down) == (0, 0, 1)
