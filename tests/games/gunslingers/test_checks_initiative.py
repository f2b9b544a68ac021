"""Advantage (GS-11) and initiative (GS-12, GS-20, GS-36)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from airwar.games.gunslingers.model import words
from airwar.games.gunslingers.model.hexgrid import Hex
from airwar.games.gunslingers.model.words import CheckInputError, Crewman, Quality, Training
from airwar.games.gunslingers.rules import initiative as checks_initiative
from airwar.games.gunslingers.rules.initiative import (
    AdvantageCategory,
    Placement,
    RollOffNeeded,
    advantage_categories,
    advantaged_over,
    categorise,
    initiative_modifiers,
    initiative_number,
    order_of_flight,
    rolloff_groups,
    sides_with_most_kills,
)
from tests.games.gunslingers.scenario_builder import driver, scenario

ORIGIN = Hex(0, 0)
DIS, NON, ADV = (
    AdvantageCategory.DISADVANTAGED,
    AdvantageCategory.NON_ADVANTAGED,
    AdvantageCategory.ADVANTAGED,
)


def test_doctests() -> None:
    result = doctest.testmod(checks_initiative)
    assert result.attempted > 0 and result.failed == 0


def test_the_crew_doctests() -> None:
    result = doctest.testmod(words)
    assert result.attempted > 0 and result.failed == 0


def test_a_crew_member_in_play_is_built_once_from_the_file() -> None:
    """The scenario's CrewMember (words) becomes the one Crewman the rules read."""
    d = driver(scenario())
    for plane in d.state.forces.planes.values():  # type: ignore[attr-defined]
        assert plane.crew and all(isinstance(c, Crewman) for c in plane.crew)
        assert plane.pilot is plane.crew[0]
        assert isinstance(plane.pilot.quality, Quality)


# Observer at 0,0 heading 0 (north) at altitude 10.
@pytest.mark.parametrize(
    ("target", "altitude", "advantaged"),
    [
        (Hex(0, -9), 10, True),  # 9 hexes
        (Hex(0, -10), 10, False),  # 10 hexes
        (Hex(0, -3), 16, True),  # 6 levels higher
        (Hex(0, -3), 17, False),  # 7 levels higher
        (Hex(0, -3), 1, True),  # 9 levels lower
        (Hex(0, -3), 0, False),  # 10 levels lower
        (Hex(0, -9), 16, True),  # range is horizontal only
        (Hex(1, -3), 10, True),  # 150R arc
        (Hex(-1, -1), 10, True),  # 150L arc
        (Hex(1, -1), 10, False),  # 120R arc
        (Hex(0, 3), 10, False),  # tail
        (ORIGIN, 10, False),  # same hex: in no arc (GS-18)
    ],
)
def test_advantage_boundaries(target: Hex, altitude: int, advantaged: bool) -> None:
    decision = advantaged_over(ORIGIN, 0, 10, target, altitude)
    assert decision.value is advantaged
    assert decision.rule == "Order Of Flight Determination Phase 1 / GS-11"
    assert decision.reason


def test_same_hex_option() -> None:
    assert advantaged_over(ORIGIN, 0, 10, ORIGIN, 10, same_hex_in_arcs=True)


@pytest.mark.parametrize(
    ("over", "under", "category"),
    [(False, False, NON), (True, False, ADV), (False, True, DIS), (True, True, DIS)],
)
def test_categorise(over: bool, under: bool, category: AdvantageCategory) -> None:
    assert categorise(over, under) is category


def test_categories_of_a_fight() -> None:
    a = Placement("A", "red", ORIGIN, 0, 10)
    b = Placement("B", "blue", Hex(0, -3), 0, 10)  # ahead of A, flying away
    assert advantage_categories([a, b]) == {"A": ADV, "B": DIS}
    c = Placement("C", "blue", Hex(0, 3), 0, 10)  # behind A, A in its nose
    assert advantage_categories([a, b, c]) == {"A": DIS, "B": DIS, "C": ADV}
    d = Placement("D", "red", Hex(20, 0), 0, 10)  # far away
    assert advantage_categories([a, d])["D"] is NON
    assert [cat.move_order for cat in (DIS, NON, ADV)] == [0, 1, 2]


# --- initiative modifiers (GS-12) -----------------------------------------------------


@pytest.mark.parametrize(
    ("training", "value"),
    [("excellent", 2), ("good", 1), ("average", 0), ("limited", -1), ("poor", -2)],
)
def test_training_standard(training: str, value: int) -> None:
    (mod, quality) = initiative_modifiers(training, Crewman())
    assert mod.value == value and quality.value == 0
    assert mod.rule == "Initiative Modifiers Table, Training Standard / GS-12"


@pytest.mark.parametrize(
    ("quality", "value"), [("veteran", 1), ("regular", 0), ("novice", -1), ("green", -2)]
)
def test_pilot_quality(quality: str, value: int) -> None:
    mods = initiative_modifiers(Training.AVERAGE, Crewman.of(quality))
    assert [m.value for m in mods] == [0, value]


