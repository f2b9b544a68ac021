"""Air defence: every table cell, every system's resolution, the rule checks (BIA-1..BIA-4)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.checks import ModifierTarget
from airwar.core.dice import Dice
from airwar.games.bia.airdefence import (
    AirDefenceShot,
    AirTarget,
    Firer,
    FirerKind,
    Manoeuvrability,
    Speed,
    parse_manoeuvrability,
    parse_speed,
    pilot_grades,
    pilot_modifier,
    range_from_km,
    system,
    systems,
)
from airwar.games.bia.errors import NotAllowed, OutOfRange, UnknownValue
from airwar.games.bia.outcome import Effect, Resolution

F, S, VS = Speed.FAST, Speed.SLOW, Speed.VERY_SLOW
G, M, P = Manoeuvrability.GOOD, Manoeuvrability.MEDIUM, Manoeuvrability.POOR

# The speed table of the text, row = target, columns Surface, Fast a/c, Slow, Very Slow.
SPEED_TABLE = {
    F: (0, 4, 2, 0),
    S: (2, 2, 4, 2),
    VS: (4, 0, 2, 4),
}
# The manoeuvrability table, columns Surface, Good, Medium, Poor.
MANOEUVRABILITY_TABLE = {
    G: (1, 2, 1, 0),
    M: (2, 4, 2, 1),
    P: (4, 8, 4, 2),
}
SPEED_COLUMNS = (None, F, S, VS)
MANOEUVRE_COLUMNS = (None, G, M, P)

SPEED_CELLS = [
    (target, column, value)
    for target, row in SPEED_TABLE.items()
    for column, value in zip(SPEED_COLUMNS, row, strict=True)
]
MANOEUVRE_CELLS = [
    (target, column, value)
    for target, row in MANOEUVRABILITY_TABLE.items()
    for column, value in zip(MANOEUVRE_COLUMNS, row, strict=True)
]


def firer_for(speed: Speed | None, man: Manoeuvrability | None) -> Firer:
    if speed is None or man is None:
        return Firer.surface()
    return Firer.aircraft(speed, man)


@pytest.mark.parametrize(("target_speed", "column", "value"), SPEED_CELLS)
@pytest.mark.parametrize("man_column", MANOEUVRE_COLUMNS[1:])
def test_speed_table_every_cell(
    target_speed: Speed, column: Speed | None, value: int, man_column: Manoeuvrability
) -> None:
    """BIA-1: the speed part of the hit number is the cell (target row, firer column)."""
    firer = firer_for(column, None if column is None else man_column)
    shot = AirDefenceShot(system("vehicle-sam"), firer, AirTarget(target_speed, G))
    speed_mod = shot.modifiers()[0]
    assert speed_mod.value == value
    assert speed_mod.rule == "BIA-1"


@pytest.mark.parametrize(("target_man", "column", "value"), MANOEUVRE_CELLS)
@pytest.mark.parametrize("speed_column", SPEED_COLUMNS[1:])
def test_manoeuvrability_table_every_cell(
    target_man: Manoeuvrability, column: Manoeuvrability | None, value: int, speed_column: Speed
) -> None:
    firer = firer_for(None if column is None else speed_column, column)
    shot = AirDefenceShot(system("vehicle-sam"), firer, AirTarget(S, target_man))
    man_mod = shot.modifiers()[1]
    assert man_mod.value == value
    assert man_mod.rule == "BIA-1"


CELL_PAIRS = [
    (ts, sc, sv, tm, mc, mv)
    for ts, sc, sv in SPEED_CELLS
    for tm, mc, mv in MANOEUVRE_CELLS
    if (sc is None) == (mc is None)
]


@pytest.mark.parametrize(
    ("target_speed", "speed_column", "s_value", "target_man", "man_column", "m_value"), CELL_PAIRS
)
def test_hit_number_is_the_sum_of_both_cells(
    target_speed: Speed,
    speed_column: Speed | None,
    s_value: int,
    target_man: Manoeuvrability,
    man_column: Manoeuvrability | None,
    m_value: int,
) -> None:
    """BIA-1 on every pair of cells whose columns agree (surface with surface)."""
    target = AirTarget(target_speed, target_man, loiter_turns=0 if target_speed is F else 2)
    shot = AirDefenceShot(system("sla3"), firer_for(speed_column, man_column), target)
    loiter = 0 if target_speed is F else 2
    assert shot.hit_number == s_value + m_value + loiter
    assert shot.check.applies_to is ModifierTarget.TARGET
    assert shot.check.effective_target == shot.hit_number


def with_hit_number(key: str, h: int, pacifier: bool = False) -> AirDefenceShot:
    """Surface fire at a Fast/Good aircraft on a later pass (0 + 1 + 0) with pilot h - 1."""
    target = AirTarget(F, G, pilot_modifier=h - 1, pacifier=pacifier)
    shot = AirDefenceShot(system(key), Firer.surface(), target)
    assert shot.hit_number == h
    return shot


def R(miss: Fraction | int, damaged: Fraction | int, down: Fraction | int) -> Resolution:
    return Resolution(Fraction(miss), Fraction(damaged), Fraction(down))


# (system, hit number, exact resolution): below, at and above each dice range.
RESOLUTIONS = [
    # Heavy SAM 1d6 always hits on a 1 (BIA-4)
    ("heavy-sam", -3, R(Fraction(5, 6), Fraction(1, 6), 0)),
    ("heavy-sam", 0, R(Fraction(5, 6), Fraction(1, 6), 0)),
    ("heavy-sam", 1, R(Fraction(5, 6), Fraction(1, 6), 0)),
    ("heavy-sam", 4, R(Fraction(1, 3), Fraction(2, 3), 0)),  # 1 is not below 4/4
    ("heavy-sam", 5, R(Fraction(1, 6), Fraction(2, 3), Fraction(1, 6))),
    ("heavy-sam", 6, R(0, Fraction(5, 6), Fraction(1, 6))),
    ("heavy-sam", 9, R(0, Fraction(2, 3), Fraction(1, 3))),
    # Vehicle SAM / air-to-air missile 1d10
    ("vehicle-sam", -1, R(1, 0, 0)),
    ("vehicle-sam", 0, R(1, 0, 0)),
    ("vehicle-sam", 1, R(Fraction(9, 10), Fraction(1, 10), 0)),
    ("vehicle-sam", 5, R(Fraction(1, 2), Fraction(2, 5), Fraction(1, 10))),
    ("vehicle-sam", 8, R(Fraction(1, 5), Fraction(7, 10), Fraction(1, 10))),
    ("vehicle-sam", 9, R(Fraction(1, 10), Fraction(7, 10), Fraction(1, 5))),
    ("vehicle-sam", 10, R(0, Fraction(4, 5), Fraction(1, 5))),
    ("vehicle-sam", 13, R(0, Fraction(7, 10), Fraction(3, 10))),
    ("air-to-air-missile", 0, R(1, 0, 0)),
    ("air-to-air-missile", 9, R(Fraction(1, 10), Fraction(7, 10), Fraction(1, 5))),
    ("air-to-air-missile", 13, R(0, Fraction(7, 10), Fraction(3, 10))),
    # ManPAD and multi-cannon 2d6: below the minimum roll of 2 is a sure miss
    ("manpad", 1, R(1, 0, 0)),
    ("manpad", 2, R(Fraction(35, 36), Fraction(1, 36), 0)),
    ("manpad", 9, R(Fraction(1, 6), Fraction(29, 36), Fraction(1, 36))),
    ("manpad", 12, R(0, Fraction(35, 36), Fraction(1, 36))),
    ("manpad", 13, R(0, Fraction(11, 12), Fraction(1, 12))),
    ("multi-cannon", 1, R(1, 0, 0)),
    ("multi-cannon", 2, R(Fraction(35, 36), Fraction(1, 36), 0)),
    ("multi-cannon", 12, R(0, Fraction(35, 36), Fraction(1, 36))),
    ("multi-cannon", 13, R(0, Fraction(11, 12), Fraction(1, 12))),
    # SLA 3 2d10
    ("sla3", 1, R(1, 0, 0)),
    ("sla3", 2, R(Fraction(99, 100), Fraction(1, 100), 0)),
    ("sla3", 12, R(Fraction(36, 100), Fraction(63, 100), Fraction(1, 100))),
    ("sla3", 20, R(0, Fraction(94, 100), Fraction(6, 100))),
    ("sla3", 25, R(0, Fraction(85, 100), Fraction(15, 100))),
    # SLA 2 1d100: only damages
    ("sla2", 0, R(1, 0, 0)),
    ("sla2", 1, R(Fraction(99, 100), Fraction(1, 100), 0)),
    ("sla2", 50, R(Fraction(1, 2), Fraction(1, 2), 0)),
    ("sla2", 100, R(0, 1, 0)),
    ("sla2", 120, R(0, 1, 0)),
    # Small arms 1d100: only damages
    ("small-arms", 0, R(1, 0, 0)),
    ("small-arms", 7, R(Fraction(93, 100), Fraction(7, 100), 0)),
    ("small-arms", 100, R(0, 1, 0)),
    ("small-arms", 101, R(0, 1, 0)),
]


@pytest.mark.parametrize(("key", "h", "expected"), RESOLUTIONS)
def test_resolution_exact(key: str, h: int, expected: Resolution) -> None:
    assert with_hit_number(key, h).odds() == expected


@pytest.mark.parametrize("key", sorted(systems()))
def test_every_system_is_covered(key: str) -> None:
    assert any(k == key for k, _, _ in RESOLUTIONS)


@pytest.mark.parametrize("h", [-2, 0, 5, 50, 100, 150])
def test_small_arms_cannot_damage_pacifiers(h: int) -> None:
    shot = with_hit_number("small-arms", h, pacifier=True)
    assert shot.odds() == R(1, 0, 0)
    # the roll can still hit; it has no effect
    assert shot.p_hit == Fraction(min(max(h, 0), 100), 100)


def test_other_systems_damage_pacifiers() -> None:
    assert with_hit_number("sla2", 50, pacifier=True).odds() == R(Fraction(1, 2), Fraction(1, 2), 0)
    assert with_hit_number("vehicle-sam", 9, pacifier=True).odds() == R(
        Fraction(1, 10), Fraction(7, 10), Fraction(1, 5)
    )


def effect_by_the_text(key: str, roll: int, h: int, pacifier: bool) -> Effect:
    """BIA-4 written out again, independently of the module."""
    hits = roll <= h or (key == "heavy-sam" and roll == 1)
    if not hits:
        return Effect.MISS
    if key == "small-arms":
        return Effect.MISS if pacifier else Effect.DAMAGED
    if key == "sla2":
        return Effect.DAMAGED
    return Effect.SHOT_DOWN if 4 * roll < h else Effect.DAMAGED


@given(
    key=st.sampled_from(sorted(systems())),
    h=st.integers(min_value=-6, max_value=130),
    pacifier=st.booleans(),
)
def test_resolution_matches_the_text_for_any_hit_number(key: str, h: int, pacifier: bool) -> None:
    shot = with_hit_number(key, h, pacifier)
    weights = dict.fromkeys(Effect, Fraction(0))
    for roll, p in shot.system.dice.outcomes():
        assert shot.effect(roll) is effect_by_the_text(key, roll, h, pacifier)
        weights[effect_by_the_text(key, roll, h, pacifier)] += p
    assert shot.odds() == Resolution.from_weights(weights)
    assert shot.p_hit + Fraction(0) == shot.check.probability()


SYSTEM_TABLE = [
    ("heavy-sam", 50_000, "1d6"),
    ("vehicle-sam", 20_000, "1d10"),
    ("air-to-air-missile", 20_000, "1d10"),
    ("manpad", 10_000, "2d6"),
    ("multi-cannon", 2_000, "2d6"),
    ("sla3", 2_000, "2d10"),
    ("sla2", 2_000, "1d100"),
    ("small-arms", 300, "1d100"),
]


@pytest.mark.parametrize(("key", "range_m", "dice"), SYSTEM_TABLE)
def test_system_table(key: str, range_m: int, dice: str) -> None:
    s = system(key)
    assert (s.range_m, s.dice) == (range_m, Dice.parse(dice))
    assert s.always_hits_on == (frozenset({1}) if key == "heavy-sam" else frozenset())
    assert s.can_shoot_down is (key not in ("sla2", "small-arms"))
    assert s.can_damage_pacifiers is (key != "small-arms")


@pytest.mark.parametrize(("key", "range_m", "dice"), SYSTEM_TABLE)
def test_range_check(key: str, range_m: int, dice: str) -> None:
    target = AirTarget(S, M)
    at_max = AirDefenceShot(system(key), Firer.surface(), target, Fraction(range_m))
    assert at_max.range_m == range_m
    with pytest.raises(OutOfRange, match="out of range"):
        AirDefenceShot(system(key), Firer.surface(), target, Fraction(range_m + 1))


def test_range_in_km_is_exact() -> None:
    assert range_from_km(0.3) == 300
    assert range_from_km("2") == 2000
    AirDefenceShot(system("small-arms"), Firer.surface(), AirTarget(S, M), range_from_km(0.3))
    with pytest.raises(UnknownValue):
        range_from_km("far")
    with pytest.raises(OutOfRange, match="0 or more"):
        AirDefenceShot(system("manpad"), Firer.surface(), AirTarget(S, M), Fraction(-1))


# -- pass and loiter (BIA-2) ---------------------------------------------------------


def hit(target: AirTarget, second: bool = False) -> int:
    return AirDefenceShot(
        system("vehicle-sam"), Firer.surface(), target, loiter_from_second_turn=second
    ).hit_number


def test_fast_first_pass_and_later_passes() -> None:
    base = 0 + 2  # Fast vs Surface, Medium vs Surface
    assert hit(AirTarget(F, M, first_pass=True)) == base - 2
    assert hit(AirTarget(F, M)) == base


@pytest.mark.parametrize("turns", [0, 1, 2, 3, 7])
@pytest.mark.parametrize("speed", [S, VS])
def test_loiter_counts_every_turn_including_this_one(turns: int, speed: Speed) -> None:
    base = SPEED_TABLE[speed][0] + MANOEUVRABILITY_TABLE[M][0]
    assert hit(AirTarget(speed, M, loiter_turns=turns)) == base + turns
    assert hit(AirTarget(speed, M, loiter_turns=turns), second=True) == base + max(turns - 1, 0)


def test_fast_dogfighting_outside_the_area_loiters() -> None:
    assert hit(AirTarget(F, M, loiter_turns=3, dogfighting=True)) == 2 + 3


@pytest.mark.parametrize("speed", [S, VS])
def test_slower_aircraft_making_passes(speed: Speed) -> None:
    """BIA-19: "those that need to make several passes" are not only the Fast ones.

    A Slow or Very Slow aircraft declared as making passes gets no loiter bonus; its
    first pass gets nothing by default (the -2 is the text's for Fast aircraft) and the
    Fast aircraft's -2 with the option ``first_pass_all_speeds``.
    """
    base = SPEED_TABLE[speed][0] + MANOEUVRABILITY_TABLE[P][0]  # vs Surface
    first = AirTarget(speed, P, first_pass=True, passes=True)
    later = AirTarget(speed, P, passes=True)
    assert first.makes_passes and later.makes_passes
    sam = system("vehicle-sam")
    plain = AirDefenceShot(sam, Firer.surface(), first)
    option = AirDefenceShot(sam, Firer.surface(), first, first_pass_all_speeds=True)
    assert plain.hit_number == base and option.hit_number == base - 2
    assert AirDefenceShot(sam, Firer.surface(), later, first_pass_all_speeds=True).hit_number == (
        base
    )
    pass_mod = plain.modifiers()[-1]
    assert (pass_mod.value, pass_mod.rule) == (0, "BIA-19")
    assert "making passes, first pass" in pass_mod.reason
    assert option.modifiers()[-1].value == -2
    # exact odds on 1d10 (BIA-4): at or under the hit number hits, under a quarter kills
    n = base - 2
    kills = sum(1 for r in range(1, 11) if r < Fraction(n, 4))
    assert option.odds() == Resolution(
        miss=Fraction(10 - n, 10), damaged=Fraction(n - kills, 10), shot_down=Fraction(kills, 10)
    )
    # a Fast aircraft is unchanged by the option: its -2 is the text's own
    fast = AirTarget(F, P, first_pass=True, passes=True)
    assert AirDefenceShot(sam, Firer.surface(), fast, first_pass_all_speeds=True).hit_number == (
        hit(AirTarget(F, P, first_pass=True))
    )


def test_passes_errors() -> None:
    with pytest.raises(NotAllowed, match="does not loiter"):
        AirTarget(S, M, passes=True, loiter_turns=2)
    with pytest.raises(NotAllowed, match=r"dogfighting .* does not make passes"):
        AirTarget(F, M, passes=True, dogfighting=True)
    with pytest.raises(NotAllowed, match=r"declared as making passes \(BIA-2, BIA-19\)$"):
        AirTarget(VS, M, first_pass=True)


def test_pass_and_loiter_errors() -> None:
    with pytest.raises(NotAllowed, match="only an aircraft making passes has a first pass"):
        AirTarget(S, M, first_pass=True)
    with pytest.raises(NotAllowed, match="only an aircraft making passes has a first pass"):
        AirTarget(F, M, first_pass=True, dogfighting=True)
    with pytest.raises(NotAllowed, match="does not loiter"):
        AirTarget(F, M, loiter_turns=1)
    with pytest.raises(NotAllowed, match="only Fast aircraft dogfight"):
        AirTarget(VS, M, dogfighting=True)
    with pytest.raises(NotAllowed, match="0 or more"):
        AirTarget(S, M, loiter_turns=-1)


# -- pilot (BIA-3) ---------------------------------------------------------------------


def test_pilot_modifier_is_added_and_better_pilots_are_lower() -> None:
    assert hit(AirTarget(S, M, pilot_modifier=-2)) == 4 - 2
    grades = pilot_grades()
    assert grades["regular"] == 0
    assert grades["ace"] < grades["veteran"] < grades["regular"] < grades["green"]
    assert pilot_modifier("Veteran") == grades["veteran"]
    assert pilot_modifier("-3") == -3
    assert pilot_modifier(2) == 2
    with pytest.raises(UnknownValue, match="ace"):
        pilot_modifier("hotshot")


def test_default_pilot_adds_no_modifier() -> None:
    shot = AirDefenceShot(system("manpad"), Firer.surface(), AirTarget(S, M))
    assert all(m.rule != "BIA-3" for m in shot.modifiers())


# -- orbital fire and firers -------------------------------------------------------------


def test_orbital_fire_only_at_very_slow_aircraft() -> None:
    shot = AirDefenceShot(system("heavy-sam"), Firer.orbital(), AirTarget(VS, P))
    assert shot.hit_number == 4 + 4  # Surface column (BIA-9)
    assert shot.firer.kind is FirerKind.ORBITAL
    for speed in (F, S):
        with pytest.raises(NotAllowed, match="only at Very Slow"):
            AirDefenceShot(system("heavy-sam"), Firer.orbital(), AirTarget(speed, P))


def test_firer_needs_speed_and_manoeuvrability_or_none() -> None:
    with pytest.raises(NotAllowed):
        Firer(FirerKind.AIRCRAFT, F, None)
    with pytest.raises(NotAllowed):
        Firer(FirerKind.SURFACE, F, G)


# -- names -------------------------------------------------------------------------------


def test_parse_names_and_errors_list_the_allowed_values() -> None:
    assert parse_speed("Very Slow") is VS
    assert parse_speed("very_slow") is VS
    assert parse_manoeuvrability("GOOD") is G
    assert system("Heavy SAM").key == "heavy-sam"
    with pytest.raises(UnknownValue, match="allowed: fast, slow, very-slow"):
        parse_speed("supersonic")
    with pytest.raises(UnknownValue, match="allowed: good, medium, poor"):
        parse_manoeuvrability("agile")
    with pytest.raises(UnknownValue, match="heavy-sam, vehicle-sam"):
        system("flak")


def test_explanation_and_dict() -> None:
    shot = AirDefenceShot(system("vehicle-sam"), Firer.surface(), AirTarget(S, P))
    d = shot.to_dict()
    assert (d["hit_number"], d["p_hit"], d["p_shot_down"], d["p_damaged"]) == (
        6,
        "3/5",
        "1/10",
        "1/2",
    )
    assert [m["rule"] for m in d["modifiers"]] == ["BIA-1", "BIA-1"]
    assert "hit number 6" in shot.explain()
    assert with_hit_number("manpad", 1).notes() == [
        "hit number 1 is below the lowest roll of 2d6: a sure miss (BIA-4)"
    ]
