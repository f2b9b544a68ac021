"""Volleys at one aircraft against a brute-force enumeration of every dice outcome (BIA-7)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.games.bia.airdefence import (
    AirDefenceShot,
    AirTarget,
    Firer,
    Manoeuvrability,
    Speed,
    system,
)
from airwar.games.bia.errors import NotAllowed, OutOfRange, UnknownValue
from airwar.games.bia.outcome import Effect, Resolution
from airwar.games.bia.volley import accumulate, parse_shot, volley_odds


def shot(key: str, h: int, pacifier: bool = False) -> AirDefenceShot:
    target = AirTarget(Speed.FAST, Manoeuvrability.GOOD, pilot_modifier=h - 1, pacifier=pacifier)
    s = AirDefenceShot(system(key), Firer.surface(), target)
    assert s.hit_number == h
    return s


def brute_force(shots: Sequence[AirDefenceShot], twice_kills: bool) -> Resolution:
    """Every combination of every shot's dice, the aircraft's fate followed shot by shot."""
    weights = dict.fromkeys(Effect, Fraction(0))
    for combo in itertools.product(*(s.system.dice.outcomes() for s in shots)):
        p = Fraction(1)
        fate = "untouched"
        for s, (roll, q) in zip(shots, combo, strict=True):
            p *= q
            if fate == "down":
                continue
            e = s.effect(roll)
            if e is Effect.SHOT_DOWN or (e is Effect.DAMAGED and fate == "damaged" and twice_kills):
                fate = "down"
            elif e is Effect.DAMAGED:
                fate = "damaged"
        key = {"untouched": Effect.MISS, "damaged": Effect.DAMAGED, "down": Effect.SHOT_DOWN}[fate]
        weights[key] += p
    return Resolution.from_weights(weights)


VOLLEYS = [
    [shot("heavy-sam", 5), shot("vehicle-sam", 9), shot("manpad", 9), shot("multi-cannon", 12)],
    [shot("vehicle-sam", 6), shot("vehicle-sam", 6)],
    [shot("sla3", 20), shot("heavy-sam", 0)],
    [shot("manpad", 1), shot("heavy-sam", -2)],
    [shot("sla2", 40), shot("vehicle-sam", 10)],
]


@pytest.mark.parametrize("twice_kills", [False, True])
@pytest.mark.parametrize("shots", VOLLEYS)
def test_volley_matches_brute_force(shots: list[AirDefenceShot], twice_kills: bool) -> None:
    assert volley_odds(shots, damaged_twice_shot_down=twice_kills) == brute_force(
        shots, twice_kills
    )


def test_two_vehicle_sams_exact() -> None:
    """Hit number 6 on 1d10: miss 2/5, damaged 1/2, down 1/10 per shot."""
    s = shot("vehicle-sam", 6)
    miss, dmg, down = Fraction(2, 5), Fraction(1, 2), Fraction(1, 10)
    untouched = miss * miss
    shot_down = down + (1 - down) * down
    assert volley_odds([s, s]) == Resolution(untouched, 1 - untouched - shot_down, shot_down)
    # with the option, two damages kill: dmg * dmg moves from damaged to shot down
    assert volley_odds([s, s], damaged_twice_shot_down=True) == Resolution(
        untouched, 1 - untouched - shot_down - dmg * dmg, shot_down + dmg * dmg
    )


def test_empty_volley_leaves_the_aircraft_untouched() -> None:
    assert volley_odds([]) == Resolution.certain(Effect.MISS)


def test_single_shot_volley_is_the_shot() -> None:
    s = shot("manpad", 9)
    assert volley_odds([s]) == s.odds()


def test_small_arms_volley_at_a_pacifier_never_harms_it() -> None:
    s = shot("small-arms", 90, pacifier=True)
    assert volley_odds([s, s, s]) == Resolution.certain(Effect.MISS)


@pytest.mark.parametrize(
    ("status", "effect", "twice", "after"),
    [
        (Effect.MISS, Effect.MISS, False, Effect.MISS),
        (Effect.MISS, Effect.DAMAGED, False, Effect.DAMAGED),
        (Effect.MISS, Effect.SHOT_DOWN, False, Effect.SHOT_DOWN),
        (Effect.DAMAGED, Effect.MISS, False, Effect.DAMAGED),
        (Effect.DAMAGED, Effect.DAMAGED, False, Effect.DAMAGED),
        (Effect.DAMAGED, Effect.DAMAGED, True, Effect.SHOT_DOWN),
        (Effect.DAMAGED, Effect.SHOT_DOWN, False, Effect.SHOT_DOWN),
        (Effect.SHOT_DOWN, Effect.MISS, False, Effect.SHOT_DOWN),
        (Effect.MISS, Effect.DAMAGED, True, Effect.DAMAGED),
    ],
)
def test_damage_accumulates_by_bia_7(
    status: Effect, effect: Effect, twice: bool, after: Effect
) -> None:
    assert accumulate(status, effect, damaged_twice_shot_down=twice) is after


SMALL_SYSTEMS = ["heavy-sam", "vehicle-sam", "manpad", "multi-cannon"]


@settings(max_examples=40)
@given(
    spec=st.lists(
        st.tuples(st.sampled_from(SMALL_SYSTEMS), st.integers(min_value=-2, max_value=14)),
        min_size=1,
        max_size=3,
    ),
    twice=st.booleans(),
)
def test_any_small_volley_matches_brute_force(spec: list[tuple[str, int]], twice: bool) -> None:
    shots = [shot(k, h) for k, h in spec]
    assert volley_odds(shots, damaged_twice_shot_down=twice) == brute_force(shots, twice)


TARGET = AirTarget(Speed.SLOW, Manoeuvrability.MEDIUM)


@pytest.mark.parametrize(
    ("text", "system_key", "firer", "range_m"),
    [
        ("manpad", "manpad", "surface", None),
        ("heavy-sam:30", "heavy-sam", "surface", 30_000),
        ("air-to-air-missile@fast/good:8", "air-to-air-missile", "Fast/Good aircraft", 8_000),
        ("small-arms@surface:0.3", "small-arms", "surface", 300),
    ],
)
def test_parse_shot(text: str, system_key: str, firer: str, range_m: int | None) -> None:
    s = parse_shot(text, TARGET)
    assert (s.system.key, s.firer.label, s.range_m) == (system_key, firer, range_m)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("flak", UnknownValue),
        ("@surface", UnknownValue),
        ("manpad@sea", UnknownValue),
        ("manpad@fast/agile", UnknownValue),
        ("manpad:far", UnknownValue),
        ("manpad:11", OutOfRange),
        ("manpad@orbital", NotAllowed),
    ],
)
def test_parse_shot_errors(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_shot(text, TARGET)
