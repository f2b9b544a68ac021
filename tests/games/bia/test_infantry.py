"""Infantry fire (BIA-6, BIA-8): modifiers with footnotes, single-stand odds, group hits."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from airwar.core.dice import D10
from airwar.games.bia.errors import NotAllowed, OutOfRange, UnknownValue
from airwar.games.bia.infantry import (
    FirerSituation,
    GroupFire,
    StandFire,
    TargetSituation,
    Training,
    figures_per_stand,
    hits_distribution,
    parse_training,
    stands_from_figures,
    weapon,
    weapons,
)

RIFLE = weapon("rifle")
SHORT = 50  # rifle band 1: number 5 (house value)


def hit_number(
    firer: FirerSituation = FirerSituation(),
    target: TargetSituation = TargetSituation(),
    gun: str = "rifle",
    range_m: float = SHORT,
) -> int:
    return StandFire(weapon(gun), range_m, firer, target).hit_number


# The text's two modifier tables, entry by entry.
FIRER_TABLE = [
    (FirerSituation(moving=True), -4),
    (FirerSituation(special_forces=True), 4),
    (FirerSituation(officers=1), 1),
    (FirerSituation(training=Training.VETERAN), 1),
    (FirerSituation(training=Training.TRAINED), -1),
    (FirerSituation(training=Training.RECRUITS), -2),
]
TARGET_TABLE = [
    (TargetSituation(unarmoured=True), 3),
    (TargetSituation(armour_or_cover=True), -2),
    (TargetSituation(special_forces=True), -4),
    (TargetSituation(seasoned=True), -2),
    (TargetSituation(officer_alone=True), -8),
    (TargetSituation(stationary_vehicle=True), 2),
    (TargetSituation(non_tactical=True), 1),
]


@pytest.mark.parametrize(("firer", "mod"), FIRER_TABLE)
def test_firer_table(firer: FirerSituation, mod: int) -> None:
    assert hit_number(firer) == 5 + mod


@pytest.mark.parametrize(("target", "mod"), TARGET_TABLE)
def test_target_table(target: TargetSituation, mod: int) -> None:
    assert hit_number(target=target) == 5 + mod


def test_modifiers_of_both_tables_add_up() -> None:
    firer = FirerSituation(special_forces=True, officers=2, training=Training.VETERAN)
    target = TargetSituation(unarmoured=True, seasoned=True, non_tactical=True)
    fire = StandFire(RIFLE, SHORT, firer, target)
    assert fire.hit_number == 5 + 4 + 2 + 1 + 3 - 2 + 1
    assert all(m.rule == "BIA-6" for m in fire.check.modifiers)


def test_footnote_1_moving_does_not_count_in_hma() -> None:
    assert hit_number(FirerSituation(moving=True, in_hma=True)) == 5
    assert hit_number(FirerSituation(moving=True)) == 1


@pytest.mark.parametrize("officers", [0, 1, 2, 5])
def test_footnote_2_each_officer_adds_one(officers: int) -> None:
    assert hit_number(FirerSituation(officers=officers)) == 5 + officers


@pytest.mark.parametrize(("turns", "mod"), [(0, 0), (1, 0), (2, 1), (4, 3)])
@pytest.mark.parametrize("gun", ["sla2", "sla3"])
def test_footnote_3_aiming_after_the_first_turn_sla_only(turns: int, mod: int, gun: str) -> None:
    band_number = weapon(gun).bands[0].number
    assert hit_number(FirerSituation(aiming_turns=turns), gun=gun, range_m=10) == band_number + mod


@pytest.mark.parametrize("gun", ["rifle", "pistol", "support-weapon"])
def test_footnote_3_aiming_refused_for_other_weapons(gun: str) -> None:
    with pytest.raises(NotAllowed, match="aiming counts only"):
        StandFire(weapon(gun), 10, FirerSituation(aiming_turns=2))


@pytest.mark.parametrize(
    ("hit", "p"),
    [
        (-3, Fraction(0)),
        (0, Fraction(0)),
        (1, Fraction(1, 10)),
        (7, Fraction(7, 10)),
        (10, Fraction(1)),
        (14, Fraction(1)),
    ],
)
def test_single_stand_exact_odds(hit: int, p: Fraction) -> None:
    """1d10 at or under the hit number; none below 1, all from 10 up."""
    # rifle band 1 (5), an officer on his own (-8) and hit + 3 officers with the stand
    target = TargetSituation(officer_alone=True)
    fire = StandFire(RIFLE, SHORT, FirerSituation(officers=hit + 3), target)
    assert fire.hit_number == hit
    assert fire.p_hit == p
    assert fire.p_hit == sum((q for v, q in D10.outcomes() if v <= hit), Fraction(0))


def test_every_weapon_band() -> None:
    for w in weapons().values():
        assert w.house, "the range bands are house values (BIA-6)"
        assert [b.up_to_m for b in w.bands] == sorted(b.up_to_m for b in w.bands)
        for i, band in enumerate(w.bands, start=1):
            fire = StandFire(w, band.up_to_m, FirerSituation(), TargetSituation())
            assert fire.band == (i, band)
            assert fire.hit_number == band.number
        with pytest.raises(OutOfRange, match="longest range band"):
            StandFire(w, w.max_range_m + 1)


def test_bad_values() -> None:
    with pytest.raises(UnknownValue, match="allowed: pistol, rifle"):
        weapon("phaser")
    with pytest.raises(UnknownValue, match="veteran"):
        parse_training("elite")
    assert parse_training("Civilians") is Training.RECRUITS
    with pytest.raises(OutOfRange):
        StandFire(RIFLE, -5)
    with pytest.raises(NotAllowed):
        FirerSituation(officers=-1)
    with pytest.raises(NotAllowed):
        FirerSituation(aiming_turns=-1)


# -- groups of stands ---------------------------------------------------------------------


def brute_force(stands: list[StandFire]) -> dict[int, Fraction]:
    """All 10^n rolls of n stands, counting the hits."""
    out = {k: Fraction(0) for k in range(len(stands) + 1)}
    for rolls in itertools.product(range(1, 11), repeat=len(stands)):
        hits = sum(r <= s.hit_number for r, s in zip(rolls, stands, strict=True))
        out[hits] += Fraction(1, 10 ** len(stands))
    return out


def test_group_distribution_exact() -> None:
    a = StandFire(RIFLE, SHORT, FirerSituation(officers=1))  # 6: 3/5
    b = StandFire(RIFLE, SHORT)  # 5: 1/2
    assert hits_distribution([a, b]) == {
        0: Fraction(2, 5) * Fraction(1, 2),
        1: Fraction(3, 5) * Fraction(1, 2) + Fraction(2, 5) * Fraction(1, 2),
        2: Fraction(3, 5) * Fraction(1, 2),
    }
    assert hits_distribution([]) == {0: Fraction(1)}
    group = GroupFire((a, b))
    assert group.expected_hits() == Fraction(11, 10)
    assert group.to_dict()["hits"] == {"0": "1/5", "1": "1/2", "2": "3/10"}


@settings(max_examples=30)
@given(st.lists(st.integers(min_value=0, max_value=6), min_size=1, max_size=3))
def test_group_distribution_matches_brute_force(officers: list[int]) -> None:
    """Stands with different modifiers (here, officers) roll independently."""
    stands = [
        StandFire(RIFLE, 250, FirerSituation(officers=n), TargetSituation(seasoned=True))
        for n in officers
    ]
    assert hits_distribution(stands) == brute_force(stands)


# -- individually based figures (BIA-8) -------------------------------------------------------


def test_figures_fire_as_stands() -> None:
    k = figures_per_stand()
    assert k == 4
    assert stands_from_figures(0) == (0, 0)
    assert stands_from_figures(k - 1) == (0, k - 1)
    assert stands_from_figures(k) == (1, 0)
    assert stands_from_figures(2 * k + 1) == (2, 1)
    assert stands_from_figures(7, per_stand=3) == (2, 1)
    with pytest.raises(NotAllowed):
        stands_from_figures(3, per_stand=0)
    with pytest.raises(NotAllowed):
        stands_from_figures(-1)
