"""Both sides of every bound of an engagement file (BIA-16): the bound taken, one past refused."""

from __future__ import annotations

import pytest

from airwar.games.bia.errors import ScenarioError
from airwar.games.bia.scenario import MAX_PILOT, MAX_TURNS, MAX_UNITS
from airwar.games.bia.scenario_file import parse_scenario


def engagement(turns: int = 2, aircraft: int = 1, ground: int = 0, pilot: int = 0) -> str:
    rows = [f"title = 'Bounds'\nturns = {turns}\n"]
    for i in range(aircraft):
        rows.append(
            f"[[aircraft]]\nname = 'Jet{i}'\nside = 'red'\nspeed = 'fast'\n"
            f"manoeuvrability = 'good'\npilot = {pilot}\npresent = [1]\n"
        )
    for i in range(ground):
        rows.append(
            f"[[ground]]\nname = 'SAM{i}'\nside = 'blue'\nsystem = 'vehicle-sam'\n"
            "targets = ['Jet0']\nrange_km = 10\n"
        )
    return "\n".join(rows)


def test_the_bounds_are_the_documented_ones() -> None:
    assert (MAX_TURNS, MAX_UNITS, MAX_PILOT) == (100, 100, 100)


@pytest.mark.parametrize("turns", [1, MAX_TURNS])
def test_turns_at_either_end_are_taken(turns: int) -> None:
    assert parse_scenario(engagement(turns=turns)).turns == turns


@pytest.mark.parametrize("turns", [0, MAX_TURNS + 1])
def test_turns_one_past_either_end_are_refused(turns: int) -> None:
    with pytest.raises(ScenarioError, match=f"{turns} is not between 1 and {MAX_TURNS}"):
        parse_scenario(engagement(turns=turns))


def test_the_most_aircraft_are_taken_one_more_refused() -> None:
    assert len(parse_scenario(engagement(aircraft=MAX_UNITS)).aircraft) == MAX_UNITS
    with pytest.raises(ScenarioError, match=f"{MAX_UNITS + 1} \\[\\[aircraft\\]\\], at most"):
        parse_scenario(engagement(aircraft=MAX_UNITS + 1))


def test_the_most_ground_units_are_taken_one_more_refused() -> None:
    assert len(parse_scenario(engagement(ground=MAX_UNITS)).ground) == MAX_UNITS
    with pytest.raises(ScenarioError, match=f"{MAX_UNITS + 1} \\[\\[ground\\]\\] units, at most"):
        parse_scenario(engagement(ground=MAX_UNITS + 1))


@pytest.mark.parametrize("pilot", [MAX_PILOT, -MAX_PILOT])
def test_the_largest_pilot_modifier_either_way_is_taken(pilot: int) -> None:
    assert parse_scenario(engagement(pilot=pilot)).aircraft[0].pilot_modifier == pilot


@pytest.mark.parametrize("pilot", [MAX_PILOT + 1, -MAX_PILOT - 1])
def test_a_pilot_modifier_one_past_either_way_is_refused(pilot: int) -> None:
    with pytest.raises(ScenarioError, match=f"is not from -{MAX_PILOT} to {MAX_PILOT}"):
        parse_scenario(engagement(pilot=pilot))