@pytest.mark.parametrize(
    ("attribute", "value"),
    [
        ("sierra_hotel", 1),
        ("tactics_master", 1),
        ("combat_hero", 1),
        ("excellent_confidence", 1),
        ("poor_confidence", -1),
    ],
)
def test_pilot_attribute(attribute: str, value: int) -> None:
    mods = initiative_modifiers("average", Crewman.of("regular", [attribute]))
    assert mods[-1].value == value
    assert mods[-1].rule == "Initiative Modifiers Table, Pilot Char. / Attr. / GS-12"


def test_side_modifiers_and_sum() -> None:
    pilot = Crewman.of("veteran", ["sierra_hotel", "tactics_master"])
    mods = initiative_modifiers("excellent", pilot, first_kill=True, most_kills=True)
    assert sum(m.value for m in mods) == 2 + 1 + 1 + 1 + 1 + 1
    assert [m.reason for m in mods[-2:]] == ["side gained the first kill", "side with most kills"]
    assert initiative_number(4, mods) == 11
    with pytest.raises(ValueError):
        initiative_number(0, mods)


@pytest.mark.parametrize(
    ("kills", "leaders"),
    [
        ({"red": 2, "blue": 1}, {"red"}),
        ({"red": 2, "blue": 2}, set()),  # GS-36: a tie gives no side the +1
        ({"red": 0, "blue": 0}, set()),
        ({}, set()),
        ({"red": 0, "blue": 1, "green": 1}, set()),
    ],
)
def test_most_kills(kills: dict[str, int], leaders: set[str]) -> None:
    assert sides_with_most_kills(kills) == leaders


# --- order of flight and roll-offs (GS-12, GS-20) -----------------------------------------


def test_order_by_category_then_number() -> None:
    numbers = {"a": 3, "b": 9, "c": 1, "d": 5}
    cats = {"a": ADV, "b": DIS, "c": NON, "d": ADV}
    assert order_of_flight(numbers, cats) == ["b", "c", "a", "d"]
    assert rolloff_groups(numbers, cats) == []


def test_ties_need_roll_offs() -> None:
    numbers = {"a": 4, "b": 4, "c": 4, "d": 4}
    cats = {"a": ADV, "b": ADV, "c": ADV, "d": NON}
    assert rolloff_groups(numbers, cats) == [("a", "b", "c")]
    with pytest.raises(RollOffNeeded) as err:
        order_of_flight(numbers, cats)
    assert err.value.groups == [("a", "b", "c")]
    assert "a, b, c" in str(err.value)
    # first roll-off: b and c tie again, a is highest
    first = {"a": [9], "b": [2], "c": [2]}
    assert rolloff_groups(numbers, cats, first) == [("b", "c")]
    second = {"a": [9], "b": [2, 7], "c": [2, 3]}
    assert order_of_flight(numbers, cats, second) == ["d", "c", "b", "a"]


def test_roll_off_values_are_checked() -> None:
    with pytest.raises(ValueError):
        order_of_flight({"a": 1, "b": 1}, {"a": ADV, "b": ADV}, {"a": [0], "b": [3]})
    with pytest.raises(ValueError):
        order_of_flight({"a": 1}, {"b": ADV})


@given(
    st.dictionaries(
        st.sampled_from("abcdefgh"),
        st.tuples(st.integers(-3, 15), st.sampled_from([DIS, NON, ADV])),
        min_size=1,
    ),
    st.lists(st.integers(1, 10), min_size=40, max_size=40),
)
def test_order_is_a_sorted_permutation(
    entries: dict[str, tuple[int, AdvantageCategory]], dice: list[int]
) -> None:
    numbers = {k: v[0] for k, v in entries.items()}
    cats = {k: v[1] for k, v in entries.items()}
    rolloffs: dict[str, list[int]] = {k: [] for k in entries}
    feed = iter(dice * 10)
    for _ in range(20):
        groups = rolloff_groups(numbers, cats, rolloffs)
        if not groups:
            break
        for group in groups:
            for k in group:
                rolloffs[k].append(next(feed))
    if rolloff_groups(numbers, cats, rolloffs):
        return
    order = order_of_flight(numbers, cats, rolloffs)
    assert sorted(order) == sorted(entries)
    keys = [(cats[k].move_order, numbers[k]) for k in order]
    assert keys == sorted(keys)


def test_unknown_words_are_named() -> None:
    with pytest.raises(CheckInputError, match="training standard 'superb'"):
        initiative_modifiers("superb", Crewman())
    with pytest.raises(CheckInputError, match="pilot quality 'ace'"):
        Crewman.of("ace")
    with pytest.raises(CheckInputError, match="pilot attribute 'lucky'"):
        Crewman.of("regular", ["lucky"])
