"""SAM Interaction Phase checks: every row and modifier with its exact chance (GS-1..GS-7)."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.core.checks import Comparison
from airwar.core.dice import D10
from airwar.games.gunslingers.model.hexgrid import Arc, adjacent_arc_sets, parse_arcs
from airwar.games.gunslingers.model.words import CheckInputError
from airwar.games.gunslingers.rules import base as checks_base
from airwar.games.gunslingers.rules import sam as checks_sam
from airwar.games.gunslingers.rules.base import (
    Countermeasure,
    SamGuidance,
    countermeasure_value,
    half_up,
    p_any_succeeds,
)
from airwar.games.gunslingers.rules.sam import (
    bjm_stand_off_check,
    bjm_type,
    optical_sam_lock_on_check,
    passdown_check,
    radar_reactivation_check,
    radar_sam_lock_on_check,
    radar_shutdown_check,
    sam_break_lock_checks,
    sam_break_lock_row,
    sam_launch_check,
    self_defence_arm_launch_check,
    strongest_noise_bjm,
)


def test_doctests() -> None:
    for module in (checks_base, checks_sam):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_radar_steps() -> None:
    for check, step in ((radar_reactivation_check(), 1), (radar_shutdown_check(), 2)):
        assert check.dice == D10 and check.comparison is Comparison.AT_MOST
        assert check.target == 6 and check.rule == f"SAM Interaction Phase {step} / GS-1"
        assert check.probability() == Fraction(6, 10)


# --- GS-2 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "eccm", "halve", "value"),
    [
        (5, 1, False, 4),
        (5, 5, False, 0),
        (2, 3, False, 0),  # ECCM never makes a negative modifier
        (5, 1, True, 2),  # 1/2 of 5 rounded up is 3, minus 1
        (5, 3, True, 0),
        (1, 0, True, 1),  # 1/2 of 1 rounded up is 1
        (4, 0, True, 2),
        (0, 0, True, 0),
    ],
)
def test_countermeasure_value(number: int, eccm: int, halve: bool, value: int) -> None:
    assert countermeasure_value(number, eccm, halve) == value


def test_half_up_and_bad_input() -> None:
    assert [half_up(n) for n in range(7)] == [0, 1, 1, 2, 2, 3, 3]
    with pytest.raises(CheckInputError):
        countermeasure_value(-1, 0)


# --- BJM (GS-5) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bjm", "eccm", "p"),
    [
        (4, 1, Fraction(3, 10)),
        (10, 0, Fraction(1)),
        (3, 0, Fraction(3, 10)),
        (7, 2, Fraction(5, 10)),
    ],
)
def test_bjm_stand_off(bjm: int, eccm: int, p: Fraction) -> None:
    check = bjm_stand_off_check(bjm, eccm)
    assert check is not None
    assert check.probability() == p
    assert check.rule == "SAM Interaction Phase 4 / GS-5"


@pytest.mark.parametrize(("bjm", "eccm"), [(1, 1), (0, 0), (2, 5)])
def test_bjm_stand_off_no_roll(bjm: int, eccm: int) -> None:
    """BJM - ECCM of 0 or less: no chance and no roll, so no check (GS-3)."""
    assert bjm_stand_off_check(bjm, eccm) is None


@pytest.mark.parametrize(
    ("letter", "pilot_only", "multi_crew", "choices", "arcs_each"),
    [("A", 1, 1, 1, 4), ("B", 2, 2, 1, 8), ("C", 2, 3, 12, 3), ("D", 2, 4, 1, 12)],
)
def test_bjm_table(
    letter: str, pilot_only: int, multi_crew: int, choices: int, arcs_each: int
) -> None:
    row = bjm_type(letter.lower())
    assert row.stand_off_attacks(False) == pilot_only
    assert row.stand_off_attacks(True) == multi_crew
    sets = row.noise_arc_choices()
    assert len(sets) == choices and all(len(s) == arcs_each for s in sets)


def test_bjm_arc_coverage() -> None:
    assert bjm_type("A").noise_arc_choices() == [{Arc.NOSE, Arc.TAIL, Arc.L30, Arc.R30}]
    assert bjm_type("B").noise_arc_choices() == [parse_arcs("150+,60-")]
    assert bjm_type("C").noise_arc_choices() == adjacent_arc_sets(3)
    assert bjm_type("A").may_cover({Arc.NOSE})
    assert not bjm_type("A").may_cover({Arc.R90})
    assert bjm_type("C").may_cover({Arc.R90, Arc.R60, Arc.R120})
    assert not bjm_type("C").may_cover({Arc.R90, Arc.R60, Arc.R150})
    assert bjm_type("D").may_cover(set(Arc))
    with pytest.raises(CheckInputError):
        bjm_type("E")


def test_strongest_noise_bjm() -> None:
    assert strongest_noise_bjm([3, 5, 2]) == 5
    assert strongest_noise_bjm([]) == 0


# --- passdown (step 7) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "p", "values"),
    [
        ({}, Fraction(7, 10), []),
        ({"iff_on": True}, Fraction(9, 10), [-2]),  # a
        ({"ajm": 3}, Fraction(5, 10), [2]),  # b: 3 - 1
        ({"ajm": 1}, Fraction(7, 10), []),  # b: ECCM cancels it
        ({"chaff_ppl": 5}, Fraction(5, 10), [2]),  # c: 3 - 1
        ({"chaff_ppl": 2}, Fraction(7, 10), []),  # c: 1 - 1
        ({"noise_bjm": 4}, Fraction(6, 10), [1]),  # d: 2 - 1
        ({"noise_bjm": 9}, Fraction(3, 10), [4]),  # d: 5 - 1
        (
            {"iff_on": True, "ajm": 3, "chaff_ppl": 5, "noise_bjm": 4},
            Fraction(4, 10),
            [-2, 2, 2, 1],
        ),
        ({"ajm": 9, "chaff_ppl": 9}, Fraction(0), [8, 4]),  # a check with no chance is kept
    ],
)
def test_passdown(kwargs: dict[str, int], p: Fraction, values: list[int]) -> None:
    check = passdown_check(ewr_eccm=1, **kwargs)
    assert check.target == 7 and check.rule == "SAM Interaction Phase 7 / GS-1"
    assert [m.value for m in check.modifiers] == values
    assert check.probability() == p
    assert all(
        m.rule.startswith("SAM Interaction Phase 7, passdown modifier") for m in check.modifiers
    )


# --- SAM lock-ons (steps 5 and 8) --------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "p", "values"),
    [
        ({}, Fraction(5, 10), []),
        ({"iff_on": True}, Fraction(7, 10), [-2]),  # a
        ({"passdown_received": True}, Fraction(8, 10), [-3]),  # b
        ({"ajm": 4}, Fraction(2, 10), [3]),  # c: 4 - 1
        ({"chaff_ppl": 7}, Fraction(2, 10), [3]),  # d: 4 - 1
        ({"chaff_ppl": 1}, Fraction(5, 10), []),  # d: 1 - 1 ignored
        ({"noise_bjm": 5}, Fraction(3, 10), [2]),  # e: 3 - 1
        ({"ccu_inoperative": True}, Fraction(3, 10), [2]),  # f
        (
            {"iff_on": True, "passdown_received": True, "ccu_inoperative": True},
            Fraction(8, 10),
            [-2, -3, 2],
        ),
        ({"ajm": 9}, Fraction(0), [8]),
    ],
)
def test_radar_sam_lock_on(kwargs: dict[str, int], p: Fraction, values: list[int]) -> None:
    check = radar_sam_lock_on_check(5, 1, **kwargs)
    assert check.name == "Regular radar SAM lock-on"
    assert check.rule == "SAM Interaction Phase 8 / GS-6, GS-7"
    assert [m.value for m in check.modifiers] == values
    assert check.probability() == p


def test_quick_reaction_lock_on() -> None:
    check = radar_sam_lock_on_check(4, 0, quick_reaction=True, iff_on=True)
    assert check.name == "Quick-reaction radar SAM lock-on"
    assert check.rule == "SAM Interaction Phase 5 / GS-6"
    assert check.probability() == Fraction(6, 10)
    assert radar_sam_lock_on_check(10, 0, iff_on=True).probability() == 1


@pytest.mark.parametrize(
    ("kwargs", "p"),
    [
        ({}, Fraction(5, 10)),
        ({"in_sun_clutter_arc": True}, Fraction(2, 10)),  # a: +3
        ({"ccu_inoperative": True}, Fraction(3, 10)),  # b: +2
        ({"in_sun_clutter_arc": True, "ccu_inoperative": True}, Fraction(0)),
        ({"quick_reaction": True}, Fraction(5, 10)),
    ],
)
def test_optical_sam_lock_on(kwargs: dict[str, bool], p: Fraction) -> None:
    check = optical_sam_lock_on_check(5, **kwargs)
    assert check.probability() == p
    assert "OG/LG/IR" in check.name


def test_unit_data_launches() -> None:
    assert sam_launch_check(8).probability() == Fraction(8, 10)
    assert sam_launch_check(8).rule == "SAM Interaction Phase 6 / GS-6, GS-7"
    arm = self_defence_arm_launch_check(7)
    assert arm.probability() == Fraction(7, 10)
    assert arm.rule == "SAM Interaction Phase 13 / GS-6"
    with pytest.raises(CheckInputError):
        sam_launch_check(-1)
    with pytest.raises(CheckInputError):
        radar_sam_lock_on_check(True, 0)


# --- SAM Unit Break Lock Table (steps 9-12, GS-3) ---------------------------------------

# (guidance, countermeasure, number with 5 used against ECCM 1; None = no table entry)
BREAK_LOCK_TABLE: list[tuple[str, str, int | None]] = [
    ("BR", "djm", 4),
    ("CG", "djm", 4),
    ("CW", "djm", 4),
    ("TVM", "djm", 4),
    ("OG", "djm", None),
    ("LG", "djm", None),
    ("IR", "djm", None),
    ("BR", "chaff", 4),
    ("CG", "chaff", 4),
    ("CW", "chaff", 2),  # 1/2 of 5 rounded up = 3, - 1
    ("TVM", "chaff", 2),
    ("OG", "chaff", None),
    ("IR", "chaff", None),
    ("BR", "mini_jammer", None),  # no entry for BR against mini-jammers
    ("CG", "mini_jammer", 4),
    ("CW", "mini_jammer", 4),
    ("TVM", "mini_jammer", 2),
    ("LG", "mini_jammer", None),
    ("OG", "flare", 1),  # a 1, whatever the ECCM
    ("LG", "flare", 1),
    ("IR", "flare", None),  # no entry for IR against flares (literal reading)
    ("BR", "flare", None),
    ("TVM", "flare", None),
]


@pytest.mark.parametrize(("guidance", "cm", "expected"), BREAK_LOCK_TABLE)
def test_break_lock_table(guidance: str, cm: str, expected: int | None) -> None:
    row = sam_break_lock_row(guidance, cm)
    if expected is None:
        assert row is None
        return
    assert row is not None
    assert row.break_lock_number(5, 1) == expected
    check = row.check(5, 1, "test")
    assert check is not None
    assert check.probability() == Fraction(expected, 10)


def test_ir_flare_option() -> None:
    row = sam_break_lock_row("IR", "flare", ir_flares_break_lock=True)
    assert row is not None and row.break_lock_number(2, 5) == 1
    checks = sam_break_lock_checks("IR", 3, flare_ppl=2, ir_flares_break_lock=True)
    assert [c.probability() for c in checks] == [Fraction(1, 10)]
    assert sam_break_lock_checks("IR", 3, djm=9, chaff_ppl=9, mini_jammer_ppl=9, flare_ppl=9) == []


def test_break_lock_order_and_odds() -> None:
    checks = sam_break_lock_checks(
        SamGuidance.TVM, 1, djm=5, chaff_ppl=5, mini_jammer_ppl=7, flare_ppl=3
    )
    assert [c.name for c in checks] == [
        "Break SAM lock-on with DJM (TVM)",
        "Break SAM lock-on with chaff (TVM)",
        "Break SAM lock-on with mini-jammers (TVM)",
    ]
    assert [c.probability() for c in checks] == [Fraction(4, 10), Fraction(2, 10), Fraction(3, 10)]
    assert [c.rule.split(",")[0] for c in checks] == [
        "SAM Interaction Phase 9",
        "SAM Interaction Phase 10",
        "SAM Interaction Phase 11",
    ]
    # first success breaks the lock: 1 - 6/10 * 8/10 * 7/10
    assert p_any_succeeds(checks) == Fraction(1) - Fraction(336, 1000)


def test_break_lock_eccm_floor_and_flares() -> None:
    # DJM 2 against ECCM 3 is ignored; chaff 1/2 of 3 = 2 against 3 too (GS-2)
    assert sam_break_lock_checks("CG", 3, djm=2, chaff_ppl=3) == []
    # flares need some flare PPL; then a 1 whatever the ECCM
    assert sam_break_lock_checks("OG", 9) == []
    flares = sam_break_lock_checks("LG", 9, flare_ppl=1, djm=9, chaff_ppl=9)
    assert len(flares) == 1 and flares[0].probability() == Fraction(1, 10)
    assert flares[0].modifiers == ()


def test_break_lock_shows_eccm() -> None:
    (check,) = sam_break_lock_checks("CW", 2, chaff_ppl=9)
    assert check.target == 5  # 1/2 of 9 rounded up
    assert [m.value for m in check.modifiers] == [2]
    assert check.probability() == Fraction(3, 10)
    assert Countermeasure.MINI_JAMMER.label == "mini-jammers"


def test_unknown_words_are_named() -> None:
    with pytest.raises(CheckInputError, match="SAM guidance type 'XX'"):
        sam_break_lock_checks("XX", 0)
    with pytest.raises(CheckInputError, match="countermeasure 'smoke'"):
        sam_break_lock_row("CW", "smoke")


cm_numbers = st.integers(0, 12)


@given(cm_numbers, cm_numbers, cm_numbers, cm_numbers, st.booleans())
def test_countermeasures_never_help_the_radar(
    eccm: int, ajm: int, chaff: int, bjm: int, iff: bool
) -> None:
    """More countermeasure never raises, more ECCM never lowers, the radar's chance (GS-2)."""
    base = passdown_check(eccm, iff_on=iff, ajm=ajm, chaff_ppl=chaff, noise_bjm=bjm)
    for more in (
        passdown_check(eccm, iff_on=iff, ajm=ajm + 1, chaff_ppl=chaff, noise_bjm=bjm),
        passdown_check(eccm, iff_on=iff, ajm=ajm, chaff_ppl=chaff + 1, noise_bjm=bjm),
        passdown_check(eccm, iff_on=iff, ajm=ajm, chaff_ppl=chaff, noise_bjm=bjm + 1),
    ):
        assert more.probability() <= base.probability()
    stronger = passdown_check(eccm + 1, iff_on=iff, ajm=ajm, chaff_ppl=chaff, noise_bjm=bjm)
    assert stronger.probability() >= base.probability()
    assert all(m.value > 0 for m in base.modifiers if "ECCM" in m.reason)


@given(st.sampled_from(list(SamGuidance)), cm_numbers, cm_numbers, cm_numbers, cm_numbers)
def test_break_lock_chance_grows_with_the_countermeasure(
    guidance: SamGuidance, eccm: int, djm: int, chaff: int, mini: int
) -> None:
    base = p_any_succeeds(
        sam_break_lock_checks(guidance, eccm, djm=djm, chaff_ppl=chaff, mini_jammer_ppl=mini)
    )
    more = p_any_succeeds(
        sam_break_lock_checks(
            guidance, eccm, djm=djm + 1, chaff_ppl=chaff + 1, mini_jammer_ppl=mini + 1
        )
    )
    less = p_any_succeeds(
        sam_break_lock_checks(guidance, eccm + 1, djm=djm, chaff_ppl=chaff, mini_jammer_ppl=mini)
    )
    assert less <= base <= more
    assert all(
        c.probability() > 0 for c in sam_break_lock_checks(guidance, eccm, djm=djm, chaff_ppl=chaff)
    )
